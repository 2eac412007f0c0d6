import NavFlowDiagnostics
import NavFlowSource

/// Prints a spec in the canonical layout, keeping its tokens, its line
/// breaks and its comments: each line indented by two spaces per open
/// brace (four more for a line that continues a statement: a deep link's
/// handlers, a condition or list broken over lines), one space between
/// tokens where the language reads them apart and none where it does not
/// (`Recipe(id: RecipeID)`, `!flag`, `a, b`), at most one blank line in a
/// row and none after `{` or before `}`, a trailing comment where it stood
/// when that is past the code (so comments aligned by hand stay aligned),
/// else two spaces after it, and one line break at the end. Line breaks end statements in the language, so they
/// are kept as written; the tokens come out as they went in, byte for byte.
public enum SpecFormatter {
    public enum Failure: Error, Sendable {
        /// The spec does not lex or parse: it is not formatted.
        case invalid([Diagnostic])
    }

    /// The spec in canonical layout, or the diagnostics that keep it from
    /// being formatted (a spec that does not parse is left as it is).
    public static func format(_ file: SourceFile) -> Result<String, Failure> {
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize()
        let syntaxErrors = Frontend.load(file).diagnostics.filter { $0.rule == .syntax && $0.severity == .error }
        if !lexer.diagnostics.isEmpty || !syntaxErrors.isEmpty {
            return .failure(.invalid(lexer.diagnostics + syntaxErrors))
        }
        return .success(Printer(bytes: file.bytes, tokens: tokens, comments: lexer.comments).print())
    }
}

/// One pass over the tokens and comments in source order.
private struct Printer {
    let bytes: [UInt8]
    let tokens: [Token]
    let comments: [Lexer.Comment]

    /// A line of output: its indentation, its code, and its trailing comment.
    struct Line {
        var indent: Int
        var code: String
        var comment: String?
        /// The column (0-based, in characters) a trailing comment started at in the source.
        var commentColumn = 0
        /// Whether a blank line preceded it in the source.
        var blankBefore: Bool
        /// A comment on its own line that goes on under the trailing comment
        /// of the line above: it takes that comment's column as printed.
        var continuesComment = false
    }

    /// Words after which `(` opens a group, not an argument or parameter list.
    static let groupingWords: Set<String> = Keywords.all

