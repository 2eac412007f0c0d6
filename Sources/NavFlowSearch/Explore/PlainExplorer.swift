import NavFlowModel
import NavFlowSpec

/// The simplest correct search over the transition function: every
/// state's transitions worked out by `FlowModel.successors` on the
/// unpacked state each time, the states kept whole (packed by the codec)
/// in one plain `StateStore`, no memo, no shared local views, no tabs
/// parked (but for a goal-directed `search` given a `ParkedPaths`). It is the oracle the fast `Explorer` is tested against
/// (`verify --exploration plain`), and the search behind the explicit
/// query engine.
///
/// `explore` follows the `Explorer`'s order (in-app steps from the initial
/// states first, then deep links from every state in order), so states get
/// the same numbers and every property finds the same findings with the
/// same witnesses. `search` is a goal-directed breadth-first search from
/// given states.
public struct PlainExplorer: Sendable {
    public var limits: Explorer.Limits
    /// Called every `progressInterval` states with the number stored so far.
    public var progress: (@Sendable (Int) -> Void)?
    public var progressInterval = 65_536

    public init(limits: Explorer.Limits = .standard, progress: (@Sendable (Int) -> Void)? = nil) {
        self.limits = limits
        self.progress = progress
    }

    /// The outcome of a goal-directed search: the states it stored in the
    /// order found, with the first transition to each, and the first state
    /// that met the goal, if any.
    public struct Search: Sendable {
        public let model: FlowModel
        /// The states, packed, numbered in the order found.
        public internal(set) var store: StateStore
        /// Parents and steps; a step id indexes `steps`.
        public internal(set) var tree = SearchTree()
        public internal(set) var steps: [Step] = []
        /// The number of the first state that met the goal.
        public internal(set) var found: Int?

        public var count: Int { store.count }

        /// State `index`, unpacked.
        public func state(_ index: Int) -> NavState {
            store.withState(index) { model.codec.decode($0) }
        }

        /// The steps from a start state to state `index`, each with the
        /// state it was taken from: a shortest path.
        public func path(to index: Int) -> [(from: NavState, step: Step)] {
            tree.path(to: index).map { (from: state($0.from), step: steps[$0.step]) }
        }

        /// The start state a state was reached from.
        public func root(of index: Int) -> Int { tree.root(of: index) }
    }

    /// Breadth-first search from `starts` by in-app steps, and deep links
    /// when `deepLinks` is set, until a state meets `goal` (judged as each
    /// state's turn comes, starts included) or every state is found.
    ///
    /// With `parking`, every state is stored (and handed to `goal`) with
    /// the tabs that are not selected cut as it cuts them: the parked graph
    /// of docs/performance.md, which has the app's local views when
    /// `TabIndependence` holds, provided `parking.withDeepLinks` is set only
    /// when `deepLinks` is. Its paths are lifted to paths of the app by
    /// `ParkedPathLifter`.
    public func search(_ model: FlowModel, from starts: [NavState], deepLinks: Bool, parking: ParkedPaths? = nil,
                       until goal: (NavState) -> Bool = { _ in false }) throws(Explorer.LimitReached) -> Search {
        assert(deepLinks || parking?.withDeepLinks != true, "states cut for deep links in a search without them")
        var visited = VisitedStates(model: model, limits: limits, progress: progress, progressInterval: progressInterval,
                                    copiesStates: false, parking: parking)
        var tree = SearchTree()
        var steps = Interner<Step>()
        var found: Int?
        for start in starts where visited.number(start).inserted {
            tree.append(parent: -1, step: -1)
        }
        var next = 0
        while next < visited.count {
            let current = visited.state(next)
            if goal(current) {
                found = next
                break
            }
            var failure: Explorer.LimitReached?
            func each(_ body: (Transition) -> Void) {
                if let parking {
                    // A state's lifts can be thousands: the time limit is
                    // honoured between two of them.
                    let whole = parking.successors(of: current, deepLinks: deepLinks,
                                                   stopping: { failure != nil || visited.isOverTime }, body)
                    if !whole, failure == nil { failure = visited.checkTime(goalDirected: true) }
                } else {
                    model.successors(of: current, deepLinks: deepLinks, body)
                }
            }
            each { transition in
                guard failure == nil, let target = transition.target, visited.number(target).inserted else { return }
                failure = visited.reserve(in: &tree)
                guard failure == nil else { return }
                tree.append(parent: next, step: steps.id(transition.step))
                failure = visited.check(goalDirected: true)
            }
            if let failure { throw failure }
            next += 1
            if next % 4096 == 0, let failure = visited.checkMemoryAndTime(goalDirected: true) { throw failure }
            if next % ResourceBudget.unitsBetweenTimeChecks == 0, let failure = visited.checkTime(goalDirected: true) { throw failure }
        }
        return Search(model: model, store: visited.store, tree: tree, steps: steps.values, found: found)
    }

