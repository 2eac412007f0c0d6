#if SwiftSource
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSwiftSource
import Testing

/// Each lint rule's own examples are its tests: a triggering snippet gives
/// exactly the findings its `↓` marks, at those places; a non-triggering
/// one gives no finding of any rule.
@Suite struct LintRuleTests {
    static let rules = Linter.rules.map(\.id.rawValue)

    static func rule(_ id: String) -> LintRule { Linter.rules.first { $0.id.rawValue == id }! }

    /// The snippet without its markers, and the byte offset of each marker in it.
    static func markers(in snippet: String) -> (text: String, offsets: [Int]) {
        var text: [UInt8] = []
        var offsets: [Int] = []
        for scalar in snippet.unicodeScalars {
            if scalar == "↓" { offsets.append(text.count); continue }
            text += Array(String(scalar).utf8)
        }
        return (String(decoding: text, as: UTF8.self), offsets)
    }

    @Test(arguments: rules) func triggeringExamplesGiveTheMarkedFindings(id: String) {
        let rule = Self.rule(id)
        #expect(!rule.triggering.isEmpty && !rule.nonTriggering.isEmpty)
        for (number, example) in rule.triggering.enumerated() {
            let (text, offsets) = Self.markers(in: example)
            #expect(!offsets.isEmpty, "triggering example \(number) marks no finding")
            let findings = Linter.lint([SourceFile(path: "Example.swift", text: text)], rules: [rule])
            #expect(findings.map(\.range.start.offset) == offsets, "triggering example \(number): \(findings.map(\.message))")
            for finding in findings {
                #expect(finding.rule == rule.id && finding.severity == rule.descriptor.severity)
            }
        }
    }

    @Test(arguments: rules) func nonTriggeringExamplesGiveNothing(id: String) {
        for (number, example) in Self.rule(id).nonTriggering.enumerated() {
            #expect(!example.contains("↓"))
            let findings = Linter.lint([SourceFile(path: "Example.swift", text: example)])
            #expect(findings.isEmpty, "non-triggering example \(number): \(findings.map { "\($0.rule): \($0.message)" })")
        }
    }

    @Test func idsAreUniqueAndNamedForSource() {
        #expect(Set(Self.rules).count == Self.rules.count)
        for rule in Linter.rules {
            #expect(rule.id.rawValue.hasPrefix("swift-"))
            #expect(rule.descriptor.phase == .source)
        }
    }

    /// A view pushed in one file that shows a stack in another is found
    /// across the files, with a note naming where the inner stack is.
    @Test func nestedStacksAreFoundAcrossFiles() {
        let feed = SourceFile(path: "Feed.swift", text: """
            struct Feed: View {
                var body: some View {
                    NavigationStack { Text("Feed").navigationDestination(for: Int.self) { PostView(id: $0) } }
                }
            }
            """)
        let post = SourceFile(path: "Post.swift", text: """
            struct PostView: View {
                let id: Int
                var body: some View {
                    NavigationStack { Text("Post") }
                }
            }
            """)
        let findings = Linter.lint([post, feed])
        #expect(findings.map(\.message) == ["'PostView' is pushed onto a stack and shows a 'NavigationStack' of its own: the stacks nest"])
        #expect(findings.first?.file == "Feed.swift")
        #expect(findings.first?.notes.first?.message == "the inner container is here (Post.swift:4)")
    }

    /// A view's members are read across its extensions and files: content
    /// that only a cover shows, through a property that refers to a
    /// function in another file, is not the view's own; the property the
    /// body shows is.
    @Test func presentationContentIsFollowedAcrossExtensions() {
        let feed = SourceFile(path: "Feed.swift", text: """
            struct Feed: View {
                var body: some View {
                    NavigationStack { Text("Feed").navigationDestination(for: Int.self) { PostView(id: $0) } }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View { header.fullScreenCover(isPresented: $composing) { self.composerCover } }
            }
            """)
        let post = SourceFile(path: "PostView+Parts.swift", text: """
            extension PostView {
                var composerCover: some View { composer(draft: "") }
                func composer(draft: String) -> some View { NavigationStack { Text(draft) } }
                var header: some View { Text("Post") }
            }
            """)
        #expect(Linter.lint([feed, post]).isEmpty)
        let shownInPlace = SourceFile(path: "PostView+Parts.swift", text: """
            extension PostView {
                var composerCover: some View { composer(draft: "") }
                func composer(draft: String) -> some View { NavigationStack { Text(draft) } }
                var header: some View { composerCover }
            }
            """)
        let findings = Linter.lint([feed, shownInPlace])
        #expect(findings.map(\.message) == ["'PostView' is pushed onto a stack and shows a 'NavigationStack' of its own: the stacks nest"])
        #expect(findings.first?.notes.first?.message == "the inner container is here (PostView+Parts.swift:3)")
    }

    /// Every message of every rule, with its notes, as its triggering
    /// examples give them, pinned in one golden file.
    @Test func everyMessageIsPinned() throws {
        var lines: [String] = []
        for rule in Linter.rules {
            for (number, example) in rule.triggering.enumerated() {
                let findings = Linter.lint([SourceFile(path: "Example.swift", text: Self.markers(in: example).text)], rules: [rule])
                for finding in findings {
                    lines.append("\(rule.id) #\(number) \(finding.range.start): \(finding.message)")
                    lines += finding.notes.map { "    note: \($0.message)" }
                }
            }
        }
        try checkLintGolden(lines.joined(separator: "\n") + "\n", against: "rule-messages.text")
    }

    /// Preview code is not the app: no rule reports in it.
    @Test func previewCodeIsNotLinted() {
        let file = SourceFile(path: "Example.swift", text: """
            struct Home: View {
                var body: some View { Text("Home") }
            }
            #Preview {
                NavigationView { Home() }
            }
            struct Home_Previews: PreviewProvider {
                static var previews: some View { NavigationView { Home() } }
            }
            struct Legacy: View {
                var body: some View { NavigationView { Home() } }
            }
            """)
        #expect(Linter.lint([file]).map(\.range.start.line) == [11])
    }
}
#endif
