import NavFlowSource
import NavFlowSpec
import Testing

/// Where each `// navflow:` comment applies, as the front end reads it.
@Suite struct SuppressionDirectiveTests {
    /// Each directive's rules and the text its scope covers (`FILE` for the whole file).
    private func scopes(_ text: String) -> [String] {
        let file = SourceFile(path: "t.navflow", text: text)
        return Frontend.load(file).directives.map { directive in
            let rules = directive.rules.map(\.text).joined(separator: ",")
            switch directive.scope {
            case .file: return "\(rules): FILE"
            case .item(let range?): return "\(rules): \(file.text(of: range))"
            case .item(nil): return "\(rules): nothing"
            case .unrecognized(let word): return "unrecognized \(word.text)"
            }
        }
    }

    @Test func lexerKeepsCommentsWithWhetherTheyStandAlone() {
        var lexer = Lexer(file: SourceFile(path: "t.navflow", text: "// one\npush A // two\r\n"))
        _ = lexer.tokenize()
        #expect(lexer.comments.map(\.text) == [" one", " two"])
        #expect(lexer.comments.map(\.ownLine) == [true, false])
        #expect(lexer.comments.map(\.start) == [0, 14])
    }

    @Test func ownLineCommentsCoverTheNextItem() {
        let text = """
            app A
            // navflow:disable orphan-screen

            // an ordinary comment in between
            screen Home {
              // navflow:disable dead-edge
              action "Go" {
                pop
              }
              push B
            }
            stack S root Home {
              // navflow:disable unused-destination
              destination B; destination C
              depth 3
            }
            screen B
            """
        #expect(scopes(text) == [
            "orphan-screen: screen Home {\n  // navflow:disable dead-edge\n  action \"Go\" {\n    pop\n  }\n  push B\n}",
            "dead-edge: action \"Go\" {\n    pop\n  }",
            "unused-destination: destination B; destination C",
        ])
    }

    @Test func trailingCommentsCoverTheItemStartingOnTheirLine() {
        let text = """
            app A
            flag f = false // navflow:disable unused-flag
            screen Home { // navflow:disable orphan-screen
              push B if f // navflow:disable dead-edge, unregistered-destination -- kept on purpose
            }
            deeplink "a://b"
                -> / Home // navflow:disable deeplink-unreachable
            """
        #expect(scopes(text) == [
            "unused-flag: flag f = false",
            "orphan-screen: screen Home { // navflow:disable orphan-screen\n  push B if f // navflow:disable dead-edge, unregistered-destination -- kept on purpose\n}",
            "dead-edge,unregistered-destination: push B if f",
            "deeplink-unreachable: deeplink \"a://b\"\n    -> / Home",
        ])
    }

    @Test func fileCommentsAndOddCases() {
        let text = """
            app A // navflow:disable-file dead-edge
            // navflow:enable dead-edge
            screen Home {
              push B
              // navflow:disable dead-edge
            }
            // navflow:disable trap
            """
        #expect(scopes(text) == ["dead-edge: FILE", "unrecognized navflow:enable", "dead-edge: nothing", "trap: nothing"])
    }
}
