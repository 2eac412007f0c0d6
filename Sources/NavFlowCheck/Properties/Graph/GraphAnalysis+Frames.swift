import NavFlowModel
import NavFlowSearch
import NavFlowSpec

extension GraphAnalysis {
    /// The analysis of a spec without deep links from the summary search's
    /// frames (docs/performance.md, "The summary search"): what is on
    /// screen and the facts from the frames (`SummaryFacts`), each fact's
    /// occurrence and each trap `trap` reports with a path of the app to
    /// its state, numbered shortest path first, as the explorer numbers
    /// its states. `summary` is the search's result with its in-app steps
    /// kept (`recordsInAppSteps`), its tabs parked when `parked`.
    ///
    /// Nil for a spec with deep links (`ofFrames` judges their sources),
    /// when the search did not keep its in-app steps, or when a state it
    /// reached has no path it can give.
    public init?(frames summary: SummarySearch.Result, model: FlowModel, parked: Bool) {
        guard model.spec.deepLinks.isEmpty else { return nil }
        self.init(frames: summary, inApp: summary.frames, inAppFacts: summary.facts, sources: nil, model: model, parked: parked)
    }

    /// The analysis of a spec from the summary search's frames, deep links
    /// included: `anywhere` is the search with the links and its in-app
    /// steps kept, `inApp` the frames or states reachable without the links
    /// (with `inAppFacts`, the facts of their steps), and `sources` the
    /// search whose link judge is `LinkSourceJudge`'s (nil for a spec
    /// without links), each with its tabs parked when `parked`.
    init?(frames anywhere: SummarySearch.Result, inApp: some Sequence<NavState>, inAppFacts: Set<StepFact>,
          sources: (SummarySearch.Result, LinkSourceJudge)?, model: FlowModel, parked: Bool) {
        guard let traps = anywhere.traps, model.spec.deepLinks.isEmpty || sources != nil else { return nil }
        self.model = model
        let spec = model.spec
        let facts = SummaryFacts(inApp: inApp, facts: inAppFacts, anywhere: anywhere, model: model)
        screens = facts.screens
        pushed = facts.pushed
        depthCuts = DepthCuts(facts: facts.facts, spec: spec, valuations: anywhere.inputValuations)

        // Every state named, with the path of the app to it.
        var named: [WitnessedState] = []
        func name(_ path: (inputs: UInt64, steps: [(step: Step, stored: NavState)])) -> Int? {
            guard let witnessed = Self.witnessed(path, model: model, parked: parked) else { return nil }
            named.append(witnessed)
            return named.count - 1
        }
        var occurrences: [(fact: StepFact, state: Int?, step: Step?, inputs: UInt64)] = []
        for fact in facts.facts {
            guard let (inputs, steps, step) = anywhere.occurrence(of: fact) else { return nil }
            guard let step else {
                occurrences.append((fact, nil, nil, inputs))
                continue
            }
            guard let state = name((inputs, steps)) else { return nil }
            occurrences.append((fact, state, step, 0))
        }
        var trapped: [Int] = []
        for trap in traps {
            guard let path = anywhere.path(to: trap), let state = name(path) else { return nil }
            trapped.append(state)
        }
        var links: [LinkFinding] = []
        if let (search, judge) = sources {
            for key in search.linkFindingKeys {
                guard let found = search.linkFinding(key), case .deepLink(let link, _) = found.transition.step,
                      var problem = judge.problem(of: found.transition, to: found.target).problem,
                      let source = name((found.inputs, found.steps)) else { return nil }
                if case .presentsOutOfContext(let presentable, _) = problem {
                    guard let target = found.target,
                          let landing = name((found.inputs, found.steps + [(found.transition.step, target)])) else { return nil }
                    problem = .presentsOutOfContext(presentable: presentable, landing: landing)
                }
                links.append(LinkFinding(link: link, problem: problem, source: source, step: found.transition.step))
            }
        }
        // Shortest path first, then the order they were named in.
        let order = named.indices.sorted { (named[$0].steps.count, $0) < (named[$1].steps.count, $1) }
        var number = [Int](repeating: 0, count: named.count)
        for (position, index) in order.enumerated() { number[index] = position }
        states = .witnessed(order.map { named[$0] })
        for occurrence in occurrences {
            firstFacts[occurrence.fact] = Occurrence(state: occurrence.state.map { number[$0] }, step: occurrence.step,
                                                     launchInputs: occurrence.inputs)
        }
        trapStates = trapped.map { number[$0] }.sorted()
        linkFindings = links.map { found in
            var renumbered = found
            renumbered.source = number[found.source]
            if case .presentsOutOfContext(let presentable, let landing) = found.problem {
                renumbered.problem = .presentsOutOfContext(presentable: presentable, landing: number[landing])
            }
            return renumbered
        }
    }

