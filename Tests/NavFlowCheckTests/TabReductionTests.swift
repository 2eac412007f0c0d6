import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Parking the tabs that are not selected (when `TabIndependence` holds)
/// must find what exploring every state finds: the same findings at the
/// same places, and witnesses that are paths of the app.
@Suite struct TabReductionTests {
    static func load(_ text: String, name: String) throws -> FlowSpec {
        try #require(Frontend.load(SourceFile(path: name, text: text)).spec, "\(name) does not resolve")
    }

    /// The findings of a spec, without witnesses: rule, place and message.
    static func findings(_ text: String, name: String, exploration: Verifier.Exploration) throws
        -> (lines: [String], stats: Verifier.Statistics) {
        var options = Verifier.Options()
        options.exploration = exploration
        options.limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)
        let result = Verifier.verify(SourceFile(path: name, text: text), options: options)
        let stats = try #require(result.statistics, "\(name): \(result.limit ?? "not explored")")
        return (result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" }.sorted(), stats)
    }

    static func shape(_ seed: UInt64) -> AppShape {
        AppShape(tabs: 2 + Int(seed % 3), screens: 6 + Int(seed % 7), fanOut: 1 + Int(seed % 2), depth: seed % 3 == 2 ? 2 : 2 + Int(seed % 2),
                 sheets: Int(seed % 3), flags: Int(seed % 4), inputs: Int(seed % 3), deepLinks: Int(seed % 5), seed: seed)
    }

    @Test(arguments: Array(UInt64(0)..<UInt64(4)))
    func parkedFindingsEqualFullFindings(batch: UInt64) throws {
        var independent = 0
        var full = 0
        var parked = 0
        for seed in (batch * 15 + 1)...(batch * 15 + 15) {
            let text = AppSpecGenerator.spec(Self.shape(seed))
            guard TabIndependence(try Self.load(text, name: "app-\(seed)")).holds else { continue }
            independent += 1
            let every = try Self.findings(text, name: "app-\(seed)", exploration: .full)
            let reduced = try Self.findings(text, name: "app-\(seed)", exploration: .automatic)
            #expect(reduced.stats.parkedInactiveTabs && !every.stats.parkedInactiveTabs)
            #expect(reduced.lines == every.lines, "seed \(seed)\n\(text)")
            #expect(reduced.stats.inAppStates <= every.stats.inAppStates)
            full += every.stats.states
            parked += reduced.stats.states
        }
        // Generated apps meet the conditions, and parking explores fewer states.
        #expect(independent == 15)
        #expect(parked * 2 < full, "parked \(parked) states, full \(full)")
    }

    /// Generated apps with the interactions real apps have (sign-in and
    /// sign-out with `rebuild`, a tab hidden while signed out, `tab` in
    /// actions, an appear hook, links where the user is, keeping modals or
    /// presenting): parked with no tab stored whole (the action that
    /// selects the first tab and pushes there lifts it), they report
    /// exactly the findings of every state, store the states the plainest
    /// parked search finds, and every state lifts to a path of the app
    /// that ends in its local view.
    @Test(arguments: Array(UInt64(1)...UInt64(6)))
    func interactingAppsAgree(seed: UInt64) throws {
        let checked = try Self.parkedAgrees(Fixtures.interactingApp(seed: seed), name: "interacting-\(seed)")
        let independence = TabIndependence(checked.spec)
        #expect(!independence.wholeTabs.contains(true), "\(independence.wholeReasons)")
        #expect(independence.liftedTabs.joined().contains([0]))
        #expect(checked.parked.states < checked.every.states)
        let lifts = Self.liftFailures(checked.graph, model: checked.model, sampling: checked.graph.count / 400)
        #expect(lifts.failures.isEmpty, "seed \(seed): \(lifts.failures)")
    }

    /// Every state of a parked graph is reached by a lifted path of the
    /// app, which ends in a state with the same local view.
    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func everyParkedStateLiftsToAPathOfTheApp(seed: UInt64) throws {
        let spec = try Self.load(AppSpecGenerator.spec(Self.shape(seed)), name: "app-\(seed)")
        try #require(TabIndependence(spec).holds)
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        let failures = Self.liftFailures(graph, model: model, sampling: graph.count / 300).failures
        #expect(failures.isEmpty, "seed \(seed): \(failures)")
    }

    /// A spec whose tabs park, checked: verify with the tabs parked reports
    /// the findings of every state, messages included, and stores the
    /// states the plainest parked search finds. Returns its parked graph,
    /// and the statistics of both explorations.
    static func parkedAgrees(_ text: String, name: String) throws
        -> (spec: FlowSpec, model: FlowModel, graph: StateGraph, parked: Verifier.Statistics, every: Verifier.Statistics) {
        let spec = try load(text, name: name)
        #expect(TabIndependence(spec).holds, "\(name): \(TabIndependence(spec).reasons)")
        try ParkedPathsTests.compare(text, name: name)
        let every = try findings(text, name: name, exploration: .full)
        let reduced = try findings(text, name: name, exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs, "\(name)")
        #expect(reduced.lines == every.lines, "\(name)\n\(text)")
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.parksInactiveTabs = true
        return (spec, model, try explorer.explore(model), reduced.stats, every.stats)
    }