    /// Every state of the model reachable from launch, numbered as the
    /// `Explorer` numbers them without parking, as a `StateGraph`. The
    /// search keeps its states in a plain `StateStore`; once it is done,
    /// they are copied, in order, into the graph's store (a
    /// `CompressedStateStore` that parks nothing), which is only the
    /// graph's container.
    public func explore(_ model: FlowModel) throws(Explorer.LimitReached) -> StateGraph {
        let (graph, limit) = exploreUntilLimit(model)
        if let limit { throw limit }
        return graph
    }

    /// Explores as `explore` does, but at a limit returns the graph as far
    /// as the search went, with the limit (`Explorer.exploreUntilLimit`).
    public func exploreUntilLimit(_ model: FlowModel) -> (graph: StateGraph, limit: Explorer.LimitReached?) {
        var visited = VisitedStates(model: model, limits: limits, progress: progress, progressInterval: progressInterval,
                                    copiesStates: true, parking: nil)
        var tree = SearchTree()
        var initialStates: [Int] = []
        var launchNotes: [(inputs: UInt64, note: TransitionNote)] = []
        var labels = TransitionLabels()

        var targets: [Int32] = []
        var labelIDs: [Int32] = []
        var failure: Explorer.LimitReached?
        /// Adds a transition from state `source` to the scratch lists, storing its target if new.
        func take(_ transition: Transition, from source: Int) {
            guard failure == nil else { return }
            let label = labels.label(of: transition)
            labelIDs.append(label)
            guard let target = transition.target else {
                targets.append(-1)
                return
            }
            let (number, inserted) = visited.number(target)
            targets.append(Int32(number))
            if inserted {
                failure = visited.reserve(in: &tree)
                guard failure == nil else { return }
                tree.append(parent: source, step: labels.pairs.values[Int(label)].step)
                failure = visited.check(goalDirected: false)
            }
        }
        var expanded = 0
        /// The in-app transitions of state `index`, or with `deepLinks` its deep links only.
        func expand(_ index: Int, deepLinks: Bool, into list: inout EdgeList) throws(Explorer.LimitReached) {
            targets.removeAll(keepingCapacity: true)
            labelIDs.removeAll(keepingCapacity: true)
            let state = visited.state(index)
            if deepLinks {
                // The transition function's deep links alone, in its order.
                model.forEachUnit(of: state, deepLinks: true) { unit in
                    guard unit.isDeepLink else { return }
                    model.run(unit, from: state, decider: ConcreteDecider()) { take($0, from: index) }
                }
            } else {
                model.successors(of: state, deepLinks: false) { take($0, from: index) }
            }
            if let failure { throw failure }
            try visited.reserve(targets.count, labelCount: labels.count, in: &list)
            list.append(targets: targets, labels: labelIDs, count: targets.count)
            expanded += 1
            if expanded % 4096 == 0, let failure = visited.checkMemoryAndTime(goalDirected: false) { throw failure }
            if expanded % ResourceBudget.unitsBetweenTimeChecks == 0, let failure = visited.checkTime(goalDirected: false) { throw failure }
        }
        var inAppEdges = EdgeList()
        var linkEdges = EdgeList()

        var inAppCount = 0
        var finishedInAppPhase = false
        // The search, phase after phase, until it ends or meets a limit.
        var limit: Explorer.LimitReached?
        do throws(Explorer.LimitReached) {
            let valuations = try limits.inputValuations(of: model)
            for inputs in valuations {
                let (initial, facts) = model.initialState(inputs: inputs)
                launchNotes.append((inputs, TransitionNote(facts: facts, outcome: nil)))
                guard let initial else { continue }
                let (index, inserted) = visited.number(initial)
                if inserted {
                    tree.append(parent: -1, step: -1)
                    if let failure = visited.check(goalDirected: false) { throw failure }
                }
                if !initialStates.contains(index) { initialStates.append(index) }
            }
            // In-app steps only: every state found here is reachable in-app.
            var next = 0
            while next < visited.count {
                try expand(next, deepLinks: false, into: &inAppEdges)
                visited.edgeBytes = inAppEdges.bytes
                next += 1
            }
            inAppCount = visited.count
            finishedInAppPhase = true
            // Then deep links from every state, in order; states found now are
            // expanded both ways as their turn comes.
            var linked = 0
            while linked < visited.count {
                try expand(linked, deepLinks: true, into: &linkEdges)
                if linked >= inAppCount {
                    try expand(linked, deepLinks: false, into: &inAppEdges)
                }
                visited.edgeBytes = inAppEdges.bytes + linkEdges.bytes
                linked += 1
            }
        } catch {
            limit = error
            // Before the deep links, every state found so far is reachable in-app.
            if !finishedInAppPhase { inAppCount = visited.count }
        }

        var store = CompressedStateStore(model: model, parksInactiveTabs: false)
        for index in 0..<visited.count {
            let (number, _) = visited.store.withState(index) { store.insert(Array($0)) }
            assert(number == index, "the graph's store numbers the states in another order")
        }
        var graph = StateGraph(model: model, store: store)
        graph.tree = tree
        graph.inAppCount = inAppCount
        if limit != nil {
            graph.isComplete = false
            graph.finishedInAppPhase = finishedInAppPhase
        }
        graph.initialStates = initialStates
        graph.launchNotes = launchNotes
        inAppEdges.labels = labels.pairs.values
        linkEdges.labels = labels.pairs.values
        graph.inAppEdges = inAppEdges
        graph.linkEdges = linkEdges
        graph.steps = labels.steps.values
        graph.notes = labels.notes.values
        return (graph, limit)
    }
}

