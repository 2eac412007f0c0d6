import NavFlowSpec

/// `push S` of a stack S: not a navigation of the app (SwiftUI does not
/// nest stacks); it does nothing, and `nested-stack` reports it from the
/// spec alone.
public struct PushStackStatement: StatementMeaning {
    public let stack: Int

    public init(stack: Int) { self.stack = stack }

    public var footprint: StatementFootprint { StatementFootprint(reads: [], writes: []) }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        .done
    }
}
