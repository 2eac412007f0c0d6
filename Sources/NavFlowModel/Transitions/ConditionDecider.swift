import NavFlowSpec

/// Decides the conditions a step reads (guards, `hidden if`, `requires`,
/// `launch … if`). The explicit search decides them from the state's own
/// input values; a symbolic search leaves inputs open, assumes a value for
/// each condition they decide, and records the assumption as the step's
/// constraint on inputs. Either way the same transition function runs.
public protocol ConditionDecider {
    /// Whether the condition holds in the state.
    func holds(_ condition: Condition, in state: NavState) -> Bool
    /// Whether the condition holds, when the answer only decides what is
    /// reported (a defect), never which state comes next.
    func holdsForReport(_ condition: Condition, in state: NavState) -> Bool
}

extension ConditionDecider {
    public func holdsForReport(_ condition: Condition, in state: NavState) -> Bool {
        holds(condition, in: state)
    }

    func holds(_ condition: Condition?, in state: NavState) -> Bool {
        guard let condition else { return true }
        return holds(condition, in: state)
    }
}

/// Decides conditions from the flag and input values of the state.
public struct ConcreteDecider: ConditionDecider {
    public init() {}

    public func holds(_ condition: Condition, in state: NavState) -> Bool {
        state.holds(condition)
    }
}
