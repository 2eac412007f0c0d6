#if SwiftSource
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
@testable import NavFlowSwiftSource
import Testing

/// `extract` reads `onOpenURL` handlers: each way through a handler is a
/// `deeplink` when what it compares of the URL is a pattern and what it
/// does is a target, and is listed as undecided, with what it does,
/// otherwise. Every draft here reads as a spec without errors.
@Suite struct URLHandlerTests {
    /// A tab app whose timeline stack is bound to the router's path, and a
    /// sheet enum, around the handler `body` (the code of `TabRouter.open`).
    static func app(handler body: String, extra: [String: String] = [:], manifests: [SourceFile] = []) throws -> String {
        var files = ["App.swift": """
            @main struct LinksApp: App {
                @State private var tabs = TabRouter()
                var body: some Scene { WindowGroup { RootTabs().onOpenURL { tabs.open($0) } } }
            }
            struct RootTabs: View {
                @Environment(TabRouter.self) private var tabs
                var body: some View {
                    TabView {
                        TimelineTab().tabItem { Label("Timeline", systemImage: "list") }.tag(AppTab.timeline)
                        SettingsView().tabItem { Label("Settings", systemImage: "gear") }.tag(AppTab.settings)
                    }
                    .sheet(item: Bindable(tabs).presentedSheet) { sheet in
                        switch sheet { case .compose: ComposeView() }
                    }
                }
            }
            struct TimelineTab: View {
                @Environment(TabRouter.self) private var tabs
                var body: some View {
                    NavigationStack(path: Bindable(tabs.timeline).path) {
                        TimelineList().navigationDestination(for: Route.self) { route in
                            switch route {
                            case .post: PostView()
                            case .profile: ProfileView()
                            }
                        }
                    }
                }
            }
            struct TimelineList: View { var body: some View { Text("") } }
            struct PostView: View { var body: some View { Text("") } }
            struct ProfileView: View { var body: some View { Text("") } }
            struct ComposeView: View { var body: some View { Text("") } }
            struct SettingsView: View { var body: some View { Text("") } }
            enum AppTab { case timeline, settings }
            enum Route: Hashable { case post(Int), profile(String) }
            enum SheetDestination: Identifiable { case compose; var id: Self { self } }
            @Observable final class RouterPath {
                var path: [Route] = []
                func navigate(to route: Route) { path.append(route) }
            }
            """, "Router.swift": """
            @Observable final class TabRouter {
                var timeline = RouterPath()
                var selectedTab: AppTab = .timeline
                var presentedSheet: SheetDestination?
                var pendingURL: URL?

                func open(_ url: URL) {
            \(body)
                }
            }
            """]
        files.merge(extra) { $1 }
        let draft = Extractor.extract(files.map { SourceFile(path: $0.key, text: $0.value) }, manifests: manifests).text
        let loaded = Frontend.load(SourceFile(path: "draft.navflow", text: draft))
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))\n\(draft)")
        return draft
    }

    static func links(_ draft: String) -> [String] {
        draft.split(separator: "\n").filter { $0.hasPrefix("deeplink ") || $0.hasPrefix("scheme ") || $0.hasPrefix("host ") }.map(String.init)
    }

    static func undecided(_ draft: String) -> [String] {
        // The app around the handler has undecided code of its own (a sheet on the tab view).
        draft.split(separator: "\n").filter { line in
            line.hasPrefix("// - ") && (line.contains("://") || line.contains("onOpenURL") || line.contains("scheme"))
        }.map(String.init)
    }

    /// A `guard` on the scheme, a `switch` on the host, the last segment
    /// read, a router bound to a tab's stack, and a sheet set by its enum.
    @Test func hostsSwitchedOverGiveOneLinkEach() throws {
        let draft = try Self.app(handler: """
                    guard url.scheme == "links", let host = url.host() else { return }
                    switch host {
                    case "post": if let id = Int(url.lastPathComponent) { timeline.navigate(to: .post(id)) }
                    case "compose", "new": presentedSheet = .compose
                    default: break
                    }
            """)
        #expect(Self.links(draft) == [
            "scheme \"links\"  // Router.swift:8",
            "deeplink \"links://post/**/_\" -> timeline / ... / PostView keep tab, modals  // Router.swift:10",
            "deeplink \"links://compose/**\" -> + sheet ComposeView keep modals  // Router.swift:11",
            "deeplink \"links://new/**\" -> + sheet ComposeView keep modals  // Router.swift:11",
        ])
        #expect(Self.undecided(draft).isEmpty, "\(Self.undecided(draft))")
    }

    /// A handler that lowercases what it reads of the URL matches links
    /// whatever their case: its patterns are written `ignoring case`.
    @Test func aHandlerThatLowercasesTheURLWritesIgnoringCase() throws {
        let draft = try Self.app(handler: """
                    guard url.scheme == "links", let host = url.host()?.lowercased() else { return }
                    switch host {
                    case "compose": presentedSheet = .compose
                    default: break
                    }
            """)
        #expect(Self.links(draft) == [
            "scheme \"links\"  // Router.swift:8",
            "deeplink \"links://compose/**\" ignoring case -> + sheet ComposeView keep modals  // Router.swift:10",
        ])
    }

    /// The whole path, a segment by position, a path prefix, required and
    /// optional query items, and a tab selected before the push.
    @Test func pathsSegmentsAndQueryItemsAreRead() throws {
        let draft = try Self.app(handler: """
                    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                          components.scheme == "links" else { return }
                    let draftText = components.queryItems?.first(where: { $0.name == "text" })?.value
                    if components.host == "note", components.path == "/new" {
                        presentedSheet = .compose
                    } else if components.host == "user", url.pathComponents[1] == "profile" {
                        guard let name = components.queryItems?.first { $0.name == "name" }?.value else { return }
                        selectedTab = .timeline
                        timeline.navigate(to: .profile(name))
                    } else if url.path.hasPrefix("/settings/") {
                        selectedTab = .settings
                    }
            """)
        #expect(Self.links(draft) == [
            "scheme \"links\"  // Router.swift:9",
            "deeplink \"links://note/new?text?=_\" -> + sheet ComposeView keep modals  // Router.swift:12",
            "deeplink \"links://user/profile/**?text?=_&name=_\" -> timeline / ... / ProfileView under modals  // Router.swift:15",
            "deeplink \"links://_/settings/**?text?=_\" -> settings keep modals  // Router.swift:18",
        ])
    }

    /// The schemes a handler accepts through the app's `Info.plist`, a
    /// list of hosts, and a handler named by `perform:` that hands the URL
    /// to a function of the sources in another type.
    @Test func declaredSchemesHostListsAndFunctionsAreFollowed() throws {
        let plist = SourceFile(path: "App/Info.plist", text: """
            <plist><dict><key>CFBundleURLTypes</key><array><dict>
            <key>CFBundleURLSchemes</key>
            <array>
            <string>links</string>
            <string>$(SCHEME_PREFIX)</string>
            </array>
            </dict></array></dict></plist>
            """)
        let draft = try Self.app(handler: """
                    LinkParser.handle(url, router: self)
            """, extra: ["Parser.swift": """
            enum LinkParser {
                static var schemes: [String] = { Bundle.main.infoDictionary?["CFBundleURLTypes"] as? [String] ?? [] }()
                static func handle(_ link: URL, router: TabRouter) {
                    guard let scheme = link.scheme, schemes.contains(scheme) else { return }
                    if ["post", "p"].contains(link.host) { router.presentedSheet = .compose }
                }
            }
            """], manifests: [plist])
        #expect(Self.links(draft) == [
            "scheme \"links\"  // App/Info.plist:4",
            "deeplink \"links://post/**\" -> + sheet ComposeView keep modals  // Parser.swift:5",
            "deeplink \"links://p/**\" -> + sheet ComposeView keep modals  // Parser.swift:5",
        ])
        #expect(draft.contains("// - App/Info.plist:5: a URL scheme the build configuration sets: its links are not drafted"))
    }

    /// What cannot be written is listed with what it does, never guessed:
    /// an `else` a pattern cannot separate from the branch before it, a
    /// URL stored for code that is not followed, and a link whose outcome
    /// depends on other data.
    @Test func whatCannotBeWrittenIsListed() throws {
        let draft = try Self.app(handler: """
                    guard url.scheme == "links" else { return }
                    if url.host == "compose" {
                        if timeline.path.isEmpty { presentedSheet = .compose } else { timeline.navigate(to: .post(1)) }
                    } else {
                        pendingURL = url
                    }
            """)
        #expect(Self.links(draft) == [])
        #expect(Self.undecided(draft) == [
            "// - Router.swift:10: \"links://compose/**\": what the link does depends on `!(timeline.path.isEmpty)`, `timeline.path.isEmpty`: it presents ComposeView as a sheet; or it pushes PostView onto `timeline`",
            "// - Router.swift:12: \"links://**\" stores the URL in `pendingURL`, whose readers are not followed; not written, since the pattern overlaps \"links://compose/**\", which the code tests first (a pattern cannot say 'every other URL')",
        ])
    }

    /// A URL wrapped in an action for a store, and a handler that does
    /// nothing the reader can see, are said to be unread.
    @Test func urlsHandedToUnreadCodeAreListed() throws {
        let wrapped = try Self.app(handler: """
                    guard url.scheme == "links" else { return }
                    store.send(.deepLink(url))
            """)
        #expect(Self.undecided(wrapped) == ["// - Router.swift:9: \"links://**\": gives the URL to `.deepLink`, whose handling is not read"])
        let printed = try Self.app(handler: "        print(url)")
        #expect(Self.undecided(printed) == ["// - Router.swift:8: a URL handler's branch whose URLs cannot be written as a pattern (no scheme compared or declared) gives the URL to `print`, which is not read"])
        let silent = try Self.app(handler: "        guard url.scheme == \"links\" else { return }\n        pendingURL = nil")
        #expect(Self.undecided(silent) == ["// - App.swift:3: an onOpenURL handler in which no navigation is read: write its deep links by hand"])
    }

    /// A prefix that ends inside a segment knows only that the segment is
    /// there; a whole URL compared is that URL alone.
    @Test func prefixesEndingInsideASegmentAndWholeURLs() throws {
        let draft = try Self.app(handler: """
                    if url.absoluteString.hasPrefix("links://item/1") { presentedSheet = .compose }
                    else if url.absoluteString == "links://help/faq" { selectedTab = .settings }
            """)
        #expect(Self.links(draft) == [
            "scheme \"links\"  // Router.swift:8",
            "deeplink \"links://item/_/**\" -> + sheet ComposeView keep modals  // Router.swift:8",
            "deeplink \"links://help/faq\" -> settings keep modals  // Router.swift:9",
        ])
    }

    /// The overlap the draft uses agrees with the checker's own test of
    /// `deeplink-ambiguous` (`DeepLinkAmbiguityProperty.commonURL`) on every
    /// pair of the patterns it writes, built from literals, `_` and `**`.
    @Test func theOverlapAgreesWithTheAmbiguityCheck() throws {
        var paths: [[String]] = [[]]
        for length in 1...3 {
            var next: [[String]] = [[]]
            for _ in 0..<length { next = next.flatMap { prefix in ["a", "b", "_", "**"].map { prefix + [$0] } } }
            paths += next.filter { $0.filter { $0 == "**" }.count <= 1 }
        }
        let patterns = paths.map { "x://" + $0.joined(separator: "/") }
        var compared = 0
        for (index, first) in patterns.enumerated() {
            for second in patterns[index...] {
                let spec = "app A\nscheme \"x\"\nscreen Home\nscreen Info\nstart Home\n"
                    + "deeplink \"\(first)\" -> + sheet Info\ndeeplink \"\(second)\" -> + sheet Info\n"
                let loaded = try #require(Frontend.load(SourceFile(path: "a.navflow", text: spec)).spec, "\(first) \(second)")
                let common = DeepLinkAmbiguityProperty.commonURL(loaded.deepLinks[0].pattern, loaded.deepLinks[1].pattern, in: loaded)
                #expect(URLShape.overlap(first, second) == (common != nil), "\(first) and \(second): the checker's common URL is \(common ?? "none")")
                compared += 1
            }
        }
        #expect(compared > 1_000)
    }

    @Test func patternsThatCanMatchOneURLOverlap() {
        #expect(URLShape.overlap("a://x/**", "a://x/y"))
        #expect(URLShape.overlap("a://**/_", "a://x"))
        #expect(URLShape.overlap("a://_/b?k=_", "a://c/**"))
        #expect(!URLShape.overlap("a://x/y", "a://x"))
        #expect(!URLShape.overlap("a://x/**", "a://y/**"))
        #expect(!URLShape.overlap("a://x/**", "b://x/**"))
        #expect(!URLShape.overlap("https://e.org/**", "https://f.org/**"))
    }
}
#endif
