import NavFlowSource
import NavFlowSpec
import Testing

/// The `// navflow:code` comments of a spec, as the front end reads them
/// for `drift`.
@Suite struct CodeDirectiveTests {
    /// Each directive as `KIND names [reason]: item text`.
    private func read(_ text: String) -> [String] {
        let file = SourceFile(path: "t.navflow", text: text)
        return Frontend.load(file).codeDirectives.map { directive in
            let kind = switch directive.kind {
            case .names: "names"
            case .absent: "absent"
            case .codeOnly: "code-only"
            }
            let names = directive.names.map(\.text).joined(separator: ",")
            let reason = directive.reason.map { " [\($0)]" } ?? ""
            let item = directive.item.map { file.text(of: $0) } ?? "nothing"
            return "\(kind) \(names)\(reason): \(item)"
        }
    }

    @Test func ownLineAndTrailingCommentsNameTheirElement() {
        let text = """
            app A
            // navflow:code-only DebugMenuView, LogsView -- debugging screens
            // navflow:code FeedsListView Route.feed
            screen Feed {
              push Post  // navflow:code none -- planned
            }
            stack S root Feed {
              // navflow:code none
              destination Post
            }
            screen Post
            """
        #expect(read(text) == [
            "code-only DebugMenuView,LogsView [debugging screens]: nothing",
            "names FeedsListView,Route.feed: screen Feed {\n  push Post  // navflow:code none -- planned\n}",
            "absent  [planned]: push Post",
            "absent : destination Post",
        ])
    }

    /// They are not suppressions: `verify` does not call them unknown directives.
    @Test func theyAreNotSuppressionDirectives() {
        let output = Frontend.load(SourceFile(path: "t.navflow", text: "app A\n// navflow:code HomeView\nscreen Home\nstart Home\n"))
        #expect(output.directives.isEmpty)
        #expect(output.codeDirectives.count == 1)
        #expect(output.codeDirectives.first?.names.first?.range.start.column == 17)
    }

    @Test func aCommentFollowedByNothingHasNoItem() {
        #expect(read("app A\nscreen Home\nstart Home\n// navflow:code HomeView\n") == ["names HomeView: nothing"])
    }
}
