import DequeModule
import NavFlowCheck
import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// A set of test paths that together take every declared edge and every
/// deep link that some reachable state can take, and run every appear and
/// dismissal hook some reachable step runs.
public struct TestPlan: Sendable {
    /// One test: a launch with given inputs, then steps.
    public struct TestPath: Sendable {
        public var inputs: UInt64
        /// Each step with the state it is taken from.
        public var steps: [(from: NavState, step: Step)]
    }

    public var paths: [TestPath]
    /// The edges and deep links the plan takes.
    public var covered: [TransitionKind]
    /// Edges and deep links no reachable state can take (dead edges,
    /// links that are always invalid): no test can cover them.
    public var uncoverable: [TransitionKind]
    /// Edges no trace can credit: another edge of the same screen has the
    /// same effect (replay credits the first one declared), or they change
    /// nothing wherever they can be taken.
    public var indistinguishable: [TransitionKind]
    /// The appear hooks the plan's steps (or launches) run.
    public var coveredHooks: [AppearHookID] = []
    /// Appear hooks no reachable step runs.
    public var uncoverableHooks: [AppearHookID] = []
    /// Appear hooks only steps run that a trace cannot show faithfully
    /// (their events replay to another transition).
    public var indistinguishableHooks: [AppearHookID] = []
    /// The dismissal hooks the plan's steps (or launches) run.
    public var coveredDismissHooks: [DismissHookID] = []
    /// Dismissal hooks no reachable step runs.
    public var uncoverableDismissHooks: [DismissHookID] = []
    /// Dismissal hooks only steps run that a trace cannot show faithfully.
    public var indistinguishableDismissHooks: [DismissHookID] = []

    /// The walks the tour's searches found and then refused, because a
    /// transition on them replays as another (each refusal repeats a
    /// search); 0 when it asks about every transition first.
    public var refusedWalks = 0

    /// The number of steps over all paths, launches not counted.
    public var stepCount: Int { paths.reduce(0) { $0 + $1.steps.count } }
}

/// Plans tests by a greedy transition tour over the explored state graph
/// (the parked graph when the search parked the tabs that were not
/// selected: each test is then lifted to a path of the app, which may go
/// back after a tab switch and so take more steps than its walk):
/// from where the current test is, walk the shortest path to the nearest
/// edge or deep link not yet taken and take it; start a new test (a fresh
/// launch) when that is nearer or the test has `maxStepsPerPath` steps.
/// Each target costs at most the graph's depth plus one step, so a plan
/// has at most (targets × (depth + 1)) steps; in practice walks to one
/// target take others on the way.
public struct TestPlanner: Sendable {
    /// The longest test the planner writes (a target further away than
    /// this from launch still gets a test of its own).
    public var maxStepsPerPath: Int
    /// Whether the tour asks, of every transition it meets, whether its
    /// trace event replays to it before it takes it: the plain search,
    /// which the default one (that asks about the walks it finds) is
    /// tested against. The plans are the same.
    public var checksEveryStepFirst = false
    /// How many walks one search of the tour may find and refuse before it
    /// asks about every transition first (the same plan either way; tests
    /// lower it to reach that fallback).
    public var walksRefusedBeforeCheckingFirst = 8

    public init(maxStepsPerPath: Int = 40) {
        self.maxStepsPerPath = maxStepsPerPath
    }

    public func plan(_ graph: StateGraph) -> TestPlan {
        var unlimited = ResourceBudget(.standard)
        do {
            return try plan(graph, within: &unlimited)
        } catch {
            preconditionFailure("a budget without limits was exceeded: \(error)")
        }
    }

