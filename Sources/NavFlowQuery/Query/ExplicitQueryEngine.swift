import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Answers reachability queries by the plain explorer's breadth-first
/// search, stopping at the first state that matches: its witness is a
/// shortest one. Proves unreachability by exhausting the reachable states.
public struct ExplicitQueryEngine: Sendable {
    public var limits: Explorer.Limits

    public init(limits: Explorer.Limits = .standard) {
        self.limits = limits
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
        var starts = initial
        var startText: WitnessStep?
        if let from = query.from {
            // The states the start pattern matches, kept whole; the search
            // that found them is let go before the next one starts.
            let (matched, searched) = try Self.states(matching: from, reachableFrom: initial, model: model, explorer: explorer)
            starts = matched
            startText = WitnessStep(kind: .launch, text: "Start where \(from.text) holds")
            if starts.isEmpty {
                return (.unreachable(.noStart(states: searched)), nil)
            }
        }
        let search = try explorer.search(model, from: starts, deepLinks: query.deepLinks) { model.matches(query.target, $0) }
        if let found = search.found {
            let path = search.path(to: found)
            let builder = WitnessBuilder(model: model)
            var witness = builder.witness(path, inputs: search.state(found).inputs)
            if let startText {
                let start = search.state(search.root(of: found))
                witness.steps[0] = WitnessStep(kind: .launch, text: startText.text + ": " + builder.describe(start))
            }
            let end = search.state(found)
            let launchFacts = query.from == nil ? model.initialState(inputs: end.inputs).facts : []
            let trail = WitnessTrail(model: model, launchFacts: launchFacts, path: path, end: end,
                                     startsAtLaunch: query.from == nil)
            return (.reachable(witness, length: path.count), trail)
        }
        return (.unreachable(.exhausted(states: search.count)), nil)
    }

    /// Every reachable state (deep links included) that matches `pattern`,
    /// and how many states were searched. Memory and time are checked as
    /// the matches are collected: a pattern may match most of the states.
    private static func states(matching pattern: StatePattern, reachableFrom initial: [NavState], model: FlowModel,
                               explorer: PlainExplorer) throws(Explorer.LimitReached) -> ([NavState], Int) {
        let reachable = try explorer.search(model, from: initial, deepLinks: true)
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
