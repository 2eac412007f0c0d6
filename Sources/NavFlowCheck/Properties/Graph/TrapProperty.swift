import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec

/// `trap`: a reachable state from which no home state (no modal up, the
/// selected tab at its root) can be reached by in-app steps. One finding
/// per screen the trap shows, with the shortest witness to it.
public struct TrapProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .trap, severity: .error, phase: .exploration,
        summary: "A reachable state from which no home state can be reached in-app.",
        givesWitness: true, examples: .defects(.trap))
    /// At most this many trap findings are reported per spec.
    public static let limit = 20

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var seen = Set<Int>()
        var findings: [Diagnostic] = []
        let model = analysis.model
        for index in analysis.trapStates {
            let state = analysis.graph.state(index)
            let contexts = model.activeContexts(of: state)
            guard let context = contexts.last else { continue }
            let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
            guard seen.insert(screen).inserted else { continue }
            let name = analysis.spec.screens[screen].name
            findings.append(finding(Self.message(name: name, in: state),
                                    at: analysis.spec.screens[screen].range, in: analysis,
                                    notes: [DiagnosticNote(message: state.modals.last?.kind == .cover
                                        ? "a cover has no swipe-down: give '\(name)' an action that dismisses it"
                                        : "give '\(name)' a way out: a dismiss, a back step, or drop 'locked'")],
                                    witness: analysis.graph.witness(to: index)))
            if findings.count == Self.limit { break }
        }
        return findings
    }

    /// The message for a trap state whose top screen is `name`.
    static func message(name: String, in state: NavState) -> String {
        let presented = state.modals.last.map { " (in a \($0.kind.rawValue))" } ?? ""
        return "trap: once '\(name)'\(presented) is on screen, no in-app step leads back to a home state"
    }
}

extension RuleID {
    public static let trap = RuleID(rawValue: "trap")
}
