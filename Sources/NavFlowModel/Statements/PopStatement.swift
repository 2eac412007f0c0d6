import NavFlowSpec

/// `pop`: removes the top route of the context's path; nothing when it is
/// empty or there is no stack.
public struct PopStatement: StatementMeaning {
    public init() {}

    public var footprint: StatementFootprint {
        StatementFootprint(reads: StatementFootprint.Parts.context.union(.contextPath), writes: .contextPath,
                           stackOperations: .popTop)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        var path = environment.model.path(of: environment.context, in: state)
        if !path.isEmpty {
            path.removeLast()
            state.setPath(path, of: environment.context)
        }
        return .done
    }
}
