import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// The explicit-state search: breadth first from every initial state,
/// first by in-app steps only, then with deep links, so that states
/// `0..<inAppCount` are those reachable in-app and every state's first
/// parent gives a shortest witness (in-app whenever one exists).
/// The explorer knows nothing of the properties.
public struct Explorer: Sendable {
    /// Limits that end a search before it is complete.
    public struct Limits: Sendable {
        /// The most states stored.
        public var maxStates: Int {
            didSet { maxStates = min(maxStates, Self.highestMaxStates) }
        }
        /// The most bytes the graph may hold.
        public var maxBytes: Int
        /// The most input valuations enumerated.
        public var maxValuations: Int
        /// The longest the run may take, in seconds, from `startedAt`.
        public var maxSeconds: Double = .infinity
        /// The most memory the process may hold (its resident set, as the
        /// operating system counts it), with what it is about to allocate.
        /// A command owns its process and sets it to `--max-memory`; a
        /// library caller shares its process, so by default only
        /// `maxBytes` (what the search itself holds) applies.
        public var maxResidentBytes: Int = .max
        /// When the run's clock started: `maxSeconds` counts from it, so
        /// that every phase of a command shares one deadline. Nil: when
        /// each search or analysis starts.
        public var startedAt: ContinuousClock.Instant?

        /// Sized for a machine with 24 GiB of memory: the graph stays under 12 GiB,
        /// which leaves room for the analysis that follows (about a third more).
        public static let standard = Limits(maxStates: 50_000_000, maxBytes: 12 << 30, maxValuations: 1 << 16)

        /// The highest `maxStates`: what a state store can number, less room
        /// for the states one expansion adds before the limit is checked.
        public static let highestMaxStates = StateStore.maximumCount - (1 << 20)

        public init(maxStates: Int, maxBytes: Int, maxValuations: Int) {
            self.maxStates = min(maxStates, Self.highestMaxStates)
            self.maxBytes = maxBytes
            self.maxValuations = maxValuations
        }
    }

    /// A limit ended the search.
    public struct LimitReached: Error, Sendable, CustomStringConvertible {
        public var description: String
        /// States stored when the limit was hit.
        public var states: Int

        public init(description: String, states: Int) {
            self.description = description
            self.states = states
        }

        /// An exploration stored more than `limits.maxStates` states.
        static func tooManyStates(_ limits: Limits, count: Int) -> Self {
            Self(description: "the search stored \(limits.maxStates) states without finishing (--max-states); lower a stack's depth or raise the limit",
                 states: count)
        }

        /// An exploration held more than `limits.maxBytes` bytes.
        static func tooManyBytes(_ limits: Limits, bytes: Int, count: Int) -> Self {
            Self(description: "the search used \(bytes >> 20) MiB, over the memory limit of \(limits.maxBytes >> 20) MiB, after \(count) states; lower a stack's depth or raise --max-memory",
                 states: count)
        }

        /// An exploration ran longer than `limits.maxSeconds`.
        static func tooLong(_ limits: Limits, count: Int) -> Self {
            Self(description: "the search ran for more than \(limits.maxSeconds) seconds (--max-time) after \(count) states; lower a stack's depth or raise the limit",
                 states: count)
        }
    }

    public var limits: Limits
    /// Whether to store the tabs that are not selected parked (`ParkedPaths`)
    /// instead of exploring the product of the tabs' paths. Sound only when
    /// `TabIndependence` holds; the graph then has the same local views.
    public var parksInactiveTabs = false
    /// With `parksInactiveTabs`: whether the search parks the tabs of
    /// `tab` statements it checks as it goes (`TabIndependence.watched`);
    /// off, it cuts as `ParkedPaths(model:)` does, as a search that must
    /// agree with one cut that way needs.
    public var checksTabSelections = true
    /// Whether to follow deep links after the in-app steps; off, the graph
    /// holds the states reachable in-app, all of them in-app.
    public var followsDeepLinks = true
    /// Whether the memos keep what they work out per local view (`ViewMemos`):
    /// the graph is the same whichever is chosen.
    public var viewMemos: ViewMemos = .adaptive
    /// Called every `progressInterval` states with the number stored so far.
    public var progress: (@Sendable (Int) -> Void)?
    public var progressInterval = 65_536

    public init(limits: Limits = .standard, progress: (@Sendable (Int) -> Void)? = nil) {
        self.limits = limits
        self.progress = progress
    }

    public func explore(_ model: FlowModel) throws(LimitReached) -> StateGraph {
        let (graph, limit) = exploreUntilLimit(model)
        if let limit { throw limit }
        return graph
    }

