import NavFlowDiagnostics
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// A property judged on the explored state graph. Each rule of `verify`
/// that needs exploration is one type; the explorer knows none of them.
public protocol GraphProperty: FlowProperty {
    func check(_ analysis: GraphAnalysis) -> [Diagnostic]
    /// Which findings still hold on a graph a limit left unfinished.
    var onPartialGraph: PartialGraphVerdict { get }
}

/// What a property can say on a graph the search did not finish. A finding
/// that one transition shows (a statement's defect, a link's invalid
/// result), with a message that depends on nothing else, is true whatever
/// is left to explore: its witness is a path of the app. One that says
/// something never happens (an orphan, a trap), or whose message weighs
/// the whole graph (`deeplink-unreachable` against the depth cuts and the
/// screens links alone show), needs the whole graph.
public enum PartialGraphVerdict: Sendable {
    /// Every finding has a witness in the explored part: they all hold.
    case decided
    /// Needs the whole graph: not decided at a limit.
    case undecided
}

extension GraphProperty {
    public var onPartialGraph: PartialGraphVerdict { .undecided }

    /// Whether the property is judged on `graph`: a whole graph, or a
    /// partial one where its findings hold.
    public func isDecided(on graph: StateGraph) -> Bool {
        graph.isComplete || onPartialGraph == .decided
    }

    func finding(_ message: String, at range: SourceRange, in analysis: GraphAnalysis,
                 severity: Severity? = nil, notes: [DiagnosticNote] = [], witness: Witness? = nil) -> Diagnostic {
        Diagnostic(rule: rule, severity: severity ?? descriptor.severity, message: message, file: analysis.spec.file.path,
                   range: range, notes: notes, witness: witness)
    }
}

/// The graph properties `verify` checks, in the catalogue's order.
public enum GraphProperties {
    public static let all: [any GraphProperty] = RuleCatalog.properties.compactMap { $0 as? any GraphProperty }
}

extension DiagnosticNote {
    /// The note that says what the witness's occurrence of a finding shows,
    /// for the rules whose message reads only what every occurrence shares.
    static func witnessShows(_ detail: String) -> DiagnosticNote {
        DiagnosticNote(message: "in the witness, \(detail)")
    }
}
