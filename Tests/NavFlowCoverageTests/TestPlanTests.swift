import NavFlowCheck
import NavFlowCoverage
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import NavFlowTrace
import Testing

/// Replaying a plan's traces takes every edge and deep link a test can take:
/// the plan reaches 100% of them by construction, without drift.
@Suite struct TestPlanTests {
    /// Plans, writes the traces, replays them, and returns the report and the plan.
    func replayPlan(_ model: FlowModel, maxSteps: Int = 40, parked: Bool = false) throws -> (CoverageReport, TestPlan) {
        var explorer = Explorer()
        explorer.parksInactiveTabs = parked
        let graph = try explorer.explore(model)
        let plan = TestPlanner(maxStepsPerPath: maxSteps).plan(graph)
        let writer = PlanTraceWriter(model: model)
        let text = plan.paths.map { writer.lines(for: $0).map { $0.text + "\n" }.joined() }.joined()
        let (report, errors) = coverage(of: model, trace: text, file: "plan.jsonl")
        #expect(errors.isEmpty, "\(errors)")
        return (report, plan)
    }

    /// Whether another edge of the same screen has the same effect as a
    /// trace sees it: the same label, or the same statement towards the
    /// same screen, presentable or tab.
    func hasTwin(_ kind: TransitionKind, in spec: FlowSpec) -> Bool {
        guard case .edge(let screen, let index) = kind else { return false }
        func effect(_ edge: Edge) -> String {
            if let label = edge.label { return "label " + label }
            guard let statement = edge.statements.first else { return "" }
            switch statement.kind {
            case .push(let route): return "push \(route.screen)"
            case .select(let route): return "select \(route.screen)"
            case .pop, .dismiss: return "pop or dismiss"  // a dismiss inside a pushed screen is a back
            default: return statement.text(in: spec)
            }
        }
        let edges = spec.screens[screen].edges
        return edges.indices.contains { $0 != index && effect(edges[$0]) == effect(edges[index]) }
    }

    /// Whether every transition of an edge leaves tab, paths and modals as they were.
    func neverChangesNavigation(_ kind: TransitionKind, in graph: StateGraph) -> Bool {
        for index in 0..<graph.count {
            let list = graph.inAppEdges
            for position in list.range(of: index) where list.target[position] >= 0 {
                guard case .edge(_, let screen, let edge, _) = graph.steps[Int(list.step(at: position))],
                      kind == .edge(screen: screen, edge: edge) else { continue }
                let from = graph.state(index)
                let to = graph.state(Int(list.target[position]))
                if from.selectedTab != to.selectedTab || from.paths != to.paths || from.shows != to.shows || from.modals != to.modals {
                    return false
                }
            }
        }
        return true
    }


