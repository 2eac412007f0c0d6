import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `appear` hooks: when they run (a view shown at the end of a step that was
/// not shown at its start; a cover hides, a sheet does not; everything after
/// `rebuild` and at launch), where their statements act, the loop they can
/// make, and the errors for misuse.
@Suite struct AppearHookTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/appear-hooks.navflow")).bytes,
                                as: UTF8.self)

    /// The example's model, and a function naming what a state shows.
    static func model(_ text: String = example) throws -> FlowModel {
        let loaded = Frontend.load(SourceFile(path: "hooks.navflow", text: text))
        return try FlowModel(try #require(loaded.spec, "\(loaded.diagnostics.map(\.message))"))
    }

    static func shows(_ state: NavState, in model: FlowModel) -> String {
        let spec = model.spec
        var parts = model.shape.activeSlots(selectedTab: state.selectedTab).map { slot in
            ([model.rootRoute(ofSlot: slot, in: state)] + state.paths[slot]).map { spec.screens[model.routes.screen(of: $0)].name }
                .joined(separator: " > ")
        }
        parts += state.modals.map { "\($0.kind.rawValue) \(spec.name(of: model.shape.presentables[$0.presentable]))" }
        return parts.joined(separator: " + ")
    }

    /// The transition of the edge labelled `label` (or the first whose step
    /// matches `step`) from `state`.
    static func take(_ model: FlowModel, from state: NavState, where matches: (Step) -> Bool) throws -> Transition {
        var found: Transition?
        model.successors(of: state, deepLinks: true) { if found == nil, matches($0.step) { found = $0 } }
        return try #require(found)
    }

    static func action(_ label: String, in model: FlowModel) -> (Step) -> Bool {
        { step in
            guard case .edge(_, let screen, let edge, _) = step else { return false }
            return model.spec.screens[screen].edges[edge].label == label
        }
    }

    static func flag(_ name: String, in model: FlowModel) throws -> UInt64 {
        UInt64(1) << UInt64(try #require(model.spec.flags.firstIndex { $0.name == name }))
    }

    @Test func launchRunsTheHooksOfWhatIsOnScreen() throws {
        let model = try Self.model()
        let (state, facts) = model.initialState(inputs: 0)
        let initial = try #require(state)
        #expect(Self.shows(initial, in: model) == "Orders + cover Onboarding")
        #expect(FlowModel.hooksRan(in: facts).map { model.spec.screens[$0.screen].name } == ["Orders"])
    }

    /// A cover hides what is beneath it: closing it makes Orders appear, and
    /// its second hook replays the link queued during onboarding.
    @Test func aCoverClosedAboveAScreenMakesItAppear() throws {
        let model = try Self.model()
        var state = try #require(model.initialState(inputs: 0).state)
        let link = try Self.take(model, from: state) { if case .deepLink = $0 { true } else { false } }
        #expect(link.outcome == .otherwise)
        state = try #require(link.target)
        let pending = try Self.flag("pendingOrder", in: model)
        #expect(state.flags & pending != 0)
        let done = try Self.take(model, from: state, where: Self.action("Get started", in: model))
        let landed = try #require(done.target)
        #expect(Self.shows(landed, in: model) == "Orders > Order")
        #expect(landed.flags & pending == 0)
        let orders = try #require(model.spec.screens.firstIndex { $0.name == "Orders" })
        #expect(FlowModel.hooksRan(in: done.facts) == [AppearHookID(screen: orders, hook: 1)])
    }

    /// A sheet leaves its presenter on screen: swiping it away runs no hook;
    /// switching tabs away and back does, and so does a rebuild.
    @Test func aSheetDismissedAboveAScreenDoesNotMakeItAppear() throws {
        let model = try Self.model()
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try Self.take(model, from: state, where: Self.action("Get started", in: model)).target)
        let account = try #require(model.spec.rootTabView?.tabs.firstIndex { $0.id == "account" })
        let orders = try #require(model.spec.rootTabView?.tabs.firstIndex { $0.id == "orders" })
        let toAccount = try Self.take(model, from: state) { $0 == .switchTab(account) }
        state = try #require(toAccount.target)
        #expect(Self.shows(state, in: model) == "Account + sheet SignIn")
        let swiped = try Self.take(model, from: state) { $0 == .swipeDown }
        #expect(FlowModel.hooksRan(in: swiped.facts).isEmpty)
        state = try #require(swiped.target)
        #expect(Self.shows(state, in: model) == "Account")
        state = try #require(try Self.take(model, from: state) { $0 == .switchTab(orders) }.target)
        let back = try Self.take(model, from: state) { $0 == .switchTab(account) }
        #expect(Self.shows(try #require(back.target), in: model) == "Account + sheet SignIn")
        // Signed in, signing out rebuilds: Account is new, and asks again.
        let shown = try #require(back.target)
        state = try #require(try Self.take(model, from: shown, where: Self.action("Sign in", in: model)).target)
        #expect(Self.shows(state, in: model) == "Account")
        let signOut = try Self.take(model, from: state, where: Self.action("Sign out", in: model))
        #expect(signOut.facts.contains(.rebuilt))
        #expect(Self.shows(try #require(signOut.target), in: model) == "Account + sheet SignIn")
    }

    /// A pop back to a screen makes it appear; pushing onto it makes the
    /// pushed one appear, not it.
    @Test func aPopBackMakesTheScreenBelowAppear() throws {
        let model = try Self.model("""
            app Pop
            flag seen = false
            stack S root Home { destination Detail; depth 2 }
            start S
            screen Home {
              push Detail
              appear if seen { sheet Note }
            }
            screen Detail { action "Mark" { set seen = true } }
            screen Note
            """)
        var state = try #require(model.initialState(inputs: 0).state)
        let push = try Self.take(model, from: state) { if case .edge = $0 { true } else { false } }
        #expect(FlowModel.hooksRan(in: push.facts).isEmpty)
        let pushed = try #require(push.target)
        state = try #require(try Self.take(model, from: pushed, where: Self.action("Mark", in: model)).target)
        let back = try Self.take(model, from: state) { if case .back = $0 { true } else { false } }
        #expect(Self.shows(try #require(back.target), in: model) == "Home + sheet Note")
        #expect(try Self.transitionText(back, from: state, in: model) == "Go back from Detail, and the appear hook of Home runs")
    }

    static func transitionText(_ transition: Transition, from state: NavState, in model: FlowModel) throws -> String {
        WitnessBuilder(model: model).describe(transition.step, from: state).text
    }

    /// The hooks of one step that show each other's screens without end.
    @Test func aLoopIsCutAndReportedWithItsChain() throws {
        let result = Verifier.verify(Repository.source(Repository.path("specs/defects/appear-loop.navflow")))
        #expect(result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.messageAndWitnessNote)" } == [
            "25:3 appear-loop: 'Checkout' appears again in the step its appear hook ran in, and the hook would run again [in the witness, the hooks of 'Checkout' (line 25), then 'Cart' (line 21), then 'Checkout' (line 25) show each other's screens without end]",
        ])
        let witness = try #require(result.diagnostics.first?.witness)
        #expect(witness.steps.map(\.text) == ["Launch the app", "Tap “Check out” on Cart, and the appear hooks of Checkout, then Cart run"])
        // The looping step has no target: the search does not go on from it.
        let model = try Self.model(String(decoding: Repository.source(Repository.path("specs/defects/appear-loop.navflow")).bytes, as: UTF8.self))
        let initial = try #require(model.initialState(inputs: 0).state)
        let checkOut = try Self.take(model, from: initial, where: Self.action("Check out", in: model))
        #expect(checkOut.target == nil)
    }

    /// A loop among the first views is the launch's: the spec has no state.
    @Test func aLoopAtLaunchIsReportedWithTheLaunchAsWitness() throws {
        let result = verify("""
            app Loop
            stack S root Home { destination Gate; depth 3 }
            start S
            screen Home { appear { push Gate } }
            screen Gate { appear { pop } }
            """)
        let loop = try #require(result.diagnostics.first { $0.rule == .appearLoop })
        #expect(loop.messageAndWitnessNote == "'Home' appears again in the step its appear hook ran in, and the hook would run again [in the witness, the hooks of 'Home' (line 4), then 'Gate' (line 5), then 'Home' (line 4) show each other's screens without end]")
        #expect(loop.witness?.steps.map(\.text) == ["Launch the app, and the appear hooks of Home, then Gate run"])
    }

    /// A hook whose own statements make its guard false does not loop.
    @Test func aHookThatClearsItsGuardDoesNotLoop() {
        let result = verify("""
            app Once
            flag pending = true
            stack S root Home { destination Gate; depth 3 }
            start S
            screen Home { appear if pending { set pending = false; push Gate } }
            screen Gate { appear { pop } }
            """)
        #expect(!result.diagnostics.contains { $0.rule == .appearLoop }, "\(result.diagnostics.map(\.message))")
        #expect(result.statistics?.states == 1)
    }

    /// A hook acts on its own view: pushed under a sheet, a screen's hook
    /// pushes beneath it, and a presentation from it is dropped.
    @Test func aHookUnderASheetActsBeneathItAndCannotPresent() throws {
        let text = """
            app Under
            stack S root Home { destination Detail; destination More; depth 3 }
            start S
            screen Home { sheet Filters }
            screen Filters { action "Show" { push Detail under modals } }
            screen Detail { appear { push More; sheet Promo } }
            screen More
            screen Promo
            """
        let result = verify(text)
        #expect(result.diagnostics.filter { $0.rule == .presentationDropped }.map { "\($0.range.start.line):\($0.range.start.column) \($0.messageAndWitnessNote)" } == [
            "6:37 the appear hook presents 'Promo' from a view another modal covers, so SwiftUI does not show it [in the witness, 'Filters' covers that view]",
        ])
        let model = try Self.model(text)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try Self.take(model, from: state) { if case .edge = $0 { true } else { false } }.target)
        let show = try Self.take(model, from: state, where: Self.action("Show", in: model))
        #expect(Self.shows(try #require(show.target), in: model) == "Home > Detail > More + sheet Filters")
    }

    /// A rebuild makes every view new, also inside a hook: a hook that
    /// rebuilds under its own view loops, and a view a hook's rebuild shows
    /// again runs its hooks again (with the guard they now meet).
    @Test func aRebuildInAHookMakesEveryViewAppearAgain() {
        let loop = verify("""
            app Rebuild
            stack S root Home { destination D }
            start S
            screen Home { push D; appear { rebuild } }
            screen D
            """)
        #expect(loop.diagnostics.contains { $0.rule == .appearLoop })
        let again = verify("""
            app Rebuild
            flag x = false
            stack S root Home { destination D; depth 1 }
            start S
            screen Home { sheet M; appear if x { push D } }
            screen M { appear if !x { set x = true; rebuild } }
            screen D
            """)
        // D is pushed by Home's hook once M's hook rebuilt; M itself never stays on
        // screen, and back from D shows Home, whose hook pushes D again.
        #expect(again.diagnostics.filter { $0.severity != .note }.map(\.message) == [
            "screen 'M' is never on screen: no reachable state shows it, with or without deep links",
            "trap: once 'D' is on screen, no in-app step leads back to a home state",
        ])
    }

    /// A link's `else` that rebuilds, opened by `open`, rebuilds the step.
    @Test func aRebuildInAnOpenedLinksElseCounts() {
        let result = verify("""
            app Open
            scheme "t"
            flag x = false
            input y
            stack S root Home { destination D; depth 1 }
            start S
            screen Home { sheet M; appear if x { push D } }
            screen M { action "Go" { set x = true; open "t://home" } }
            screen D
            deeplink "t://home" -> / D requires y else rebuild
            """)
        #expect(!result.diagnostics.contains { $0.rule == .deeplinkOnlyScreen || $0.rule == .orphanScreen },
                "\(result.diagnostics.map(\.message))")
    }

    /// A modal's hook acts on its own modal even when another is presented
    /// above it in the same step, and cannot present from under it.
    @Test func aModalsHookActsOnItsOwnModal() throws {
        let text = """
            app Modals
            stack AStack root A { destination AD; depth 1 }
            stack BStack root B {}
            stack Home root Root {}
            start Home
            launch sheet AStack
            launch sheet BStack
            screen Root
            screen A { appear { push AD } }
            screen AD
            screen B { dismiss }
            """
        let model = try Self.model(text)
        let initial = try #require(model.initialState(inputs: 0).state)
        #expect(initial.modals.map { $0.path.map { model.routes.screen(of: $0) } } == [[try #require(model.spec.screens.firstIndex { $0.name == "AD" })], []])
        let result = verify(text)
        #expect(!result.diagnostics.contains { $0.rule == .unregisteredDestination || $0.rule == .unusedDestination },
                "\(result.diagnostics.map(\.message))")
        let presenting = verify(text.replacingOccurrences(of: "screen A { appear { push AD } }", with: "screen A { push AD; appear { sheet C } }")
            + "screen C\n")
        #expect(presenting.diagnostics.filter { $0.rule == .presentationDropped }.map(\.messageAndWitnessNote) == [
            "the appear hook presents 'C' from a view another modal covers, so SwiftUI does not show it [in the witness, 'BStack' covers that view]",
        ])
    }

    /// A tab's view under a sheet has nothing to dismiss: its hook's
    /// `dismiss` does nothing, and the sheet stays.
    @Test func aCoveredTabViewsDismissDoesNothing() throws {
        let text = """
            app Dismiss
            stack AStack root A {}
            stack BStack root B {}
            tabs Main {
              tab a "A" AStack
              tab b "B" BStack
            }
            start Main
            screen A { sheet Help }
            screen B { appear { dismiss } }
            screen Help { action "Go to B" { tab b } }
            """
        let result = verify(text)
        #expect(result.diagnostics.filter { $0.rule == .dismissNoop }.map { "\($0.range.start.line):\($0.range.start.column) \($0.messageAndWitnessNote)" } == [
            "10:21 this 'dismiss' can run with nothing pushed or presented, and then it does nothing [in the witness, 'B' is on screen and is neither pushed nor presented]",
        ])
        let model = try Self.model(text)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try Self.take(model, from: state) { if case .edge = $0 { true } else { false } }.target)
        let go = try Self.take(model, from: state, where: Self.action("Go to B", in: model))
        #expect(Self.shows(try #require(go.target), in: model) == "B + sheet Help")
    }

    /// `selected-tab-hidden` is judged at the end of the step, hooks included.
    @Test func aHookThatSelectsAShownTabLeavesNoHiddenSelection() {
        let text = """
            app Tabs
            flag loggedIn = true
            stack HomeStack root Home {}
            stack MeStack root Me { destination Bye }
            tabs Main {
              tab home "Home" HomeStack
              tab me "Me" MeStack hidden if !loggedIn
            }
            start Main
            screen Home { tab me }
            screen Me { action "Log out" { set loggedIn = false; push Bye } action "Log in" { set loggedIn = true } }
            screen Bye { appear { tab home } }
            """
        #expect(!verify(text).diagnostics.contains { $0.rule == .selectedTabHidden })
        let without = verify(text.replacingOccurrences(of: "screen Bye { appear { tab home } }", with: "screen Bye"))
        #expect(without.diagnostics.contains { $0.rule == .selectedTabHidden })
    }

    /// At launch the root is on screen before a cover the initial state
    /// presents: its hook runs (covered, so it presents nothing).
    @Test func launchRunsTheHooksBeneathALaunchCover() throws {
        let model = try Self.model("""
            app Launch
            flag seen = false
            stack S root Home {}
            start S
            launch cover Intro
            screen Home { appear { set seen = true } }
            screen Intro { dismiss }
            """)
        let (state, facts) = model.initialState(inputs: 0)
        #expect(FlowModel.hooksRan(in: facts).count == 1)
        #expect(state?.flags == 1)
    }

    /// `appear` and `close` are keywords only where they stand.
    @Test func appearCanStillNameAScreen() {
        let result = verify("""
            app Names
            stack S root Home { destination appear }
            start S
            screen Home { push appear; appear { set close = true } }
            screen appear
            flag close = false
            """)
        #expect(result.spec != nil, "\(result.diagnostics.map(\.message))")
    }

    @Test func aHookThatPushesAStackIsANestedStack() {
        let result = verify("""
            app Nested
            flag done = false
            stack S root Home {}
            stack Other root O {}
            start S
            screen Home { appear if !done { set done = true; push Other } }
            screen O
            """)
        #expect(result.diagnostics.map { "\($0.range.start.line) \($0.rule.rawValue)" }.contains("6 nested-stack"),
                "\(result.diagnostics.map(\.message))")
    }

    /// A link opened from a hook is the app's: it sees the modals above the
    /// hook's own, and closes what it names.
    @Test func aLinkOpenedByAModalsHookSeesEveryModal() throws {
        let model = try Self.model("""
            app Open
            scheme "a"
            stack S root Home {}
            stack S1 root One {}
            start S
            screen Home { action "two" { sheet S1; sheet Two } }
            screen One { appear { open "a://c" } }
            screen Two { dismiss }
            deeplink "a://c" -> * close Two
            """)
        let initial = try #require(model.initialState(inputs: 0).state)
        let two = try Self.take(model, from: initial, where: Self.action("two", in: model))
        #expect(Self.shows(try #require(two.target), in: model) == "Home + sheet S1")
    }

    /// A tab's view under a sheet stays covered after its hook selects
    /// another tab: it presents nothing, and its dismiss pops only itself.
    @Test func aCoveredViewStaysCoveredAfterSelectingATab() throws {
        let text = """
            app Cover
            stack A root Home { destination Detail }
            stack B root Other {}
            stack SheetStack root Compose {}
            tabs Main {
              tab a "A" A
              tab other "Other" B
            }
            start Main
            screen Home { sheet SheetStack }
            screen Other
            screen Compose { action "author" { push Detail under modals } }
            screen Detail { appear { tab other; sheet Y; dismiss } }
            screen Y
            """
        let model = try Self.model(text)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try Self.take(model, from: state) { if case .edge = $0 { true } else { false } }.target)
        let author = try Self.take(model, from: state, where: Self.action("author", in: model))
        #expect(Self.shows(try #require(author.target), in: model) == "Other + sheet SheetStack")
        #expect(author.facts.contains { if case .presentationFromCoveredView = $0 { true } else { false } })
        // Detail was pushed: its dismiss pops it, and the sheet stays.
        #expect(author.target?.paths.allSatisfy(\.isEmpty) == true)
    }

    @Test func misuseIsReportedWhereItIs() {
        let unbound = verify("""
            app Misuse
            enum Kind { a, b }
            stack S root Home { destination Detail }
            start S
            screen Home { appear { push Detail } }
            screen Detail(kind: Kind)
            """)
        #expect(unbound.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
            "5:29 invalid-statement: an appear hook runs with no tap to choose which 'Detail' to show: give 'kind' a case of Kind or a parameter of 'Home'",
        ])
        let open = verify("""
            app Misuse
            stack S root Home {}
            start S
            screen Home {
              appear if true { sheet Home
            screen Other
            """)
        #expect(open.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
                == ["5:30 syntax: expected '}' to close the appear hook"])
        #expect(open.diagnostics.first?.notes.map { "\($0.range.map { "\($0.start.line):\($0.start.column) " } ?? "")\($0.message)" } == ["5:18 '{' opened here"])
    }

    /// A hook that cuts its step off (a push past its stack's depth) leaves
    /// no fact that it ran: the memo of a tab switch worked out where the
    /// other tab shows that hook's screen said "cut" for every state of the
    /// view, where the other tab may show another screen. The state the
    /// switch lands on there was missing (5 states against 6).
    @Test func aStepAHookCutsOffFromOneStateOfAViewIsTakenFromTheOthers() {
        let text = """
            app CutHook
            scheme "c"
            flag toggled = false
            stack HomeStack root Home {}
            stack OtherStack root Top { destination Pushed destination Other depth 1 }
            tabs Main {
              tab home "Home" HomeStack
              tab other "Other" OtherStack
            }
            start Main
            screen Home { action "Toggle" { set toggled = true } }
            screen Top { appear { push Pushed; push Other } }
            screen Pushed
            screen Other
            deeplink "c://pushed" -> other / Pushed requires !toggled
            """
        let full = verify(text, exploration: .full)
        let plain = verify(text, exploration: .plain)
        #expect(full.statistics?.states == 6 && plain.statistics?.states == 6)
        #expect(full.statistics?.transitions == plain.statistics?.transitions)
    }

    /// The hooks turn the memos off; the search then is the plain
    /// explorer's, on random specs with hooks too: the same states, the
    /// same findings as the reference, and no crash. Where the tabs can be
    /// parked, hooks and all, the parked search finds the same findings
    /// (every message included) as the full one.
    @Test(arguments: Array(UInt64(0)..<3)) func randomSpecsWithHooksAgreeWithTheReference(batch: UInt64) throws {
        var checked = 0
        var hooked = 0
        var hookedAndParked = 0
        for offset in UInt64(0)..<40 {
            let seed = 9000 + batch * 40 + offset
            var generator = SpecGenerator(seed: seed, appearHooks: true)
            let text = generator.spec()
            let source = SourceFile(path: "hooked-\(seed).navflow", text: text)
            var options = Verifier.Options(structural: [])
            options.exploration = .full
            let result = Verifier.verify(source, options: options)
            guard let spec = result.spec, let stats = result.statistics else { continue }
            checked += 1
            if spec.screens.contains(where: { !$0.hooks.isEmpty }) { hooked += 1 }
            let reference = ReferenceExplorer(model: try FlowModel(spec))
            let starts = reference.initialStates()
            #expect(stats.inAppStates == reference.search(from: starts, deepLinks: false).order.count, "seed \(seed)\n\(text)")
            #expect(stats.states == reference.search(from: starts, deepLinks: true).order.count, "seed \(seed)\n\(text)")
            let (expected, _) = reference.findings()
            let found = Set(result.diagnostics
                .filter { !($0.rule == .bounded && $0.message.contains("nested modals")) }
                .map { "\($0.rule) \($0.range.start)" })
            #expect(found == expected, "seed \(seed): only explorer \(found.subtracting(expected).sorted()), only reference \(expected.subtracting(found).sorted())\n\(text)")
            if TabIndependence(spec).holds {
                if spec.screens.contains(where: { !$0.hooks.isEmpty }) { hookedAndParked += 1 }
                options.exploration = .automatic
                let reduced = Verifier.verify(source, options: options)
                #expect(reduced.statistics?.parkedInactiveTabs == true)
                func lines(_ result: Verifier.Result) -> [String] {
                    result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" }.sorted()
                }
                #expect(lines(reduced) == lines(result), "seed \(seed), tabs parked\n\(text)")
            }
        }
        #expect(checked >= 30 && hooked >= 20, "checked \(checked), with hooks \(hooked)")
        #expect(hookedAndParked >= 1, "no random spec with hooks parks its tabs")
    }
}