    /// Plans within the run's budget: the planner's searches check the time
    /// and the process's memory as they go, and its buffers (16 bytes a
    /// state, and a queue) are checked before they are allocated.
    public func plan(_ graph: StateGraph, within budget: inout ResourceBudget) throws(Explorer.LimitReached) -> TestPlan {
        let spec = graph.model.spec
        try budget.check(allocating: graph.count * 24, states: graph.count)
        var targets = Set<TransitionKind>()
        for screen in spec.screens.indices {
            for edge in spec.screens[screen].edges.indices { targets.insert(.edge(screen: screen, edge: edge)) }
        }
        for link in spec.deepLinks.indices { targets.insert(.deepLink(link)) }
        // What the transitions take and run is read once per label (step and
        // note) that some transition with a target has, not per transition.
        let labels = PlanLabels(graph)
        var taken = [Bool](repeating: false, count: labels.kinds.count)
        for list in [graph.inAppEdges, graph.linkEdges] {
            for position in list.target.indices where list.target[position] >= 0 { taken[Int(list.label(at: position))] = true }
        }
        var takeable = Set<TransitionKind>()
        for label in taken.indices where taken[label] {
            if let kind = labels.kinds[label] { takeable.insert(kind) }
        }
        var remaining = targets.intersection(takeable)
        // Hooks are targets like edges, met on the transitions whose facts
        // say they ran, and on the launches of the inputs that run them.
        let hooks = Set(graph.model.appearHooks.map(PlannedHook.appear) + graph.model.dismissHooks.map(PlannedHook.dismissal))
        var runnable = Set<PlannedHook>()
        for label in taken.indices where taken[label] { runnable.formUnion(labels.hooks[label]) }
        var launchHooks: [UInt64: Set<PlannedHook>] = [:]
        for (inputs, note) in graph.launchNotes where graph.initialStates.contains(where: { graph.state($0).inputs == inputs }) {
            launchHooks[inputs, default: []].formUnion(PlannedHook.ran(in: note.facts))
        }
        runnable.formUnion(launchHooks.values.joined())
        var remainingHooks = runnable
        var coveredHooks = Set<PlannedHook>()
        var search = TourSearch(graph: graph, labels: labels, fidelity: ReplayFidelity(graph: graph),
                                asksFirst: checksEveryStepFirst, refusalsBeforeAskingFirst: walksRefusedBeforeCheckingFirst,
                                budget: budget)
        defer { budget = search.budget }
        var paths: [TestPlan.TestPath] = []
        var current: Int?
        // The current test as a walk over the graph; lifted to steps of the
        // app when it ends (the graph may have parked tabs).
        var currentWalk: [(from: Int, step: Step)] = []
        var covered = Set<TransitionKind>()

        func add(_ path: TestPlan.TestPath) {
            paths.append(path)
            let launched = launchHooks[path.inputs] ?? []
            remainingHooks.subtract(launched)
            coveredHooks.formUnion(launched)
        }
        func finish() {
            if let current, !currentWalk.isEmpty {
                add(TestPlan.TestPath(inputs: graph.state(current).inputs, steps: graph.appSteps(of: currentWalk, end: current)))
            }
            currentWalk = []
        }
        while !remaining.isEmpty || !remainingHooks.isEmpty {
            let fresh = try search.nearest(from: graph.initialStates, remaining: remaining, hooks: remainingHooks)
            guard let fresh else { break }
            var walk = fresh
            var restart = true
            if let current, let onward = try search.nearest(from: [current], remaining: remaining, hooks: remainingHooks),
               onward.steps.count <= fresh.steps.count + 1, currentWalk.count + onward.steps.count <= maxStepsPerPath {
                walk = onward
                restart = false
            }
            if restart { finish() }
            for (from, step, note) in walk.steps {
                currentWalk.append((from, graph.steps[step]))
                if let kind = Self.target(graph.steps[step]) {
                    remaining.remove(kind)
                    covered.insert(kind)
                }
                for hook in PlannedHook.ran(in: graph.notes[note].facts) {
                    remainingHooks.remove(hook)
                    coveredHooks.insert(hook)
                }
            }
            current = walk.end
        }
        finish()
        // Hooks only a launch runs, with inputs no test launches with: a test that only launches.
        for (inputs, launched) in launchHooks.sorted(by: { $0.key < $1.key }) where !launched.isDisjoint(with: remainingHooks) {
            add(TestPlan.TestPath(inputs: inputs, steps: []))
        }
        let uncoverableHooks = hooks.subtracting(runnable)
        return TestPlan(paths: paths, covered: covered.sorted(), uncoverable: targets.subtracting(takeable).sorted(),
                        indistinguishable: remaining.sorted(), coveredHooks: PlannedHook.appear(in: coveredHooks),
                        uncoverableHooks: PlannedHook.appear(in: uncoverableHooks),
                        indistinguishableHooks: PlannedHook.appear(in: remainingHooks),
                        coveredDismissHooks: PlannedHook.dismissal(in: coveredHooks),
                        uncoverableDismissHooks: PlannedHook.dismissal(in: uncoverableHooks),
                        indistinguishableDismissHooks: PlannedHook.dismissal(in: remainingHooks), refusedWalks: search.refusedWalks)
    }

