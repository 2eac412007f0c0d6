/// A resolved Boolean condition over flags and inputs.
public indirect enum Condition: Hashable, Sendable {
    case constant(Bool)
    case flag(Int)
    case input(Int)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)
    case equal(Condition, Condition)

    /// Evaluates the condition against flag and input values.
    public func evaluate(flags: (Int) -> Bool, inputs: (Int) -> Bool) -> Bool {
        switch self {
        case .constant(let value): value
        case .flag(let index): flags(index)
        case .input(let index): inputs(index)
        case .not(let operand): !operand.evaluate(flags: flags, inputs: inputs)
        case .and(let lhs, let rhs): lhs.evaluate(flags: flags, inputs: inputs) && rhs.evaluate(flags: flags, inputs: inputs)
        case .or(let lhs, let rhs): lhs.evaluate(flags: flags, inputs: inputs) || rhs.evaluate(flags: flags, inputs: inputs)
        case .equal(let lhs, let rhs): lhs.evaluate(flags: flags, inputs: inputs) == rhs.evaluate(flags: flags, inputs: inputs)
        }
    }

    /// The flags the condition reads.
    public var flagsRead: Set<Int> {
        var result = Set<Int>()
        visit { if case .flag(let index) = $0 { result.insert(index) } }
        return result
    }

    /// The inputs the condition reads.
    public var inputsRead: Set<Int> {
        var result = Set<Int>()
        visit { if case .input(let index) = $0 { result.insert(index) } }
        return result
    }

    private func visit(_ body: (Condition) -> Void) {
        body(self)
        switch self {
        case .constant, .flag, .input: break
        case .not(let operand): operand.visit(body)
        case .and(let lhs, let rhs), .or(let lhs, let rhs), .equal(let lhs, let rhs):
            lhs.visit(body)
            rhs.visit(body)
        }
    }
}
