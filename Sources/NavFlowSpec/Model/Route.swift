import NavFlowSource

/// The type of a screen parameter or deep-link pattern parameter.
public enum ValueType: Hashable, Sendable {
    /// An `enum` declaration (index into `FlowSpec.enums`).
    case enumeration(Int)
    /// An `id` declaration (index into `FlowSpec.idTypes`).
    case identifier(Int)
}

/// One argument of a resolved route.
public enum Argument: Hashable, Sendable {
    /// Any value of the parameter's type (`_`, or no arguments written).
    case any
    /// A specific enum case (index into the enum's cases).
    case enumCase(Int)
    /// The value of a binding in scope: the enclosing screen's parameter or a
    /// deep-link pattern's parameter, by index.
    case binding(Int)
}

/// A resolved route: a screen and one argument per parameter.
public struct Route: Hashable, Sendable {
    public var screen: Int
    public var arguments: [Argument]
    public var range: SourceRange

    public init(screen: Int, arguments: [Argument], range: SourceRange) {
        self.screen = screen
        self.arguments = arguments
        self.range = range
    }
}
