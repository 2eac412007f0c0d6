import NavFlowModel
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
        public var maxStates: Int
        /// The most bytes the graph may hold.
        public var maxBytes: Int
        /// The most input valuations enumerated.
        public var maxValuations: Int
        /// The longest the search may run, in seconds.
        public var maxSeconds: Double = .infinity

        /// Sized for a machine with 24 GiB of memory: the graph stays under 12 GiB,
        /// which leaves room for the analysis that follows (about a third more).
        public static let standard = Limits(maxStates: 50_000_000, maxBytes: 12 << 30, maxValuations: 1 << 16)

        public init(maxStates: Int, maxBytes: Int, maxValuations: Int) {
            self.maxStates = maxStates
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
    }

    public var limits: Limits
    /// Called every `progressInterval` states with the number stored so far.
    public var progress: (@Sendable (Int) -> Void)?
    public var progressInterval = 65_536

    public init(limits: Limits = .standard, progress: (@Sendable (Int) -> Void)? = nil) {
        self.limits = limits
        self.progress = progress
    }

    public func explore(_ model: FlowModel) throws(LimitReached) -> StateGraph {
        var graph = StateGraph(model: model, store: StateStore(width: model.codec.words))
        var steps = Interner<Step>()
        var notes = Interner<TransitionNote>()
        _ = notes.id(.empty)
        var packed: [UInt64] = []
        let started = ContinuousClock.now

        func add(_ state: NavState, parent: Int, step: Int32) throws(LimitReached) -> Int {
            model.codec.encode(state, into: &packed)
            let (index, inserted) = graph.store.insert(packed)
            if inserted {
                graph.parent.append(Int32(parent))
                graph.parentStep.append(step)
                if graph.store.count > limits.maxStates {
                    throw LimitReached(description: "the search stored \(limits.maxStates) states without finishing (--max-states); lower a stack's depth or raise the limit",
                                       states: graph.store.count)
                }
                if graph.store.count % 4096 == 0 {
                    if graph.bytes > limits.maxBytes {
                        throw LimitReached(description: "the search used \(graph.bytes >> 20) MiB, over the memory limit of \(limits.maxBytes >> 20) MiB, after \(graph.store.count) states; lower a stack's depth or raise --max-memory",
                                           states: graph.store.count)
                    }
                    if limits.maxSeconds.isFinite, (ContinuousClock.now - started) > .seconds(limits.maxSeconds) {
                        throw LimitReached(description: "the search ran for more than \(limits.maxSeconds) seconds (--max-time) after \(graph.store.count) states; lower a stack's depth or raise the limit",
                                           states: graph.store.count)
                    }
                    if let progress, graph.store.count % progressInterval == 0 { progress(graph.store.count) }
                }
            }
            return index
        }
        func expand(_ index: Int, deepLinks: Bool, into list: inout EdgeList) throws(LimitReached) {
            let state = graph.state(index)
            var failure: LimitReached?
            model.successors(of: state, deepLinks: deepLinks) { transition in
                guard failure == nil, transition.step.isInApp != deepLinks else { return }
                let step = steps.id(transition.step)
                var target: Int32 = -1
                if let next = transition.target {
                    do throws(LimitReached) { target = Int32(try add(next, parent: index, step: step)) } catch { failure = error }
                }
                list.target.append(target)
                list.step.append(step)
                list.note.append(transition.events.isEmpty && transition.outcome == nil
                    ? 0 : notes.id(TransitionNote(events: transition.events, outcome: transition.outcome)))
            }
            list.start.append(Int32(list.target.count))
            if let failure { throw failure }
        }

        let valuations: [UInt64]
        do {
            valuations = try model.inputValuations(limit: limits.maxValuations)
        } catch {
            throw LimitReached(description: error.description, states: 0)
        }
        for inputs in valuations {
            let (initial, events) = model.initialState(inputs: inputs)
            graph.launchNotes.append((inputs, TransitionNote(events: events, outcome: nil)))
            guard let initial else { continue }
            let index = try add(initial, parent: -1, step: -1)
            if !graph.initialStates.contains(index) { graph.initialStates.append(index) }
        }
        // Transitions are kept apart from `graph` while it grows.
        var inAppEdges = EdgeList()
        var linkEdges = EdgeList()
        // In-app steps only: every state found here is reachable in-app.
        var next = 0
        while next < graph.store.count {
            try expand(next, deepLinks: false, into: &inAppEdges)
            next += 1
        }
        graph.inAppCount = graph.store.count
        // Then deep links from every state, in order; states found now are
        // expanded both ways as their turn comes, which keeps the search
        // breadth first.
        var linked = 0
        while linked < graph.store.count {
            try expand(linked, deepLinks: true, into: &linkEdges)
            if linked >= graph.inAppCount {
                try expand(linked, deepLinks: false, into: &inAppEdges)
            }
            linked += 1
        }
        graph.inAppEdges = inAppEdges
        graph.linkEdges = linkEdges
        graph.steps = steps.values
        graph.notes = notes.values
        return graph
    }
}
