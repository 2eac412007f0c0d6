import NavFlowDiagnostics
import NavFlowSource

/// Splits a spec file into tokens. White space is dropped and comments are
/// kept aside (`comments`, for suppression directives); whether a token
/// starts a line is recorded because a line break ends an action's
/// statement and positions "missing token" diagnostics.
/// Malformed input (a stray character, an unterminated string, invalid
/// UTF-8) becomes a `syntax` diagnostic and lexing goes on.
public struct Lexer {
    private let file: SourceFile
    private let bytes: [UInt8]
    private var position = 0
    private var sawLineBreak = true
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every `//` comment, in source order.
    public private(set) var comments: [Comment] = []

    /// A `//` comment: its byte offsets (from the slashes to the end of the
    /// line, the line break excluded), its text after the slashes, and
    /// whether only white space precedes it on its line.
    public struct Comment: Hashable, Sendable {
        public var start: Int
        public var end: Int
        public var text: String
        public var ownLine: Bool
    }

    public init(file: SourceFile) {
        self.file = file
        self.bytes = file.bytes
        // A byte-order mark is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// All tokens of the file, ending with one `.endOfFile` token.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    private mutating func next() -> Token {
        skipTrivia()
        let start = position
        let lineStart = sawLineBreak
        sawLineBreak = false
        guard position < bytes.count else {
            return Token(kind: .endOfFile, text: "", start: start, end: start, atLineStart: true)
        }
        func make(_ kind: Token.Kind, length: Int, text: String = "") -> Token {
            position += length
            return Token(kind: kind, text: text, start: start, end: position, atLineStart: lineStart)
        }
        let byte = bytes[position]
        let following = position + 1 < bytes.count ? bytes[position + 1] : 0
        switch byte {
        case UInt8(ascii: "{"): return make(.leftBrace, length: 1)
        case UInt8(ascii: "}"): return make(.rightBrace, length: 1)
        case UInt8(ascii: "("): return make(.leftParen, length: 1)
        case UInt8(ascii: ")"): return make(.rightParen, length: 1)
        case UInt8(ascii: ","): return make(.comma, length: 1)
        case UInt8(ascii: ":"): return make(.colon, length: 1)
        case UInt8(ascii: ";"): return make(.semicolon, length: 1)
        case UInt8(ascii: "/"): return make(.slash, length: 1)
        case UInt8(ascii: "+"): return make(.plus, length: 1)
        case UInt8(ascii: ">"): return make(.greater, length: 1)
        case UInt8(ascii: "*"): return make(.star, length: 1)
        case UInt8(ascii: "!"): return make(.bang, length: 1)
        case UInt8(ascii: "-") where following == UInt8(ascii: ">"): return make(.arrow, length: 2)
        case UInt8(ascii: "&") where following == UInt8(ascii: "&"): return make(.andAnd, length: 2)
        case UInt8(ascii: "|") where following == UInt8(ascii: "|"): return make(.orOr, length: 2)
        case UInt8(ascii: "=") where following == UInt8(ascii: "="): return make(.equalEqual, length: 2)
        case UInt8(ascii: "="): return make(.equal, length: 1)
        case UInt8(ascii: ".")
            where following == UInt8(ascii: ".") && position + 2 < bytes.count
            && bytes[position + 2] == UInt8(ascii: "."):
            return make(.ellipsis, length: 3)
        case UInt8(ascii: "\""):
            return lexString(start: start, atLineStart: lineStart)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            let digits = String(decoding: bytes[start..<position], as: UTF8.self)
            return Token(kind: .integer, text: digits, start: start, end: position, atLineStart: lineStart)
        default:
            if let (scalar, length) = decodeScalar(at: position), isIdentifierStart(scalar) {
                position += length
                while let (scalar, length) = decodeScalar(at: position), isIdentifierContinue(scalar) {
                    position += length
                }
                if position - start > Frontend.Limits.maxIdentifierBytes {
                    diagnostics.append(Diagnostic(rule: .inputLimit, severity: .error,
                                                  message: "this identifier is \(position - start) bytes long; names may be at most \(Frontend.Limits.maxIdentifierBytes) bytes",
                                                  file: file.path, range: file.range(start, start + 1)))
                }
                let name = String(decoding: bytes[start..<position], as: UTF8.self)
                return Token(kind: .identifier, text: name, start: start, end: position, atLineStart: lineStart)
            }
            reportStrayCharacter(at: start)
            sawLineBreak = lineStart
            return next()
        }
    }

    private mutating func reportStrayCharacter(at start: Int) {
        if let (scalar, length) = decodeScalar(at: start) {
            position = start + length
            let shown = scalar.value < 0x20 || scalar.value == 0x7F
                ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                : "'\(Character(scalar))'"
            var message = "unexpected character \(shown)"
            switch scalar {
            case "&": message += "; the 'and' operator is '&&'"
            case "|": message += "; the 'or' operator is '||'"
            case "-": message += "; a deep link's target follows '->'"
            case "#": message += "; comments start with '//'"
            case ".": message += "; '...' matches any run of routes in a query"
            default: break
            }
            diagnose(message, start, position)
        } else {
            // Invalid UTF-8: skip the whole malformed run at once.
            position = start + 1
            while position < bytes.count, decodeScalar(at: position) == nil { position += 1 }
            diagnose("invalid UTF-8 (\(position - start) byte\(position - start == 1 ? "" : "s")); spec files must be UTF-8 text", start, position)
        }
    }

    private mutating func lexString(start: Int, atLineStart: Bool) -> Token {
        position += 1
        var value: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return Token(kind: .string, text: String(decoding: value, as: UTF8.self),
                             start: start, end: position, atLineStart: atLineStart)
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                let escaped = bytes[position + 1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): value.append(escaped)
                case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                default:
                    diagnose("unknown escape sequence '\\\(Character(Unicode.Scalar(escaped)))' in string; use \\\" \\\\ \\n or \\t",
                             position, position + 2)
                }
                position += 2
                continue
            }
            guard let (_, length) = decodeScalar(at: position) else {
                diagnose("invalid UTF-8 in string; spec files must be UTF-8 text", position, position + 1)
                position += 1
                continue
            }
            value.append(contentsOf: bytes[position..<position + length])
            position += length
        }
        diagnose("unterminated string; add '\"' before the end of the line", start, position)
        return Token(kind: .string, text: String(decoding: value, as: UTF8.self),
                     start: start, end: position, atLineStart: atLineStart)
    }

    private mutating func skipTrivia() {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"):
                sawLineBreak = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                var end = position
                if end > start + 2 && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                comments.append(Comment(start: start, end: end,
                                        text: String(decoding: bytes[(start + 2)..<end], as: UTF8.self),
                                        ownLine: sawLineBreak))
            default:
                return
            }
        }
    }

    private mutating func diagnose(_ message: String, _ start: Int, _ end: Int) {
        diagnostics.append(Diagnostic(rule: .syntax, severity: .error, message: message, file: file.path,
                                      range: file.range(start, end)))
    }

    /// Decodes the scalar at `offset`, or nil for invalid UTF-8.
    private func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
        }
        return scalar.properties.isAlphabetic
    }

    private func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isIdentifierStart(scalar) || (scalar >= "0" && scalar <= "9") }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || scalar.properties.generalCategory == .nonspacingMark
            || scalar.properties.generalCategory == .spacingMark
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
