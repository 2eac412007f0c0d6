import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Deep-link targets relative to where the user is: `*` describes the top
/// modal left up, else the selected tab; `/ ...` keeps the path and appends.
@Suite struct RelativeDeepLinkTests {
    /// Two tabs with stacks, a third whose stack does not register Article,
    /// a sheet with its own stack and a sheet that is a plain screen.
    static let text = """
        app Reader
        scheme "reader"
        id ArticleID
        destinations Pages { Article }
        stack FeedStack root Feed { destinations Pages; depth 2 }
        stack SavedStack root Saved { destinations Pages; depth 2 }
        stack SettingsStack root Settings { destination About }
        stack ComposeStack root Compose { destinations Pages; depth 1 }
        tabs Main {
          tab feed "Feed" FeedStack
          tab saved "Saved" SavedStack
          tab settings "Settings" SettingsStack
        }
        start Main
        screen Feed { push Article; sheet ComposeStack; sheet Help }
        screen Saved { push Article }
        screen Settings { push About }
        screen About
        screen Article(id: ArticleID) { push Article }
        screen Compose { push Article; dismiss }
        screen Help { dismiss }
        deeplink "reader://article/{id: ArticleID}" -> * / ... / Article(id)
        deeplink "reader://here/{id: ArticleID}" -> * / ... / Article(id) keep modals
        deeplink "reader://top" -> *
        deeplink "reader://saved" -> saved / ...
        """

