import NavFlowSpec

/// `popToRoot`: empties the context's path; nothing when it is empty or
/// there is no stack.
public struct PopToRootStatement: StatementMeaning {
    public init() {}

    public var footprint: StatementFootprint {
        StatementFootprint(reads: StatementFootprint.Parts.context.union(.contextPath), writes: .contextPath,
                           stackOperations: .popAll)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        if !environment.model.path(of: environment.context, in: state).isEmpty {
            state.setPath([], of: environment.context)
        }
        return .done
    }
}