    /// The analysis of `model` from frames (docs/performance.md, "The
    /// summary search"), its tabs parked when `TabIndependence` holds. A
    /// spec without deep links takes one summary search, its in-app steps
    /// kept. With links: the explorer's in-app states (what is visible
    /// in-app, and what the links' landings are judged against) and two
    /// summary searches, with the links and their in-app steps kept, and of
    /// the links' sources. Nil when a search reaches a limit or a state has
    /// no path it can give.
    public static func ofFrames(_ model: FlowModel, limits: Explorer.Limits = .standard) -> GraphAnalysis? {
        let parked = TabIndependence(model: model).holds
        var parking = parked ? ParkedPaths(model: model) : nil
        var search = SummarySearch(limits: limits)
        search.recordsInAppSteps = true
        guard !model.spec.deepLinks.isEmpty else {
            guard let summary = try? search.search(model, deepLinks: false, parking: parking) else { return nil }
            return GraphAnalysis(frames: summary, model: model, parked: parked)
        }
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = parked
        // The summary search cuts as `ParkedPaths(model:)` does: the in-app states must be cut alike.
        explorer.checksTabSelections = false
        explorer.followsDeepLinks = false
        guard let inAppGraph = try? explorer.explore(model) else { return nil }
        parking?.withDeepLinks = true
        let judge = LinkSourceJudge(inAppGraph)
        var linked = SummarySearch(limits: limits)
        linked.linkJudge = { judge.judgement(of: $0, to: $1) }
        linked.linkContextJudge = { judge.judgementOfEveryContext(of: $0, to: $1) }
        guard let found = try? linked.search(model, deepLinks: true, parking: parking),
              let anywhere = try? search.search(model, deepLinks: true, parking: parking) else { return nil }
        return GraphAnalysis(frames: anywhere, inApp: (0..<inAppGraph.count).lazy.map(inAppGraph.state), inAppFacts: [],
                             sources: (found, judge), model: model, parked: parked)
    }

    /// The path of the app a path of the summary search stands for: the
    /// search's own, each step from the state before it, or, with its tabs
    /// parked, the path `ParkedPathLifter` lifts it to.
    private static func witnessed(_ path: (inputs: UInt64, steps: [(step: Step, stored: NavState)]), model: FlowModel,
                                  parked: Bool) -> WitnessedState? {
        if parked {
            guard let lifted = ParkedPathLifter(model: model).lift(path.steps.map { (step: $0.step, parked: $0.stored) },
                                                                   inputs: path.inputs) else { return nil }
            return WitnessedState(state: lifted.last, steps: lifted.steps)
        }
        guard let initial = model.initialState(inputs: path.inputs).0 else { return nil }
        var from = initial
        var steps: [(from: NavState, step: Step)] = []
        for (step, stored) in path.steps {
            steps.append((from, step))
            from = stored
        }
        return WitnessedState(state: from, steps: steps)
    }
}

/// How `GraphAnalysis` judges a deep link's transition from a source, for
/// the summary search of the sources (`SummarySearch.linkJudge`): a
/// landing on an in-app state, an `else`, or a landing whose written part
/// some in-app state has (`DeepLinkLandingJudge`) is followed; any other
/// outcome is a finding, numbered by link and kind of problem. The in-app
/// states are an explicit graph's, searched without the links.
///
/// The summary search calls it from the one thread it runs on, one call
/// at a time, which is what makes its memo of projections safe to share.
final class LinkSourceJudge: @unchecked Sendable {
    private let inApp: StateGraph
    private var landings: DeepLinkLandingJudge
    private let inAppStates: Set<NavState>

    init(_ inApp: StateGraph) {
        self.inApp = inApp
        landings = DeepLinkLandingJudge(inApp)
        inAppStates = Set((0..<inApp.count).map(inApp.state))
    }

    /// The number of a finding: its link and kind of problem.
    static func key(_ link: Int, _ problem: GraphAnalysis.LinkProblem) -> Int { link * 8 + problem.kind }

    func judgement(of transition: Transition, to target: NavState?) -> SummarySearch.LinkJudgement {
        let (follows, problem) = problem(of: transition, to: target)
        if let problem, case .deepLink(let link, _) = transition.step { return .finding(Self.key(link, problem)) }
        return follows ? .follow : .stop
    }

    /// The judgement of a landing whose target (stored) holds marks for
    /// routes the summary search hides, when it is the same whatever they
    /// stand for (`DeepLinkLandingJudge.judgeEveryContext`); nil otherwise.
    func judgementOfEveryContext(of transition: Transition, to target: NavState) -> SummarySearch.LinkJudgement? {
        guard case .deepLink(let link, let arguments) = transition.step, transition.outcome == .landed else { return nil }
        var stop = GraphAnalysis.LimitWatch(budget: ResourceBudget(.standard), states: inApp.count)
        guard let (follows, problem) = landings.judgeEveryContext(link: link, arguments: arguments, landing: target,
                                                                   stop: &stop) else { return nil }
        if let problem { return .finding(Self.key(link, problem)) }
        return follows ? .follow : .stop
    }

    /// Whether the sources go on through `transition` to `target` (stored),
    /// and the problem it shows, as `GraphAnalysis` judges a link edge (an
    /// out-of-context landing's state is not numbered here: -1).
    func problem(of transition: Transition, to target: NavState?) -> (follows: Bool, problem: GraphAnalysis.LinkProblem?) {
        guard case .deepLink(let link, let arguments) = transition.step else { return (false, nil) }
        return GraphAnalysis.judging(transition.outcome) {
            guard let target else { return (false, .landsUnreachable) }
            if inAppStates.contains(target) { return (true, nil) }
            var stop = GraphAnalysis.LimitWatch(budget: ResourceBudget(.standard), states: inApp.count)
            return landings.judge(link: link, arguments: arguments, landing: target, stop: &stop).judgement(landing: -1)
        }
    }
}
