#if SwiftSource
import Foundation
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
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
            ["stack ", "screen ", "  tab ", "  destination ", "  push ", "  sheet ", "  cover ", "scheme ", "deeplink "].contains { line.hasPrefix($0) }
        }
        #expect(!elements.isEmpty)
        for line in elements {
            #expect(line.contains("// \(LintFixtureTests.folder)/"), "\(line)")
        }
    }

    /// What the draft cannot decide is said at its top, with where; the
    /// URL handler, read whole, gives its links instead.
    @Test func undecidedCodeIsListedNotGuessed() throws {
        let draft = try Self.draft()
        #expect(!draft.contains("onOpenURL"))
        #expect(draft.contains("deeplink \"routers://post/**/_\" -> timeline / ... / PostDetail keep tab, modals  // \(LintFixtureTests.folder)/Router.swift:31"))
        #expect(draft.contains("root is the placeholder 'RootTabsStackRoot'"))
    }

    @Test func theDraftIsDeterministic() throws {
        let files = try LintFixtureTests.files()
        #expect(Extractor.extract(files).text == Extractor.extract(files.reversed()).text)
    }

    /// A view-based link pushes the view its closure or `destination:` builds,
    /// `inline`: the stack needs no registration for it.
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
        #expect(draft.contains("  push About inline  // Settings.swift:5"))
        #expect(draft.contains("  push Licenses inline  // Settings.swift:6"))
        #expect(!draft.contains("destination About") && !draft.contains("destination Licenses"), "\(draft)")
    }

    /// A sheet whose `onDismiss:` runs code: the draft says where to write
    /// what it does (`on dismiss { ... }` in the presented screen).
    @Test func anOnDismissClosureIsListedWithWhereToWriteIt() {
        let draft = Extractor.extract([SourceFile(path: "Notes.swift", text: """
            struct Notes: View {
                @State private var composing = false
                @State private var saved = false
                var body: some View {
                    NavigationStack {
                        Button("New") { composing = true }
                            .sheet(isPresented: $composing, onDismiss: { if saved { open() } }) { Composer() }
                    }
                }
                func open() {}
            }
            struct Composer: View { var body: some View { Text("Compose") } }
            """)]).text
        #expect(draft.contains("the sheet of 'Composer' runs code when it closes (`onDismiss:`); write what it does to navigation as `on dismiss { ... }` in 'Composer'"), "\(draft)")
        #expect(draft.contains("Notes.swift:7"), "\(draft)")
    }

    /// A stack wrapper of an app's own, rooted at the page its layer is
    /// given, every page pushed through a frame (eight lines).
    static let layerWrapper = """
        struct Frame: Hashable { let page: Page }
        final class Layer { init(root: Page) {} }
        struct LayerView: View {
            let layer: Layer
            var body: some View {
                NavigationStack { rootView().navigationDestination(for: Frame.self) { FrameView(frame: $0) } }
            }
            func rootView() -> some View { Text("") }
        }
        struct FrameView: View { let frame: Frame; var body: some View { frame.page.view() } }
        """

    static func draft(_ files: [String: String]) -> String {
        Extractor.extract(files.map { SourceFile(path: $0.key, text: $0.value) }).text
    }

    /// `ForEach(AppTab.allCases) { tab in Tab(value: tab) { Root(tab: tab) } ... }`,
    /// whose root view is `tab.rootView`: one tab and one stack per case,
    /// titled and rooted by the enum's members.
    @Test func tabsOverAnEnumsCasesAreReadCaseByCase() {
        let draft = Self.draft(["Tabs.swift": """
            enum AppTab: CaseIterable { case feed, settings
                var title: String { switch self { case .feed: "Feed"; case .settings: "Settings" } }
            }
            extension AppTab {
                @ViewBuilder var rootView: some View {
                    switch self {
                    case .feed: FeedView()
                    case .settings: SettingsView()
                    }
                }
            }
            struct AppTabView: View {
                var body: some View {
                    TabView {
                        ForEach(AppTab.allCases) { tab in
                            Tab(value: tab) { TabRoot(tab: tab) } label: { Label(tab.title, systemImage: "x") }
                        }
                    }
                }
            }
            struct TabRoot: View {
                let tab: AppTab
                var body: some View { NavigationStack { tab.rootView.padding() } }
            }
            struct FeedView: View { var body: some View { Text("") } }
            struct SettingsView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("stack FeedStack root FeedView {  // Tabs.swift:23"))
        #expect(draft.contains("stack SettingsStack root SettingsView {  // Tabs.swift:23"))
        #expect(draft.contains("  tab feed \"Feed\" FeedStack  // Tabs.swift:16"))
        #expect(draft.contains("  tab settings \"Settings\" SettingsStack  // Tabs.swift:16"))
        #expect(!draft.contains("TabRootStack"), "the shared stack is replaced by one per case")
    }

    /// `Group { switch type { case .home: HomeView() ... } }.tabItem(type.label)`,
    /// a paging `TabView` skipped, and tabs shown under a condition.
    @Test func tabsUnderSwitchesAndConditionsAreRead() {
        let draft = Self.draft(["Tabs.swift": """
            enum Kind: CaseIterable { case home, search }
            struct Root: View {
                var signedIn = false
                var body: some View {
                    TabView { ForEach(0..<3) { Text("\\($0)") } }.tabViewStyle(.page)
                    TabView {
                        ForEach(Kind.allCases) { kind in
                            Group {
                                switch kind {
                                case .home: HomeView()
                                case .search: SearchView()
                                }
                            }
                            .tabItem { Text("x") }.tag(kind)
                        }
                        if signedIn {
                            ProfileView().tabItem { Text("Profile") }.tag(Kind.home)
                        }
                        VStack {}.tabItem { Text("Post") }
                    }
                }
            }
            struct HomeView: View { var body: some View { Text("") } }
            struct SearchView: View { var body: some View { Text("") } }
            struct ProfileView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("tabs Main {  // Tabs.swift:6"))
        #expect(draft.contains("  tab home \"x\" HomeView"))
        #expect(draft.contains("  tab search \"x\" SearchView"))
        #expect(draft.contains("  tab home \"Profile\" ProfileView"))
        #expect(draft.contains("  tab post \"Post\" PostTab"))
        #expect(draft.contains("tab 'post' shows no view of the sources; its content is the placeholder 'PostTab'"))
    }

    /// A view that wraps a stack around the content it is given: one stack
    /// per use, with what the wrapper, the root and pushed views register.
    @Test func stackWrappersGiveOneStackPerUse() {
        let draft = Self.draft(["Wrapper.swift": """
            enum Destination: Hashable { case note, author }
            struct AppStack<Content: View>: View {
                let content: () -> Content
                var body: some View {
                    NavigationStack {
                        content()
                            .navigationDestination(for: Destination.self) { destination in
                                switch destination {
                                case .note: NoteView()
                                case .author: Observation { ProfileView() }
                                }
                            }
                    }
                }
            }
            struct HomeTab: View { var body: some View { AppStack { HomeFeed() } } }
            struct DiscoverTab: View { var body: some View { AppStack { VStack { Text("") } } } }
            struct HomeFeed: View { var body: some View { NavigationLink(.note) { Text("Open") } } }
            struct NoteView: View { var body: some View { Text("") } }
            struct Observation<C: View>: View { let c: () -> C; var body: some View { c() } }
            struct ProfileView: View {
                var body: some View { List {}.navigationDestination(for: Int.self) { _ in FollowsView() } }
            }
            struct FollowsView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("stack HomeTabStack root HomeFeed {  // Wrapper.swift:16"))
        #expect(draft.contains("stack DiscoverTabStack root DiscoverTab {  // Wrapper.swift:17"))
        #expect(!draft.contains("stack AppStackStack"), "the wrapper's own stack is replaced by its uses")
        #expect(draft.contains("  destination FollowsView  // Wrapper.swift:22"), "registered by a view a destination builds")
        #expect(draft.contains("  push NoteView  // Wrapper.swift:18"), "an app's own link that takes a route first")
    }

    /// Route enums that build their own views (`page.view()`), router
    /// presentations (`openSheet(.compose)`), representables, and the views
    /// the app's root shows for its states.
    @Test func routeEnumsRoutersRepresentablesAndRootStatesAreRead() {
        let draft = Self.draft(["App.swift": """
            @main struct DemoApp: App { var body: some Scene { WindowGroup { RootView() } } }
            struct RootView: View {
                var state = 0
                var body: some View {
                    ZStack {
                        switch state {
                        case 0: SplashView()
                        default: HomeView()
                        }
                    }
                }
            }
            enum Page: Hashable { case compose, share
                @ViewBuilder func view() -> some View {
                    switch self {
                    case .compose: ComposeView()
                    case .share: ShareSheet()
                    }
                }
            }
            struct HomeView: View {
                var body: some View { NavigationStack { Button("New") { navigation.openSheet(.compose) } } }
            }
            struct SplashView: View { var body: some View { Text("") } }
            struct ComposeView: View { var body: some View { Text("") } }
            struct ShareSheet: UIViewControllerRepresentable {}
            struct Actions { func share() { navigation.showSheet(.share) } }
            """])
        #expect(draft.contains("screen ComposeView  // App.swift:16, route Page.compose"))
        #expect(draft.contains("screen ShareSheet  // App.swift:17, route Page.share"))
        #expect(draft.contains("  sheet ComposeView  // App.swift:22"))
        #expect(draft.contains("'SplashView' is one of the views the app's root shows for its state"))
        #expect(draft.contains("screen SplashView  // App.swift:7"))
    }

    /// An app's own tab bar given a list of items, each naming its case,
    /// whose layers name their root page; a frame view that shows whatever
    /// page it holds registers every page, nested page enums included.
    @Test func customTabBarsLayersAndFramesAreRead() {
        let draft = Self.draft(["App.swift": """
            enum Page: Hashable { case inbox, settings(SettingsPage = .root)
                @ViewBuilder func view() -> some View {
                    switch self {
                    case .inbox: InboxView()
                    case .settings(let page): page.view()
                    }
                }
            }
            enum SettingsPage: Hashable { case root
                @ViewBuilder func view() -> some View { switch self { case .root: SettingsView() } }
            }
            \(Self.layerWrapper)
            struct Content: View {
                var body: some View {
                    AppTabBar(tabs: [
                        TabItem(.inbox) { LayerView(layer: .init(root: .inbox)) },
                    ])
                }
            }
            struct InboxView: View {
                var body: some View {
                    Button("") { navigation.openSheet(.settings(.root)) }
                    Button("") { navigation.showFullScreenCover(.settings()) }
                }
            }
            struct SettingsView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("stack ContentStack root InboxView {  // App.swift:25"))
        #expect(draft.contains("  sheet SettingsView  // App.swift:31"), "a case that hands over to a nested page enum")
        #expect(draft.contains("  cover SettingsView  // App.swift:32"), "through the associated value's default")
        #expect(draft.contains("  destination SettingsView  // App.swift:21"))
        #expect(draft.contains("  tab inbox \"inbox\" ContentStack  // App.swift:25"))
    }

    /// A method that presents a route of its own, a view bound by a
    /// failable initializer, and a case under `#if` in a route's switch.
    @Test func presentingMethodsFailableViewsAndConditionalCasesAreRead() {
        let draft = Self.draft(["App.swift": """
            enum Page: Hashable { case image(URL), editor, debug
                @ViewBuilder func view() -> some View {
                    switch self {
                    case .image: ImageViewer()
                    case .editor:
                        if let view = Editor(context: 1) { view } else { Text("No account") }
                    #if DEBUG
                    case .debug: DebugView()
                    #endif
                    }
                }
            }
            enum OtherPage: Hashable { case image
                @ViewBuilder func view() -> some View { switch self { case .image: OtherImageView() } }
            }
            final class Layer {
                func showFullScreenCover(_ page: Page) {}
                func showImageViewer(url: URL) { withoutAnimation { self.showFullScreenCover(.image(url)) } }
            }
            struct Home: View {
                var body: some View { NavigationStack { Button("") { navigation.showImageViewer(url: u) } } }
            }
            struct ImageViewer: View { var body: some View { Text("") } }
            struct OtherImageView: View { var body: some View { Text("") } }
            struct Editor: View { init?(context: Int) {}; var body: some View { Text("") } }
            struct DebugView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("  cover ImageViewer  // App.swift:21"), "the parameter's type tells Page.image from OtherPage.image")
        #expect(draft.contains("screen Editor  // App.swift:6, route Page.editor"))
        #expect(draft.contains("screen DebugView  // App.swift:8, route Page.debug"))
    }

    /// `NavigationSplitView`: a split per call, its columns the stack or
    /// view each closure shows, a column written in place a placeholder
    /// (listed), and the split the content of the tab whose view holds it,
    /// or the start of an app without tabs.
    @Test func splitViewsAreDraftedWithTheirColumns() throws {
        let mail = """
            struct MailRoot: View {
                var body: some View {
                    NavigationSplitView {
                        List(selection: $selection) { Text("Inbox") }
                    } content: {
                        MessageList()
                    } detail: {
                        NavigationStack { MessageView().navigationDestination(for: Route.self) { _ in AttachmentView() } }
                    }
                }
            }
            struct MessageList: View { var body: some View { Text("") } }
            struct MessageView: View { var body: some View { Text("") } }
            struct AttachmentView: View { var body: some View { Text("") } }
            enum Route: Hashable { case attachment }
            """
        let tabbed = Self.draft(["Mail.swift": mail, "App.swift": """
            struct RootTabs: View {
                var body: some View {
                    TabView {
                        MailRoot().tabItem { Label("Mail", systemImage: "tray") }.tag(AppTab.mail)
                        SettingsView().tabItem { Label("Settings", systemImage: "gear") }.tag(AppTab.settings)
                    }
                }
            }
            struct SettingsView: View { var body: some View { Text("") } }
            enum AppTab { case mail, settings }
            """])
        #expect(tabbed.contains("""
            split MailRootSplit {  // Mail.swift:3
              sidebar MailRootSplitSidebar  // Mail.swift:3
              content MessageList  // Mail.swift:5
              detail MailRootStack  // Mail.swift:7
            }
            """))
        #expect(tabbed.contains("  tab mail \"Mail\" MailRootSplit  // App.swift:4"))
        #expect(tabbed.contains("// - Mail.swift:3: the sidebar of a split view shows no view of the sources (`List(selection: $selection) { Text(\"Inbo`); it is the placeholder 'MailRootSplitSidebar'"))
        #expect(tabbed.contains("// - Mail.swift:3: what the columns of 'MailRootSplit' select into the next one is not read: write its `select` edges by hand"))
        let alone = Self.draft(["Mail.swift": mail])
        #expect(alone.contains("start MailRootSplit\n"))
        for draft in [tabbed, alone] {
            let errors = Frontend.load(SourceFile(path: "draft.navflow", text: draft)).diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.message))")
        }
    }

    /// A view that builds a split from the routes it is given
    /// (`SplitRoot(sidebar: .subscriptions, root: .feed)`, a sidebar showing
    /// `sidebar.view()`, a detail that is a stack wrapper rooted at `root`):
    /// one split per use, its columns the routes' views and a stack of its own.
    @Test func splitsBuiltFromGivenRoutesGiveOneSplitPerUse() throws {
        let draft = Self.draft(["App.swift": """
            enum Page: Hashable { case feed, inbox, subscriptions
                @ViewBuilder func view() -> some View {
                    switch self {
                    case .feed: FeedView()
                    case .inbox: InboxView()
                    case .subscriptions: SubscriptionsView()
                    }
                }
            }
            \(Self.layerWrapper)
            struct SplitRoot: View {
                @State var layer: Layer
                let sidebar: Page
                init(sidebar: Page, root: Page) { self.sidebar = sidebar; self._layer = .init(wrappedValue: .init(root: root)) }
                var body: some View {
                    NavigationSplitView(sidebar: { sidebar.view().padding() }, detail: { LayerView(layer: layer) })
                }
            }
            struct Content: View {
                var body: some View {
                    AppTabBar(tabs: [
                        TabItem(.feeds) { SplitRoot(sidebar: .subscriptions, root: .feed) },
                        TabItem(.inbox) { LayerView(layer: .init(root: .inbox)) },
                    ])
                }
            }
            struct FeedView: View { var body: some View { Text("") } }
            struct InboxView: View { var body: some View { Text("") } }
            struct SubscriptionsView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("""
            split ContentSplit {  // App.swift:31
              sidebar SubscriptionsView  // App.swift:31
              detail ContentStack2  // App.swift:31
            }
            """), "\(draft)")
        #expect(draft.contains("stack ContentStack2 root FeedView {  // App.swift:31"))
        #expect(draft.contains("  tab feeds \"feeds\" ContentSplit  // App.swift:31"))
        #expect(!draft.contains("SplitRootSplit"), "the view's own split is replaced by the split per use")
        #expect(!draft.contains("screen LayerView"), "the replaced split's columns are not screens")
        let errors = Frontend.load(SourceFile(path: "draft.navflow", text: draft)).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
    }

    /// An app-wide sheet that shows a stack wrapper for the layer a router
    /// opens (`.sheet(item: nextLayer) { layer in LayerView(layer: layer) }`):
    /// each route the router presents is a stack rooted at its view, with
    /// the wrapper's destinations, unless the wrapper's condition
    /// (`if layer.hasStack`) answers `false` for the route's case, or the
    /// call asks for none.
    @Test func layersARouterPresentsAreStacksOfTheirOwn() throws {
        let draft = Self.draft(["App.swift": """
            enum Page: Hashable { case feed, settings, report, share
                @ViewBuilder func view() -> some View {
                    switch self {
                    case .feed: FeedView()
                    case .settings: SettingsView()
                    case .report: ReportView()
                    case .share: ShareView()
                    }
                }
                var hasStack: Bool {
                    switch self {
                    case .report: false
                    default: true
                    }
                }
            }
            struct Frame: Hashable { let page: Page }
            final class Layer: Identifiable { init(root: Page) {}; var hasStack: Bool { true } }
            struct LayerView: View {
                let layer: Layer
                var body: some View {
                    if layer.hasStack {
                        NavigationStack { rootView().navigationDestination(for: Frame.self) { FrameView(frame: $0) } }
                    } else {
                        rootView()
                    }
                }
                func rootView() -> some View { Text("") }
            }
            struct FrameView: View { let frame: Frame; var body: some View { frame.page.view() } }
            struct SheetLayers: ViewModifier {
                let nextLayer: Layer?
                func body(content: Content) -> some View {
                    content.sheet(item: .constant(nextLayer)) { layer in LayerView(layer: layer) }
                }
            }
            struct Content: View {
                var body: some View {
                    AppTabBar(tabs: [TabItem(.feed) { LayerView(layer: .init(root: .feed)) }])
                }
            }
            struct FeedView: View {
                var body: some View {
                    Button("") { navigation.openSheet(.settings) }
                    Button("") { navigation.openSheet(.report) }
                    Button("") { navigation.openSheet(.share, hasNavigationStack: false) }
                }
            }
            struct SettingsView: View { var body: some View { Text("") } }
            struct ReportView: View { var body: some View { Text("") } }
            struct ShareView: View { var body: some View { Text("") } }
            """])
        #expect(draft.contains("stack SettingsViewStack root SettingsView {"), "\(draft)")
        #expect(draft.contains("  sheet SettingsViewStack  // App.swift:44"))
        #expect(draft.contains("  sheet ReportView  // App.swift:45"), "the wrapper's condition is false for .report")
        #expect(draft.contains("  sheet ShareView  // App.swift:46"), "the call asks for no stack")
        #expect(!draft.contains("showing 'LayerView'"), "the wrapper's app-wide sheet is read")
        #expect(!draft.contains("screen LayerView"))
        let errors = Frontend.load(SourceFile(path: "draft.navflow", text: draft)).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
    }

    /// `.interactiveDismissDisabled()` locks the screen that applies it, or
    /// the sheet content it is applied to; with a condition it is listed,
    /// since `locked` has none. A router property set to a sheet's case
    /// is a presentation of the screen that sets it.
    @Test func lockedScreensAndPresentationsSetByAssignmentAreRead() throws {
        let draft = Self.draft(["Home.swift": """
            struct Home: View {
                @State private var router = Router()
                @State private var draft = ""
                var body: some View {
                    NavigationStack {
                        List {
                            NavigationLink("Drafts") { Drafts() }
                            Button("Help") { showHelp = true }
                        }
                        .sheet(item: $router.presentedSheet) { sheet in
                            switch sheet { case .compose: Composer().interactiveDismissDisabled(!draft.isEmpty) }
                        }
                        .sheet(isPresented: $showHelp) { HelpView().interactiveDismissDisabled() }
                    }
                }
            }
            struct Drafts: View {
                @Environment(Router.self) private var router
                var body: some View { Button("New") { router.presentedSheet = .compose } }
            }
            struct Composer: View { var body: some View { Text("") } }
            struct HelpView: View { var body: some View { Text("") } }
            struct Terms: View { var body: some View { Text("").interactiveDismissDisabled(true) } }
            enum SheetDestination: Identifiable { case compose; var id: Self { self } }
            @Observable final class Router { var presentedSheet: SheetDestination? }
            """])
        #expect(draft.contains("screen Drafts {  // Home.swift:7\n  sheet Composer  // Home.swift:19\n}"))
        #expect(draft.contains("screen HelpView locked  // Home.swift:13, locked at Home.swift:13"))
        #expect(draft.contains("// - Home.swift:11: 'Composer' cannot be swiped away while `!draft.isEmpty`; write `locked if FLAG` with a flag the screen's actions set as that condition changes"))
        #expect(!draft.contains("screen Composer locked"))
        let errors = Frontend.load(SourceFile(path: "draft.navflow", text: draft)).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
    }

    /// Code with no navigation still gives a spec that reads.
    @Test func codeWithoutNavigationGivesAPlaceholder() {
        let draft = Extractor.extract([SourceFile(path: "Model.swift", text: "struct Item { let id: Int }\n")]).text
        #expect(draft.contains("screen Placeholder"))
        #expect(draft.contains("start Placeholder"))
    }
}
#endif
