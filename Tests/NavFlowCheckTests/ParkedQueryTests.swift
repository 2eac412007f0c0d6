import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The explicit query engine with the tabs that are not selected parked
/// against the same engine over every state: the same answer to every
/// query (in-app, with deep links, from a start pattern), and a witness
/// that replays step by step as a path of the app, from launch or from a
/// state the start pattern matches, to a state the query matches.
@Suite struct ParkedQueryTests {
    /// Queries for every screen: on a path of the selected tab, and as the
    /// root of a modal.
    static func queries(_ spec: FlowSpec) -> [String] {
        spec.screens.flatMap { screen in
            ["reach * / ... / \(screen.name)", "reach * / ... + ... + sheet \(screen.name)", "reach * / ... + ... + cover \(screen.name)"]
        }
    }

    static func resolve(_ text: String, in spec: FlowSpec, query: Bool) -> StatePattern? {
        query ? PatternResolver.resolveQuery(text, in: spec).0 : PatternResolver.resolvePattern(text, in: spec).0
    }

    /// Whether a witness's trail is a run of the app: each step a
    /// transition from its state to the next, from launch or a start state,
    /// ending where the query holds.
    static func replays(_ trail: WitnessTrail, _ request: ReachabilityQuery, model: FlowModel) -> Bool {
        let states = trail.states
        if request.from == nil {
            guard model.initialState(inputs: states[0].inputs).state == states[0] else { return false }
        } else if let from = request.from, !model.matches(from, states[0]) {
            return false
        }
        for (index, step) in trail.steps.enumerated() {
            var reaches = false
            model.successors(of: step.from, deepLinks: request.deepLinks) { transition in
                if transition.step == step.transition.step && transition.target == states[index + 1] { reaches = true }
            }
            if !reaches { return false }
        }
        return model.matches(request.target, trail.end)
    }

    static func agree(_ text: String, name: String, everyStart: Int = 5) throws -> Int {
        let spec = try #require(Frontend.load(SourceFile(path: name, text: text)).spec, "\(name) does not resolve")
        try #require(TabIndependence(spec).holds, "\(name): \(TabIndependence(spec).reasons)")
        let model = try FlowModel(spec)
        let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)
        let every = ExplicitQueryEngine(limits: limits)
        let parked = ExplicitQueryEngine(limits: limits, parksInactiveTabs: true)
        let targets = queries(spec).compactMap { resolve($0, in: spec, query: true) }
        // Starts: a few targets, read as start patterns.
        let starts = queries(spec).compactMap { text in resolve(String(text.dropFirst("reach ".count)), in: spec, query: false) }
        var requests: [ReachabilityQuery] = []
        for deepLinks in [false, true] {
            requests += targets.map { ReachabilityQuery(target: $0, from: nil, deepLinks: deepLinks) }
            for (offset, start) in starts.enumerated() where offset % everyStart == 0 {
                requests += targets.enumerated().filter { $0.offset % 4 == offset % 4 }
                    .map { ReachabilityQuery(target: $0.element, from: start, deepLinks: deepLinks) }
            }
        }
        var reachable = 0
        for request in requests {
            let label = "\(name): \(request.target.text)\(request.from.map { " from " + $0.text } ?? "")\(request.deepLinks ? " --deeplinks" : "")"
            let full = try every.answer(request, model: model)
            let (answer, trail) = try parked.answerWithTrail(request, model: model)
            switch (full, answer) {
            case (.reachable, .reachable(_, let length)):
                reachable += 1
                let trail = try #require(trail, "\(label): no trail")
                #expect(trail.steps.count == length, "\(label)")
                #expect(replays(trail, request, model: model), "\(label): the witness does not replay")
            case (.unreachable(.noStart), .unreachable(.noStart)), (.unreachable(.exhausted), .unreachable(.exhausted)):
                break
            default:
                Issue.record("\(label): every state says \(full), parked says \(answer)")
            }
        }
        return reachable
    }

    @Test(arguments: ["accounts", "appear-hooks", "data-choices", "entry-points", "router-tabs", "sheet-router", "tab-links"])
    func parkedQueriesAgreeOnTheExamples(_ name: String) throws {
        let path = "specs/examples/\(name).navflow"
        let reachable = try Self.agree(String(decoding: Repository.source(Repository.path(path)).bytes, as: UTF8.self), name: path,
                                       everyStart: 8)
        #expect(reachable > 3)
    }

    @Test(arguments: Array(UInt64(1)...UInt64(8)))
    func parkedQueriesAgreeOnGeneratedApps(seed: UInt64) throws {
        // Small apps: every query searches the whole graph twice, without parking too.
        let text = AppSpecGenerator.spec(AppShape(tabs: 2 + Int(seed % 2), screens: 5 + Int(seed % 3), fanOut: 1, depth: 2,
                                                  sheets: Int(seed % 3), flags: Int(seed % 3), inputs: Int(seed % 2),
                                                  deepLinks: Int(seed % 4), seed: seed))
        #expect(try Self.agree(text, name: "app-\(seed)", everyStart: 8) > 5)
    }

    /// Generated apps with the interactions real apps have (a tab lifted
    /// before an action, a sign-in gate, links where the user is).
    @Test(arguments: Array(UInt64(1)...UInt64(2)))
    func parkedQueriesAgreeOnInteractingApps(seed: UInt64) throws {
        var shape = AppShape(tabs: 2, screens: 5 + Int(seed % 2), fanOut: 1, depth: 2,
                             sheets: Int(seed % 2), flags: 0, inputs: 0, deepLinks: Int(seed % 2), seed: seed)
        shape.interactions = true
        #expect(try Self.agree(AppSpecGenerator.spec(shape), name: "interacting-\(seed)", everyStart: 8) > 5)
    }

    /// The lifted tab of `TabReductionTests`: a query for the pushed screen
    /// on top of the screens pushed again finds it, with a witness that
    /// goes back to the tab to push them before the action.
    @Test func aLiftedTabIsQueriedAgain() throws {
        #expect(try Self.agree(TabReductionTests.openInSpec(presented: false), name: "open-in.navflow") > 3)
    }

    /// The stub page of `TabReductionTests`: a page a link's stub resolves
    /// to is cut, and a query for the page beneath another tab's screen
    /// still finds it, with a witness that goes back after the switch.
    @Test func aCutPageIsFoundAgain() throws {
        let text = TabReductionTests.stubSpec(resolves: true)
        #expect(try Self.agree(text, name: "stub.navflow") > 3)
    }
}