    /// Explores as `explore` does, but at a limit returns the graph as far
    /// as the search went, with the limit: every state it holds is
    /// reachable and has its first transition, and every state it expanded
    /// has all its transitions (`StateGraph.isComplete` tells which).
    ///
    /// With `parksInactiveTabs`, a tab whose `tab` statements keep it
    /// parked only while no modal is up when they run
    /// (`TabIndependence.watched`) is parked, and the search checks it as
    /// it goes: where a transition says it met one with a modal up
    /// (`selectsTabUnderModal`), the search runs again with that tab
    /// stored whole, within the same limits (docs/performance.md, "Tabs
    /// emptied by the step, checked by the search"). A search that meets
    /// one stops there and is thrown away; the statements are learnt one
    /// search at a time (the docs say what that changes: never the
    /// findings).
    public func exploreUntilLimit(_ model: FlowModel) -> (graph: StateGraph, limit: LimitReached?) {
        guard parksInactiveTabs else { return search(model, parking: nil).result }
        guard checksTabSelections else {
            var (graph, limit) = search(model, parking: ParkedPaths(model: model)).result
            graph.tabIndependence = graph.store.parkedPaths?.independence
            return (graph, limit)
        }
        var shared = self
        if shared.limits.startedAt == nil { shared.limits.startedAt = .now }
        var met = Set<SourceRange>()
        var givenUp: [Int] = []
        while true {
            let independence = TabIndependence(model: model, metWithAModalUp: met)
            guard independence.holds else {
                var (graph, limit) = shared.search(model, parking: nil).result
                graph.tabIndependence = independence
                graph.statesOfSearchesGivenUp = givenUp
                return (graph, limit)
            }
            let watched = Set(independence.watched.map(\.statement))
            let (result, metNow) = shared.search(model, parking: ParkedPaths(model: model, independence: independence),
                                                 stoppingAt: watched)
            var (graph, limit) = result
            graph.tabIndependence = independence
            graph.statesOfSearchesGivenUp = givenUp
            if metNow.isEmpty { return (graph, limit) }
            givenUp.append(graph.count)
            met.formUnion(metNow)
        }
    }

