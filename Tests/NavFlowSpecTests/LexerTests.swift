import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Testing

@Suite struct LexerTests {
    private func lex(_ text: String) -> ([Token], [Diagnostic]) {
        var lexer = Lexer(file: SourceFile(path: "t.navflow", text: text))
        let tokens = lexer.tokenize()
        return (tokens, lexer.diagnostics)
    }

    @Test func punctuationAndOperators() {
        let (tokens, diagnostics) = lex("{ } ( ) , : ; / + > * ... -> ! && || == =")
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.kind) == [.leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .colon, .semicolon,
                                       .slash, .plus, .greater, .star, .ellipsis, .arrow, .bang, .andAnd, .orOr,
                                       .equalEqual, .equal, .endOfFile])
    }

    @Test func commentsAndLineStarts() {
        let (tokens, _) = lex("push A // a comment\n  pop")
        #expect(tokens.map(\.text) == ["push", "A", "pop", ""])
        #expect(tokens.map(\.atLineStart) == [true, false, true, true])
    }

    @Test func stringsDecodeEscapes() {
        let (tokens, diagnostics) = lex(#""Say \"hi\"\n""#)
        #expect(diagnostics.isEmpty)
        #expect(tokens[0].kind == .string)
        #expect(tokens[0].text == "Say \"hi\"\n")
    }

    @Test func stringsKeepNonASCIIText() {
        let source = "\"Caf\u{E9} \u{2615} \u{65E5}\u{672C} \\\"\u{301}\" x"
        let expected = "Caf\u{E9} \u{2615} \u{65E5}\u{672C} \"\u{301}"
        let (tokens, diagnostics) = lex(source)
        #expect(diagnostics.isEmpty)
        let texts = tokens.map(\.text)
        #expect(texts == [expected, "x", ""])
    }

    @Test func unterminatedStringIsReportedAtItsStart() {
        let (_, diagnostics) = lex("screen A {\n  action \"Go { dismiss }\n}")
        #expect(summaries(diagnostics) == ["2:10 syntax: unterminated string; add '\"' before the end of the line"])
    }

    @Test func unicodeIdentifiersAndColumns() {
        let (tokens, diagnostics) = lex("screen Café é2")
        #expect(diagnostics.isEmpty)
        #expect(tokens.map(\.text).prefix(3) == ["screen", "Café", "é2"])
        let file = SourceFile(path: "t", text: "screen Café é2")
        #expect(file.location(ofOffset: tokens[2].start).column == 13)
    }

    /// Every offset's line and column are those counted from the start of
    /// the text, on lines shorter and longer than the blocks the file keeps
    /// counts for (4,096 bytes), with scalars of one to four bytes.
    @Test func everyOffsetIsLocatedAsCountedFromTheStart() {
        let short = "screen Café é2 // 設定 🙂\n"
        let long = "// " + String(repeating: "aé設🙂", count: 1_500) + "\n"
        let text = short + long + short + "x" + long + long + "end"
        let bytes = Array(text.utf8)
        let file = SourceFile(path: "t", bytes: bytes)
        var line = 1
        var column = 1
        var mismatches: [String] = []
        for offset in 0...bytes.count {
            let location = file.location(ofOffset: offset)
            if (location.line, location.column, location.offset) != (line, column, offset), mismatches.count < 5 {
                mismatches.append("offset \(offset): \(location.line):\(location.column), counted \(line):\(column)")
            }
            guard offset < bytes.count else { break }
            // A column counts the scalars begun before the offset on its line.
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Offsets outside the file are clamped to its ends.
        let before = file.location(ofOffset: -1)
        let after = file.location(ofOffset: bytes.count + 5)
        let end = file.location(ofOffset: bytes.count)
        #expect((before.line, before.column, before.offset) == (1, 1, 0))
        #expect((after.line, after.column, after.offset) == (end.line, end.column, bytes.count))
    }

    @Test func strayCharactersAreReportedWithAHint() {
        let (_, diagnostics) = lex("a & b\n# note")
        #expect(summaries(diagnostics) == [
            "1:3 syntax: unexpected character '&'; the 'and' operator is '&&'",
            "2:1 syntax: unexpected character '#'; comments start with '//'",
        ])
    }

    @Test func invalidUTF8IsOneError() {
        var lexer = Lexer(file: SourceFile(path: "t", bytes: Array("app A ".utf8) + [0xFF, 0xFE] + Array(" x".utf8)))
        let tokens = lexer.tokenize()
        #expect(tokens.map(\.text) == ["app", "A", "x", ""])
        #expect(summaries(lexer.diagnostics) == ["1:7 syntax: invalid UTF-8 (2 bytes); spec files must be UTF-8 text"])
    }

    @Test func byteOrderMarkIsSkipped() {
        var lexer = Lexer(file: SourceFile(path: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("app A".utf8)))
        #expect(lexer.tokenize().map(\.text) == ["app", "A", ""])
        #expect(lexer.diagnostics.isEmpty)
    }

    @Test func crlfGivesTheSameColumnsAsLF() {
        let lf = load("app A\nscreen Home {\n  push Nope\n}\n")
        let crlf = load("app A\r\nscreen Home {\r\n  push Nope\r\n}\r\n")
        #expect(summaries(lf.diagnostics) == summaries(crlf.diagnostics))
        #expect(summaries(crlf.diagnostics) == ["3:8 unknown-name: unknown screen 'Nope'"])
    }
}
