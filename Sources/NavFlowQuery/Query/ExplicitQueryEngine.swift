import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Answers reachability queries by the plain explorer's breadth-first
/// search, stopping at the first state that matches. Proves unreachability
/// by exhausting the reachable states.
///
/// With `parksInactiveTabs` (sound only when `TabIndependence` holds) the
/// search stores the tabs that are not selected parked, as `verify` does:
/// a pattern reads only the local view (the selected tab, its columns, the
/// modals, flags and inputs), which the parked graph has exactly as the
/// app's (docs/performance.md), so the answer is the same. The witness is
/// the parked path lifted to a path of the app (`ParkedPathLifter`): it may
/// go back after switching to a tab, so it is a path of the app but not
/// always a shortest one. Without parking, the witness is a shortest one.
public struct ExplicitQueryEngine: Sendable {
    public var limits: Explorer.Limits
    /// Whether to store the tabs that are not selected parked.
    public var parksInactiveTabs: Bool

    public init(limits: Explorer.Limits = .standard, parksInactiveTabs: Bool = false) {
        self.limits = limits
        self.parksInactiveTabs = parksInactiveTabs
    }

    public func answer(_ query: ReachabilityQuery, model: FlowModel) throws(Explorer.LimitReached) -> QueryAnswer {
        try answerWithTrail(query, model: model).answer
    }

    /// The answer, and for a witness the concrete states and transitions
    /// behind it, with the facts of each step (for judging what the
    /// witness passes through).
    public func answerWithTrail(_ query: ReachabilityQuery, model: FlowModel)
        throws(Explorer.LimitReached) -> (answer: QueryAnswer, trail: WitnessTrail?) {
        let valuations: [UInt64]
        do {
            valuations = try model.inputValuations(limit: limits.maxValuations)
        } catch {
            throw Explorer.LimitReached(description: error.description + "; the symbolic engine (--engine z3) treats inputs as unknowns instead",
                                        states: 0)
        }
        let initial = valuations.compactMap { model.initialState(inputs: $0).state }
        let explorer = PlainExplorer(limits: limits)
        // States are cut for the steps the query counts: with deep links
        // only when it takes them (a tab cut for links could not be rebuilt
        // in-app). Cutting less than the search could rebuild stays exact.
        var parking: ParkedPaths?
        if parksInactiveTabs {
            parking = ParkedPaths(model: model)
            parking?.withDeepLinks = query.deepLinks
        }
        var starts = initial
        if let from = query.from {
            // The states the start pattern matches, kept whole; the search
            // that found them is let go before the next one starts.
            let (matched, searched) = try Self.states(matching: from, reachableFrom: initial, model: model,
                                                      explorer: explorer, parking: parking)
            starts = matched
            if starts.isEmpty {
                return (.unreachable(.noStart(states: searched)), nil)
            }
        }
        let search = try explorer.search(model, from: starts, deepLinks: query.deepLinks, parking: parking) {
            model.matches(query.target, $0)
        }
        guard let found = search.found else {
            return (.unreachable(.exhausted(states: search.count)), nil)
        }
        var path = search.path(to: found)
        var end = search.state(found)
        let start = search.state(search.root(of: found))
        var startState = start
        if parking != nil {
            // Lift the parked path to one of the app, from launch or from a
            // state of the app the start state stands for.
            let lifter = ParkedPathLifter(model: model)
            if query.from != nil {
                let toStart = try explorer.search(model, from: initial, deepLinks: true, parking: parking) { $0 == start }
                guard let reached = toStart.found,
                      let lifted = lifter.lift(Self.parkedSteps(toStart.path(to: reached), end: start), inputs: start.inputs) else {
                    preconditionFailure("a parked start state does not lift to a state of the app")
                }
                startState = lifted.last
            }
            let lifted = query.from == nil
                ? lifter.lift(Self.parkedSteps(path, end: end), inputs: end.inputs)
                : lifter.lift(Self.parkedSteps(path, end: end), from: startState)
            guard let lifted else { preconditionFailure("a parked path does not lift to a path of the app") }
            path = lifted.steps
            end = lifted.last
        }
        let builder = WitnessBuilder(model: model)
        var witness = builder.witness(path, inputs: end.inputs)
        if let from = query.from {
            witness.steps[0] = builder.start(where: from, in: startState)
        }
        let launchFacts = query.from == nil ? model.initialState(inputs: end.inputs).facts : []
        let trail = WitnessTrail(model: model, launchFacts: launchFacts, path: path, end: end,
                                 startsAtLaunch: query.from == nil)
        return (.reachable(witness, length: path.count), trail)
    }

    /// A path of a search as the lifter takes it: each step with the state it ends in.
    private static func parkedSteps(_ path: [(from: NavState, step: Step)], end: NavState) -> [(step: Step, parked: NavState)] {
        path.indices.map { (step: path[$0].step, parked: $0 + 1 < path.count ? path[$0 + 1].from : end) }
    }

    /// Every reachable state (deep links included) that matches `pattern`,
    /// and how many states were searched. Memory and time are checked as
    /// the matches are collected: a pattern may match most of the states.
    private static func states(matching pattern: StatePattern, reachableFrom initial: [NavState], model: FlowModel,
                               explorer: PlainExplorer, parking: ParkedPaths?) throws(Explorer.LimitReached) -> ([NavState], Int) {
        let reachable = try explorer.search(model, from: initial, deepLinks: true, parking: parking)
        var budget = ResourceBudget(explorer.limits)
        var matched: [NavState] = []
        for index in 0..<reachable.count {
            let state = reachable.state(index)
            guard model.matches(pattern, state) else { continue }
            if matched.count == matched.capacity {
                let bytes = max(16, matched.capacity * 2) * (MemoryLayout<NavState>.stride + 64)
                try budget.check(allocating: bytes, states: reachable.count)
            }
            matched.append(state)
            if index & 0xFFF == 0 { try budget.check(states: reachable.count) }
        }
        return (matched, reachable.count)
    }
}