/// The plain explorer's visited set: the states packed whole in a
/// `StateStore`, numbered in the order found, and the checks of every limit.
private struct VisitedStates {
    let model: FlowModel
    let limits: Explorer.Limits
    let progress: (@Sendable (Int) -> Void)?
    let progressInterval: Int
    /// Whether the states are copied into a graph's store once the search
    /// is done: the process then keeps room for the copy as it goes.
    let copiesStates: Bool
    /// How the states are cut before they are stored, if they are.
    let parking: ParkedPaths?
    private var budget: ResourceBudget
    private(set) var store: StateStore
    private var packed: [UInt64] = []
    private var whole: [UInt64] = []
    /// Bytes of the transitions stored so far, kept up to date by the search.
    var edgeBytes = 0

    init(model: FlowModel, limits: Explorer.Limits, progress: (@Sendable (Int) -> Void)?, progressInterval: Int,
         copiesStates: Bool, parking: ParkedPaths?) {
        self.model = model
        self.limits = limits
        self.copiesStates = copiesStates
        self.parking = parking
        budget = ResourceBudget(limits)
        self.progress = progress
        self.progressInterval = progressInterval
        store = StateStore(width: model.codec.words)
    }

    var count: Int { store.count }

    /// State `index`, unpacked.
    func state(_ index: Int) -> NavState {
        store.withState(index) { model.codec.decode($0) }
    }

