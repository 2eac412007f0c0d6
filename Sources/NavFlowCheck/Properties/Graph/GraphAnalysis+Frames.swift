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
    /// Nil for a spec with deep links, whose sources and landings frames
    /// do not judge yet, when the search did not keep its in-app steps, or
    /// when a state it reached has no path it can give.
    public init?(frames summary: SummarySearch.Result, model: FlowModel, parked: Bool) {
        guard model.spec.deepLinks.isEmpty, let traps = summary.traps else { return nil }
        self.model = model
        let spec = model.spec
        let facts = SummaryFacts(inApp: summary, anywhere: summary, model: model)
        screens = facts.screens
        pushed = facts.pushed
        depthCuts = DepthCuts(facts: facts.facts, spec: spec, valuations: summary.inputValuations)

        // Every state named, with the path of the app to it.
        var named: [WitnessedState] = []
        func name(_ path: (inputs: UInt64, steps: [(step: Step, stored: NavState)])) -> Int? {
            guard let witnessed = Self.witnessed(path, model: model, parked: parked) else { return nil }
            named.append(witnessed)
            return named.count - 1
        }
        var occurrences: [(fact: StepFact, state: Int?, step: Step?, inputs: UInt64)] = []
        for fact in facts.facts {
            guard let (inputs, steps, step) = summary.occurrence(of: fact) else { return nil }
            guard let step else {
                occurrences.append((fact, nil, nil, inputs))
                continue
            }
            guard let state = name((inputs, steps)) else { return nil }
            occurrences.append((fact, state, step, 0))
        }
        var trapped: [Int] = []
        for trap in traps {
            guard let path = summary.path(to: trap), let state = name(path) else { return nil }
            trapped.append(state)
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
