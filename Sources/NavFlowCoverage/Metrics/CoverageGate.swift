/// A minimum a metric must reach (`--fail-under edges=80`).
public struct CoverageGate: Sendable, Equatable {
    public var metric: String
    /// The minimum, in percent.
    public var minimum: Double

    public init(metric: String, minimum: Double) {
        self.metric = metric
        self.minimum = minimum
    }

    /// Reads `METRIC=PCT`, or a bare `PCT` for the `edges` metric; a `%`
    /// after the number is allowed.
    public init(parsing text: String) throws(GateSyntaxError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let metric = parts.count == 2 ? parts[0].trimmingSpaces : "edges"
        var number = (parts.count == 2 ? parts[1] : parts[0]).trimmingSpaces
        if number.hasSuffix("%") { number.removeLast() }
        let known = CoverageMetric.ids + CoverageMetric.conditionalIDs
        guard known.contains(metric) else {
            throw GateSyntaxError(message: "unknown metric '\(metric)' in --fail-under '\(text)'; the metrics are \(known.joined(separator: ", "))")
        }
        guard let value = Double(number), value >= 0, value <= 100 else {
            throw GateSyntaxError(message: "--fail-under '\(text)' needs a percentage from 0 to 100, as in edges=80")
        }
        self.init(metric: metric, minimum: value)
    }

    /// Checks the gate against a report.
    public func check(_ report: CoverageReport) -> GateResult {
        let actual = report.metric(metric)?.percent
        return GateResult(gate: self, actual: actual, passed: actual.map { $0 >= minimum })
    }
}

/// How a gate fared: `passed` is nil when the metric's total is unknown.
public struct GateResult: Sendable, Equatable {
    public var gate: CoverageGate
    public var actual: Double?
    public var passed: Bool?
}

/// A `--fail-under` value that cannot be read.
public struct GateSyntaxError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
