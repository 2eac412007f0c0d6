import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// Renders diagnostics the way swiftc does: `path:line:col: severity:
/// message [rule]`, the source line, a caret and tildes under the range,
/// then the notes and fix-its.
public struct DiagnosticTextRenderer: Sendable {
    /// Whether to colour the severity with ANSI escapes (terminals only).
    public var colors: Bool

    public init(colors: Bool = false) {
        self.colors = colors
    }

    public func render(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
        var output = header(path: diagnostic.file, location: diagnostic.range.start,
                            severity: diagnostic.severity.rawValue, message: diagnostic.message)
        output += " [\(diagnostic.rule.rawValue)]\n"
        if let source {
            output += excerpt(diagnostic.range, in: source)
        }
        if let witness = diagnostic.witness {
            output += Self.witnessText(witness, indent: "  ")
        }
        for note in diagnostic.notes {
            if let range = note.range {
                output += header(path: diagnostic.file, location: range.start, severity: "note", message: note.message) + "\n"
                if let source { output += excerpt(range, in: source) }
            } else {
                output += header(path: diagnostic.file, location: diagnostic.range.start, severity: "note",
                                 message: note.message) + "\n"
            }
        }
        return output
    }

    /// A witness as numbered steps under a heading naming the inputs.
    public static func witnessText(_ witness: Witness, indent: String) -> String {
        let inputs = witness.inputs.isEmpty ? ""
            : " with " + witness.inputs.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
        var text = "\(indent)witness\(inputs):\n"
        for (number, step) in witness.steps.enumerated() {
            text += "\(indent)  \(number + 1). \(step.text)\n"
        }
        return text
    }

    /// Renders many diagnostics in order.
    public func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile]) -> String {
        diagnostics.map { render($0, source: sources[$0.file]) }.joined()
    }

    private func header(path: String, location: SourceLocation, severity: String, message: String) -> String {
        let label = colors ? colored(severity) : severity
        return "\(path):\(location.line):\(location.column): \(label): \(message)"
    }

    private func colored(_ severity: String) -> String {
        let code = switch severity {
        case "error": "1;31"
        case "warning": "1;35"
        default: "1;36"
        }
        return "\u{1B}[\(code)m\(severity)\u{1B}[0m"
    }

    /// The longest excerpt of a line shown, in scalars; a longer line is cut
    /// around the range with `…` at the cuts.
    static let maximumExcerpt = 160

    /// The source line with a gutter and a marker line: `^` at the start,
    /// `~` under the rest of the range on that line.
    private func excerpt(_ range: SourceRange, in source: SourceFile) -> String {
        let line = range.start.line
        let bytes = source.bytes
        guard line >= 1, line <= source.lineStarts.count else { return "" }
        let lineStart = source.lineStarts[line - 1]
        var lineEnd = line < source.lineStarts.count ? source.lineStarts[line] : bytes.count
        while lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\n") || bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        // Walk at most a window's worth of scalars each way from the range's start.
        func isStart(_ index: Int) -> Bool { index >= bytes.count || bytes[index] & 0xC0 != 0x80 }
        let anchor = max(lineStart, min(range.start.offset, lineEnd))
        var from = anchor
        var before = 0
        while from > lineStart, before < Self.maximumExcerpt / 3 {
            from -= 1
            while from > lineStart, !isStart(from) { from -= 1 }
            before += 1
        }
        var to = anchor
        var after = 0
        while to < lineEnd, after < Self.maximumExcerpt - before {
            to += 1
            while to < lineEnd, !isStart(to) { to += 1 }
            after += 1
        }
        let cutBefore = from > lineStart
        let cutAfter = to < lineEnd
        let text = (cutBefore ? "…" : "") + String(decoding: bytes[from..<to], as: UTF8.self).replacingTabs() + (cutAfter ? "…" : "")
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        let startColumn = before + 1 + (cutBefore ? 1 : 0)
        let width = range.end.line == line ? max(1, range.end.column - range.start.column) : max(1, after)
        let endColumn = startColumn + min(width, max(1, after + (cutAfter ? 1 : 0)))
        let marker = String(repeating: " ", count: max(0, startColumn - 1)) + "^"
            + String(repeating: "~", count: max(0, endColumn - startColumn - 1))
        return "\(pad) |\n\(gutter) | \(text)\n\(pad) | \(marker)\n"
    }
}

extension String {
    /// Tabs become one space so caret columns (counted in scalars) line up.
    func replacingTabs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }
}
