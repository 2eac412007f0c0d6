/// A lexical token of the flow-spec language. Keywords are lexed as
/// identifiers: which words are keywords depends on where they stand
/// (`id` is a keyword as a declaration and a common parameter name).
public struct Token: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case identifier
        case string
        case integer
        case leftBrace, rightBrace, leftParen, rightParen
        case comma, colon, semicolon, slash, plus, greater, star, ellipsis
        case arrow, bang, andAnd, orOr, equalEqual, equal
        case endOfFile
    }

    public var kind: Kind
    /// The identifier's name, the string literal's decoded value, or the
    /// integer's digits; empty for punctuation.
    public var text: String
    /// Byte offsets of the token in its file.
    public var start: Int
    public var end: Int
    /// Whether a line break separates this token from the previous one.
    public var atLineStart: Bool

    public init(kind: Kind, text: String, start: Int, end: Int, atLineStart: Bool) {
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.atLineStart = atLineStart
    }

    func isWord(_ word: String) -> Bool {
        kind == .identifier && text == word
    }
}

extension Token.Kind {
    /// How the token is written, for "expected X" messages.
    public var spelling: String {
        switch self {
        case .identifier: "a name"
        case .string: "a string"
        case .integer: "a number"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .comma: "','"
        case .colon: "':'"
        case .semicolon: "';'"
        case .slash: "'/'"
        case .plus: "'+'"
        case .greater: "'>'"
        case .star: "'*'"
        case .ellipsis: "'...'"
        case .arrow: "'->'"
        case .bang: "'!'"
        case .andAnd: "'&&'"
        case .orOr: "'||'"
        case .equalEqual: "'=='"
        case .equal: "'='"
        case .endOfFile: "end of file"
        }
    }
}
