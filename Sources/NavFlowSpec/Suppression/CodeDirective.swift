import NavFlowSource

/// A `// navflow:code` comment of a spec, as data: how an element of the
/// spec relates to the app's Swift source, for `navflow drift`.
///
/// - `// navflow:code NAME ...` before a declaration or member line (or
///   after a token on its line) names the Swift types or route cases the
///   element stands for, when its name does not say it
///   (`// navflow:code ExpandedPostView Route.post`).
/// - `// navflow:code none -- REASON` there marks the element as
///   intentionally absent from the code; `// navflow:code none NAME ...`
///   marks only the elements of that line with those names (one of the
///   presentations of an action).
/// - `// navflow:code-only NAME ... -- REASON` anywhere names views of the
///   code that the spec leaves out on purpose.
///
/// Names are separated by commas or spaces; a word `--` ends the list and
/// starts the reason.
public struct CodeDirective: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The element stands for the code elements `names` lists.
        case names
        /// The element is intentionally absent from the code.
        case absent
        /// The code elements `names` lists are intentionally absent from the spec.
        case codeOnly
    }

    public var kind: Kind
    /// The names as written: the code's names (`names`, `codeOnly`), or the
    /// spec's elements an `absent` comment is limited to.
    public var names: [Name]
    /// The text after `--`, if any.
    public var reason: String?
    /// The element the comment is about (`names`, `absent`); nil when no
    /// element follows it, or for `codeOnly`.
    public var item: SourceRange?
    /// The whole comment, slashes included.
    public var range: SourceRange

    public init(kind: Kind, names: [Name], reason: String?, item: SourceRange?, range: SourceRange) {
        self.kind = kind
        self.names = names
        self.reason = reason
        self.item = item
        self.range = range
    }

    public static let code = "navflow:code"
    public static let codeOnly = "navflow:code-only"
    /// The directive words of this kind, which suppression comments do not use.
    public static let words: Set<String> = [code, codeOnly]

    /// The directive a `//` comment holds (its text from the slashes, at
    /// bytes `start..<end` of `file`), its item still to be placed; nil
    /// when the comment is not a `navflow:code` or `navflow:code-only` one.
    static func parse(comment text: String, from commentStart: Int, to commentEnd: Int, in file: SourceFile) -> CodeDirective? {
        let words = DirectiveWords(text, offset: commentStart + 2, in: file)
        guard let keyword = words.list.first else { return nil }
        let kind: Kind
        switch keyword.text {
        case code: kind = .names
        case codeOnly: kind = .codeOnly
        default: return nil
        }
        var names = Array(words.list.dropFirst())
        var resolved = kind
        if kind == .names, names.first?.text == "none" {
            resolved = .absent
            names.removeFirst()
        }
        return CodeDirective(kind: resolved, names: names, reason: words.reason, item: nil,
                             range: file.range(commentStart, commentEnd))
    }

    /// Reads the code directives of a spec file from its comments and tokens.
    static func collect(file: SourceFile, syntax: SpecSyntax, tokens: [Token],
                        comments: [Lexer.Comment]) -> [CodeDirective] {
        var directives: [CodeDirective] = []
        var depths: [Int]?
        for comment in comments {
            guard var directive = parse(comment: comment.text, from: comment.start, to: comment.end, in: file) else { continue }
            if directive.kind != .codeOnly {
                if depths == nil { depths = SuppressionDirectives.braceDepths(tokens) }
                directive.item = SuppressionDirectives.item(for: comment, file: file, syntax: syntax, tokens: tokens,
                                                            depths: depths!)
            }
            directives.append(directive)
        }
        return directives
    }
}

/// The words of a `// navflow:...` comment (suppressions and code
/// comments alike): the words
/// before a `--` (split at blanks and commas) with their ranges, and the
/// text after it.
struct DirectiveWords {
    var list: [Name] = []
    var reason: String?

    /// `text` is the comment after its slashes, which start at `offset - 2`.
    init(_ text: String, offset: Int, in file: SourceFile) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ",")].contains(bytes[index]) {
                index += 1
            }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if word == "--" {
                let rest = bytes[index...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                let trimmed = String(decoding: rest, as: UTF8.self)
                    .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                reason = trimmed.isEmpty ? nil : trimmed
                return
            }
            list.append(Name(word, range: file.range(offset + start, offset + index)))
        }
    }
}
