import NavFlowSource

/// A Boolean condition over flags and inputs, as written.
public indirect enum ExpressionSyntax: Hashable, Sendable {
    case name(Name)
    case literal(Bool, SourceRange)
    case not(ExpressionSyntax, SourceRange)
    case and(ExpressionSyntax, ExpressionSyntax)
    case or(ExpressionSyntax, ExpressionSyntax)
    case equal(ExpressionSyntax, ExpressionSyntax)

    /// The span of the whole expression.
    public var range: SourceRange {
        switch self {
        case .name(let name): name.range
        case .literal(_, let range): range
        case .not(let operand, let bang): bang.union(operand.range)
        case .and(let lhs, let rhs), .or(let lhs, let rhs), .equal(let lhs, let rhs):
            lhs.range.union(rhs.range)
        }
    }
}
