import NavFlowModel
import NavFlowSpec

/// Transitions stored per source state, in state order (compressed rows).
public struct EdgeList: Sendable {
    /// `start[i]..<start[i+1]` are the transitions of state i.
    public internal(set) var start: [Int32] = [0]
    /// The target state, or -1 when the transition was cut off or is invalid.
    public internal(set) var target: [Int32] = []
    /// Per transition: its index into `labels`, two bytes while a search
    /// has met at most 65,536 labels (steps with their notes), which is
    /// almost always, and four bytes once it has met more (`wideLabels`).
    private var narrowLabels: [UInt16] = []
    private var wideLabels: [Int32]?
    /// The distinct (step, note) pairs, shared by both lists of a graph.
    public internal(set) var labels: [TransitionLabel] = []

    /// The index into `labels` of transition `position`: its step and note.
    @inline(__always)
    public func label(at position: Int) -> Int32 {
        if let wideLabels { return wideLabels[position] }
        return Int32(narrowLabels[position])
    }

    /// The step of transition `position`: an index into `StateGraph.steps`.
    @inline(__always)
    public func step(at position: Int) -> Int32 { labels[Int(label(at: position))].step }

    /// The note of transition `position`: an index into `StateGraph.notes`.
    @inline(__always)
    public func note(at position: Int) -> Int32 { labels[Int(label(at: position))].note }

    /// The transitions of state `index` (empty when it was not expanded).
    public func range(of index: Int) -> Range<Int> {
        guard index + 1 < start.count else { return 0..<0 }
        return Int(start[index])..<Int(start[index + 1])
    }

    var bytes: Int { (start.capacity + target.capacity + (wideLabels?.capacity ?? 0)) * 4 + narrowLabels.capacity * 2 }

    /// Whether label numbers below `count` fit in the narrow column.
    static func fitsNarrow(_ count: Int) -> Bool { count <= Int(UInt16.max) + 1 }

    /// Makes room for the `count` transitions of the next state, within the
    /// budget, whose labels are numbered below `labelCount`; the labels
    /// stored so far are widened, once, when those no longer fit two bytes.
    mutating func reserve(_ count: Int, labelCount: Int, budget: inout ResourceBudget, states: Int) throws(Explorer.LimitReached) {
        try budget.reserve(count, in: &target, states: states)
        if wideLabels == nil && !Self.fitsNarrow(labelCount) {
            var wide: [Int32] = []
            try budget.reserve(narrowLabels.count + count, in: &wide, states: states)
            wide.append(contentsOf: narrowLabels.lazy.map { Int32($0) })
            wideLabels = wide
            narrowLabels = []
        }
        if var wide = wideLabels {
            wideLabels = nil
            defer { wideLabels = wide }
            try budget.reserve(count, in: &wide, states: states)
        } else {
            try budget.reserve(count, in: &narrowLabels, states: states)
        }
        try budget.reserve(1, in: &start, states: states)
    }

    /// Appends the transitions of the next state: the first `count` targets
    /// and labels, the labels numbered as `reserve` was told.
    mutating func append(targets: [Int32], labels: [Int32], count: Int) {
        targets.withUnsafeBufferPointer { target.append(contentsOf: $0[0..<count]) }
        labels.withUnsafeBufferPointer { labels in
            if wideLabels != nil {
                wideLabels!.append(contentsOf: labels[0..<count])
            } else {
                narrowLabels.append(contentsOf: labels[0..<count].lazy.map { UInt16(truncatingIfNeeded: $0) })
            }
        }
        start.append(Int32(target.count))
    }
}

/// The explored state graph of a model: every reachable state, packed, with
/// the transition that first reached it (for shortest witnesses) and every
/// transition out of it. States `0..<inAppCount` are exactly those
/// reachable from launch by in-app steps; the rest need a deep link.
public struct StateGraph: Sendable {
    public let model: FlowModel
    public internal(set) var store: CompressedStateStore
    /// The transition that first reached each state: its parent and its
    /// step, an index into `steps` (-1 for initial states).
    public internal(set) var tree = SearchTree()
    /// The number of states reachable in-app (of a graph a limit stopped
    /// before the deep links, the states found so far, all in-app).
    public internal(set) var inAppCount = 0
    /// Whether the search expanded every state: false when a limit stopped
    /// it. The graph then holds `tree.count` states, each reachable with
    /// its first transition; those expanded have all their transitions.
    public internal(set) var isComplete = true
    /// Whether the search finished its in-app phase: every state reachable
    /// in-app is then among the first `inAppCount`.
    var finishedInAppPhase = false

