import NavFlowCoverage

/// The formats `navflow coverage` writes.
public enum CoverageFormat: String, CaseIterable, Sendable {
    case text, json, markdown, html
}

/// Text shared by the coverage renderers.
enum CoverageText {
    /// A percentage rounded down to one decimal, so 99.96% never reads 100.0%.
    static func percent(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "n/a" }
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    static func total(_ metric: CoverageMetric) -> String {
        metric.total.map(String.init) ?? "n/a"
    }

    static func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }

    /// The summary line: traces, runs, events, drift.
    static func summary(_ report: CoverageReport) -> String {
        "\(plural(report.traceFiles.count, "trace file")), \(plural(report.runs, "run")), \(plural(report.events, "event")), \(plural(report.driftCount, "drift finding"))"
    }

    static func gate(_ result: GateResult) -> String {
        let name = "\(result.gate.metric) >= \(JSONValue.decimalText(result.gate.minimum))%"
        switch result.passed {
        case true?: return "\(name): passed (\(percent(result.actual)))"
        case false?: return "\(name): FAILED (\(percent(result.actual)))"
        case nil: return "\(name): cannot be checked (the total is unknown)"
        }
    }
}