    /// One search, its states stored with `parking`'s cuts when given.
    /// With `watched` statements, the search stops at the first expansion
    /// whose transitions say one ran with a modal up
    /// (`selectsTabUnderModal`), and gives the statements it met there.
    private func search(_ model: FlowModel, parking: ParkedPaths?, stoppingAt watched: Set<SourceRange> = [])
        -> (result: (StateGraph, LimitReached?), met: Set<SourceRange>) {
        var graph = StateGraph(model: model, store: CompressedStateStore(model: model, parkedPaths: parking))
        let successors = PackedSuccessors(model: model)
        successors.viewMemos.policy = viewMemos
        var budget = ResourceBudget(limits)
        successors.deadline = budget.deadline

        // Transitions are kept apart from `graph` while it grows.
        var inAppEdges = EdgeList()
        var linkEdges = EdgeList()
        var batch = SuccessorBatch()

        /// Throws when the memory or time limit is reached. The bytes are
        /// everything the search holds: states, memos and transitions; the
        /// process must also have room for the state tables' growth until
        /// the next check (at most 4096 states and one batch away).
        func checkMemoryAndTime() throws(LimitReached) {
            let count = graph.tree.count
            let bytes = graph.bytes + successors.bytes + inAppEdges.bytes + linkEdges.bytes
            if bytes > limits.maxBytes {
                throw .tooManyBytes(limits, bytes: bytes, count: count)
            }
            try budget.check(allocating: graph.store.growthBytes(inserting: 4096 + batch.capacity) + successors.growthBytes,
                             states: count)
        }
        /// Records a state just stored; throws when a limit is reached.
        func stored(parent: Int, label: Int32) throws(LimitReached) {
            try graph.tree.reserve(1, budget: &budget)
            graph.tree.append(parent: parent, step: label)
            let count = graph.tree.count
            if count > limits.maxStates {
                throw .tooManyStates(limits, count: count)
            }
            if count % 4096 == 0 {
                try checkMemoryAndTime()
                if let progress, count % progressInterval == 0 { progress(count) }
            } else if count % ResourceBudget.unitsBetweenTimeChecks == 0 {
                // One expansion can store thousands of states (a parked
                // tab's paths lifted): the clock is read within it too.
                try budget.checkTime(states: count)
            }
        }
        var numbers: [Int32] = []
        var isNew: [Bool] = []
        var expanded = 0
        // Watched statements met with a modal up, read from the notes as
        // they are numbered (a few hundred in a search, each read once).
        var met = Set<SourceRange>()
        var notesRead = 1
        func meetsWatchedStatement() -> Bool {
            guard !watched.isEmpty, notesRead < successors.noteCount else { return !met.isEmpty }
            let notes = successors.labels.notes.values
            while notesRead < notes.count {
                for case .selectsTabUnderModal(_, let statement) in notes[notesRead].facts where watched.contains(statement) {
                    met.insert(statement)
                }
                notesRead += 1
            }
            return !met.isEmpty
        }
        /// Expands a state by in-app steps, or by deep links; the
        /// transitions go to the list of their kind.
        func expand(_ index: Int, deepLinks: Bool) throws(LimitReached) {
            successors.successors(of: index, in: &graph.store, deepLinks: deepLinks, into: &batch)
            if successors.wasCutShort { throw .tooLong(limits, count: graph.tree.count) }
            graph.store.insert(batch, from: index, numbers: &numbers, isNew: &isNew)
            for position in 0..<batch.count where isNew[position] {
                try stored(parent: index, label: batch.label[position])
            }
            let labelCount = successors.labelCount
            if deepLinks {
                try linkEdges.reserve(batch.count, labelCount: labelCount, budget: &budget, states: graph.tree.count)
                linkEdges.append(targets: numbers, labels: batch.label, count: batch.count)
            } else {
                try inAppEdges.reserve(batch.count, labelCount: labelCount, budget: &budget, states: graph.tree.count)
                inAppEdges.append(targets: numbers, labels: batch.label, count: batch.count)
            }
            // Late in a search most expansions find no new state: the
            // limits are checked by expansions too, not only by new states.
            expanded += 1
            if expanded % 4096 == 0 {
                try checkMemoryAndTime()
            } else if expanded % ResourceBudget.unitsBetweenTimeChecks == 0 {
                try budget.checkTime(states: graph.tree.count)
            }
        }

        // The search, phase after phase, until it ends or meets a limit.
        var limit: LimitReached?
        do throws(LimitReached) {
            let valuations = try limits.inputValuations(of: model)
            for inputs in valuations {
                let (initial, facts) = model.initialState(inputs: inputs)
                graph.launchNotes.append((inputs, TransitionNote(facts: facts, outcome: nil)))
                guard let initial else { continue }
                let (index, inserted) = graph.store.insert(model.codec.encode(initial))
                if inserted { try stored(parent: -1, label: -1) }
                if !graph.initialStates.contains(index) { graph.initialStates.append(index) }
            }
            // In-app steps only: every state found here is reachable in-app.
            var next = 0
            while next < graph.store.count, !meetsWatchedStatement() {
                try expand(next, deepLinks: false)
                next += 1
            }
            graph.inAppCount = graph.store.count
            graph.finishedInAppPhase = true
            if followsDeepLinks, met.isEmpty {
                graph.store.parkWithDeepLinks()
                // Then deep links from every state, in order; states found now are
                // expanded both ways as their turn comes, which keeps the search
                // breadth first.
                var linked = 0
                while linked < graph.store.count, !meetsWatchedStatement() {
                    try expand(linked, deepLinks: true)
                    if linked >= graph.inAppCount {
                        try expand(linked, deepLinks: false)
                    }
                    linked += 1
                }
            }
        } catch {
            limit = error
            graph.isComplete = false
            // Before the deep links, every state found so far is reachable in-app.
            if !graph.finishedInAppPhase { graph.inAppCount = graph.tree.count }
        }
        // Met on the last expansion, or on the one a limit stopped.
        _ = meetsWatchedStatement()
        // Parents were recorded with their transition's label: keep its step.
        let labels = successors.labels.pairs.values
        graph.tree.mapSteps { $0 < 0 ? -1 : labels[Int($0)].step }
        inAppEdges.labels = successors.labels.pairs.values
        linkEdges.labels = successors.labels.pairs.values
        graph.inAppEdges = inAppEdges
        graph.linkEdges = linkEdges
        graph.steps = successors.labels.steps.values
        graph.notes = successors.labels.notes.values
        graph.memoBytes = successors.bytes
        graph.deepLinksRun = successors.deepLinksRun
        if !met.isEmpty { graph.isComplete = false }
        return ((graph, limit), met)
    }
}

extension Explorer.Limits {
    /// The model's input valuations, or the limit their number breaks, as a search reports it.
    public func inputValuations(of model: FlowModel) throws(Explorer.LimitReached) -> [UInt64] {
        do {
            return try model.inputValuations(limit: maxValuations)
        } catch {
            throw Explorer.LimitReached(description: error.description, states: 0)
        }
    }
}