    /// The edge or deep link a step takes (nil for implicit actions).
    static func target(_ step: Step) -> TransitionKind? {
        switch step {
        case .edge(_, let screen, let edge, _): .edge(screen: screen, edge: edge)
        case .deepLink(let link, _): .deepLink(link)
        default: nil
        }
    }
}

/// A hook the plan aims to run: an appear hook or a dismissal hook.
private enum PlannedHook: Hashable {
    case appear(AppearHookID)
    case dismissal(DismissHookID)

    /// The hooks that ran, in order, as facts of a step or launch say.
    static func ran(in facts: [StepFact]) -> [PlannedHook] {
        facts.compactMap { fact in
            switch fact {
            case .appearHookRan(let id): .appear(id)
            case .dismissHookRan(let id): .dismissal(id)
            default: nil
            }
        }
    }

    static func appear(in hooks: Set<PlannedHook>) -> [AppearHookID] {
        hooks.compactMap { if case .appear(let id) = $0 { id } else { nil } }.sorted { ($0.screen, $0.hook) < ($1.screen, $1.hook) }
    }

    static func dismissal(in hooks: Set<PlannedHook>) -> [DismissHookID] {
        hooks.compactMap { if case .dismissal(let id) = $0 { id } else { nil } }.sorted { ($0.screen, $0.hook) < ($1.screen, $1.hook) }
    }
}

/// Per label of a graph's transitions (a step and a note, `EdgeList.labels`):
/// the edge or deep link it takes and the hooks it runs.
private struct PlanLabels {
    let kinds: [TransitionKind?]
    let hooks: [[PlannedHook]]

    init(_ graph: StateGraph) {
        let labels = graph.inAppEdges.labels
        kinds = labels.map { TestPlanner.target(graph.steps[Int($0.step)]) }
        hooks = labels.map { PlannedHook.ran(in: graph.notes[Int($0.note)].facts) }
    }
}

/// Breadth-first searches over a state graph for the nearest transition of
/// a wanted kind, reusing its buffers between searches.
///
/// A walk may take only faithful transitions (`ReplayFidelity`). Asking
/// for each one the search meets costs a replay of its trace event; most
/// are faithful. So a search first takes every transition not yet known
/// to be unfaithful, then asks about the transitions of the walk it
/// found; if one is not faithful, it searches again, knowing it. The walk
/// it ends with is the one the search that asks first finds
/// (docs/coverage.md, "Faithful walks, checked after the search"); after
/// `refusalsBeforeAskingFirst` walks refused in one search, it asks first.
private struct TourSearch {
    let graph: StateGraph
    let labels: PlanLabels
    var fidelity: ReplayFidelity
    /// Whether every transition is asked about before it is taken (the
    /// plain search, which the other is tested against).
    let asksFirst: Bool
    private var stamp: [UInt32]
    private var parent: [Int32]
    /// Per state: the transition from its parent, its position in the
    /// in-app list, or `~position` in the list of deep links.
    private var parentEdge: [Int]
    private var generation: UInt32 = 0
    var budget: ResourceBudget
    private var visits = 0
    /// The walks found and refused so far (`TestPlan.refusedWalks`).
    private(set) var refusedWalks = 0
    /// The walks a search may find and refuse before it asks first.
    let refusalsBeforeAskingFirst: Int

    /// A walk: `steps` (state, step index, note index) to `end`; `edges`
    /// are its transitions, as in `parentEdge`.
    struct Walk {
        var steps: [(Int, Int, Int)]
        var end: Int
        var edges: [Int]
    }