    /// The theorem itself, on every example that parks and on generated
    /// apps: the parked search reaches exactly the local views every
    /// state's search reaches, in-app and overall (docs/performance.md,
    /// "Why parking finds the same findings").
    @Test(arguments: ["accounts", "appear-hooks", "data-choices", "dismissal-hooks", "entry-points", "messenger", "router-tabs",
                      "server-setup", "sheet-router", "tab-links", "tab-retap", "container-toasts"].map { "specs/examples/\($0).navflow" }
                     + (1...8).map { "app-\($0)" })
    func parkedLocalViewsAreTheApps(_ name: String) throws {
        let text = name.hasPrefix("app-") ? AppSpecGenerator.spec(Self.shape(UInt64(name.dropFirst(4))!))
            : String(decoding: Repository.source(Repository.path(name)).bytes, as: UTF8.self)
        let model = try FlowModel(try Self.load(text, name: name))
        let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)
        var parked = Explorer(limits: limits)
        parked.parksInactiveTabs = true
        let reduced = try parked.explore(model)
        try #require(reduced.store.parksInactiveTabs, "\(name) is not parked")
        let every = try Explorer(limits: limits).explore(model)
        #expect(Self.localViews(reduced, model: model, inAppOnly: true) == Self.localViews(every, model: model, inAppOnly: true),
                "\(name)")
        #expect(Self.localViews(reduced, model: model) == Self.localViews(every, model: model), "\(name)")
    }

    /// `tab` statements the search must not watch, where its check (no
    /// modal up at the `tab`) is not enough: a dismissal hook of the closed
    /// sheet that pushes on the tab the edge selected, after the edge's
    /// statements; two hooks of one `on dismiss` list, the first selecting
    /// a tab the second pushes on; an appear hook, pinned to its own view,
    /// whose `popToRoot` after `tab more` empties the old tab and whose
    /// sheet covers More's path. Watched, each lost local views of the app.
    @Test(arguments: [
        """
        app W
        scheme "w"
        flag go = false
        stack Feed root Home { depth 1 }
        stack More root MoreHome { destination Page destination Extra depth 3 }
        tabs T {
          tab feed "Feed" Feed
          tab more "More" More
        }
        start T
        screen Home { sheet Setup }
        screen Setup {
          action "Go" { set go = true; dismiss; tab more }
          on dismiss if go { set go = false; push Extra }
        }
        screen MoreHome { push Page }
        screen Page { push Page }
        screen Extra
        deeplink "w://x" -> more / Page / Extra
        """,
        """
        app W
        stack Feed root Home { depth 1 }
        stack More root MoreHome { destination Page destination Extra depth 3 }
        tabs T {
          tab feed "Feed" Feed
          tab more "More" More
        }
        start T
        screen Home { sheet Setup }
        screen Setup {
          action "Close" { dismiss }
          on dismiss { tab more }
          on dismiss { push Extra }
        }
        screen MoreHome { push Page }
        screen Page { push Page }
        screen Extra
        """,
        """
        app W
        scheme "w"
        stack Feed root Home { destination Leaf depth 2 }
        stack More root MoreHome { destination Page depth 3 }
        stack M root MR { depth 1 }
        tabs T {
          tab feed "Feed" Feed
          tab more "More" More
        }
        start T
        screen Home { action "Go" { push Leaf } }
        screen Leaf { appear { tab more; popToRoot; sheet M } }
        screen MoreHome { push Page }
        screen Page { push Page }
        screen MR { action "Close" { dismiss } }
        deeplink "w://x" -> more / Page + sheet M
        """,
    ])
    func tabsWhoseCheckIsNotEnoughAreNotWatched(_ text: String) throws {
        let model = try FlowModel(try Self.load(text, name: "w.navflow"))
        #expect(TabIndependence(model: model, metWithAModalUp: []).watched == [])
        let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)
        var parked = Explorer(limits: limits)
        parked.parksInactiveTabs = true
        let reduced = try parked.explore(model)
        let every = try Explorer(limits: limits).explore(model)
        #expect(Self.localViews(reduced, model: model) == Self.localViews(every, model: model))
        #expect(try Self.findings(text, name: "w.navflow", exploration: .automatic).lines
                == Self.findings(text, name: "w.navflow", exploration: .full).lines)
    }

    /// A `keep tab` handler with an `else` writes a tab not selected: its
    /// landing is compared there too (More shows `[Extra]` once unlocked,
    /// which no tap builds).
    @Test func aKeptTabALinkWritesIsComparedWithAnElse() throws {
        let text = """
        app W
        scheme "w"
        flag shown = false
        flag seen = false
        stack Feed root Home { depth 1 }
        stack More root MoreHome { destination Page destination Extra depth 3 }
        tabs T {
          tab feed "Feed" Feed
          tab more "More" More hidden if !shown
        }
        start T
        screen Home {
          action "Unlock" if !shown { set shown = true }
          action "Ack" if seen { set seen = false }
        }
        screen MoreHome { push Page }
        screen Page { push Page; push Extra }
        screen Extra
        deeplink "w://x" -> more / Extra requires !shown else set seen = true keep tab
        """
        let unreachable = "deeplink-unreachable 19:10 deep link \"w://x\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate"
        #expect(try Self.findings(text, name: "w.navflow", exploration: .automatic).lines.contains(unreachable))
        #expect(try Self.findings(text, name: "w.navflow", exploration: .full).lines.contains(unreachable))
    }

    /// The local views of a graph's states: each state with the slots of
    /// the tabs not selected emptied.
    static func localViews(_ graph: StateGraph, model: FlowModel, inAppOnly: Bool = false) -> Set<NavState> {
        Set((0..<(inAppOnly ? graph.inAppCount : graph.count)).map { index in
            var state = graph.state(index)
            for (tab, slots) in model.shape.tabSlots.enumerated() where tab != state.selectedTab {
                for slot in slots {
                    state.paths[slot] = []
                    state.shows[slot] = 0
                }
            }
            return state
        })
    }

    /// The states of a parked graph, one in `sampling`, whose lifted path is
    /// missing or ends in another local view than theirs (at most three),
    /// and how many lifted paths are longer than the parked one (a back
    /// step after a switch, or a detour before a lifted tab's edge).
    static func liftFailures(_ graph: StateGraph, model: FlowModel, sampling: Int = 1) -> (failures: [String], longer: Int) {
        let view = LocalView(model: model)
        var failures: [String] = []
        var longer = 0
        for index in stride(from: 0, to: graph.count, by: max(1, sampling)) where failures.count < 3 {
            guard let lifted = graph.liftedPath(to: index) else {
                failures.append("state \(index): no lifted path")
                continue
            }
            if view.projection(of: lifted.last) != view.projection(of: graph.state(index)) {
                failures.append("state \(index): the lifted path ends in another local view")
            }
            let parked = graph.path(to: index).count
            if lifted.steps.count < parked {
                failures.append("state \(index): the lifted path is shorter than the parked one")
            } else if lifted.steps.count > parked {
                longer += 1
            }
        }
        return (failures, longer)
    }

    @Test func examplesWhoseTabsInteractSayWhy() throws {
        let interacting = """
        app M
        scheme "m"
        flag on = false
        stack A root Home { destination Detail depth 2 }
        stack B root Other { destination Detail depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B hidden if on
        }
        start T
        screen Home {
          push Detail
          action "Go" { tab b; push Detail }
          sheet Sheet
        }
        screen Sheet { action "Leave" { tab b } }
        screen Detail {
          action "Open" { tab a; sheet Sheet }
          appear if on { set on = false; tab b; push Detail }
        }
        screen Other
        deeplink "m://x" -> b / ... / Detail
        deeplink "m://y" -> b / Detail keep tab
        deeplink "m://z" -> a / Detail requires on else tab b
        """
        let reasons = TabIndependence(try Self.load(interacting, name: "m.navflow")).reasons
        #expect(reasons == [
            "line 13: an edge of 'Home' acts on the tab it selects, or presents, after 'tab'",
            "line 16: an edge of 'Sheet' selects a tab and may leave a modal up (no 'rebuild')",
            "line 18: an edge of 'Detail' acts on the tab it selects, or presents, after 'tab'",
            "line 19: the appear hook of 'Detail' acts on the tab it selects, or presents, after 'tab'",
            "line 22: deep link \"m://x\" appends to the path of a tab it may select ('/ ...')",
            "line 23: deep link \"m://y\" changes a tab it does not select ('keep tab')",
            "line 24: the 'else' of deep link \"m://z\" selects a tab",
        ])
        // A split tab, `launch` pushes, selections, links gated by flags,
        // `else` statements that navigate, a URL opened from a step and a
        // dismissal hook: none keeps the tabs from being parked.
        let other = """
        app R
        scheme "r"
        flag on = false
        split Book {
          sidebar Shelf
          detail Page
        }
        stack A root Home { destination Detail depth 2 }
        tabs T {
          tab a "A" A
          tab b "B" Book
        }
        start T
        launch push Detail
        screen Home { push Detail; action "Open" { open "r://x" }; sheet Note }
        screen Note { on dismiss if on { push Detail } }
        screen Detail { select Page; action "On" { set on = true }; action "Off" { set on = false } }
        screen Shelf {}
        screen Page {}
        deeplink "r://x" -> a / Detail requires on else push Detail
        """
        #expect(TabIndependence(try Self.load(other, name: "r.navflow")).reasons == [])
        let every = try Self.findings(other, name: "r.navflow", exploration: .full)
        let reduced = try Self.findings(other, name: "r.navflow", exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs)
        #expect(reduced.lines == every.lines)
        let single = "app S\nstack A root Home { depth 1 }\nstart A\nscreen Home {}\n"
        #expect(TabIndependence(try Self.load(single, name: "s.navflow")).reasons
                == ["the root is not a tab view of two tabs or more"])
    }

    /// A `tab` followed, with no modal up, by a `popToRoot` before anything
    /// else acts on a path or presents empties the tab's one path in the
    /// app and in the parked search alike, so the tab is cut: from a screen
    /// never presented, and after a `dismiss` from the root of a sheet that
    /// is only ever the one modal up (the router that closes its sheet and
    /// routes to Settings › Firmware). A push without the `popToRoot`, a
    /// sheet before it, a `dismiss` from a sheet that may be over another,
    /// or a `dismiss` that is not the first thing the step does, keeps the
    /// tab whole.
    @Test func aTabEmptiedByPopToRootIsCut() throws {
        let spec = """
        app P
        scheme "p"
        flag banned = false
        stack Feed root Home { destination Post destination Detail depth 3 }
        stack Settings root SettingsHome { destination Firmware destination About depth 2 }
        stack NoticeStack root Notice { depth 1 }
        tabs T {
          tab feed "Feed" Feed
          tab settings "Settings" Settings hidden if banned
        }
        start T
        screen Home {
          push Post
          sheet NoticeStack
          action "Firmware" { tab settings; popToRoot; push Firmware }
        }
        screen Post { push Detail }
        screen Detail { push Notes inline }
        screen Notes { action "Back" { dismiss; dismiss; tab settings; popToRoot } }
        screen SettingsHome { push Firmware; push About; sheet Other }
        screen Firmware { push About }
        screen About {}
        screen Notice { action "Update" { dismiss; tab settings; popToRoot; push Firmware } }
        screen Other { action "Go" { dismiss; tab feed; popToRoot; push Post } }
        deeplink "p://about" -> settings / Firmware / About
        """
        #expect(TabIndependence(try Self.load(spec, name: "p.navflow")).reasons == [])
        let every = try Self.findings(spec, name: "p.navflow", exploration: .full)
        let reduced = try Self.findings(spec, name: "p.navflow", exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs)
        #expect(reduced.stats.states < every.stats.states)
        #expect(reduced.lines == every.lines)
        // The same spec with each way the step may act on a path it did not empty.
        let acts = "acts on the tab it selects, or presents, after 'tab'"
        let variants: [(from: String, to: String, reason: String)] = [
            ("{ tab settings; popToRoot; push Firmware }", "{ tab settings; push Firmware }", "an edge of 'Home' \(acts)"),
            ("{ tab settings; popToRoot; push Firmware }", "{ tab settings; sheet NoticeStack; popToRoot }", "an edge of 'Home' \(acts)"),
            ("screen Other { action", "screen Other { sheet NoticeStack; action", "an edge of 'Notice' \(acts)"),
            ("{ dismiss; tab settings; popToRoot; push Firmware }", "{ popToRoot; dismiss; tab settings; popToRoot }",
             "an edge of 'Notice' \(acts)"),
        ]
        for variant in variants {
            let changed = spec.replacingOccurrences(of: variant.from, with: variant.to)
            #expect(changed != spec)
            let independence = TabIndependence(try Self.load(changed, name: "p.navflow"))
            let line = try #require(changed.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.contains(variant.reason.contains("Home") ? "action \"Firmware\"" : "action \"Update\"") }) + 1
            #expect(independence.wholeReasons == ["tab 'settings', line \(line): \(variant.reason)"], "\(variant.to)")
        }
    }

    /// A link that selects another tab and presents over it, keeping the
    /// modals, opened from a page pushed on the first tab, keeps that page
    /// under the first tab, which the parked search cuts: what the app
    /// shows is a sheet over `R2`, as the in-app `open` shows it. The
    /// landing is judged on what is on screen, so neither search reports
    /// it, with the link as it is and with an `else` (whose landing is
    /// compared on what is on screen too); a link that presents over the
    /// pushed page itself is out of context in both.
    @Test func landingsAreJudgedOnTheLocalView() throws {
        let spec = """
        app G
        scheme "g"
        stack S0 root R0 { destination A0 depth 2 }
        stack S2 root R2 { depth 1 }
        stack M0 root MR0 { depth 1 }
        tabs Main {
          tab t0 "T0" S0
          tab t2 "T2" S2
        }
        start Main
        screen R0 {
          push A0
          action "Open" { open "g://l0" }
        }
        screen A0
        screen R2
        screen MR0 { action "Close" { dismiss } }
        deeplink "g://l0" -> t2 + sheet M0 keep modals
        """
        let outOfContext = "deeplink-out-of-context 18:10 deep link \"g://l0\" presents a modal over a state where the app itself never presents it"
        let variants: [(link: String, lines: [String])] = [
            ("-> t2 + sheet M0 keep modals", []),
            ("-> t2 + sheet M0 requires on else set on = false keep modals", []),
            ("-> + sheet M0 keep modals", [outOfContext]),
        ]
        for variant in variants {
            var text = spec.replacingOccurrences(of: "-> t2 + sheet M0 keep modals", with: variant.link)
            if variant.link.contains("requires on") { text += "\nflag on = true" }
            #expect(TabIndependence(try Self.load(text, name: "g.navflow")).holds, "\(variant.link)")
            let every = try Self.findings(text, name: "g.navflow", exploration: .full)
            let reduced = try Self.findings(text, name: "g.navflow", exploration: .automatic)
            #expect(reduced.stats.parkedInactiveTabs, "\(variant.link)")
            #expect(every.lines == variant.lines, "\(variant.link)")
            #expect(reduced.lines == variant.lines, "\(variant.link)")
        }
    }

    /// A setup sheet shown over the welcome cover and from the tabs' roots,
    /// whose "Save" closes the cover and opens a page of another tab
    /// (`close WelcomeStack; tab more; popToRoot; push Calendar`, Trawl's
    /// queued calendar link). Whether a modal is still up at the `tab`
    /// depends on where the sheet is, which the spec does not say: the
    /// parked search checks it as it goes. Guarded by `welcome`, "Save"
    /// runs only over the cover, which `close` closes with the sheet, so
    /// More is parked; unguarded, it also runs from Feed's root, where the
    /// sheet stays up over More's path (which `popToRoot` does not reach),
    /// and the search runs again with More whole. Both find what every
    /// state's search finds, and every state lifts to a path of the app.
    @Test func aTabEmptiedWithNoModalUpIsCheckedByTheSearch() throws {
        let spec = """
        app W
        flag welcome = true
        stack Feed root Home { destination Post depth 2 }
        stack More root MoreHome { destination Page destination Calendar depth 2 }
        stack WelcomeStack root Intro { depth 1 }
        tabs T {
          tab feed "Feed" Feed
          tab more "More" More
        }
        start T
        launch cover WelcomeStack if welcome
        screen Intro { sheet Setup }
        screen Setup {
          action "Save" if welcome { set welcome = false; close WelcomeStack; tab more; popToRoot; push Calendar }
          action "Cancel" { dismiss }
        }
        screen Home { push Post; sheet Setup }
        screen Post { push Post }
        screen MoreHome { push Page; push Calendar; sheet Setup }
        screen Page { push Page }
        screen Calendar
        """
        let line = try #require(spec.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("action \"Save\"") }) + 1
        let model = try FlowModel(try Self.load(spec, name: "w.navflow"))
        // Judged on the spec alone, More is stored whole; checked by the search, it is watched.
        #expect(TabIndependence(model: model).wholeReasons
                == ["tab 'more', line \(line): an edge of 'Setup' acts on the tab it selects, or presents, after 'tab'"])
        let watching = TabIndependence(model: model, metWithAModalUp: [])
        #expect(watching.wholeReasons == [])
        #expect(watching.watched.map { "\($0.tab) \($0.statement.start.line)" } == ["1 \(line)"])
        let every = try Self.findings(spec, name: "w.navflow", exploration: .full)
        let reduced = try Self.findings(spec, name: "w.navflow", exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs)
        #expect(reduced.stats.tabsInteract == [])
        #expect(reduced.stats.tabsChecked
                == ["tab 'more', line \(line): an edge of 'Setup' selects it with no modal up, as the search checks"])
        #expect(every.stats.tabsChecked == [])
        #expect(reduced.stats.states < every.stats.states)
        #expect(reduced.lines == every.lines)
        var explorer = Explorer()
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        #expect(graph.tabIndependence?.watched.count == 1)
        #expect(graph.store.parkedPaths?.independence.wholeTabs == [false, false])
        #expect(graph.count == reduced.stats.states)
        #expect(Self.liftFailures(graph, model: model).failures == [])

        // Unguarded, "Save" also runs from More's page under the sheet: More is stored whole.
        let unguarded = spec.replacingOccurrences(of: "action \"Save\" if welcome {", with: "action \"Save\" {")
        #expect(unguarded != spec)
        let everyUnguarded = try Self.findings(unguarded, name: "w.navflow", exploration: .full)
        let reducedUnguarded = try Self.findings(unguarded, name: "w.navflow", exploration: .automatic)
        #expect(reducedUnguarded.stats.parkedInactiveTabs)
        #expect(reducedUnguarded.stats.tabsInteract
                == ["tab 'more', line \(line): an edge of 'Setup' selects the tab and empties it with a modal up (the search met one there)"])
        #expect(reducedUnguarded.stats.tabsChecked == [])
        #expect(reducedUnguarded.lines == everyUnguarded.lines)
        let unguardedModel = try FlowModel(try Self.load(unguarded, name: "w.navflow"))
        let unguardedGraph = try explorer.explore(unguardedModel)
        #expect(Self.liftFailures(unguardedGraph, model: unguardedModel).failures == [])
        // The sheet over More's page, which the user pushed before: parked unchecked, the search would miss it.
        var full = Explorer()
        full.parksInactiveTabs = false
        let views = Self.localViews(unguardedGraph, model: unguardedModel)
        #expect(views == Self.localViews(try full.explore(unguardedModel), model: unguardedModel))
        #expect(Self.localViews(graph, model: model) == Self.localViews(try full.explore(model), model: model))
        #expect(unguardedGraph.tabIndependence?.watched == [])
        #expect(unguardedGraph.store.parkedPaths?.independence.wholeTabs == [false, true])
        // The first search, with More parked, stopped where it met the `tab`
        // under the sheet: before it had stored every state it would have.
        #expect(graph.statesOfSearchesGivenUp == [])
        let givenUp = try #require(unguardedGraph.statesOfSearchesGivenUp.first)
        #expect(unguardedGraph.statesOfSearchesGivenUp.count == 1)
        let parking = ParkedPaths(model: unguardedModel, independence: TabIndependence(model: unguardedModel, metWithAModalUp: []))
        let launch = try #require(unguardedModel.initialState(inputs: 0).state)
        let whole = try PlainExplorer().search(unguardedModel, from: [launch], deepLinks: false, parking: parking)
        #expect(givenUp < whole.count, "\(givenUp) of \(whole.count) states")
    }

    /// An appear hook of a view the same step covers with a sheet (an
    /// action that pushes it and presents) runs under that sheet: its `tab`
    /// leaves the tab it selects under a modal, where the rest of the step
    /// (the sheet's own hook closing it, then its dismissal hook pushing,
    /// or an action of the sheet that pushes beneath it) acts on that tab's
    /// whole path. The tab is stored whole, and the parked search reaches
    /// what every state does: `x / B / A`, and the depth note of a stack
    /// filled beneath the sheet.
    @Test func aTabSelectedByAHookUnderASheetIsStoredWhole() throws {
        let hooked = """
            app D1
            scheme "d1"
            stack TS root P { destination V1 }
            stack XS root XR { destination B; destination A; depth 2 }
            tabs Main {
              tab t "T" TS
              tab x "X" XS
            }
            start Main
            screen P { action "Go" { push V1; sheet Ms } }
            screen V1 { appear { tab x } }
            screen Ms {
              appear { dismiss }
              on dismiss { push A }
            }
            screen XR { push B }
            screen B
            screen A
            """
        let beneath = """
            app D3
            scheme "d3"
            flag u = false
            stack TS root P { destination V1 }
            stack XS root XR { destination B; destination C; destination A; depth 2 }
            tabs Main {
              tab t "T" TS
              tab x "X" XS
            }
            start Main
            screen P { action "Go" { push V1; sheet Ms } }
            screen V1 { appear { tab x } }
            screen Ms { action "U" if !u { set u = true; push A under modals } }
            screen XR { push B }
            screen B { push C }
            screen C
            screen A
            """
        for (name, text, line) in [("d1.navflow", hooked, 11), ("d3.navflow", beneath, 12)] {
            let independence = TabIndependence(try Self.load(text, name: name))
            #expect(independence.wholeTabs == [false, true], "\(name): \(independence.wholeReasons)")
            #expect(independence.wholeReasons == ["tab 'x', line \(line): the appear hook of 'V1' selects a tab and may leave a modal up (no 'rebuild')"],
                    "\(name)")
            let every = try Self.findings(text, name: name, exploration: .full)
            let reduced = try Self.findings(text, name: name, exploration: .automatic)
            #expect(reduced.stats.parkedInactiveTabs)
            #expect(reduced.lines == every.lines, "\(name)")
        }
        #expect(try Self.findings(beneath, name: "d3.navflow", exploration: .automatic).lines.contains { $0.hasPrefix("bounded 5:") })
        let model = try FlowModel(try Self.load(hooked, name: "d1.navflow"))
        let (target, _) = PatternResolver.resolveQuery("reach x / B / A", in: model.spec)
        var explorer = Explorer()
        explorer.parksInactiveTabs = true
        explorer.followsDeepLinks = false
        let graph = try explorer.explore(model)
        let query = try #require(target)
        #expect((0..<graph.count).contains { model.matches(query, graph.state($0)) })
    }

    /// A flag that goes back to false while the paths are kept: a screen
    /// pushed under it can still be on screen after another tab clears it.
    /// Parking every tab at its root would lose that state (and report 'Info'
    /// as an orphan); the parked paths keep the screen, which the user could
    /// not push again once the flag is cleared, and find it.
    @Test func aFlagThatGoesBackKeepsWhatItGated() throws {
        let text = """
        app P
        flag on = false
        stack A root Home { destination Detail depth 1 }
        stack B root Settings { depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Detail if on }
        screen Detail { action "More" if !on { sheet Info } }
        screen Info { action "Done" { dismiss } }
        screen Settings {
          action "Enable" { set on = true }
          action "Disable" { set on = false }
        }
        """
        let spec = try Self.load(text, name: "p.navflow")
        #expect(TabIndependence(spec).holds)
        let model = try FlowModel(spec)
        var parking = Explorer()
        parking.parksInactiveTabs = true
        let info = spec.screens.firstIndex { $0.name == "Info" }!
        #expect(GraphAnalysis(try parking.explore(model)).visibleAnywhere[info])
        let every = try Self.findings(text, name: "p.navflow", exploration: .full)
        let reduced = try Self.findings(text, name: "p.navflow", exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs)
        #expect(reduced.lines == every.lines)
        #expect(!reduced.lines.contains { $0.hasPrefix("orphan-screen") })
    }

    /// A tab whose root pushes a stub page that resolves (`pop; push Page`)
    /// when `resolves`, or presents a sheet instead; links append the stub
    /// where the user is, or write tab a whole.
    static func stubSpec(resolves: Bool) -> String {
        """
        app S
        scheme "s"
        id Name
        stack A root Home {
          destination Stub
          destination Page
          depth 2
        }
        stack B root Other {
          destination Page
          depth 1
        }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Stub }
        screen Stub(name: Name) { action "Resolved" { pop; \(resolves ? "push Page" : "sheet Done") } }
        screen Page { action "Share" { sheet Done } }
        screen Done { action "Close" { dismiss } }
        screen Other { push Page }
        deeplink "s://u/{name: Name}" -> * / ... / Stub(name) keep modals
        deeplink "s://page" -> a / Page
        """
    }

    /// A page a stub resolves to (`pop; push Page`, as a link's loading
    /// page replaces itself) can be pushed again by pushing the stub and
    /// resolving it: a parked tab cuts it, and what links append that way
    /// is cut too once deep links are searched. Without the stub's edge the
    /// page stays on the parked path.
    @Test func aPageAStubResolvesToIsCut() throws {
        for resolves in [true, false] {
            let name = "stub-\(resolves).navflow"
            let (spec, model, graph, _, _) = try Self.parkedAgrees(Self.stubSpec(resolves: resolves), name: name)
            // With tab b selected, tab a is stored cut: 'Page' only where no stub resolves to it.
            let page = try #require(spec.screens.firstIndex { $0.name == "Page" })
            let stored = (0..<graph.count).map { graph.state($0) }.filter { $0.selectedTab == 1 }
            let parkedPages = stored.filter { $0.paths[0].contains { model.routes.screen(of: $0) == page } }
            #expect(resolves ? parkedPages.isEmpty : !parkedPages.isEmpty, "\(name): \(parkedPages.count) states")
        }
    }

    /// A view-destination link inside a presented stack shows a screen no
    /// registration names, whose `tab home` leaves the sheet up: the modal
    /// can show it, so tab 'home' is lifted or stored whole, and the parked
    /// search finds the same as the full one (a screen pushed `inline` was
    /// once taken for one no modal shows).
    @Test func aScreenPushedInlineInASheetCountsAsPresented() throws {
        let text = """
            app P
            stack HomeStack root Home { destination D; depth 2 }
            stack OtherStack root Other { destination E; depth 2 }
            stack Modal root MRoot { depth 2 }
            tabs Main {
              tab home "Home" HomeStack
              tab other "Other" OtherStack
            }
            start Main
            screen Home { push D }
            screen D
            screen Other { push E; sheet Modal }
            screen E
            screen MRoot { push Jump inline }
            screen Jump { tab home }
            """
        let spec = try Self.load(text, name: "inline-in-sheet.navflow")
        let jump = try #require(spec.screens.firstIndex { $0.name == "Jump" })
        _ = try Self.parkedAgrees(text, name: "inline-in-sheet.navflow")
        let model = try FlowModel(spec)
        var explorer = Explorer()
        explorer.parksInactiveTabs = true
        let parked = try explorer.explore(model)
        let full = try Explorer().explore(model)
        // The state that shows Jump over Home's D is there both ways.
        func showsJumpOverD(_ graph: StateGraph) -> Bool {
            for index in 0..<graph.count {
                let state = graph.state(index)
                guard state.selectedTab == 0, state.paths[0].count == 1, state.modals.count == 1,
                      let top = state.modals[0].path.last else { continue }
                if model.routes.screen(of: top) == jump { return true }
            }
            return false
        }
        #expect(showsJumpOverD(full) && showsJumpOverD(parked))
    }

    /// A sign-in gate: 'Gated' presents the sign-in sheet when it appears
    /// signed out. With `rebuild`, sign-out empties the paths: once signed
    /// in, the hook cannot run again while the paths are kept. With
    /// `lockedSheet`, the user cannot swipe the sheet away (while
    /// `lockCondition` holds, when there is one); `presentation` is how the
    /// hook presents it.
    static func gatedSpec(signOutRebuilds: Bool, lockedSheet: Bool = true, lockCondition: String? = nil,
                          presentation: String = "sheet") -> String {
        """
        app H
        scheme "h"
        flag signedIn = false
        stack A root Home {
          destination Gated
          destination Next
          depth 2
        }
        stack B root Other { depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Gated }
        screen Gated {
          appear if !signedIn { \(presentation) SignIn }
          push Next
        }
        screen Next
        screen SignIn\(lockedSheet ? " locked" + (lockCondition.map { " if \($0)" } ?? "") : "") {
          action "Sign in" { set signedIn = true; dismiss }
          action "Cancel" { dismiss }
        }
        screen Other { action "Sign out" if signedIn { set signedIn = false\(signOutRebuilds ? "; rebuild" : "") } }
        """
    }

    /// A screen whose appear hook cannot run again while the paths are kept
    /// (its condition is false and only a rebuilding step makes it true) is
    /// cut like any other: signed in, tab a is parked at its root. The
    /// sheet the hook presents is locked, so the hook is not undone by a
    /// swipe (for that, `aHookWhoseSheetIsSwipedAwayIsCut`). Where
    /// the hook may run again (sign-out keeps the paths) or its condition
    /// holds (signed out), the screen stays on the parked path. Either
    /// way the findings are the full exploration's, and where no hook can
    /// run in any step (signed in, with the rebuild) states take the memos.
    @Test func aHookThatCannotRunAgainIsCut() throws {
        for rebuilds in [true, false] {
            let name = "gated-\(rebuilds).navflow"
            let (spec, model, graph, _, _) = try Self.parkedAgrees(Self.gatedSpec(signOutRebuilds: rebuilds), name: name)
            let gated = try #require(spec.screens.firstIndex { $0.name == "Gated" })
            let stored = (0..<graph.count).map { graph.state($0) }.filter { $0.selectedTab == 1 }
            let parked = { (signedIn: Bool) in
                stored.filter { ($0.flags & 1 == 1) == signedIn && $0.paths[0].contains { model.routes.screen(of: $0) == gated } }
            }
            #expect(rebuilds ? parked(true).isEmpty : !parked(true).isEmpty, "\(name): \(parked(true).count) states")
            #expect(!parked(false).isEmpty, "\(name)")
            // Every parked state lifts to a path of the app with its local view.
            let failures = Self.liftFailures(graph, model: model).failures
            #expect(failures.isEmpty, "\(name): \(failures)")
            // Quiet states: signed in, and only with the rebuild.
            let quiet = QuietAppearHooks(model: model)
            #expect(quiet.mayBeQuiet == rebuilds, "\(name)")
            for state in stored {
                let words = model.codec.encode(state)
                let isQuiet = words.withUnsafeBufferPointer { quiet.isQuiet($0) }
                #expect(isQuiet == (rebuilds && state.flags & 1 == 1), "\(name): \(state)")
            }
        }
    }

    /// A screen whose hook only presents a sheet the user can swipe away is
    /// cut like a screen without one, signed in or out, sign-out rebuilding
    /// or not: the app that finds it beyond the cut goes back through it
    /// and swipes away the sheet its hook presents again. A walk that
    /// leaves tab a on 'Next' above 'Gated', signed out, and comes back
    /// lifts to the app's steps with that swipe; the findings are the full
    /// exploration's.
    @Test func aHookWhoseSheetIsSwipedAwayIsCut() throws {
        for rebuilds in [true, false] {
            for retaps in [false, true] {
                let name = "swiped-gate-\(rebuilds)-\(retaps).navflow"
                // Without the tap on the tab's item (`retap off`), the app goes
                // back screen by screen; with it, it goes back to the root at once.
                var text = Self.gatedSpec(signOutRebuilds: rebuilds, lockedSheet: false)
                if !retaps { text = text.replacingOccurrences(of: "tab a \"A\" A\n", with: "tab a \"A\" A retap off\n") }
                #expect(text.contains("retap off") != retaps)
                let (spec, model, graph, _, _) = try Self.parkedAgrees(text, name: name)
                let screen = { (name: String) in try #require(spec.screens.firstIndex { $0.name == name }) }
                let gated = try screen("Gated"), next = try screen("Next")
                let stored = (0..<graph.count).map { graph.state($0) }.filter { $0.selectedTab == 1 }
                #expect(stored.contains { $0.flags & 1 == 0 } && stored.contains { $0.flags & 1 == 1 }, "\(name)")
                #expect(stored.allSatisfy { $0.paths[0].isEmpty }, "\(name)")
                let failures = Self.liftFailures(graph, model: model).failures
                #expect(failures.isEmpty, "\(name): \(failures)")

                // The walk, step by step in the parked search.
                var parking = ParkedPaths(model: model)
                parking.withDeepLinks = false
                func cut(_ state: NavState) -> NavState {
                    var words = model.codec.encode(state)
                    let whole = words
                    whole.withUnsafeBufferPointer { whole in words.withUnsafeMutableBufferPointer { parking.park($0, of: whole) } }
                    return model.codec.decode(words)
                }
                var state = try #require(model.initialState(inputs: 0).state)
                var walk: [(step: Step, parked: NavState)] = []
                func take(_ matches: (Step, NavState) -> Bool) throws {
                    var found: Transition?
                    model.successors(of: state, deepLinks: false) { if found == nil, let target = $0.target, matches($0.step, target) { found = $0 } }
                    let transition = try #require(found, "\(name): no step from \(state)")
                    state = cut(try #require(transition.target))
                    walk.append((transition.step, state))
                }
                let top = { (state: NavState) in state.paths[0].last.map(model.routes.screen(of:)) }
                try take { _, target in top(target) == gated }
                #expect(state.modals.count == 1, "\(name): the hook presents the sheet")
                try take { step, _ in step == .swipeDown }
                try take { _, target in top(target) == next }
                try take { step, _ in step == .switchTab(1) }
                #expect(state.paths[0].isEmpty, "\(name): tab a is cut to its root")
                try take { step, _ in step == .switchTab(0) }
                #expect(state.modals.isEmpty && state.paths[0].isEmpty, "\(name)")
                let lifted = try #require(ParkedPathLifter(model: model).lift(walk, inputs: 0), "\(name)")
                #expect(lifted.last == state, "\(name)")
                if retaps {
                    #expect(lifted.steps.suffix(2).map(\.step) == [.switchTab(0), .retapTab(0)], "\(name)")
                } else {
                    #expect(lifted.steps.suffix(3).map(\.step) == [.back(context: .slot(0)), .swipeDown, .back(context: .slot(0))], "\(name)")
                }
            }
        }
        // A cover cannot be swiped away, nor can a popover of a locked
        // screen: signed out, the gate stays on the parked path. A popover
        // the user can swipe away is cut as the sheet is.
        for (presentation, locked, cut) in [("cover", false, false), ("popover", true, false), ("popover", false, true)] {
            let name = "\(presentation)-gate-\(locked).navflow"
            let (spec, model, graph, _, _) = try Self.parkedAgrees(
                Self.gatedSpec(signOutRebuilds: false, lockedSheet: locked, presentation: presentation), name: name)
            let gated = try #require(spec.screens.firstIndex { $0.name == "Gated" })
            let keptSignedOut = (0..<graph.count).map { graph.state($0) }.filter {
                $0.selectedTab == 1 && $0.flags & 1 == 0 && $0.paths[0].contains { model.routes.screen(of: $0) == gated }
            }
            #expect(keptSignedOut.isEmpty == cut, "\(name): \(keptSignedOut.count) states")
        }
        // A sheet with a dismissal hook is not undone by a swipe: the swipe
        // runs the hook (here it sets a flag no step clears), so the gate
        // stays on the parked path signed out, and every state still lifts
        // to a path of the app in its local view.
        do {
            let name = "dismissal-gate.navflow"
            let text = Self.gatedSpec(signOutRebuilds: false, lockedSheet: false)
                .replacingOccurrences(of: "flag signedIn = false", with: "flag signedIn = false\nflag refused = false")
                .replacingOccurrences(of: "screen SignIn {", with: "screen SignIn {\n  on dismiss if !signedIn { set refused = true }")
            let (spec, model, graph, _, _) = try Self.parkedAgrees(text, name: name)
            #expect(spec.screens.contains { !$0.dismissHooks.isEmpty })
            let gated = try #require(spec.screens.firstIndex { $0.name == "Gated" })
            let keptSignedOut = (0..<graph.count).map { graph.state($0) }.filter {
                $0.selectedTab == 1 && $0.flags & 1 == 0 && $0.paths[0].contains { model.routes.screen(of: $0) == gated }
            }
            #expect(!keptSignedOut.isEmpty, "\(name)")
            let failures = Self.liftFailures(graph, model: model).failures
            #expect(failures.isEmpty, "\(name): \(failures)")
        }
        // A sheet locked under a condition is not always swiped away: the
        // gate stays on the parked path, whatever the condition.
        for condition in ["!signedIn", "signedIn"] {
            let name = "locked-if-\(condition).navflow"
            let (spec, model, graph, _, _) = try Self.parkedAgrees(
                Self.gatedSpec(signOutRebuilds: false, lockCondition: condition), name: name)
            let gated = try #require(spec.screens.firstIndex { $0.name == "Gated" })
            let keptSignedOut = (0..<graph.count).map { graph.state($0) }.filter {
                $0.selectedTab == 1 && $0.flags & 1 == 0 && $0.paths[0].contains { model.routes.screen(of: $0) == gated }
            }
            #expect(!keptSignedOut.isEmpty, "\(name)")
        }
    }

    /// An action of tab b that selects tab a and pushes there ("Open in
    /// A"); with `presented`, the action's screen is also shown in a sheet.
    static func openInSpec(presented: Bool) -> String {
        """
        app L
        scheme "l"
        stack A root Home {
          destination Detail
          destination More
          destination Promo
          depth 3
        }
        stack B root Other { depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Detail }
        screen Detail { push More }
        screen More
        screen Promo { sheet Offer }
        screen Offer { action "Close" { dismiss } }
        screen Other {
          action "Open in A" { tab a; push Promo }
          \(presented ? "sheet Other" : "")
        }
        """
    }

    /// A tab an action selects and then pushes onto is lifted before the
    /// action (its path taken with every extension the user could push
    /// again), not stored whole, when the action's screen is never under a
    /// modal: the findings are those of every state, every state lifts to
    /// a path of the app (switch to the tab, go back or push again, switch
    /// back, then the action), and fewer states are stored. Where the
    /// screen may be presented, the tab is stored whole, with its reason.
    @Test func aTabAnActionSelectsAndPushesOntoIsLifted() throws {
        for presented in [false, true] {
            let name = "open-in-\(presented).navflow"
            let (spec, model, graph, parked, every) = try Self.parkedAgrees(Self.openInSpec(presented: presented), name: name)
            let independence = TabIndependence(spec)
            let other = try #require(spec.screens.firstIndex { $0.name == "Other" })
            #expect(independence.wholeTabs == [presented, false], "\(name)")
            #expect(independence.liftedTabs[other].first == (presented ? [] : [0]), "\(name)")
            #expect(independence.wholeReasons == (presented ? ["tab 'a', line 21: an edge of 'Other' acts on the tab it selects, or presents, after 'tab'"] : []),
                    "\(independence.wholeReasons)")
            // Stored whole, tab a keeps every path; lifted, it is cut.
            #expect(presented || parked.states < every.states, "\(name): \(parked.states) of \(every.states)")
            let lifts = Self.liftFailures(graph, model: model)
            #expect(lifts.failures.isEmpty, "\(name): \(lifts.failures)")
            // Promo on More on Detail: the lifted path goes back to tab a to push them again first.
            let promo = try #require(spec.screens.firstIndex { $0.name == "Promo" })
            let deep = (0..<graph.count).filter { index in
                let state = graph.state(index)
                return state.selectedTab == 0 && state.paths[0].map { model.routes.screen(of: $0) }.suffix(3)
                    == [spec.screens.firstIndex { $0.name == "Detail" }!, spec.screens.firstIndex { $0.name == "More" }!, promo]
            }
            #expect(!deep.isEmpty, "\(name)")
            #expect(presented || lifts.longer > 0, "\(name)")
        }
    }

    /// A tab whose lifts could be too many to take before one step is
    /// stored whole instead, with that reason: here every screen of tab a
    /// pushes any of 20, four deep (more than 160,000 paths). The lifted
    /// tab of `openInSpec` has 3 (Home, Detail, More).
    @Test func aTabWithTooManyLiftsIsStoredWhole() throws {
        let pages = (0..<20).map { "P\($0)" }
        let pushes = pages.map { "push \($0)" }.joined(separator: "\n  ")
        let text = """
        app W
        scheme "w"
        stack A root Home {
          \(pages.map { "destination \($0)" }.joined(separator: "\n  "))
          destination Promo
          depth 4
        }
        stack B root Other { depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home {
          \(pushes)
        }
        \(pages.map { "screen \($0) {\n  \(pushes)\n}" }.joined(separator: "\n"))
        screen Promo
        screen Other { action "Open in A" { tab a; push Promo } }
        """
        let spec = try Self.load(text, name: "wide.navflow")
        let model = try FlowModel(spec)
        #expect(ParkedPaths.mostLifts(of: 0, in: model) > TabIndependence.maxLifts)
        #expect(TabIndependence(spec).liftedTabs.joined().contains([0]))
        let independence = TabIndependence(model: model)
        #expect(independence.liftedTabs.joined().allSatisfy { $0.isEmpty })
        #expect(independence.wholeTabs == [true, false])
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("screen Other") }) + 1
        #expect(independence.wholeReasons == [
            "tab 'a', line \(line): an edge of 'Other' selects a tab whose paths are too many to lift before the step (more than 65536)",
        ], "\(independence.wholeReasons)")
        let smallSpec = try Self.load(Self.openInSpec(presented: false), name: "open-in.navflow")
        let small = try FlowModel(smallSpec)
        #expect(ParkedPaths.mostLifts(of: 0, in: small) == 3)
        #expect(TabIndependence(model: small).liftedTabs.joined().contains([0]))
    }

    /// An edge taken from the lifts of a parked tab stops between two
    /// lifts when told (a search over its time limit): what it gave is
    /// the start of its whole transitions, it says it stopped, and the
    /// in-app memo says the expansion was cut short, so that the search
    /// stops there instead of storing part of a state's transitions.
    @Test func liftedEdgesStopBetweenLiftsWhenTold() throws {
        let model = try FlowModel(try Self.load(Self.openInSpec(presented: false), name: "open-in.navflow"))
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        let parking = try #require(graph.store.parkedPaths)
        var lifting = 0
        var quiet = 0
        for index in 0..<graph.count {
            let state = graph.state(index)
            var lifted = false
            model.forEachUnit(of: state, deepLinks: false) { unit in
                var whole: [Transition] = []
                #expect(parking.transitions(of: unit, from: state) { whole.append($0) })
                var asked = 0
                var part: [Transition] = []
                let finished = parking.transitions(of: unit, from: state, stopping: { asked += 1; return asked > 1 }) { part.append($0) }
                guard case .edge(_, let screen, let edge) = unit, !parking.liftedTabs[screen][edge].isEmpty,
                      parking.lifts(of: parking.liftedTabs[screen][edge], in: state).count > 1 else {
                    #expect(finished && part == whole)
                    return
                }
                lifted = true
                #expect(!finished && part.count < whole.count && part == Array(whole.prefix(part.count)), "\(unit)")
                var none: [Transition] = []
                #expect(!parking.transitions(of: unit, from: state, stopping: { true }) { none.append($0) } && none.isEmpty)
            }
            // The in-app memo, on the same state of the same store.
            var store = graph.store
            var batch = SuccessorBatch()
            let successors = PackedSuccessors(model: model)
            successors.successors(of: index, in: &store, deepLinks: false, into: &batch)
            let count = batch.count
            #expect(!successors.wasCutShort)
            successors.deadline = .now + .seconds(3600)
            successors.successors(of: index, in: &store, deepLinks: false, into: &batch)
            #expect(!successors.wasCutShort && batch.count == count)
            successors.deadline = .now - .seconds(1)
            successors.successors(of: index, in: &store, deepLinks: false, into: &batch)
            #expect(successors.wasCutShort == lifted, "state \(index)")
            if lifted { lifting += 1 } else { quiet += 1 }
        }
        #expect(lifting > 0 && quiet > 0, "\(lifting) states lift, \(quiet) do not")
    }

    /// A search over its time limit stops at the first state whose lifts
    /// it cuts short, before the clock's periodic reads (every 16 states
    /// stored or expanded), and stores none of that state's transitions:
    /// every state it expanded has its whole transitions, as the search
    /// without a limit numbers them.
    @Test func aSearchPastItsTimeStopsAtTheLiftsItCutShort() throws {
        let model = try FlowModel(try Self.load(Self.openInSpec(presented: false), name: "open-in.navflow"))
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.parksInactiveTabs = true
        let whole = try explorer.explore(model)
        explorer.limits.maxSeconds = 1e-9
        let (part, limit) = explorer.exploreUntilLimit(model)
        let expanded = part.inAppEdges.start.count - 1
        #expect(limit?.description == "the search ran for more than 1e-09 seconds (--max-time) after \(part.tree.count) states; lower a stack's depth or raise the limit")
        #expect(expanded > 0 && expanded < ResourceBudget.unitsBetweenTimeChecks && part.tree.count < ResourceBudget.unitsBetweenTimeChecks,
                "\(expanded) states expanded, \(part.tree.count) stored")
        // It stopped at a state with an edge taken from several lifts.
        let parking = try #require(whole.store.parkedPaths)
        let stoppedAt = whole.state(expanded)
        var lifts = 0
        model.forEachUnit(of: stoppedAt, deepLinks: false) { unit in
            guard case .edge(_, let screen, let edge) = unit, !parking.liftedTabs[screen][edge].isEmpty else { return }
            lifts = max(lifts, parking.lifts(of: parking.liftedTabs[screen][edge], in: stoppedAt).count)
        }
        #expect(lifts > 1)
        for index in 0..<expanded {
            #expect(part.state(index) == whole.state(index))
            let mine = part.inAppEdges.range(of: index).map { (part.inAppEdges.target[$0], part.inAppEdges.step(at: $0)) }
            let all = whole.inAppEdges.range(of: index).map { (whole.inAppEdges.target[$0], whole.inAppEdges.step(at: $0)) }
            #expect(mine.elementsEqual(all) { $0 == $1 }, "state \(index)")
        }
    }

    /// A witness whose path leaves a tab with a pushed screen that then
    /// presents a cover: the lifted path must go back after switching to the
    /// tab again, not where the tab was last on screen (the cover's step
    /// needs the pushed screen).
    @Test func witnessesGoBackAfterTheSwitch() throws {
        let text = """
        app W
        scheme "x"
        flag done = false
        stack A root Home { destination Detail depth 1 }
        stack B root Other { depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home {
          push Detail
          action "Close" if done { dismiss }
        }
        screen Detail { cover Onboarding }
        screen Onboarding { action "Finish" { set done = true } }
        screen Other {}
        deeplink "x://b" -> b
        """
        let spec = try Self.load(text, name: "w.navflow")
        #expect(TabIndependence(spec).holds)
        let every = try Self.findings(text, name: "w.navflow", exploration: .full)
        let reduced = try Self.findings(text, name: "w.navflow", exploration: .automatic)
        #expect(reduced.stats.parkedInactiveTabs)
        #expect(reduced.lines == every.lines)
        var explorer = Explorer()
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(try FlowModel(spec))
        for index in 0..<graph.count {
            #expect(graph.liftedPath(to: index) != nil, "state \(index)")
        }
    }
}
