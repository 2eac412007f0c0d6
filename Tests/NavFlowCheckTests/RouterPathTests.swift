import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
import Testing

/// The router's current path: a stack declared `router path` takes the
/// pushes `under modals` while it is presented (a side menu whose path the
/// router returns while it is open), and a link `under modals` writes that
/// path, else the tab's beneath every modal, leaving every modal up.
@Suite struct RouterPathTests {
    static let text = """
        app Router
        scheme "r"
        id ItemID
        destinations Routes { Detail }
        stack HomeStack root Home { destinations Routes; depth 2 }
        stack MenuStack root Menu { destinations Routes; depth 2; router path }
        stack OnboardingStack root Welcome { destinations Routes; depth 1 }
        tabs Main {
          tab home "Home" HomeStack
          tab other "Other" OtherStack
        }
        stack OtherStack root Other { destinations Routes }
        start Main
        screen Home { cover MenuStack; sheet Share; cover OnboardingStack }
        screen Other { sheet Share }
        screen Menu { sheet Share; action "Close" { dismiss } }
        screen Welcome { action "Done" { dismiss } }
        screen Detail(id: ItemID)
        screen Share {
          action "Open" { push Detail under modals }
          action "Close" { dismiss }
        }
        """

    /// The same app with the link, where each landing state can also be
    /// built in the app (no `deeplink-unreachable` to hide a finding).
    static let linkText = text
        .replacingOccurrences(of: "screen Home { cover MenuStack;", with: "screen Home { push Detail; cover MenuStack;")
        .replacingOccurrences(of: "screen Detail(id: ItemID)",
                              with: "screen Detail(id: ItemID) { push Detail; sheet Share; cover OnboardingStack }")
        .replacingOccurrences(of: "screen Menu { sheet Share;", with: "screen Menu { push Detail; sheet Share;")
        .replacingOccurrences(of: "screen Other { sheet Share }", with: "screen Other { push Detail; sheet Share }")
        + "\ndeeplink \"r://item/{id: ItemID}\" -> * / ... / Detail(id) under modals\n"

