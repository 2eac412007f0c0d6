import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSpec

/// Facts about an explored state graph that several properties read: which
/// screens are visible where, which guards ever hold, which facts happened
/// first where, which states are deep-link sources and which are traps.
/// Computed once per graph, in one pass over the states and transitions.
public struct GraphAnalysis: Sendable {
    public let model: FlowModel
    public var spec: FlowSpec { model.spec }
    /// The states the analysis names by number (`firstFacts`,
    /// `linkFindings`, `trapStates`), which `state(_:)` and `witness(to:then:)` read.
    public let states: AnalysedStates

    /// What the reachable states show.
    public internal(set) var screens: ScreenFacts
    /// Per screen: visible in some state reachable in-app / in any reachable state.
    public var visibleInApp: [Bool] { screens.visibleInApp }
    public var visibleAnywhere: [Bool] { screens.visibleAnywhere }
    /// Per screen and edge: whether the guard held in a state where the screen is visible.
    public var guardHeld: [[Bool]] { screens.guardHeld }
    /// Per tab of the root tab view: not hidden in some reachable state.
    public var tabShown: [Bool] { screens.tabShown }
    /// Every (stack, screen) put on a stack by an edge or a deep link.
    public internal(set) var pushed: Set<StackScreen>
    /// The first occurrence of each fact, with where it happened.
    public internal(set) var firstFacts: [StepFact: Occurrence] = [:]
    /// Deep-link findings: the first source and step for each link and rule.
    public internal(set) var linkFindings: [LinkFinding] = []
    /// States from which no home state can be reached in-app, and no trap
    /// state with fewer modals up either (closing a modal over a trap leads
    /// into the trap beneath: that is the one reported).
    public internal(set) var trapStates: [Int] = []
    /// The pushes exploration cut at their stack's depth, and what lies beyond them.
    public internal(set) var depthCuts: DepthCuts

    /// A screen registered or pushed on a stack.
    public struct StackScreen: Hashable, Sendable {
        public var stack: Int
        public var screen: Int
    }

    /// Where a fact first happened: the state a step was taken from, and
    /// the step (nil for a fact of the launch).
    public struct Occurrence: Sendable {
        public var state: Int?
        public var step: Step?
        public var launchInputs: UInt64
    }

    /// How a deep link misbehaves from a source state.
    public enum LinkProblem: Sendable, Hashable {
        /// It lands on its target, which no in-app navigation reaches.
        case landsUnreachable
        /// It lands on a valid state that is not its target.
        case notTheTarget(extraModals: [Int])
        /// Its modals are not presented: their presenter is covered.
        case presentationDropped(presentable: Int, coveredBy: Int)
        /// It yields an invalid state.
        case invalid(DeepLinkFailure)
        /// What it builds is reachable in-app, but it presents `presentable`
        /// over a state where the app itself never presents it, landing on
        /// state `landing`.
        case presentsOutOfContext(presentable: Int, landing: Int)

        /// Problems of one kind are reported once per link.
        var kind: Int {
            switch self {
            case .landsUnreachable: 0
            case .notTheTarget: 1
            case .invalid: 2
            case .presentationDropped: 3
            case .presentsOutOfContext: 4
            }
        }
    }

    /// One deep link that misbehaves from a source state: the first source
    /// (in search order) for each link and kind of problem.
    public struct LinkFinding: Sendable {
        public var link: Int
        public var problem: LinkProblem
        public var source: Int
        public var step: Step
    }

    /// The limit that stopped the analysis before it was done, if any.
    /// What it found until then holds (every fact has its transition);
    /// what it did not reach is missing: a whole graph is then to be
    /// judged as partial (`StateGraph.judgeAsPartial`).
    public internal(set) var stoppedBy: Explorer.LimitReached?

    /// Analyses `graph` with no limit.
    public init(_ graph: StateGraph) {
        var budget = ResourceBudget(.standard)
        self.init(graph, within: &budget)
    }

