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

    /// The condition with every flag replaced by its value and constants
    /// folded: what is left depends on inputs only (or is a constant).
    public func residual(flags value: (Int) -> Bool) -> Condition {
        switch self {
        case .constant: return self
        case .flag(let index): return .constant(value(index))
        case .input: return self
        case .not(let operand):
            let inner = operand.residual(flags: value)
            if case .constant(let truth) = inner { return .constant(!truth) }
            if case .not(let twice) = inner { return twice }
            return .not(inner)
        case .and(let lhs, let rhs):
            let (l, r) = (lhs.residual(flags: value), rhs.residual(flags: value))
            switch (l, r) {
            case (.constant(false), _), (_, .constant(false)): return .constant(false)
            case (.constant(true), _): return r
            case (_, .constant(true)): return l
            default: return .and(l, r)
            }
        case .or(let lhs, let rhs):
            let (l, r) = (lhs.residual(flags: value), rhs.residual(flags: value))
            switch (l, r) {
            case (.constant(true), _), (_, .constant(true)): return .constant(true)
            case (.constant(false), _): return r
            case (_, .constant(false)): return l
            default: return .or(l, r)
            }
        case .equal(let lhs, let rhs):
            let (l, r) = (lhs.residual(flags: value), rhs.residual(flags: value))
            switch (l, r) {
            case (.constant(let a), .constant(let b)): return .constant(a == b)
            case (.constant(true), _): return r
            case (_, .constant(true)): return l
            case (.constant(false), _): return .not(r)
            case (_, .constant(false)): return .not(l)
            default: return .equal(l, r)
            }
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