    /// Marks a finished graph as one not to judge whole (judging it all
    /// would break a limit): only what holds on a part is judged.
    public mutating func judgeAsPartial() {
        finishedInAppPhase = finishedInAppPhase || isComplete
        isComplete = false
    }
    /// The initial states, one per input valuation (in valuation order).
    public internal(set) var initialStates: [Int] = []
    /// Events of the launch step of each initial state, and of launches that
    /// were cut off before an initial state existed.
    public internal(set) var launchNotes: [(inputs: UInt64, note: TransitionNote)] = []
    /// The conditions under which the search that built the graph parked
    /// the tabs that were not selected (`Explorer.parksInactiveTabs`), as
    /// they stood when it ended; nil when it was not asked to.
    public internal(set) var tabIndependence: TabIndependence?
    /// How many states each search stored before it was given up, in order: a
    /// search that checks `tab` statements as it goes stops as soon as it
    /// meets one with a modal up, and the next runs with that tab stored
    /// whole (`Explorer.exploreUntilLimit`). Empty when the first search
    /// is the one that counts.
    public internal(set) var statesOfSearchesGivenUp: [Int] = []
    public internal(set) var inAppEdges = EdgeList()
    public internal(set) var linkEdges = EdgeList()
    public internal(set) var steps: [Step] = []
    public internal(set) var notes: [TransitionNote] = [.empty]
    /// Bytes the search's memo of transitions per local view held.
    public internal(set) var memoBytes = 0
    /// How many deep-link transitions the search worked out by running the
    /// transition function (on an unpacked state, for a memo or for one
    /// state), against `linkEdges.target.count` it gave in all.
    public internal(set) var deepLinksRun = 0

    public var count: Int { store.count }

    /// The number of stored transitions, in-app and deep links.
    public var transitionCount: Int { inAppEdges.target.count + linkEdges.target.count }

    /// Bytes held by the graph: states, hash table, parents, transitions
    /// and the search's memo.
    public var bytes: Int {
        store.bytes + tree.bytes + inAppEdges.bytes + linkEdges.bytes + memoBytes
    }

    public func state(_ index: Int) -> NavState {
        model.codec.decode(store.state(index))
    }

    /// The steps from launch to state `index`, each with the state it was
    /// taken from, shortest first-found.
    public func path(to index: Int) -> [(from: Int, step: Step)] {
        tree.path(to: index).map { (from: $0.from, step: steps[$0.step]) }
    }

    /// The steps of the app (each with the state it is taken from) that
    /// reach state `index`, and the state they end in. When the search
    /// parked the tabs that were not selected, the path is lifted to one of
    /// the app that ends in a state with the same local view (it may then
    /// take more steps than the shortest).
    public func appPath(to index: Int) -> (steps: [(from: NavState, step: Step)], last: NavState) {
        let last = state(index)
        // Lifting fails only if the spec breaks TabIndependence, which
        // parking requires; the parked path is the best left then.
        let lifted = store.parksInactiveTabs ? liftedPath(to: index) : nil
        assert(lifted != nil || !store.parksInactiveTabs, "a parked path does not lift to a path of the app")
        if let lifted { return lifted }
        return (path(to: index).map { (from: state($0.from), step: $0.step) }, last)
    }

    /// For a graph whose search parked the tabs that were not selected: a
    /// path of the app (each step with the state it is taken from) that ends
    /// in a state with the local view of state `index`, and that state.
    public func liftedPath(to index: Int) -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        lifted(path(to: index), end: index)
    }

    /// The steps of the app (each with the state it is taken from) for a
    /// walk over the graph from one of its initial states to state `end`:
    /// the walk's own when the search explored every state, lifted to a
    /// path of the app when it parked the tabs that were not selected.
    public func appSteps(of walk: [(from: Int, step: Step)], end: Int) -> [(from: NavState, step: Step)] {
        let lifted = store.parksInactiveTabs ? lifted(walk, end: end) : nil
        assert(lifted != nil || !store.parksInactiveTabs, "a parked walk does not lift to a path of the app")
        return lifted?.steps ?? walk.map { (from: state($0.from), step: $0.step) }
    }

    private func lifted(_ walk: [(from: Int, step: Step)], end: Int) -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        let ends = walk.indices.map { $0 + 1 < walk.count ? walk[$0 + 1].from : end }
        let lifter = store.parkedPaths.map(ParkedPathLifter.init(parking:)) ?? ParkedPathLifter(model: model)
        return lifter.lift(zip(walk, ends).map { (step: $0.step, parked: state($1)) },
                                                   inputs: state(end).inputs)
    }

    /// The initial state a state descends from.
    public func root(of index: Int) -> Int {
        tree.root(of: index)
    }
}
