import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// A tap on the selected tab's item pops its stack to the root, where the
/// platform does it (docs/semantics.md, "Steps"), and `retap off` turns it
/// off for an app that intercepts the tap.
@Suite struct TabRetapTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/tab-retap.navflow")).bytes, as: UTF8.self)

    static func model(_ text: String = example) throws -> FlowModel {
        try NavFlowTestSupport.model(text)
    }

    static func retaps(_ model: FlowModel, from state: NavState) -> [Transition] {
        var found: [Transition] = []
        model.successors(of: state, deepLinks: false) { if case .retapTab = $0.step { found.append($0) } }
        return found
    }

    /// The state of a pattern, in the example.
    static func state(_ pattern: String, in model: FlowModel, flags: UInt64 = 1) throws -> NavState {
        let (resolved, errors) = PatternResolver.resolvePattern(pattern, in: model.spec)
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let matching = try #require(resolved)
        var explorer = Explorer()
        explorer.followsDeepLinks = false
        let graph = try explorer.explore(model)
        let found = (0..<graph.count).map { graph.state($0) }.first { $0.flags == flags && model.matches(matching, $0) }
        return try #require(found, "no state \(pattern)")
    }

    @Test func theExampleIsCleanAndItsCountsArePinned() {
        let result = verify(Self.example, path: "tab-retap.navflow")
        #expect(result.diagnostics.map(\.message) == [])
        #expect(result.statistics?.parkedInactiveTabs == true)
        #expect(result.statistics?.states == 19 && result.statistics?.transitions == 76)
        for exploration in [Verifier.Exploration.plain, .full] {
            let every = verify(Self.example, path: "tab-retap.navflow", exploration: exploration)
            #expect(every.diagnostics.map(\.message) == [])
            #expect(every.statistics?.states == 84 && every.statistics?.transitions == 332)
        }
    }

    /// The step empties the selected tab's path and nothing else, and runs
    /// the root's appear hook as the root shows again (signed out, the
    /// feed asks to sign in).
    @Test func aRetapPopsTheSelectedStackToItsRoot() throws {
        let model = try Self.model()
        let deep = try Self.state("feed / Article / Author", in: model)
        let retaps = Self.retaps(model, from: deep)
        #expect(retaps.count == 1)
        let target = try #require(retaps.first?.target)
        var expected = deep
        expected.paths[0] = []
        #expect(target == expected)
        #expect(retaps.first?.step == .retapTab(0))
        let signedOut = try Self.state("feed / Article", in: model, flags: 0)
        let gated = try #require(Self.retaps(model, from: signedOut).first)
        #expect(gated.target?.paths[0] == [] && gated.target?.modals.count == 1)
        #expect(FlowModel.hooksRan(in: gated.facts).map { model.spec.screens[$0.screen].name } == ["Feed"])
    }

    /// No step at the root (the tap changes nothing), under a modal (the
    /// sheet hides the tab bar), on a tab with `retap off`, or on a tab
    /// that shows a screen.
    @Test func whereThereIsNoRetap() throws {
        let model = try Self.model()
        #expect(Self.retaps(model, from: try Self.state("feed", in: model)).isEmpty)
        var covered = try Self.state("feed / Article", in: model)
        #expect(Self.retaps(model, from: covered).count == 1)
        let signIn = try #require(model.spec.screens.firstIndex { $0.name == "SignIn" })
        covered.modals.append(Modal(kind: .sheet, presentable: try #require(model.shape.presentableIndex[.screen(signIn)]), path: []))
        #expect(Self.retaps(model, from: covered).isEmpty)
        #expect(Self.retaps(model, from: try Self.state("search / Article / Comments", in: model)).isEmpty)
        let screenTab = try Self.model("""
            app S
            stack A root Home { destination Detail }
            tabs T {
              tab a "A" A
              tab b "B" Other
            }
            start T
            screen Home { push Detail }
            screen Detail
            screen Other
            """)
        #expect(screenTab.retapSlots == [0, nil])
        #expect(model.retapSlots == [0, nil])
    }

    /// Old and new behaviour: the witness home from deep in the feed is the
    /// re-tap; on the Search tab, which intercepts the tap, it goes back
    /// screen by screen, as every tab did before the step existed.
    @Test func witnessesTakeTheRetap() throws {
        let model = try Self.model()
        func witness(_ query: String, from: String) throws -> [String] {
            let (target, errors) = PatternResolver.resolveQuery(query, in: model.spec)
            #expect(errors.isEmpty, "\(errors.map(\.message))")
            let start = try #require(PatternResolver.resolvePattern(from, in: model.spec).0)
            let answer = try ExplicitQueryEngine().answer(ReachabilityQuery(target: try #require(target), from: start, deepLinks: false),
                                                          model: model)
            guard case .reachable(let witness, _) = answer else {
                Issue.record("expected a witness, got \(answer)")
                return []
            }
            return Array(witness.steps.map(\.text).dropFirst())
        }
        #expect(try witness("reach feed", from: "feed / Article / Author") == ["Tap the Feed tab again"])
        #expect(try witness("reach search", from: "search / Article / Comments") == ["Go back from Comments", "Go back from Article"])
        let retapOn = try Self.model(Self.example.replacingOccurrences(of: " retap off", with: ""))
        let (target, _) = PatternResolver.resolveQuery("reach search", in: retapOn.spec)
        let start = try #require(PatternResolver.resolvePattern("search / Article / Comments", in: retapOn.spec).0)
        guard case .reachable(let witness, _) = try ExplicitQueryEngine()
            .answer(ReachabilityQuery(target: try #require(target), from: start, deepLinks: false), model: retapOn) else {
            Issue.record("expected a witness")
            return
        }
        #expect(witness.steps.map(\.text).dropFirst() == ["Tap the Search tab again"])
        #expect(witness.steps.last?.kind == .retapTab)
    }

    /// `retap off` is parsed in either order with `hidden if`, and
    /// misspelt or repeated it is a located syntax error.
    @Test func retapOffIsParsedAndMisuseIsLocated() throws {
        let base = """
            app S
            flag on = false
            stack A root Home { destination Detail }
            stack B root Other { destination Detail }
            tabs T {
              tab a "A" A
              tab b "B" B TAIL
            }
            start T
            screen Home { push Detail }
            screen Detail
            screen Other { push Detail; action "On" { set on = true } }
            """
        for tail in ["retap off", "hidden if on retap off", "retap off hidden if on"] {
            let model = try Self.model(base.replacingOccurrences(of: "TAIL", with: tail))
            #expect(model.retapSlots == [0, nil], "\(tail)")
            #expect(model.spec.rootTabView?.tabs[1].hiddenIf != nil || !tail.contains("hidden"), "\(tail)")
        }
        for (tail, message) in [
            ("retap on", "expected 'off' after 'retap' (a tab whose re-tap the app intercepts: 'retap off')"),
            ("retap off retap off", "'retap off' is given twice for tab 'b'"),
            ("hidden if on retap off hidden if !on", "'hidden if' is given twice for tab 'b'"),
        ] {
            #expect(frontEndErrors(base.replacingOccurrences(of: "TAIL", with: tail)) == ["7: \(message)"], "\(tail)")
        }
    }

    /// The plain explorer, the fast one and the parked one agree on specs
    /// with and without `retap off`, with appear hooks on the roots; the
    /// Promela export has the step (its SPIN counts are checked with the
    /// other examples).
    @Test func explorersAgree() throws {
        for text in [Self.example, Self.example.replacingOccurrences(of: " retap off", with: "")] {
            let plain = verify(text, path: "tab-retap.navflow", exploration: .plain)
            let full = verify(text, path: "tab-retap.navflow", exploration: .full)
            let parked = verify(text, path: "tab-retap.navflow")
            #expect(plain.statistics?.states == full.statistics?.states)
            #expect(plain.statistics?.transitions == full.statistics?.transitions)
            #expect(plain.diagnostics == full.diagnostics && parked.diagnostics == full.diagnostics)
        }
    }
}
