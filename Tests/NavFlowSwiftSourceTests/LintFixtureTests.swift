#if SwiftSource
import Foundation
import NavFlowDiagnostics
import NavFlowReport
import NavFlowSource
import NavFlowSwiftSource
import NavFlowTestSupport
import Testing

/// `lint` on a small app in the patterns of the reference material (a
/// router per tab, a shared destination modifier, a sheet enum, a URL
/// handler), with some of the mistakes the rules report and one suppressed
/// finding: every finding and every format pinned.
@Suite struct LintFixtureTests {
    static let folder = "Tests/NavFlowSwiftSourceTests/Fixtures/Routers"

    static func files() throws -> [SourceFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.path(folder)).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            SourceFile(path: folder + "/" + name, text: try String(contentsOfFile: Repository.path(folder + "/" + name), encoding: .utf8))
        }
    }

    static func report() throws -> LintReport {
        let files = try files()
        let result = Linter.run(files)
        return LintReport(files: files, diagnostics: result.diagnostics, suppressed: result.suppressed,
                          rules: Linter.rules.map(\.descriptor))
    }

    @Test func findingsArePinned() throws {
        let report = try Self.report()
        let found = report.diagnostics.map { "\($0.file.split(separator: "/").last!):\($0.range.start.line) \($0.rule)" }
        #expect(found == [
            "Destinations.swift:7 swift-nested-navigation-stack",
            "Router.swift:44 swift-router-inside-observable",
            "Settings.swift:12 swift-view-link-in-value-stack",
            "Settings.swift:12 swift-nested-navigation-stack",
            "Settings.swift:15 swift-several-sheets-on-one-view",
            "Timeline.swift:9 swift-navigation-modifier-applied-twice",
            "Timeline.swift:20 swift-destination-in-lazy-container",
        ])
        #expect(report.suppressed.map(\.diagnostic.rule.rawValue) == ["swift-navigation-view"])
        #expect(report.exitCode == 1)
    }

    @Test(arguments: LintFormat.allCases) func formatsArePinned(format: LintFormat) throws {
        try checkLintGolden(try Self.report().render(format), against: "routers.lint.\(format.rawValue)")
    }

    /// A comment naming no rule of `lint`, and one that suppresses nothing.
    @Test func suppressionCommentsAreJudged() {
        let file = SourceFile(path: "Example.swift", text: """
            struct Root: View {
                var body: some View {
                    // navflow:disable swift-navigation-veiw
                    NavigationStack { Text("Home") }
                }
            }
            // navflow:disable-file swift-nested-navigation-stack
            """)
        let result = Linter.run([file])
        #expect(result.diagnostics.map(\.message) == [
            "unknown rule 'swift-navigation-veiw' in a suppression comment; it suppresses nothing",
            "this comment suppresses no 'swift-nested-navigation-stack' finding in this file; remove 'swift-nested-navigation-stack' from it",
        ])
        #expect(result.diagnostics.first?.fixIts.first?.replacement == "swift-navigation-view")
    }
}

/// Compares an output with its golden file in `Tests/NavFlowSwiftSourceTests/Golden/`.
func checkLintGolden(_ output: String, against name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try GoldenFiles.check(output, against: "Tests/NavFlowSwiftSourceTests/Golden/" + name, sourceLocation: sourceLocation)
}
#endif