    /// Analyses `graph` within the run's budget: it checks the time and the
    /// process's memory every 65,536 states or transitions, and stops at a
    /// breach (`stoppedBy`).
    public init(_ graph: StateGraph, within budget: inout ResourceBudget) {
        model = graph.model
        states = .graph(graph)
        let model = graph.model
        let spec = model.spec
        screens = ScreenFacts(spec: spec)
        pushed = []
        depthCuts = DepthCuts(facts: [], spec: spec, valuations: [])
        var stop = LimitWatch(budget: budget, states: graph.count)
        defer {
            budget = stop.budget
            stoppedBy = stop.reached
        }
        // Which states are home: only traps need it, and only on a whole graph.
        var isHome = [Bool](repeating: false, count: graph.isComplete ? graph.count : 0)
        // What is on screen depends on the local view alone: judge each view once.
        var viewIsHome = [Int8](repeating: -1, count: graph.store.viewNumberCount)
        for index in 0..<graph.count {
            if stop.isDue() { return }
            let viewNumber = graph.store.viewNumber(of: index)
            if viewIsHome[viewNumber] >= 0 {
                if !isHome.isEmpty { isHome[index] = viewIsHome[viewNumber] == 1 }
                continue
            }
            let state = graph.state(index)
            let home = model.isHome(state)
            if !isHome.isEmpty { isHome[index] = home }
            viewIsHome[viewNumber] = home ? 1 : 0
            // States reachable in-app come first: a view first met after
            // them is never met in-app.
            screens.observe(state, inApp: index < graph.inAppCount, model: model)
        }
        for note in graph.notes {
            for case .pushed(let stack, let screen) in note.facts { pushed.insert(StackScreen(stack: stack, screen: screen)) }
        }
        for (inputs, note) in graph.launchNotes {
            for fact in note.facts where firstFacts[fact] == nil {
                firstFacts[fact] = Occurrence(state: nil, step: nil, launchInputs: inputs)
            }
            for case .pushed(let stack, let screen) in note.facts { pushed.insert(StackScreen(stack: stack, screen: screen)) }
        }
        // Once a note's facts all have an occurrence, its other transitions add nothing.
        var noteDone = [Bool](repeating: false, count: graph.notes.count)
        noteDone[0] = true
        var firstSeen: [StepFact: (state: Int, step: Int32)] = [:]
        for list in [graph.inAppEdges, graph.linkEdges] {
            // Once a label's facts all have an occurrence, its other transitions add nothing.
            var labelDone = [Bool](repeating: false, count: list.labels.count)
            for index in 0..<graph.count {
                if stop.isDue() { break }
                for edge in list.range(of: index) where !labelDone[Int(list.label(at: edge))] {
                    labelDone[Int(list.label(at: edge))] = true
                    for fact in graph.notes[Int(list.note(at: edge))].facts {
                        if let seen = firstSeen[fact], seen.state <= index { continue }
                        firstSeen[fact] = (index, list.step(at: edge))
                    }
                }
            }
        }
        // The first occurrence is the one from the lowest state, in-app steps first.
        for (fact, seen) in firstSeen where firstFacts[fact] == nil {
            firstFacts[fact] = Occurrence(state: seen.state, step: graph.steps[Int(seen.step)], launchInputs: 0)
        }
        depthCuts = DepthCuts(facts: firstFacts.keys, spec: spec, valuations: graph.launchNotes.map(\.inputs))
        // The search for deep-link sources: a mark and a queue entry per state.
        guard stop.canAllocate(graph.count * 5) else { return }
        linkFindings = Self.deepLinkFindings(graph, stop: &stop)
        // A trap is judged on every in-app step from a state: not on a partial graph.
        if graph.isComplete && stop.reached == nil { trapStates = Self.traps(graph, isHome: isHome, stop: &stop) }
    }

    /// State `index` of those the analysis names.
    public func state(_ index: Int) -> NavState {
        switch states {
        case .graph(let graph): graph.state(index)
        case .witnessed(let witnessed): witnessed[index].state
        }
    }

    /// The witness that reaches state `index` and then, optionally, takes `extra`.
    public func witness(to index: Int, then extra: Step? = nil) -> Witness {
        switch states {
        case .graph(let graph):
            return graph.witness(to: index, then: extra)
        case .witnessed(let witnessed):
            var steps = witnessed[index].steps
            if let extra { steps.append((from: witnessed[index].state, step: extra)) }
            return WitnessBuilder(model: model).witness(steps, inputs: witnessed[index].state.inputs)
        }
    }

    /// Checks the budget every 65,536 steps of a loop, and remembers the
    /// limit it reached.
    struct LimitWatch {
        var budget: ResourceBudget
        let states: Int
        var reached: Explorer.LimitReached?
        private var steps = 0

        init(budget: ResourceBudget, states: Int) {
            self.budget = budget
            self.states = states
        }

        /// Whether the process can allocate `bytes` more; when it cannot, the
        /// limit is reached.
        mutating func canAllocate(_ bytes: Int) -> Bool {
            if reached == nil, let breach = budget.breach(allocating: bytes) {
                reached = Explorer.LimitReached(breach, limits: budget.limits, states: states)
            }
            return reached == nil
        }

