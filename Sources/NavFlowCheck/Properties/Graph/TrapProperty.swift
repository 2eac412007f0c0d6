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
            let state = analysis.state(index)
            let contexts = model.activeContexts(of: state)
            guard let context = contexts.last else { continue }
            let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
            guard seen.insert(screen).inserted else { continue }
            let name = analysis.spec.screens[screen].name
            findings.append(finding(Self.message(name: name),
                                    at: analysis.spec.screens[screen].range, in: analysis,
                                    notes: Self.notes(name: name, in: state,
                                                      lockedWhile: analysis.spec.screens[screen].lockedWhile.map(analysis.spec.text(of:))),
                                    witness: analysis.witness(to: index)))
            if findings.count == Self.limit { break }
        }
        return findings
    }

    /// The message for the traps whose top screen is `name`: it reads the
    /// screen alone, so that it says the same whichever trap state showing
    /// the screen a search meets first (a baseline matches on it). A
    /// witness's own trap (`WitnessAudit`) also says the kind of modal
    /// `name` is in (`presented`).
    static func message(name: String, presented: ModalKind? = nil) -> String {
        let kind = presented.map { " (in a \($0.rawValue))" } ?? ""
        return "trap: once '\(name)'\(kind) is on screen, no in-app step leads back to a home state"
    }

    /// The notes for the trap state of the witness, whose top screen is
    /// `name`, locked while the condition `lockedWhile` holds (spec text),
    /// when it is `locked if`.
    static func notes(name: String, in state: NavState, lockedWhile: String?) -> [DiagnosticNote] {
        let shown = state.modals.last.map { "'\(name)' is in a \($0.kind.rawValue)" } ?? "'\(name)' is in no modal"
        let wayOut: String
        if state.modals.last?.kind == .cover {
            wayOut = "a cover has no swipe-down: give '\(name)' an action that dismisses it"
        } else if let lockedWhile {
            wayOut = "give '\(name)' a way out: a dismiss, a back step, or a step that makes `\(lockedWhile)` false, since it is locked while that holds"
        } else {
            wayOut = "give '\(name)' a way out: a dismiss, a back step, or drop 'locked'"
        }
        return [.witnessShows(shown), DiagnosticNote(message: wayOut)]
    }
}

extension RuleID {
    public static let trap = RuleID(rawValue: "trap")
}
