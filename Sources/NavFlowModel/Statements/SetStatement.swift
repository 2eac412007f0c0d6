import NavFlowSpec

/// `set F = v`: sets the flag.
public struct SetStatement: StatementMeaning {
    public let flag: Int
    public let value: Bool

    public init(flag: Int, value: Bool) {
        self.flag = flag
        self.value = value
    }

    public var footprint: StatementFootprint {
        StatementFootprint(reads: [], writes: .flags, mayClearFlag: !value)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        state.setFlag(flag, value)
        return .done
    }
}
