import NavFlowCheck
import NavFlowCoverage
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The tour's searches ask whether a transition replays faithfully only
/// for the walks they find, and search again when one does not
/// (docs/coverage.md, "Faithful walks, checked after the search"). The
/// plan is the one the plain tour makes, which asks about every
/// transition before it takes it: the same tests, step by step, and the
/// same targets covered, uncoverable and indistinguishable.
@Suite struct FaithfulWalksTests {
    struct Tally {
        var plans = 0
        var refused = 0
        var plansWithRefusals = 0
    }

    static let limits = Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 64)

    /// `refusals`: the walks one search may refuse before it asks first.
    static func expectSamePlans(_ model: FlowModel, _ context: String, refusals: Int = 8, into tally: inout Tally) {
        let parks = TabIndependence(model: model).holds ? [false, true] : [false]
        for parked in parks {
            var explorer = Explorer(limits: limits)
            explorer.parksInactiveTabs = parked
            guard let graph = try? explorer.explore(model) else { continue }
            var plain = TestPlanner()
            plain.checksEveryStepFirst = true
            let expected = plain.plan(graph)
            var planner = TestPlanner()
            planner.walksRefusedBeforeCheckingFirst = refusals
            let found = planner.plan(graph)
            let name = "\(context), parked \(parked)"
            #expect(found.paths.count == expected.paths.count, "\(name): \(found.paths.count) tests, \(expected.paths.count) expected")
            for (test, (have, want)) in zip(found.paths, expected.paths).enumerated() {
                #expect(have.inputs == want.inputs && have.steps.map(\.step) == want.steps.map(\.step)
                    && have.steps.map(\.from) == want.steps.map(\.from), "\(name): test \(test + 1) differs")
            }
            #expect(found.covered == expected.covered && found.uncoverable == expected.uncoverable
                && found.indistinguishable == expected.indistinguishable, "\(name): targets")
            #expect(found.coveredHooks == expected.coveredHooks && found.uncoverableHooks == expected.uncoverableHooks
                && found.indistinguishableHooks == expected.indistinguishableHooks, "\(name): hooks")
            #expect(found.coveredDismissHooks == expected.coveredDismissHooks
                && found.uncoverableDismissHooks == expected.uncoverableDismissHooks
                && found.indistinguishableDismissHooks == expected.indistinguishableDismissHooks, "\(name): dismissal hooks")
            tally.plans += 1
            tally.refused += found.refusedWalks
            if found.refusedWalks > 0 { tally.plansWithRefusals += 1 }
        }
    }

    @Test func everySpecIsPlannedAsThePlainTourPlansIt() throws {
        var tally = Tally()
        for path in Repository.specsThatFinish() {
            guard let spec = Frontend.load(Repository.source(path)).spec, let model = try? FlowModel(spec) else { continue }
            Self.expectSamePlans(model, path, into: &tally)
        }
        #expect(tally.plans >= 80 && tally.plansWithRefusals >= 3, "\(tally)")
    }

    @Test(arguments: Array(UInt64(1)...4))
    func randomSpecsArePlannedAsThePlainTourPlansThem(batch: UInt64) throws {
        var tally = Tally()
        for offset in UInt64(0)..<40 {
            var generator = SpecGenerator(seed: batch * 1000 + offset)
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: generator.spec())).spec,
                  let model = try? FlowModel(spec) else { continue }
            Self.expectSamePlans(model, "seed \(batch * 1000 + offset)", into: &tally)
        }
        #expect(tally.plans >= 30 && tally.plansWithRefusals >= 20, "\(tally)")
    }

    /// With one walk refused before a search asks first, the searches
    /// that refuse one end as the plain search: the same plans.
    @Test func searchesThatAskFirstAfterARefusalPlanTheSame() throws {
        var tally = Tally()
        for seed in UInt64(1)..<60 {
            var generator = SpecGenerator(seed: seed)
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: generator.spec())).spec,
                  let model = try? FlowModel(spec) else { continue }
            Self.expectSamePlans(model, "seed \(seed)", refusals: 1, into: &tally)
        }
        #expect(tally.plansWithRefusals >= 20, "\(tally)")
    }

    @Test func generatedAppsArePlannedAsThePlainTourPlansThem() throws {
        var tally = Tally()
        for seed in UInt64(1)...6 {
            var shape = AppShape(tabs: 2 + Int(seed % 3), screens: 20, fanOut: 2, depth: 3, sheets: 2, flags: 2, inputs: 1,
                                 deepLinks: 5, seed: seed)
            shape.interactions = seed % 2 == 0
            Self.expectSamePlans(try model(AppSpecGenerator.spec(shape)), "app \(seed)", into: &tally)
            Self.expectSamePlans(try model(Fixtures.interactingApp(seed: seed)), "interacting app \(seed)", into: &tally)
        }
        #expect(tally.plans >= 12, "\(tally)")
    }
}