    /// A dismissal hook only the launch runs (an appear hook closes the
    /// sheet the launch presents): the plan counts it, and coverage counts
    /// it from the replayed launch.
    @Test func aDismissalHookTheLaunchRunsIsCovered() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "l.navflow", text: """
            app Launch
            flag welcomed = false
            stack Root root Home {}
            start Root
            launch sheet Welcome
            screen Home
            screen Welcome {
              appear if !welcomed { dismiss }
              on dismiss { set welcomed = true }
            }
            """)).spec)
        let (report, plan) = try replayPlan(try FlowModel(spec))
        #expect(plan.coveredDismissHooks.count == 1 && plan.uncoverableDismissHooks.isEmpty)
        #expect(report.metric("dismissals")?.covered == 1)
        #expect(report.driftCount == 0, "\(report.drifts.map(\.message))")
    }
    @Test(arguments: ["messenger", "router-tabs", "recipes", "sheet-router", "accounts", "tab-links", "entry-points", "data-choices", "appear-hooks", "server-setup", "container-toasts", "tab-retap"])
    func thePlanCoversEveryEdgeAndDeepLinkOfTheExamples(_ name: String) throws {
        let model = try model(ofFile: "specs/examples/\(name).navflow")
        let (report, plan) = try replayPlan(model)
        #expect(plan.uncoverable.isEmpty && plan.indistinguishable.isEmpty && plan.uncoverableHooks.isEmpty)
        // Only a spec with hooks has the metric; the plan runs every hook.
        let hooks = model.spec.screens.reduce(0) { $0 + $1.hooks.count }
        #expect(report.metric("hooks")?.percent == (hooks == 0 ? nil : 100))
        #expect(plan.coveredHooks.count == hooks)
        #expect(report.driftCount == 0, "\(report.drifts.map(\.message))")
        #expect(report.metric("edges")?.percent == 100)
        #expect(report.metric("deeplinks")?.percent == 100)
        #expect(plan.paths.allSatisfy { $0.steps.count <= 40 })
    }

    /// With the tabs parked (what `plan` runs by default), the walk lifted
    /// back to the feed goes home from deep in it by the tap on the tab's
    /// item (one step where going back takes two); the plan writes it as
    /// the `tab` event a recorder writes for the tap, and that event
    /// replays to it: no drift, and the re-tap is covered.
    @Test func thePlanTakesTheTabRetap() throws {
        let model = try model(ofFile: "specs/examples/tab-retap.navflow")
        let (report, plan) = try replayPlan(model, parked: true)
        let retaps = plan.paths.flatMap(\.steps).filter { if case .retapTab = $0.step { true } else { false } }
        #expect(retaps.count == 1)
        #expect(report.driftCount == 0, "\(report.drifts.map(\.message))")
        let missing = report.metric("implicit")?.missing.map { $0.text } ?? []
        #expect(!missing.contains("Author: tab re-tap"), "\(missing)")
        let writer = PlanTraceWriter(model: model)
        #expect(retaps.allSatisfy { writer.line(for: $0.step, from: $0.from).text == #"{"event":"tab","tab":"feed"}"# })
        #expect(try replayPlan(model, parked: false).0.driftCount == 0)
    }

    @Test func thePlanIsSmall() throws {
        let figures = try ["messenger", "router-tabs", "recipes", "sheet-router", "accounts", "tab-links", "entry-points", "data-choices", "appear-hooks", "server-setup", "container-toasts"].map { name -> String in
            let plan = try replayPlan(try model(ofFile: "specs/examples/\(name).navflow")).1
            return "\(name): \(plan.paths.count) tests, \(plan.stepCount) steps"
        }
        #expect(figures == ["messenger: 2 tests, 38 steps", "router-tabs: 2 tests, 24 steps", "recipes: 1 tests, 7 steps", "sheet-router: 2 tests, 19 steps", "accounts: 1 tests, 20 steps", "tab-links: 2 tests, 20 steps", "entry-points: 1 tests, 14 steps", "data-choices: 1 tests, 8 steps", "appear-hooks: 2 tests, 12 steps", "server-setup: 2 tests, 10 steps", "container-toasts: 3 tests, 19 steps"])
    }

    @Test func shortTestsStillCoverEverything() throws {
        let (report, plan) = try replayPlan(try model(ofFile: "specs/examples/messenger.navflow"), maxSteps: 5)
        #expect(report.metric("edges")?.percent == 100)
        #expect(report.metric("deeplinks")?.percent == 100)
        #expect(plan.paths.count > 2)
    }

    @Test(arguments: Array(UInt64(1)...8))
    func thePlanCoversWhatCanBeCoveredOnGeneratedSpecs(_ batch: UInt64) throws {
        var checked = 0
        defer { #expect(checked >= 18, "too few generated specs resolved: \(checked) of 25") }
        for offset in UInt64(0)..<25 {
            let seed = batch * 1000 + offset
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: text)).spec,
                  let model = try? FlowModel(spec) else { continue }
            checked += 1
            let (report, plan) = try replayPlan(model)
            let edges = try #require(report.metric("edges"))
            let links = try #require(report.metric("deeplinks"))
            let uncoverable = plan.uncoverable.count + plan.indistinguishable.count
            #expect(edges.covered + links.covered + uncoverable == (edges.total ?? 0) + (links.total ?? 0),
                    "seed \(seed): missing \(edges.missing.map(\.text) + links.missing.map(\.text)); uncoverable \(uncoverable)\n\(text)")
            let graph = try Explorer().explore(model)
            for kind in plan.indistinguishable {
                let explained = hasTwin(kind, in: spec) || neverChangesNavigation(kind, in: graph)
                #expect(explained, "seed \(seed): \(kind.text(in: spec)) has no twin and changes something\n\(text)")
            }
            #expect(report.driftCount == 0, "seed \(seed): \(report.drifts.map { "\($0.location.line): \($0.message)" })\n\(text)")
            if TabIndependence(spec).holds {
                try expectParkedPlanAgrees(model, with: plan, (report, edges, links), name: "seed \(seed)\n\(text)")
            }
        }
    }

    /// A plan over the parked graph, its tests lifted to paths of the app,
    /// covers what the plan over every state covers: its traces replay
    /// without drift to the same edges, deep links and hooks, and it finds
    /// the same targets uncoverable or indistinguishable.
    func expectParkedPlanAgrees(_ model: FlowModel, with full: TestPlan,
                                _ fullReport: (CoverageReport, CoverageMetric, CoverageMetric), name: String) throws {
        let (report, plan) = try replayPlan(model, parked: true)
        #expect(plan.covered == full.covered, "\(name)")
        #expect(plan.uncoverable == full.uncoverable && plan.indistinguishable == full.indistinguishable, "\(name)")
        #expect(plan.coveredHooks == full.coveredHooks, "\(name)")
        #expect(report.driftCount == 0, "\(name): \(report.drifts.map { "\($0.location.line): \($0.message)" })")
        #expect(report.metric("edges")?.covered == fullReport.1.covered, "\(name)")
        #expect(report.metric("deeplinks")?.covered == fullReport.2.covered, "\(name)")
    }

    @Test(arguments: ["accounts", "appear-hooks", "data-choices", "entry-points", "router-tabs", "server-setup", "sheet-router", "tab-links"])
    func aParkedPlanCoversWhatTheFullPlanCoversOnTheExamples(_ name: String) throws {
        let model = try model(ofFile: "specs/examples/\(name).navflow")
        #expect(TabIndependence(model.spec).holds)
        let (report, plan) = try replayPlan(model)
        try expectParkedPlanAgrees(model, with: plan, (report, try #require(report.metric("edges")), try #require(report.metric("deeplinks"))),
                                   name: name)
    }

    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func aParkedPlanCoversWhatTheFullPlanCoversOnGeneratedApps(seed: UInt64) throws {
        let text = AppSpecGenerator.spec(AppShape(tabs: 2 + Int(seed % 3), screens: 6 + Int(seed % 7), fanOut: 1 + Int(seed % 2), depth: 2,
                                                  sheets: Int(seed % 3), flags: Int(seed % 4), inputs: Int(seed % 3),
                                                  deepLinks: Int(seed % 5), seed: seed))
        let spec = try #require(Frontend.load(SourceFile(path: "app.navflow", text: text)).spec)
        #expect(TabIndependence(spec).holds)
        let model = try FlowModel(spec)
        let (report, plan) = try replayPlan(model)
        try expectParkedPlanAgrees(model, with: plan, (report, try #require(report.metric("edges")), try #require(report.metric("deeplinks"))),
                                   name: "app \(seed)\n\(text)")
    }

    /// Generated apps with the interactions real apps have, whose "Open in
    /// tab 0" action lifts the first tab: the parked plan's tests, lifted
    /// (with the detour before that action), replay and cover what the
    /// full plan covers.
    @Test(arguments: Array(UInt64(1)...UInt64(2)))
    func aParkedPlanCoversWhatTheFullPlanCoversOnInteractingApps(seed: UInt64) throws {
        let text = Fixtures.interactingApp(seed: seed)
        let spec = try #require(Frontend.load(SourceFile(path: "app.navflow", text: text)).spec)
        #expect(TabIndependence(spec).holds && TabIndependence(spec).liftedTabs.joined().contains([0]))
        let model = try FlowModel(spec)
        let (report, plan) = try replayPlan(model)
        try expectParkedPlanAgrees(model, with: plan, (report, try #require(report.metric("edges")), try #require(report.metric("deeplinks"))),
                                   name: "interacting app \(seed)\n\(text)")
    }

    /// On generated specs with appear hooks: every hook is run by the plan,
    /// or listed as one no step runs or no trace shows; the plan's traces
    /// (with their `appear` events) replay without drift and run the hooks
    /// the plan says.
    @Test(arguments: Array(UInt64(1)...3))
    func thePlanRunsTheHooksGeneratedSpecsHave(_ batch: UInt64) throws {
        var checked = 0
        var hooked = 0
        var dismissing = 0
        var dismissalsRun = 0
        for offset in UInt64(0)..<25 {
            let seed = 50_000 + batch * 1000 + offset
            var generator = SpecGenerator(seed: seed, appearHooks: true)
            let text = generator.spec()
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: text)).spec,
                  let model = try? FlowModel(spec) else { continue }
            checked += 1
            let hooks = spec.screens.reduce(0) { $0 + $1.hooks.count }
            if hooks > 0 { hooked += 1 }
            let (report, plan) = try replayPlan(model)
            #expect(plan.coveredHooks.count + plan.uncoverableHooks.count + plan.indistinguishableHooks.count == hooks,
                    "seed \(seed)\n\(text)")
            #expect(report.driftCount == 0, "seed \(seed): \(report.drifts.map { "\($0.location.line): \($0.message)" })\n\(text)")
            if hooks > 0 {
                #expect(report.metric("hooks")?.covered == plan.coveredHooks.count, "seed \(seed)\n\(text)")
            }
            let dismissals = spec.screens.reduce(0) { $0 + $1.dismissHooks.count }
            #expect(plan.coveredDismissHooks.count + plan.uncoverableDismissHooks.count
                    + plan.indistinguishableDismissHooks.count == dismissals, "seed \(seed)\n\(text)")
            if dismissals > 0 {
                dismissing += 1
                if !plan.coveredDismissHooks.isEmpty { dismissalsRun += 1 }
                #expect(report.metric("dismissals")?.covered == plan.coveredDismissHooks.count, "seed \(seed)\n\(text)")
            } else {
                #expect(report.metric("dismissals") == nil)
            }
        }
        #expect(checked >= 18 && hooked >= 12, "checked \(checked), with hooks \(hooked)")
        #expect(dismissing >= 4 && dismissalsRun >= 1, "with dismissal hooks \(dismissing), run by the plan \(dismissalsRun)")
    }
}
