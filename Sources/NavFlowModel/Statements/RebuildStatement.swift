import NavFlowSpec

/// `rebuild`: the root content is built anew, as SwiftUI does when a
/// `TabView` (or any root) gets a new `.id` on sign-in, sign-out or an
/// account switch. Every stack's path empties, every split column goes
/// back to its declared content, every modal closes (they were presented
/// from the discarded views). The selected tab and the flags are kept:
/// they live in the app's state, not in the views. A selected tab that the
/// flags now hide is `selected-tab-hidden`, judged when the step ends.
public struct RebuildStatement: StatementMeaning {
    public init() {}

    public var footprint: StatementFootprint {
        StatementFootprint(reads: [], writes: [.contextPath, .laterColumns, .slots, .modals], closesModals: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        for slot in state.paths.indices {
            state.paths[slot] = []
            state.shows[slot] = 0
        }
        state.modals = []
        facts.append(.rebuilt)
        return .done
    }
}