    private func model(_ text: String = Self.text) throws -> FlowModel {
        try FlowModel(try #require(Frontend.load(SourceFile(path: "reader.navflow", text: text)).spec))
    }

    /// Every transition of `link` from every state explored with deep links.
    private func transitions(of link: Int, in model: FlowModel) throws -> [(NavState, Transition)] {
        let start = try #require(model.initialState(inputs: 0).state)
        let search = try PlainExplorer().search(model, from: [start], deepLinks: true)
        var found: [(NavState, Transition)] = []
        for index in 0..<search.count {
            let state = search.state(index)
            model.successors(of: state, deepLinks: true) { transition in
                if case .deepLink(link, _) = transition.step { found.append((state, transition)) }
            }
        }
        return found
    }

    @Test func aLinkAppendsToTheSelectedTabAndClosesTheModals() throws {
        let model = try model()
        var appended = 0
        var cut = 0
        for (state, transition) in try transitions(of: 0, in: model) {
            let slot = model.shape.tabSlots[state.selectedTab].lowerBound
            guard let target = transition.target else {
                // A full path, or a tab whose stack does not register Article.
                if case .invalid(.unregisteredDestination)? = transition.outcome {
                    #expect(model.spec.rootTabView?.tabs[state.selectedTab].id == "settings")
                } else {
                    #expect(state.paths[slot].count == 2 && transition.outcome == nil)
                    #expect(transition.facts.contains { if case .cutAtStackDepth = $0 { true } else { false } })
                    cut += 1
                }
                continue
            }
            #expect(target.selectedTab == state.selectedTab && target.modals.isEmpty)
            #expect(Array(target.paths[slot].dropLast()) == state.paths[slot])
            for other in target.paths.indices where other != slot { #expect(target.paths[other] == state.paths[other]) }
            #expect(transition.outcome == .landed)
            appended += 1
        }
        #expect(appended > 0 && cut > 0)
    }

    /// With `keep modals`, a sheet left up is where the user is: the route
    /// goes on its stack, and the sheet is part of the target. On a sheet
    /// that is a screen there is no stack to push onto.
    @Test func withModalsKeptTheTopModalIsWhereTheUserIs() throws {
        let model = try model()
        let compose = try #require(model.shape.presentableIndex[.stack(model.spec.stacks.firstIndex { $0.name == "ComposeStack" }!)])
        var inSheet = 0
        var onScreenSheet = 0
        for (state, transition) in try transitions(of: 1, in: model) {
            guard let top = state.modals.last else { continue }
            if top.presentable == compose {
                if top.path.isEmpty {
                    let target = try #require(transition.target)
                    #expect(target.modals.count == 1 && target.modals[0].path.count == 1 && target.paths == state.paths)
                    #expect(transition.outcome == .landed)
                    inSheet += 1
                } else {
                    #expect(transition.target == nil && transition.outcome == nil)   // ComposeStack's depth is 1
                }
            } else {
                #expect(transition.outcome == .invalid(.pathOnModalScreen(presentable: top.presentable)))
                onScreenSheet += 1
            }
        }
        #expect(inSheet > 0 && onScreenSheet > 0)
    }

    @Test func aStarAloneEmptiesTheSelectedTabsPathAndATabWithAnEllipsisKeepsIt() throws {
        let model = try model()
        for (state, transition) in try transitions(of: 2, in: model) {
            let target = try #require(transition.target)
            let slot = model.shape.tabSlots[state.selectedTab].lowerBound
            #expect(target.paths[slot].isEmpty && target.selectedTab == state.selectedTab)
        }
        let saved = try #require(model.spec.rootTabView?.tabs.firstIndex { $0.id == "saved" })
        let savedSlot = model.shape.tabSlots[saved].lowerBound
        for (state, transition) in try transitions(of: 3, in: model) {
            let target = try #require(transition.target)
            #expect(target.selectedTab == saved && target.paths == state.paths && target.modals.isEmpty)
            _ = savedSlot
        }
    }

    /// The findings: a link appended in a tab whose stack does not register
    /// the screen is `deeplink-invalid` from that tab only, with a witness
    /// that selects it; over a sheet that is a screen, likewise. Registering
    /// the pages in Settings and giving the Help sheet a stack fixes both.
    @Test func findingsAndTheirFix() throws {
        let result = Verifier.verify(SourceFile(path: "reader.navflow", text: Self.text))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.range.start.line) \($0.rule.rawValue): \($0.messageAndWitnessNote)" } == [
            "22 deeplink-invalid: deep link \"reader://article/{id: ArticleID}\" leads to an invalid state from a reachable state [in the witness, stack 'SettingsStack' has no destination 'Article']",
            "23 deeplink-invalid: deep link \"reader://here/{id: ArticleID}\" leads to an invalid state from a reachable state [in the witness, 'Help' is presented on top, and it is not a stack]",
        ])
        #expect(errors.first?.witness?.steps.map(\.text) == ["Launch the app", "Switch to the Settings tab", "Open reader://article/x"])
        let fixed = Self.text
            .replacingOccurrences(of: "root Settings { destination About }", with: "root Settings { destination About; destinations Pages }")
            .replacingOccurrences(of: "sheet Help }", with: "sheet HelpStack }")
            .replacingOccurrences(of: "stack ComposeStack", with: "stack HelpStack root Help { destinations Pages; depth 1 }\nstack ComposeStack")
            .replacingOccurrences(of: "screen Settings { push About }", with: "screen Settings { push About; push Article }")
            .replacingOccurrences(of: "screen Help { dismiss }", with: "screen Help { push Article; dismiss }")
            .replacingOccurrences(of: "screen About", with: "screen About { push Article }")
        let after = Verifier.verify(SourceFile(path: "reader.navflow", text: fixed))
        #expect(after.diagnostics.filter { $0.severity != .note }.map { "\($0.range.start.line) \($0.rule.rawValue): \($0.message)" } == [])
    }

    /// A link that appends to a tab it selects finds that tab as it was
    /// left: that tab is stored whole, with the link's line; links that act
    /// where the user is (`*`) leave the other tabs alone.
    @Test func relativeLinksAreReasonsToStoreATabWhole() throws {
        let independence = TabIndependence(try model().spec)
        #expect(independence.reasons.isEmpty)
        #expect(independence.wholeReasons.filter { $0.contains("'*'") || $0.contains("'/ ...'") } == [
            "tab 'saved', line 25: deep link \"reader://saved\" appends to the path of a tab it may select ('/ ...')",
        ])
        let source = SourceFile(path: "reader.navflow", text: Self.text)
        var full = Verifier.Options()
        full.exploration = .full
        let parked = Verifier.verify(source)
        #expect(parked.statistics?.parkedInactiveTabs == true)
        #expect(parked.diagnostics.map(\.message) == Verifier.verify(source, options: full).diagnostics.map(\.message))
    }

    @Test func plainAndDefaultExplorationAgree() throws {
        let source = SourceFile(path: "reader.navflow", text: Self.text)
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(source, options: plain).diagnostics == Verifier.verify(source).diagnostics)
    }
}
