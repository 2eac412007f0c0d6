import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Answers reachability queries by breadth-first search over packed states,
/// stopping at the first state that matches: its witness is a shortest one.
/// Proves unreachability by exhausting the reachable states.
public struct ExplicitQueryEngine: Sendable {
    public var limits: Explorer.Limits

    public init(limits: Explorer.Limits = .standard) {
        self.limits = limits
    }

    public func answer(_ query: ReachabilityQuery, model: FlowModel) throws(Explorer.LimitReached) -> QueryAnswer {
        let valuations: [UInt64]
        do {
            valuations = try model.inputValuations(limit: limits.maxValuations)
        } catch {
            throw Explorer.LimitReached(description: error.description + "; the symbolic engine (--engine z3) treats inputs as unknowns instead",
                                        states: 0)
        }
        let initial = valuations.compactMap { model.initialState(inputs: $0).state }
        var starts = initial
        var startText: WitnessStep?
        if let from = query.from {
            var search = Search(model: model, limits: limits, deepLinks: true)
            try search.run(from: initial) { _ in false }
            starts = (0..<search.store.count).map(search.state).filter { model.matches(from, $0) }
            startText = WitnessStep(kind: .launch, text: "Start where \(from.text) holds")
            if starts.isEmpty {
                return .unreachable(.noStart(states: search.store.count))
            }
        }
        var search = Search(model: model, limits: limits, deepLinks: query.deepLinks)
        if let found = try search.run(from: starts, until: { model.matches(query.target, $0) }) {
            let path = search.path(to: found)
            let builder = WitnessBuilder(model: model)
            var witness = builder.witness(path, inputs: search.state(found).inputs)
            if let startText {
                let start = search.state(search.root(of: found))
                witness.steps[0] = WitnessStep(kind: .launch, text: startText.text + ": " + builder.describe(start))
            }
            return .reachable(witness, length: path.count)
        }
        return .unreachable(.exhausted(states: search.store.count))
    }

    /// A plain breadth-first search with parent links.
    struct Search {
        let model: FlowModel
        let limits: Explorer.Limits
        let deepLinks: Bool
        var store: StateStore
        var parent: [Int32] = []
        var parentStep: [Int32] = []
        var steps = Interner<Step>()

        init(model: FlowModel, limits: Explorer.Limits, deepLinks: Bool) {
            self.model = model
            self.limits = limits
            self.deepLinks = deepLinks
            store = StateStore(width: model.codec.words)
        }

        func state(_ index: Int) -> NavState {
            store.withState(index) { model.codec.decode($0) }
        }

        func root(of index: Int) -> Int {
            var current = index
            while parent[current] >= 0 { current = Int(parent[current]) }
            return current
        }

        func path(to index: Int) -> [(from: NavState, step: Step)] {
            var result: [(NavState, Step)] = []
            var current = index
            while parent[current] >= 0 {
                result.append((state(Int(parent[current])), steps.values[Int(parentStep[current])]))
                current = Int(parent[current])
            }
            return result.reversed()
        }

        /// Searches from `starts`; returns the first state satisfying `goal`.
        @discardableResult
        mutating func run(from starts: [NavState], until goal: (NavState) -> Bool) throws(Explorer.LimitReached) -> Int? {
            var packed: [UInt64] = []
            for start in starts {
                model.codec.encode(start, into: &packed)
                if store.insert(packed).inserted {
                    parent.append(-1)
                    parentStep.append(-1)
                }
            }
            var next = 0
            while next < store.count {
                let current = state(next)
                if goal(current) { return next }
                var failure: Explorer.LimitReached?
                let index = next
                model.successors(of: current, deepLinks: deepLinks) { transition in
                    guard failure == nil, let target = transition.target else { return }
                    model.codec.encode(target, into: &packed)
                    let (_, inserted) = store.insert(packed)
                    guard inserted else { return }
                    parent.append(Int32(index))
                    parentStep.append(steps.id(transition.step))
                    if store.count > limits.maxStates {
                        failure = .init(description: "the search stored \(limits.maxStates) states without an answer (--max-states)", states: store.count)
                    } else if store.count % 4096 == 0, store.bytes + parent.count * 8 > limits.maxBytes {
                        failure = .init(description: "the search used more than \(limits.maxBytes >> 20) MiB without an answer (--max-memory)", states: store.count)
                    }
                }
                if let failure { throw failure }
                next += 1
            }
            return nil
        }
    }
}
