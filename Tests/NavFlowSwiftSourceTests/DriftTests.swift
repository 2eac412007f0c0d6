#if SwiftSource
import Foundation
import NavFlowDiagnostics
import NavFlowReport
import NavFlowSource
import NavFlowSpec
import NavFlowSwiftSource
import NavFlowTestSupport
import Testing

/// `drift` between the fixture app and two specs of it: one that agrees
/// with the source (nothing found, every rule silent) and one that has
/// drifted once per kind of element (every rule triggered, the report pinned).
@Suite struct DriftTests {
    static let inSync = "Tests/NavFlowSwiftSourceTests/Fixtures/routers-in-sync.navflow"
    static let drifted = "Tests/NavFlowSwiftSourceTests/Fixtures/routers-drifted.navflow"

    static func report(_ path: String) throws -> DriftReport {
        let specFile = SourceFile(path: path, text: try String(contentsOfFile: Repository.path(path), encoding: .utf8))
        let loaded = Frontend.load(specFile)
        let spec = try #require(loaded.spec)
        let files = try LintFixtureTests.files()
        let result = Drift.compare(spec: spec, directives: loaded.codeDirectives, sources: files)
        return DriftReport(spec: specFile, files: files, result: result)
    }

    @Test func aSpecThatAgreesWithItsSourceHasNoDrift() throws {
        let report = try Self.report(Self.inSync)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.exitCode == 0)
        let screens = try #require(report.rows.first { $0.kind == "screen" })
        #expect(screens.matched == 8 && screens.intentional == 1)
    }

    @Test func theDriftedSpecIsPinned() throws {
        let report = try Self.report(Self.drifted)
        #expect(report.exitCode == 1)
        try checkLintGolden(report.text(), against: "routers.drift.text")
        try checkLintGolden(report.json(), against: "routers.drift.json")
        try checkLintGolden(report.sarif(), against: "routers.drift.sarif")
    }

    /// Every rule of `drift` fires on the drifted spec, none on the one in sync.
    @Test(arguments: Drift.rules.map(\.id.rawValue)) func everyRuleTriggersOnceAndOnlyOnDrift(rule: String) throws {
        #expect(try Self.report(Self.drifted).diagnostics.contains { $0.rule.rawValue == rule })
        #expect(try !Self.report(Self.inSync).diagnostics.contains { $0.rule.rawValue == rule })
    }

    /// docs/drift.md lists every rule with its severity.
    @Test(arguments: Drift.rules) func everyRuleIsDocumented(rule: RuleDescriptor) throws {
        let doc = try String(contentsOfFile: Repository.path("docs/drift.md"), encoding: .utf8)
        #expect(doc.contains("| `\(rule.id.rawValue)` | \(rule.severity.rawValue) |"))
    }

    /// A URL handler with no deep link in the spec, and the schemes and
    /// domains an app declares in its property lists that no link uses.
    @Test func urlsTheAppDeclaresOrHandlesAreComparedWithTheLinks() throws {
        let code = SourceFile(path: "App.swift", text: """
            struct Root: View {
                var body: some View {
                    NavigationStack { Text("x") }
                        .onOpenURL { url in
                            guard url.scheme == "shop", let host = url.host() else { return }
                            if host == "item" { open(url.pathComponents) }
                        }
                }
            }
            """)
        let plist = SourceFile(path: "Info.plist", text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleURLTypes</key><array><dict>
            <key>CFBundleURLSchemes</key>
            <array>
                <string>shop</string>
                <string>legacy-shop</string>
                <string>$(SCHEME_PREFIX)</string>
            </array>
            </dict></array>
            <key>com.apple.developer.associated-domains</key>
            <array><string>applinks:shop.example.com</string></array>
            </dict></plist>
            """)
        func findings(_ links: String) throws -> [String] {
            let spec = "app A\nscheme \"shop\"\nhost \"shop.example.com\"\nid ItemID\nstack S root Root { destination Item }\nscreen Root { push Item }\nscreen Item\nstart S\n" + links
            let loaded = Frontend.load(SourceFile(path: "a.navflow", text: spec))
            return Drift.compare(spec: try #require(loaded.spec), directives: loaded.codeDirectives, sources: [code], manifests: [plist])
                .diagnostics.filter { $0.rule.rawValue == "drift-deep-link" }.map { "\($0.file):\($0.range.start.line): \($0.message)" }
        }
        #expect(try findings("") == [
            "App.swift:4: this onOpenURL handles URLs, but the spec has no deep link",
        ])
        #expect(try findings("deeplink \"shop://item/{_: ItemID}\" -> / Item\ndeeplink \"shop://cart\" -> / Item\n"
                             + "deeplink \"https://shop.example.com/item/{_: ItemID}\" -> / Item\n") == [
            "a.navflow:10: deep link 'shop://cart' is in the spec, but the app never declares or compares 'cart'",
            "Info.plist:7: the app declares the URL scheme 'legacy-shop', which no deep link of a.navflow uses",
        ])
    }

    /// Names compare without case, punctuation and the endings views carry.
    @Test func namesCompareWithoutTheirEndings() {
        #expect(Drift.key("SideMenuContentView") == "sidemenu")
        #expect(Drift.key("PostDetailView") == Drift.key("PostDetail"))
        #expect(Drift.key("Route.post") == "routepost")
        #expect(Drift.key("FeedStack", stack: true) == "feed")
        #expect(Drift.key("FeedStack") == "feedstack")
        #expect(Drift.key("View") == "view", "a name is never compared as nothing")
    }

    /// A presentation of a stack the draft names (`EditorStack`, a router's
    /// layer) is excused by a `navflow:code-only` comment naming its root,
    /// as the spec's author names views, not the draft's stacks.
    @Test func aCodeOnlyCommentNamingAStacksRootExcusesItsPresentation() throws {
        let code = SourceFile(path: "Home.swift", text: """
            struct Home: View {
                @State private var editing = false
                var body: some View {
                    NavigationStack { Button("Edit") { editing = true } }
                        .sheet(isPresented: $editing) { NavigationStack { Editor() } }
                }
            }
            struct Editor: View { var body: some View { Text("") } }
            """)
        func findings(_ comment: String) throws -> [String] {
            let spec = comment + "app A\nstack S root Home { }\nscreen Home\nstart S\n"
            let loaded = Frontend.load(SourceFile(path: "a.navflow", text: spec))
            return Drift.compare(spec: try #require(loaded.spec), directives: loaded.codeDirectives, sources: [code])
                .diagnostics.filter { $0.rule.rawValue == "drift-presentation" }.map(\.message)
        }
        #expect(try findings("") == ["this .sheet presents 'HomeStack2', which the spec never presents as a sheet"])
        #expect(try findings("// navflow:code-only Editor -- the editor is left out\n").isEmpty)
    }

    /// A spec whose only deep links meet a code base with no URL handler.
    @Test func deepLinksWithoutAHandlerAreDrift() throws {
        let spec = """
            app A
            scheme "a"
            stack S root Home { destination Item }
            screen Home { push Item }
            screen Item
            start S
            deeplink "a://item" -> / Item
            """
        let loaded = Frontend.load(SourceFile(path: "a.navflow", text: spec))
        let code = SourceFile(path: "Home.swift", text: "struct Home: View { var body: some View { NavigationStack { Text(\"x\") } } }\n")
        let result = Drift.compare(spec: try #require(loaded.spec), directives: loaded.codeDirectives, sources: [code])
        #expect(result.diagnostics.filter { $0.rule.rawValue == "drift-deep-link" }.map(\.message) == [
            "deep link 'a://item' is in the spec, but the code handles no URL (no onOpenURL)",
        ])
    }
}
#endif