    func text(_ token: Token) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }

    func commentText(_ comment: Lexer.Comment) -> String {
        var text = String(decoding: bytes[comment.start..<comment.end], as: UTF8.self)
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text
    }

    /// Whether the source has a blank line between two offsets.
    func hasBlankLine(from start: Int, to end: Int) -> Bool {
        var breaks = 0
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                breaks += 1
                if breaks >= 2 { return true }
            } else if bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t") && bytes[index] != UInt8(ascii: "\r") {
                breaks = 0
            }
            index += 1
        }
        return false
    }

    /// Whether a space separates two tokens on one line.
    static func spaced(_ previous: Token, _ next: Token, previousText: String) -> Bool {
        switch (previous.kind, next.kind) {
        case (_, .rightParen), (_, .comma), (_, .colon), (_, .semicolon): return false
        case (.leftParen, _), (.bang, _): return false
        case (.leftBrace, .rightBrace): return false
        case (.identifier, .leftParen): return groupingWords.contains(previous.text)
        default: return true
        }
    }

    func print() -> String {
        var lines: [Line] = []
        var current: Line?
        var previous: Token?
        var previousEnd = 0
        var braceDepth = 0
        var parenDepth = 0
        // Whether the statement on the line before goes on (a deep link's
        // handlers, an operator or separator at its end).
        var inLink = false
        var commentIndex = 0

        func flush() {
            if let line = current { lines.append(line) }
            current = nil
        }

        for token in tokens {
            // Comments before this token.
            while commentIndex < comments.count, comments[commentIndex].start < token.start {
                let comment = comments[commentIndex]
                commentIndex += 1
                let text = commentText(comment)
                if comment.ownLine {
                    flush()
                    let blank = !lines.isEmpty && hasBlankLine(from: previousEnd, to: comment.start)
                    let continuing = parenDepth > 0
                    let indent = braceDepth * 2 + (continuing ? 4 : 0)
                    var line = Line(indent: indent, code: "", comment: text, blankBefore: blank)
                    // A comment that goes on under the trailing comment of the line
                    // above, at its column, stays under it.
                    if !blank, let last = lines.last, last.comment != nil, !last.code.isEmpty || last.continuesComment,
                       column(of: comment.start) == last.commentColumn, last.commentColumn > indent {
                        line.continuesComment = true
                    }
                    line.commentColumn = column(of: comment.start)
                    lines.append(line)
                } else if current != nil {
                    current!.comment = text
                    current!.commentColumn = column(of: comment.start)
                } else if let last = lines.indices.last {
                    lines[last].comment = text
                    lines[last].commentColumn = column(of: comment.start)
                }
                previousEnd = comment.end
            }
            if token.kind == .endOfFile { break }
            let written = text(token)
            if token.atLineStart || current == nil {
                flush()
                var depth = braceDepth
                if token.kind == .rightBrace { depth -= 1 }
                let startsStatement = token.kind == .identifier && Keywords.declarations.contains(token.text) && braceDepth == 0
                if startsStatement { inLink = token.text == "deeplink" || token.text == "entry" }
                let endsWithOperator = previous.map { [.andAnd, .orOr, .comma, .arrow, .equal, .equalEqual, .slash, .plus, .greater].contains($0.kind) } ?? false
                let continuing = !startsStatement && (parenDepth > 0 || endsWithOperator || token.kind == .arrow
                    || token.kind == .andAnd || token.kind == .orOr
                    || (inLink && braceDepth == 0 && token.kind == .identifier))
                let blank = !lines.isEmpty && hasBlankLine(from: previousEnd, to: token.start)
                current = Line(indent: max(0, depth) * 2 + (continuing ? 4 : 0), code: written, comment: nil, blankBefore: blank)
            } else if let before = previous {
                current!.code += (Self.spaced(before, token, previousText: before.text) ? " " : "") + written
            }
            switch token.kind {
            case .leftBrace: braceDepth += 1
            case .rightBrace: braceDepth = max(0, braceDepth - 1)
            case .leftParen: parenDepth += 1
            case .rightParen: parenDepth = max(0, parenDepth - 1)
            default: break
            }
            previous = token
            previousEnd = token.end
        }
        flush()
        // Comments after the last token.
        while commentIndex < comments.count {
            let comment = comments[commentIndex]
            commentIndex += 1
            if comment.ownLine {
                let blank = !lines.isEmpty && hasBlankLine(from: previousEnd, to: comment.start)
                lines.append(Line(indent: 0, code: "", comment: commentText(comment), blankBefore: blank))
            } else if let last = lines.indices.last {
                lines[last].comment = commentText(comment)
                lines[last].commentColumn = column(of: comment.start)
            }
            previousEnd = comment.end
        }
        return render(lines)
    }

    /// The column of an offset in its line, in characters.
    func column(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self).count
    }

    /// The lines as text: blank lines where the source had them (not after
    /// `{` or before `}`), a trailing comment at the column it had when that
    /// is past the code (comments aligned by hand stay aligned), else two
    /// spaces after it.
    func render(_ lines: [Line]) -> String {
        var output: [String] = []
        // The column the last trailing comment was printed at.
        var printedColumn = 0
        for (position, line) in lines.enumerated() {
            let afterOpen = position == 0 || lines[position - 1].code.hasSuffix("{")
            let beforeClose = line.code.hasPrefix("}")
            if line.blankBefore, !afterOpen, !beforeClose, output.last?.isEmpty == false { output.append("") }
            var text = String(repeating: " ", count: line.indent) + line.code
            if let comment = line.comment {
                if line.code.isEmpty {
                    text = String(repeating: " ", count: line.continuesComment ? printedColumn : line.indent) + comment
                } else {
                    let width = line.indent + line.code.count
                    printedColumn = max(line.commentColumn, width + 2)
                    text += String(repeating: " ", count: printedColumn - width) + comment
                }
            }
            output.append(text)
        }
        return output.joined(separator: "\n") + "\n"
    }
}