    init(graph: StateGraph, labels: PlanLabels, fidelity: ReplayFidelity, asksFirst: Bool, refusalsBeforeAskingFirst: Int,
         budget: ResourceBudget) {
        self.graph = graph
        self.labels = labels
        self.fidelity = fidelity
        self.asksFirst = asksFirst
        self.refusalsBeforeAskingFirst = refusalsBeforeAskingFirst
        self.budget = budget
        stamp = Array(repeating: 0, count: graph.count)
        parent = Array(repeating: -1, count: graph.count)
        parentEdge = Array(repeating: 0, count: graph.count)
    }

    /// The shortest walk from one of `sources` whose last step takes a
    /// remaining target: in-app steps on the way when possible, deep links
    /// on the way only when nothing is reachable without them.
    mutating func nearest(from sources: [Int], remaining: Set<TransitionKind>, hooks: Set<PlannedHook>)
        throws(Explorer.LimitReached) -> Walk? {
        // Whether each label takes a remaining target, asked once per label.
        let wanted = labels.kinds.indices.map { label in
            (labels.kinds[label].map(remaining.contains) ?? false)
                || (!hooks.isEmpty && labels.hooks[label].contains(where: hooks.contains))
        }
        if let walk = try faithfulNearest(from: sources, wanted: wanted, linksOnTheWay: false) { return walk }
        return try faithfulNearest(from: sources, wanted: wanted, linksOnTheWay: true)
    }

    /// The walk `nearest(from:wanted:linksOnTheWay:asking: true)` finds,
    /// found where it can by searches that ask only about the transitions
    /// of the walks they find.
    private mutating func faithfulNearest(from sources: [Int], wanted: [Bool], linksOnTheWay: Bool)
        throws(Explorer.LimitReached) -> Walk? {
        if !asksFirst {
            for _ in 0..<max(0, refusalsBeforeAskingFirst) {
                guard let walk = try nearest(from: sources, wanted: wanted, linksOnTheWay: linksOnTheWay, asking: false)
                else { return nil }
                // Every transition of the walk is asked about, so that a refused walk teaches all it can.
                var faithful = true
                for (edge, step) in zip(walk.edges, walk.steps) where !fidelity.isFaithful(edge: edge, from: step.0) {
                    faithful = false
                }
                if faithful { return walk }
                refusedWalks += 1
            }
        }
        return try nearest(from: sources, wanted: wanted, linksOnTheWay: linksOnTheWay, asking: true)
    }

    /// The breadth-first search: with `asking`, a transition is taken only
    /// once it is known to be faithful; without, unless it is known not to be.
    private mutating func nearest(from sources: [Int], wanted: [Bool], linksOnTheWay: Bool, asking: Bool)
        throws(Explorer.LimitReached) -> Walk? {
        generation &+= 1
        if generation == 0 {
            for index in stamp.indices { stamp[index] = 0 }
            generation = 1
        }
        var queue = Deque<Int>()
        for source in sources where stamp[source] != generation {
            stamp[source] = generation
            parent[source] = -1
            queue.append(source)
        }
        let inApp = graph.inAppEdges
        let links = graph.linkEdges
        while let state = queue.popFirst() {
            visits += 1
            if visits & 0x3FF == 0 { try budget.check(states: graph.count) }
            if let walk = visit(inApp, isLink: false, from: state, wanted: wanted, linksOnTheWay: linksOnTheWay,
                                asking: asking, queue: &queue) { return walk }
            if let walk = visit(links, isLink: true, from: state, wanted: wanted, linksOnTheWay: linksOnTheWay,
                                asking: asking, queue: &queue) { return walk }
        }
        return nil
    }

