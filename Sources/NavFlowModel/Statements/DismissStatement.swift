import NavFlowSpec

/// `dismiss`: pops the context's path when it is not empty, else closes the
/// top modal; with neither, nothing happens (a fact says so).
public struct DismissStatement: StatementMeaning {
    public init() {}

    public var footprint: StatementFootprint {
        StatementFootprint(reads: StatementFootprint.Parts.context.union(.contextPath), writes: [.contextPath, .modals],
                           stackOperations: .popTop, closesModals: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        let model = environment.model
        let context = environment.context
        var path = model.path(of: context, in: state)
        // A tab's view under a modal (an appear hook's) is neither pushed nor presented.
        let underAModal: Bool = if case .slot = context { !state.modals.isEmpty } else { false }
        if !path.isEmpty {
            path.removeLast()
            state.setPath(path, of: context)
        } else if !state.modals.isEmpty && !underAModal {
            state.modals.removeLast()
        } else {
            facts.append(.dismissWithNothingToClose(visibleRoute: model.visibleRoute(of: context, in: state),
                                                    statement: environment.range))
        }
        return .done
    }
}
