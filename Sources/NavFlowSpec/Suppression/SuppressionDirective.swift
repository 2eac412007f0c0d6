import NavFlowSource

/// A `// navflow:...` comment as data: which rules it names, where it was
/// written, and which part of the file it covers. The front end collects
/// them; `NavFlowCheck` applies them to the findings of a run.
///
/// - `// navflow:disable RULE ...` on a line of its own covers the next
///   item: the next top-level declaration (all of it), or, inside a
///   declaration's braces, the next member line (an edge, a destination, a
///   tab, ...) together with any braces it opens.
/// - The same comment after a token on its line covers the item that
///   starts on that line.
/// - `// navflow:disable-file RULE ...` anywhere covers the whole file.
///
/// Rules are separated by commas or spaces; a word `--` ends the list and
/// starts a free-text reason.
public struct SuppressionDirective: Hashable, Sendable {
    public enum Scope: Hashable, Sendable {
        /// The whole file (`navflow:disable-file`).
        case file
        /// One item (`navflow:disable`); nil when no item follows the comment.
        case item(SourceRange?)
        /// A `navflow:` word that is not a directive, as written.
        case unrecognized(Name)
    }

    public var scope: Scope
    /// The rule ids as written, with their ranges.
    public var rules: [Name]
    /// The whole comment, slashes included.
    public var range: SourceRange
    /// The directive's word (`navflow:disable`), for diagnostics about a directive naming no rule.
    public var keyword: SourceRange

    public init(scope: Scope, rules: [Name], range: SourceRange, keyword: SourceRange) {
        self.scope = scope
        self.rules = rules
        self.range = range
        self.keyword = keyword
    }

    /// The directive words the front end recognises.
    public static let disable = "navflow:disable"
    public static let disableFile = "navflow:disable-file"

    /// Whether the directive covers a finding that starts at `location`.
    public func covers(_ location: SourceLocation) -> Bool {
        switch scope {
        case .file: true
        case .item(let item?):
            location.offset >= item.start.offset
                && (location.offset < item.end.offset || location.offset == item.start.offset)
        case .item(nil), .unrecognized: false
        }
    }
}

/// Reads the suppression directives of a file from its comments and tokens.
enum SuppressionDirectives {
    static func collect(file: SourceFile, syntax: SpecSyntax, tokens: [Token],
                        comments: [Lexer.Comment]) -> [SuppressionDirective] {
        var directives: [SuppressionDirective] = []
        var depths: [Int]?
        for comment in comments {
            guard let parsed = SuppressionDirective.parse(comment: comment.text, from: comment.start, to: comment.end, in: file,
                                                          skipping: CodeDirective.words)
            else { continue }
            var directive = parsed
            if case .item = directive.scope {
                if depths == nil { depths = braceDepths(tokens) }
                directive.scope = .item(item(for: comment, file: file, syntax: syntax, tokens: tokens, depths: depths!))
            }
            directives.append(directive)
        }
        return directives
    }

}

extension SuppressionDirective {
    /// The directive a `//` comment holds (its text from the slashes, at
    /// bytes `start..<end` of `file`), with an item's scope still to be
    /// placed (`.item(nil)`); nil for a comment that does not start with
    /// `navflow:`, or for one whose directive word is in `skipping` (the
    /// `navflow:code` comments of a spec, which are for `drift`). Spec files
    /// and Swift files write directives alike.
    public static func parse(comment text: String, from commentStart: Int, to commentEnd: Int, in file: SourceFile,
                             skipping: Set<String> = []) -> SuppressionDirective? {
        let words = DirectiveWords(text, offset: commentStart + 2, in: file)
        guard let keyword = words.list.first, keyword.text.hasPrefix("navflow:"), !skipping.contains(keyword.text) else { return nil }
        let range = file.range(commentStart, commentEnd)
        let scope: SuppressionDirective.Scope
        switch keyword.text {
        case SuppressionDirective.disable: scope = .item(nil)
        case SuppressionDirective.disableFile: scope = .file
        default: return SuppressionDirective(scope: .unrecognized(keyword), rules: [], range: range, keyword: keyword.range)
        }
        let rules = Array(words.list.dropFirst())
        let keywordRange = keyword.range
        return SuppressionDirective(scope: scope, rules: rules, range: range, keyword: keywordRange)
    }
}

extension SuppressionDirectives {
    /// How many braces and parentheses are open before each token.
    static func braceDepths(_ tokens: [Token]) -> [Int] {
        var depths: [Int] = []
        depths.reserveCapacity(tokens.count)
        var depth = 0
        for token in tokens {
            depths.append(depth)
            switch token.kind {
            case .leftBrace, .leftParen: depth += 1
            case .rightBrace, .rightParen: depth = max(0, depth - 1)
            default: break
            }
        }
        return depths
    }

    /// The item a `navflow:disable` comment covers: the item that starts at
    /// the first token after an own-line comment, or at the first token of
    /// a trailing comment's line.
    static func item(for comment: Lexer.Comment, file: SourceFile, syntax: SpecSyntax,
                             tokens: [Token], depths: [Int]) -> SourceRange? {
        // The first token after the comment.
        var low = 0, high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < comment.end { low = middle + 1 } else { high = middle }
        }
        var anchor = low
        if !comment.ownLine {
            // Back to the first token of the comment's line.
            anchor -= 1
            while anchor > 0, !tokens[anchor].atLineStart { anchor -= 1 }
            guard anchor >= 0 else { return nil }
        }
        let token = tokens[anchor]
        // Nothing follows a comment at the end of a body or of the file.
        if token.kind == .endOfFile || (comment.ownLine && closes(token.kind)) { return nil }
        if depths[anchor] == 0 {
            if let declaration = syntax.declarations.first(where: {
                $0.range.start.offset <= token.start && token.start < $0.range.end.offset
            }) {
                return declaration.range
            }
        }
        // A member line: up to the next token that starts a line at the
        // same depth, or to the brace that closes the enclosing body.
        var end = token.end
        var index = anchor + 1
        var open = opens(token.kind) ? 1 : 0
        while index < tokens.count, tokens[index].kind != .endOfFile {
            let next = tokens[index]
            if open == 0 && (next.atLineStart || closes(next.kind)) { break }
            if opens(next.kind) { open += 1 }
            if closes(next.kind) { open -= 1 }
            end = next.end
            index += 1
        }
        return file.range(token.start, end)
    }

    private static func opens(_ kind: Token.Kind) -> Bool { kind == .leftBrace || kind == .leftParen }
    private static func closes(_ kind: Token.Kind) -> Bool { kind == .rightBrace || kind == .rightParen }
}
