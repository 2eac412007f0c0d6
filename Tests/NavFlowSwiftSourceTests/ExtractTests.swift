#if SwiftSource
import Foundation
import NavFlowSource
import NavFlowSwiftSource
import NavFlowTestSupport
import Testing

/// `extract` on the fixture app: the draft is pinned, every line of it
/// cites its source, and it reads as a spec that `verify` explores.
@Suite struct ExtractTests {
    static func draft() throws -> String {
        Extractor.extract(try LintFixtureTests.files()).text
    }

    @Test func theDraftIsPinned() throws {
        try checkLintGolden(try Self.draft(), against: "routers.extract.navflow")
    }

    @Test func everyElementCitesItsSource() throws {
        let lines = try Self.draft().components(separatedBy: "\n")
        let elements = lines.filter { line in
            ["stack ", "screen ", "  tab ", "  destination ", "  push ", "  sheet ", "  cover "].contains { line.hasPrefix($0) }
        }
        #expect(!elements.isEmpty)
        for line in elements {
            #expect(line.contains("// \(LintFixtureTests.folder)/"), "\(line)")
        }
    }

    /// What the draft cannot decide is said at its top, with where.
    @Test func undecidedCodeIsListedNotGuessed() throws {
        let draft = try Self.draft()
        #expect(draft.contains("// - \(LintFixtureTests.folder)/App.swift:14: an onOpenURL handler"))
        #expect(draft.contains("root is the placeholder 'RootTabsStackRoot'"))
    }

    @Test func theDraftIsDeterministic() throws {
        let files = try LintFixtureTests.files()
        #expect(Extractor.extract(files).text == Extractor.extract(files.reversed()).text)
    }

    /// A view-based link pushes the view its closure or `destination:` builds.
    @Test func viewLinksPushTheirViews() {
        let draft = Extractor.extract([SourceFile(path: "Settings.swift", text: """
            struct Settings: View {
                var body: some View {
                    NavigationStack {
                        Form {
                            NavigationLink("About") { About() }
                            NavigationLink(destination: Licenses()) { Text("Licenses") }
                        }
                    }
                }
            }
            struct About: View { var body: some View { Text("About") } }
            struct Licenses: View { var body: some View { Text("Licenses") } }
            """)]).text
        #expect(draft.contains("  push About  // Settings.swift:5"))
        #expect(draft.contains("  push Licenses  // Settings.swift:6"))
    }

    /// Code with no navigation still gives a spec that reads.
    @Test func codeWithoutNavigationGivesAPlaceholder() {
        let draft = Extractor.extract([SourceFile(path: "Model.swift", text: "struct Item { let id: Int }\n")]).text
        #expect(draft.contains("screen Placeholder"))
        #expect(draft.contains("start Placeholder"))
    }
}
#endif
