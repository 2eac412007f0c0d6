import NavFlowSpec

/// One coverage measure: how many of its items the traces exercised, out
/// of how many there are, and which are missing.
public struct CoverageMetric: Sendable, Equatable {
    /// The stable id, used in JSON and by `--fail-under` (`edges`).
    public var id: String
    /// The name people read (`Declared edges`).
    public var title: String
    public var covered: Int
    /// Nil when the total cannot be known (the graph was not explored to the end).
    public var total: Int?
    /// What was not exercised, in the spec's words, in spec order; at most
    /// `CoverageMetric.maxListed` items.
    public var missing: [CoverageItem]
    /// How many items are missing in all (the list may be shorter).
    public var missingCount: Int
    /// Why the total is unknown, when it is.
    public var unavailable: String?

    /// The most missing items a metric lists.
    public static let maxListed = 200

    public init(id: String, title: String, covered: Int, total: Int?, missing: [CoverageItem], missingCount: Int,
                unavailable: String? = nil) {
        self.id = id
        self.title = title
        self.covered = covered
        self.total = total
        self.missing = missing
        self.missingCount = missingCount
        self.unavailable = unavailable
    }

    /// Covered over total, in percent; nil when the total is unknown. An
    /// empty metric (nothing to cover) counts as fully covered.
    public var percent: Double? {
        guard let total else { return nil }
        return total == 0 ? 100 : Double(covered) * 100 / Double(total)
    }

    /// The ids of the metrics, in report order.
    public static let ids = ["screens", "edges", "implicit", "deeplinks", "states", "pairs", "valuations"]

    /// The ids of the metrics a report has only when the spec declares what
    /// they count: `hooks` (appear hooks run) and `dismissals` (dismissal
    /// hooks run), after `deeplinks`.
    public static let conditionalIDs = ["hooks", "dismissals"]
}

/// Something to cover, with the spec line that declares it when there is one.
public struct CoverageItem: Sendable, Equatable {
    public var text: String
    public var line: Int?

    public init(text: String, line: Int? = nil) {
        self.text = text
        self.line = line
    }
}

/// How often one declared edge was taken, for tables and coloured graphs.
public struct EdgeTally: Sendable, Equatable {
    public var screen: Int
    public var edge: Int
    public var text: String
    public var line: Int
    public var count: Int
}

/// What `navflow coverage` found: the metrics, the per-edge and per-screen
/// tallies behind them, and the drift between the traces and the spec.
public struct CoverageReport: Sendable {
    public var specPath: String
    public var appName: String
    public var traceFiles: [String]
    public var runs: Int
    public var events: Int
    public var metrics: [CoverageMetric]
    /// Per screen (spec order): its name and how often it was on screen.
    public var screenTallies: [(name: String, count: Int)]
    public var edgeTallies: [EdgeTally]
    /// Per deep link: its pattern and how often it was opened.
    public var deepLinkTallies: [(pattern: String, count: Int)]
    /// The drift findings, in trace order; at most `maxDrifts`.
    public var drifts: [Drift]
    /// How many drift findings there are in all.
    public var driftCount: Int

    /// The most drift findings kept; the rest are counted.
    public static let maxDrifts = 1000

    public func metric(_ id: String) -> CoverageMetric? {
        metrics.first { $0.id == id }
    }
}