        /// Whether to stop now: a limit was reached, now or before. Called
        /// once per step of a loop; the budget is read every 65,536 calls.
        mutating func isDue() -> Bool {
            if reached != nil { return true }
            steps += 1
            guard steps & 0xFFFF == 0 else { return false }
            if let breach = budget.breach() {
                reached = Explorer.LimitReached(breach, limits: budget.limits, states: states)
            }
            return reached != nil
        }
    }

    /// The bytes the analysis adds to its graph, at most: per state the
    /// home and source marks, the search queue and the reverse graph's
    /// offsets and the traps' modal levels; per in-app transition the reverse graph's entry.
    public static func bytesNeeded(for graph: StateGraph) -> Int {
        graph.count * 28 + graph.inAppEdges.target.count * 4
    }

    /// Throws when judging the explored graph would break a limit: the time
    /// is already over, or the graph and the analysis would not fit in the
    /// memory limit (what the search holds, and what the process holds).
    /// The search checks the limits as it goes; this holds them before the
    /// analysis starts.
    public static func checkFits(_ graph: StateGraph, within budget: inout ResourceBudget)
        throws(Explorer.LimitReached) {
        let limits = budget.limits
        let graphBytes = graph.bytes
        let analysisBytes = bytesNeeded(for: graph)
        if graphBytes + analysisBytes > limits.maxBytes {
            throw .init(description: "the state graph (\(graphBytes >> 20) MiB, \(graph.count) states) and the checks on it (\(analysisBytes >> 20) MiB) need more than the memory limit of \(limits.maxBytes >> 20) MiB; lower a stack's depth or raise --max-memory",
                        states: graph.count)
        }
        try budget.check(allocating: analysisBytes, states: graph.count)
    }

    /// Sources are the states reachable in-app, closed under in-app steps
    /// and deep-link steps that are not findings; from each source, every
    /// link whose `requires` holds is judged. A link that lands outside the
    /// in-app states is judged by what it built (`DeepLinkLandingJudge`).
    private static func deepLinkFindings(_ graph: StateGraph, stop: inout LimitWatch) -> [LinkFinding] {
        var judge = DeepLinkLandingJudge(graph)
        var isSource = [Bool](repeating: false, count: graph.count)
        var queue: [Int32] = []
        queue.reserveCapacity(graph.count)
        queue += (0..<Int32(graph.inAppCount))
        for index in 0..<graph.inAppCount { isSource[index] = true }
        var head = 0
        var findings: [LinkFinding] = []
        var reported = Set<[Int]>()
        while head < queue.count {
            if stop.isDue() { break }
            let index = Int(queue[head])
            head += 1
            func mark(_ target: Int32) {
                guard target >= 0, !isSource[Int(target)] else { return }
                isSource[Int(target)] = true
                queue.append(target)
            }
            for edge in graph.inAppEdges.range(of: index) { mark(graph.inAppEdges.target[edge]) }
            for edge in graph.linkEdges.range(of: index) {
                let target = graph.linkEdges.target[edge]
                let outcome = graph.notes[Int(graph.linkEdges.note(at: edge))].outcome
                let (follows, problem) = Self.judging(outcome) {
                    if target >= 0 && Int(target) < graph.inAppCount { return (true, nil) }
                    // What a link built is judged against the whole graph: not on a part.
                    guard graph.isComplete else { return (false, nil) }
                    let step = graph.linkEdges.step(at: edge)
                    guard target >= 0, case .deepLink(let link, let arguments) = graph.steps[Int(step)] else {
                        return (false, .landsUnreachable)
                    }
                    return judge.judge(step: Int32(step), link: link, arguments: arguments, target: Int(target), stop: &stop)
                        .judgement(landing: Int(target))
                }
                if follows { mark(target) }
                if let problem, case .deepLink(let link, _) = graph.steps[Int(graph.linkEdges.step(at: edge))],
                   reported.insert([link, problem.kind]).inserted {
                    findings.append(LinkFinding(link: link, problem: problem, source: index,
                                                step: graph.steps[Int(graph.linkEdges.step(at: edge))]))
                }
            }
        }
        return findings
    }

    /// How a deep link's transition counts for the sources of link
    /// findings: they go on through an `else`, and through a landing that
    /// `landing` lets them through; any other outcome is a problem, and a
    /// link that did not run (no outcome) is neither.
    static func judging(_ outcome: DeepLinkOutcome?, landing: () -> (follows: Bool, problem: LinkProblem?))
        -> (follows: Bool, problem: LinkProblem?) {
        switch outcome {
        case .otherwise?: (true, nil)
        case .landed?: landing()
        case .notTheTarget(let extraModals)?: (false, .notTheTarget(extraModals: extraModals))
        case .presentationDropped(let presentable, let coveredBy)?:
            (false, .presentationDropped(presentable: presentable, coveredBy: coveredBy))
        case .invalid(let failure)?: (false, .invalid(failure))
        case nil: (false, nil)
        }
    }

