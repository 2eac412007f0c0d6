import NavFlowSource

/// An identifier as written in the spec, with where it was written.
public struct Name: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    public var range: SourceRange

    public init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }

    public var description: String { text }
}

/// A string literal as written in the spec (a title, an action label, a URL).
public struct StringLiteral: Hashable, Sendable {
    public var value: String
    public var range: SourceRange

    public init(_ value: String, range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// An integer literal as written in the spec (a stack's depth).
public struct IntegerLiteral: Hashable, Sendable {
    public var value: Int
    public var range: SourceRange

    public init(_ value: Int, range: SourceRange) {
        self.value = value
        self.range = range
    }
}