    /// Follows the transitions of `list` from `state`: the walk that ends
    /// with one whose label is `wanted`, else nil, the states first met queued.
    private mutating func visit(_ list: EdgeList, isLink: Bool, from state: Int, wanted wantedLabels: [Bool],
                                linksOnTheWay: Bool, asking: Bool, queue: inout Deque<Int>) -> Walk? {
        for position in list.range(of: state) where list.target[position] >= 0 {
            let next = Int(list.target[position])
            let wanted = wantedLabels[Int(list.label(at: position))]
            guard wanted || ((!isLink || linksOnTheWay) && stamp[next] != generation) else { continue }
            // Only steps whose trace event replays to this very transition keep a test faithful.
            if asking {
                guard fidelity.isFaithful(position, link: isLink, from: state) else { continue }
            } else {
                guard fidelity.known(position, link: isLink) != false else { continue }
            }
            let edge = isLink ? ~position : position
            if wanted { return walk(to: state, then: edge, end: next) }
            guard !isLink || linksOnTheWay, stamp[next] != generation else { continue }
            stamp[next] = generation
            parent[next] = Int32(state)
            parentEdge[next] = edge
            queue.append(next)
        }
        return nil
    }

    private func walk(to state: Int, then last: Int, end: Int) -> Walk {
        func step(_ edge: Int, from state: Int) -> (Int, Int, Int) {
            let (list, position) = edge >= 0 ? (graph.inAppEdges, edge) : (graph.linkEdges, ~edge)
            return (state, Int(list.step(at: position)), Int(list.note(at: position)))
        }
        var steps = [step(last, from: state)]
        var edges = [last]
        var current = state
        while parent[current] >= 0 {
            steps.append(step(parentEdge[current], from: Int(parent[current])))
            edges.append(parentEdge[current])
            current = Int(parent[current])
        }
        return Walk(steps: steps.reversed(), end: end, edges: edges.reversed())
    }
}

/// Whether replaying the trace event a step is written as leads to the same
/// transition: the same state and, for an edge or deep link, the same one.
/// Remembered per transition, since tours ask about the same ones often.
private struct ReplayFidelity {
    let graph: StateGraph
    let writer: PlanTraceWriter
    let replayer: TraceReplayer
    private var known: [[Int8]]
    /// The event each line written so far reads back as (nil when it does
    /// not): lines repeat across the states a step is taken from.
    private var events: [String: TraceEvent?] = [:]

    init(graph: StateGraph) {
        self.graph = graph
        writer = PlanTraceWriter(model: graph.model)
        replayer = TraceReplayer(model: graph.model)
        known = [Array(repeating: -1, count: graph.inAppEdges.target.count),
                 Array(repeating: -1, count: graph.linkEdges.target.count)]
    }

    /// Whether a transition is faithful, if it was asked about before.
    func known(_ position: Int, link: Bool) -> Bool? {
        let known = known[link ? 1 : 0][position]
        return known < 0 ? nil : known == 1
    }

    /// Whether a transition given as `TourSearch` keeps it (its position in
    /// the in-app list, or `~position` among the deep links) is faithful.
    mutating func isFaithful(edge: Int, from index: Int) -> Bool {
        edge >= 0 ? isFaithful(edge, link: false, from: index) : isFaithful(~edge, link: true, from: index)
    }

    mutating func isFaithful(_ position: Int, link: Bool, from index: Int) -> Bool {
        let list = link ? 1 : 0
        if known[list][position] >= 0 { return known[list][position] == 1 }
        let edges = link ? graph.linkEdges : graph.inAppEdges
        let step = graph.steps[Int(edges.step(at: position))]
        let state = graph.state(index)
        var faithful = false
        let text = writer.line(for: step, from: state).text
        let event: TraceEvent?
        if let known = events[text] {
            event = known
        } else {
            if case .success(let read) = TraceJSONParser.parse(Array(text.utf8)).flatMap(TraceEvent.decode) {
                event = read
            } else {
                event = nil
            }
            events[text] = event
        }
        if let event, case .stepped(_, let replayed, let next) = replayer.outcome(of: event, in: state) {
            // A parked graph holds the target cut as the phase that found it cut it.
            let replayedTarget = graph.store.parked(graph.model.codec.encode(next),
                                                    withDeepLinks: link || index >= graph.inAppCount)
            faithful = replayedTarget == graph.store.state(Int(edges.target[position]))
                && TestPlanner.target(replayed) == TestPlanner.target(step)
        }
        known[list][position] = faithful ? 1 : 0
        return faithful
    }
}
