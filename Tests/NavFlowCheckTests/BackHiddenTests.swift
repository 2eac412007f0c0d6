import NavFlowCheck
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `back hidden [if CONDITION]`: a screen that hides its back button
/// (`navigationBarBackButtonHidden`) offers no back step while it is on top
/// of a path (docs/semantics.md, "Steps").
@Suite struct BackHiddenTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/back-hidden.navflow")).bytes,
                                as: UTF8.self)

    static func model(_ text: String = example) throws -> FlowModel {
        try NavFlowTestSupport.model(text)
    }

    @Test func theExampleIsCleanAndItsCountsArePinned() {
        for exploration in [Verifier.Exploration.automatic, .plain, .full] {
            let result = verify(Self.example, path: "back-hidden.navflow", exploration: exploration)
            #expect(result.diagnostics.map(\.message) == [], "\(exploration)")
            #expect(result.statistics?.states == 24 && result.statistics?.transitions == 100, "\(exploration)")
        }
    }

    /// Back is a step from EditProfile before the edit and after it, not
    /// during it; never from the composer; always from a screen pushed
    /// above EditProfile.
    @Test func backFollowsTheCondition() throws {
        let model = try Self.model()
        var explorer = Explorer()
        explorer.followsDeepLinks = false
        let graph = try explorer.explore(model)
        // One slot per tab here: the selected tab's path is its slot's.
        let name = { (state: NavState) -> String? in
            state.paths[state.selectedTab].last.map { model.spec.screens[model.routes.screen(of: $0)].name }
        }
        var seen: [String: Set<Bool>] = [:]
        for index in 0..<graph.count {
            let state = graph.state(index)
            guard state.modals.isEmpty, let top = name(state), state.paths[state.selectedTab].last != nil else { continue }
            var hasBack = false
            model.successors(of: state, deepLinks: false) { if case .back = $0.step { hasBack = true } }
            let editing = state.flags & 1 == 1
            seen["\(top) editing \(editing)", default: []].insert(hasBack)
        }
        #expect(seen["EditProfile editing true"] == [false])
        #expect(seen["EditProfile editing false"] == [true])
        #expect(seen["Avatar editing true"] == [true])
        #expect(seen["Composer editing false"] == [false])
    }

    /// Hidden for good with no other way out, the screen is a trap in an
    /// app without tabs; with Save, it is not.
    @Test func aScreenThatHidesBackWithNoWayOutIsATrap() {
        let defect = """
            app Setup
            stack Main root Welcome { destination Terms depth 1 }
            start Main
            screen Welcome { push Terms }
            screen Terms back hidden
            """
        let found = verify(defect, path: "setup.navflow")
        #expect(found.diagnostics.filter { $0.severity != .note }.map { "\($0.rule) \($0.range.start.line): \($0.message)" } == [
            "trap 5: trap: once 'Terms' is on screen, no in-app step leads back to a home state",
        ])
        let fixed = verify(defect.replacingOccurrences(of: "screen Terms back hidden", with: "screen Terms back hidden { action \"Agree\" { pop } }"),
                           path: "setup.navflow")
        #expect(fixed.diagnostics.filter { $0.severity != .note }.isEmpty)
    }

    /// Parsed before or after `locked`, with or without a condition;
    /// misspelt or repeated, a located syntax error.
    @Test func backHiddenIsParsedAndMisuseIsLocated() throws {
        let base = """
            app S
            flag on = false
            stack A root Home { destination Detail depth 1 }
            start A
            screen Home { push Detail; action "On" { set on = true } }
            screen Detail HEADER
            """
        for header in ["back hidden", "back hidden if on", "locked back hidden", "back hidden if !on locked if on"] {
            let model = try Self.model(base.replacingOccurrences(of: "HEADER", with: header))
            let detail = try #require(model.spec.screens.first { $0.name == "Detail" })
            #expect(detail.backHidden != nil, "\(header)")
            #expect((detail.lock != nil) == header.contains("locked"), "\(header)")
        }
        for (header, message) in [
            ("back shown", "expected 'hidden' after 'back' (a screen that hides its back button: 'back hidden [if CONDITION]')"),
            ("back hidden back hidden", "'back hidden' is given twice for screen 'Detail'"),
            ("locked back hidden locked if on", "'locked' is given twice for screen 'Detail'"),
        ] {
            #expect(frontEndErrors(base.replacingOccurrences(of: "HEADER", with: header)) == ["6: \(message)"], "\(header)")
        }
    }

    /// Parked tabs keep a screen that may hide its back button (the app
    /// could not go back over it to a cut path): the parked search stores
    /// the Profile tab on EditProfile, and finds what every state finds on
    /// a spec where the screen is pushed below others.
    @Test func parkingKeepsAScreenThatHidesItsBack() throws {
        let model = try Self.model()
        var explorer = Explorer()
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        let edit = try #require(model.spec.screens.firstIndex { $0.name == "EditProfile" })
        let keptOnHome = (0..<graph.count).map { graph.state($0) }.filter {
            $0.selectedTab == 0 && $0.paths[1].contains { model.routes.screen(of: $0) == edit }
        }
        #expect(!keptOnHome.isEmpty)
        // Every parked state lifts to a path of the app (which could not go
        // back over EditProfile while editing, had the cut dropped it).
        let lifts = TabReductionTests.liftFailures(graph, model: model).failures
        #expect(lifts.isEmpty, "\(lifts)")
        let deeper = Self.example.replacingOccurrences(of: "depth 2", with: "depth 3")
            .replacingOccurrences(of: "screen Avatar", with: "screen Avatar { push EditProfile }")
        let every = verify(deeper, path: "back-hidden.navflow", exploration: .full)
        let parked = verify(deeper, path: "back-hidden.navflow")
        #expect(parked.statistics?.parkedInactiveTabs == true)
        #expect(parked.diagnostics == every.diagnostics)
    }
}