    /// The number of a state (cut first, with `parking`), storing it if it is new.
    mutating func number(_ state: NavState) -> (number: Int, inserted: Bool) {
        model.codec.encode(state, into: &packed)
        if let parking {
            // A copy into scratch storage: the words are cut in place, and the flags read from the copy.
            if whole.count != packed.count { whole = [UInt64](repeating: 0, count: packed.count) }
            for word in packed.indices { whole[word] = packed[word] }
            whole.withUnsafeBufferPointer { whole in packed.withUnsafeMutableBufferPointer { parking.park($0, of: whole) } }
        }
        let (index, inserted) = store.insert(packed)
        return (index, inserted)
    }

    /// The limit the states stored so far break, if any: the number of
    /// states after every state, the time every 16 states
    /// (`ResourceBudget.unitsBetweenTimeChecks`), bytes and time every
    /// 4096 states, as the `Explorer` checks them. The bytes are the
    /// store's, 8 a state for its parent and step, and the transitions'.
    /// A goal-directed search says it stopped without an answer.
    mutating func check(goalDirected: Bool) -> Explorer.LimitReached? {
        let count = store.count
        if count > limits.maxStates {
            return goalDirected
                ? .init(description: "the search stored \(limits.maxStates) states without an answer (--max-states)", states: count)
                : .tooManyStates(limits, count: count)
        }
        guard count % 4096 == 0 else {
            // One expansion can store thousands of states (a parked tab's
            // paths lifted): the clock is read within it too.
            return count % ResourceBudget.unitsBetweenTimeChecks == 0 ? checkTime(goalDirected: goalDirected) : nil
        }
        if let failure = checkMemoryAndTime(goalDirected: goalDirected) { return failure }
        if let progress, count % progressInterval == 0 { progress(count) }
        return nil
    }

    /// The memory or time limit, if the search breaks it now. Checked
    /// every 4096 states stored and every 4096 states expanded: late in a
    /// search most expansions store nothing new. The process must have
    /// room for the store's growth until the next check and, when the
    /// states are to be copied, for the copy.
    mutating func checkMemoryAndTime(goalDirected: Bool) -> Explorer.LimitReached? {
        let count = store.count
        let bytes = store.bytes + count * 8 + edgeBytes
        if bytes > limits.maxBytes {
            return goalDirected
                ? .init(description: "the search used more than \(limits.maxBytes >> 20) MiB without an answer (--max-memory)", states: count)
                : .tooManyBytes(limits, bytes: bytes, count: count)
        }
        let more = store.growthBytes(inserting: 4096 + 256) + (copiesStates ? 2 * store.bytes : 0)
        return budget.breach(allocating: more).map {
            Explorer.LimitReached($0, limits: limits, states: count, withoutAnswer: goalDirected)
        }
    }

    /// Whether the time limit is over (one read of the clock).
    var isOverTime: Bool { budget.isOverTime }

    /// The time limit, if the search is over it now (one read of the clock).
    func checkTime(goalDirected: Bool) -> Explorer.LimitReached? {
        do throws(Explorer.LimitReached) {
            try budget.checkTime(states: store.count, withoutAnswer: goalDirected)
            return nil
        } catch {
            return error
        }
    }

    /// Makes room for one more state in `tree`, within the budget.
    mutating func reserve(in tree: inout SearchTree) -> Explorer.LimitReached? {
        do throws(Explorer.LimitReached) {
            try tree.reserve(1, budget: &budget)
            return nil
        } catch {
            return error
        }
    }

    /// Makes room for the `count` transitions of one more state in `list`,
    /// labelled below `labelCount`, within the budget.
    mutating func reserve(_ count: Int, labelCount: Int, in list: inout EdgeList) throws(Explorer.LimitReached) {
        try list.reserve(count, labelCount: labelCount, budget: &budget, states: store.count)
    }
}