    /// Per state of a whole graph: whether some run of in-app steps leads
    /// from it to a home state.
    public static func statesReachingHome(_ graph: StateGraph) -> [Bool] {
        var stop = LimitWatch(budget: ResourceBudget(.standard), states: graph.count)
        let isHome = (0..<graph.count).map { graph.model.isHome(graph.state($0)) }
        guard let predecessors = InAppPredecessors(graph, stop: &stop) else { return [] }
        return predecessors.reachingHome(isHome, stop: &stop) ?? []
    }

    /// The in-app steps of a graph, backwards: per state, the states with a step to it.
    struct InAppPredecessors {
        /// Per state, where its sources begin in `sources` (one more at the end).
        let incoming: [Int32]
        let sources: [Int32]

        init?(_ graph: StateGraph, stop: inout LimitWatch) {
            let count = graph.count
            var incoming = [Int32](repeating: 0, count: count + 1)
            for target in graph.inAppEdges.target where target >= 0 { incoming[Int(target) + 1] += 1 }
            for index in 0..<count { incoming[index + 1] += incoming[index] }
            var fill = incoming
            var sources = [Int32](repeating: 0, count: Int(incoming[count]))
            for index in 0..<count {
                if stop.isDue() { return nil }
                for edge in graph.inAppEdges.range(of: index) {
                    let target = Int(graph.inAppEdges.target[edge])
                    guard target >= 0 else { continue }
                    sources[Int(fill[target])] = Int32(index)
                    fill[target] += 1
                }
            }
            self.incoming = incoming
            self.sources = sources
        }

        func sources(of index: Int) -> ArraySlice<Int32> {
            sources[Int(incoming[index])..<Int(incoming[index + 1])]
        }

        /// Per state: whether a home state is reachable from it, found by
        /// searching backwards from every home state; nil at a limit.
        func reachingHome(_ isHome: [Bool], stop: inout LimitWatch) -> [Bool]? {
            var reachesHome = isHome
            var queue = isHome.indices.filter { isHome[$0] }
            var head = 0
            while head < queue.count {
                if stop.isDue() { return nil }
                let index = queue[head]
                head += 1
                for source in sources(of: index) where !reachesHome[Int(source)] {
                    reachesHome[Int(source)] = true
                    queue.append(Int(source))
                }
            }
            return reachesHome
        }
    }

    /// States from which no home state is reachable by in-app steps,
    /// found by searching backwards from every home state.
    private static func traps(_ graph: StateGraph, isHome: [Bool], stop: inout LimitWatch) -> [Int] {
        let count = graph.count
        guard let predecessors = InAppPredecessors(graph, stop: &stop),
              let reachesHome = predecessors.reachingHome(isHome, stop: &stop) else { return [] }
        // A trap state that can close a modal and reach a trap with fewer
        // modals up is not where the user is stuck: the modal beneath is.
        // Lowest modal count reachable, level by level, backwards.
        var trapped = (0..<count).filter { !reachesHome[$0] }
        guard !trapped.isEmpty else { return [] }
        var modals = [Int8](repeating: -1, count: count)
        for index in trapped { modals[index] = Int8(graph.state(index).modals.count) }
        var lowest = [Int8](repeating: .max, count: count)
        for level in Int8(0)...Int8(StateShape.modalLimit) {
            var queue = trapped.filter { modals[$0] == level && lowest[$0] == .max }
            for index in queue { lowest[index] = level }
            var head = 0
            while head < queue.count {
                if stop.isDue() { return [] }
                let index = queue[head]
                head += 1
                for source in predecessors.sources(of: index).map(Int.init) where modals[source] >= 0 && lowest[source] == .max {
                    lowest[source] = level
                    queue.append(source)
                }
            }
        }
        trapped.removeAll { lowest[$0] < modals[$0] }
        return trapped
    }
}

/// The states a `GraphAnalysis` names by number.
public enum AnalysedStates: Sendable {
    /// An explored state graph: a state's number is its index there.
    case graph(StateGraph)
    /// The states an analysis of frames names, each with the path of the app to it.
    case witnessed([WitnessedState])
}

/// A state with a path of the app that reaches it: each step with the state it is taken from.
public struct WitnessedState: Sendable {
    public var state: NavState
    public var steps: [(from: NavState, step: Step)]

    public init(state: NavState, steps: [(from: NavState, step: Step)]) {
        self.state = state
        self.steps = steps
    }
}