    private func witness(_ query: String, in text: String) throws -> [String]? {
        let model = try FlowModel(try #require(Frontend.load(SourceFile(path: "router.navflow", text: text)).spec))
        let target = try #require(PatternResolver.resolveQuery(query, in: model.spec).0)
        guard case .reachable(let witness, _) = try ExplicitQueryEngine().answer(
            ReachabilityQuery(target: target, from: nil, deepLinks: false), model: model) else { return nil }
        return witness.steps.map(\.text)
    }

    /// From a sheet over the menu, the push lands on the menu's path,
    /// beneath the sheet; over a tab, on the tab's path.
    @Test func aPushUnderModalsTakesTheRouterPath() throws {
        #expect(try witness("reach home + cover MenuStack / Detail + sheet Share", in: Self.text) == [
            "Launch the app", "On Home, open the MenuStack cover", "On Menu, open the Share sheet",
            "Tap “Open” on Share",
        ])
        #expect(try witness("reach home / Detail + sheet Share", in: Self.text) == [
            "Launch the app", "On Home, open the Share sheet", "Tap “Open” on Share",
        ])
        // Never the tab beneath the menu.
        #expect(try witness("reach home / Detail + cover MenuStack", in: Self.text) == nil)
    }

    /// The link writes the menu's path beneath any sheet; under a cover that
    /// is not a router path (onboarding), the selected tab's; every modal
    /// stays up and the link lands.
    @Test func aLinkUnderModalsTakesTheRouterPath() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "router.navflow", text: Self.linkText)).spec)
        let model = try FlowModel(spec)
        func presentable(_ name: String) throws -> Int {
            try #require(model.shape.presentables.firstIndex { spec.name(of: $0) == name })
        }
        let detail = model.routes.id(screen: try #require(spec.screens.firstIndex { $0.name == "Detail" }), values: [0])
        let start = try #require(model.initialState(inputs: 0).state)
        let menu = Modal(kind: .cover, presentable: try presentable("MenuStack"), path: [])
        let share = Modal(kind: .sheet, presentable: try presentable("Share"), path: [])
        let onboarding = Modal(kind: .cover, presentable: try presentable("OnboardingStack"), path: [])

        var state = start
        state.modals = [menu, share]
        var link = model.handleDeepLink(0, arguments: [0], from: state)
        #expect(link.outcome == .landed)
        #expect(link.target?.modals == [Modal(kind: .cover, presentable: menu.presentable, path: [detail]), share])
        #expect(link.target?.paths == start.paths)

        state.modals = [onboarding]
        link = model.handleDeepLink(0, arguments: [0], from: state)
        #expect(link.outcome == .landed)
        #expect(link.target?.modals == [onboarding])
        #expect(link.target?.paths[0] == [detail])

        state = start
        state.selectedTab = 1
        state.modals = [share]
        link = model.handleDeepLink(0, arguments: [0], from: state)
        #expect(link.outcome == .landed)
        #expect(link.target?.modals == [share])
        #expect(link.target?.paths.map(\.count) == [0, 1])
    }

    /// Wherever it is opened the link lands: no error, and the fast and
    /// plain searches agree. With `keep modals` instead, `*` is the top
    /// modal, a screen when a sheet is up: the target is invalid.
    @Test func theLinkAlwaysLandsWhereKeepModalsDoesNot() throws {
        let source = SourceFile(path: "router.navflow", text: Self.linkText)
        let result = Verifier.verify(source)
        #expect(CloseModalsTests.lines(result).filter { !$0.contains("note") && !$0.contains("depth") } == [])
        #expect(!result.diagnostics.contains { $0.severity == .error })
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(source, options: plain).diagnostics.map(\.message) == result.diagnostics.map(\.message))
        let kept = Verifier.verify(SourceFile(path: "router.navflow", text: Self.linkText.replacingOccurrences(
            of: "under modals\n", with: "keep modals\n")))
        #expect(kept.diagnostics.contains { $0.rule == .deeplinkInvalid })
    }

    @Test func misuseIsLocated() {
        func verify(_ handler: String, stack: String = "depth 2; router path") -> [String] {
            CloseModalsTests.lines(Verifier.verify(SourceFile(path: "router.navflow", text: """
                app Router
                scheme "r"
                stack HomeStack root Home { destination Detail }
                stack MenuStack root Menu { \(stack) }
                tabs Main { tab home "Home" HomeStack }
                start Main
                screen Home { push Detail; sheet Share; cover MenuStack }
                screen Menu
                screen Detail
                screen Share { dismiss }
                deeplink "r://a" -> \(handler)
                """)))
        }
        let combined = "syntax: 'under modals' keeps every modal up and writes the router's current path; it cannot be combined with 'keep'"
        #expect(verify("* / ... / Detail under modals keep modals") == ["11:38 " + combined])
        #expect(verify("* / ... / Detail keep tab under modals") == ["11:47 " + combined])
        #expect(verify("* close Share under modals") == [
            "11:35 syntax: 'under modals' keeps every modal up, so it cannot follow 'close'",
        ])
        #expect(verify("* / ... / Detail under") == [
            "11:43 syntax: expected 'modals' after 'under', as in '* / ... / Screen under modals'",
        ])
        #expect(verify("+ sheet Share under modals") == [
            "11:35 deeplink-target: a target 'under modals' writes the path beneath the modals and presents nothing; to present over what is up, write 'keep modals'",
        ])
        #expect(verify("/ Detail under modals").first
                == "11:21 deeplink-target: the app's root is a tab view: name the tab first, as in 'home / Screen', or write '*' for where the user is, as in '* / ... / Screen'")
        #expect(verify("home / Detail under modals", stack: "router path; router path").first
                == "4:42 syntax: 'router path' is given twice")
        #expect(verify("home / Detail under modals", stack: "router paths").first
                == "4:36 syntax: expected 'path' after 'router', as in 'router path'")
    }

    /// In a split tab, a named tab's current path is its last stack column
    /// (the detail), as for `*`; selecting columns with `>` is refused.
    @Test func aSplitTabsCurrentPathIsItsDetailStack() throws {
        let text = """
            app S
            scheme "s"
            stack DetailStack root Detail { destination More }
            split Mail { sidebar Folders; content Inbox; detail DetailStack }
            tabs Main { tab mail "Mail" Mail; tab other "Other" Other }
            start Main
            screen Folders { select Inbox }
            screen Inbox { select Detail }
            screen Detail { push More; sheet Share }
            screen More
            screen Other
            screen Share { dismiss }
            deeplink "s://b" -> mail / ... / More under modals
            """
        let model = try FlowModel(try #require(Frontend.load(SourceFile(path: "split.navflow", text: text)).spec))
        let target = try #require(PatternResolver.resolveQuery("reach mail > Inbox > Detail / More + sheet Share", in: model.spec).0)
        guard case .reachable(let witness, _) = try ExplicitQueryEngine().answer(
            ReachabilityQuery(target: target, from: nil, deepLinks: true), model: model) else {
            Issue.record("the link does not push More beneath the sheet")
            return
        }
        #expect(witness.steps.map(\.text).last == "Open s://b")
        let refused = CloseModalsTests.lines(Verifier.verify(SourceFile(path: "split.navflow", text: text
            + "\ndeeplink \"s://a\" -> mail > Inbox under modals")))
        #expect(refused == [
            "14:34 deeplink-target: 'under modals' writes one path, the router's current one, so the target cannot select split columns with '>'",
        ])
    }

    /// A tab-root target with no tab and no `*` only presents: refused.
    @Test func underModalsNeedsAPath() {
        let lines = CloseModalsTests.lines(Verifier.verify(SourceFile(path: "router.navflow", text: """
            app Router
            scheme "r"
            tabs Main { tab home "Home" Home }
            start Main
            screen Home { sheet Share }
            screen Share { dismiss }
            deeplink "r://a" -> + sheet Share
            deeplink "r://b" -> + sheet Share under modals
            """)))
        #expect(lines.contains(
            "8:35 deeplink-target: a target 'under modals' writes the path beneath the modals and presents nothing; to present over what is up, write 'keep modals'"))
    }

    /// `router path` on a stack nothing presents is an error at the clause.
    @Test func aRouterPathStackIsPresented() {
        let lines = CloseModalsTests.lines(Verifier.verify(SourceFile(path: "router.navflow", text: """
            app Router
            stack HomeStack root Home { destination Detail; router path }
            start HomeStack
            screen Home { push Detail }
            screen Detail
            """)))
        #expect(lines == [
            "2:49 invalid-declaration: nothing presents stack 'HomeStack' as a modal, so 'router path' never applies; it marks a presented stack whose path the router writes while it is up",
        ])
    }
}
