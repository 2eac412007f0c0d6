#if Z3
import NavFlowModel
import NavFlowSpec

/// The first steps of every run, explored explicitly, breadth first, while
/// they stay few: launch with each input valuation, then the states one
/// step further, and so on, as long as the states found so far stay within
/// a budget. A state that matches the target on the way is a shortest
/// witness at once. Otherwise the bounded checks start from the last layer
/// (the states exactly `depth` steps from launch) instead of from launch:
/// a run of `depth + k` steps that ends in the target passes through that
/// layer after `depth` steps, and no shorter run ends there, so the first
/// `k` with a run from the layer gives a shortest witness of `depth + k`
/// steps. The solver then unrolls `depth` fewer steps.
///
/// Without a target (a `--from` query's run to its start), it only
/// explores, and `states(within:)` gives every state found up to a
/// distance.
struct ExplicitPrefix: Sendable {
    /// How many steps the layer is from launch.
    private(set) var depth = 0
    /// A shortest run to a state that matches the target, when one is within the prefix.
    private(set) var witness: [(from: NavState, step: Step)]?
    /// The state that run ends in.
    private(set) var reached: NavState?
    /// Whether every reachable state was found (and none matches).
    private(set) var exhausted = false
    /// How many states were found.
    private(set) var states = 0
    /// Each state found after launch, with the state and step it was first found from.
    private var parents: [NavState: (from: NavState, step: Step)] = [:]
    /// Every state found in a completed layer, nearest first.
    private var found: [NavState] = []
    /// How many of `found` are at most 0, 1, … `depth` steps from launch.
    private var ends: [Int] = []

    /// Explores up to `maxDepth` steps while the states found stay within
    /// `budget`; nil when the inputs have too many valuations to launch one by one.
    init?(model: FlowModel, target: StatePattern?, deepLinks: Bool, maxDepth: Int, budget: Int) {
        guard let valuations = try? model.inputValuations(limit: 64) else { return nil }
        var seen = Set<NavState>()
        var layer: [NavState] = []
        for inputs in valuations {
            guard let state = model.initialState(inputs: inputs).state, seen.insert(state).inserted else { continue }
            layer.append(state)
        }
        while true {
            found += layer
            ends.append(found.count)
            if let target, let match = layer.first(where: { model.matches(target, $0) }) {
                witness = path(to: match)
                reached = match
                return
            }
            states = seen.count
            guard depth < maxDepth else { return }
            var next: [NavState] = []
            for state in layer {
                model.successors(of: state, deepLinks: deepLinks) { transition in
                    guard let target = transition.target, !seen.contains(target) else { return }
                    seen.insert(target)
                    parents[target] = (state, transition.step)
                    next.append(target)
                }
                if seen.count > budget {
                    states = seen.count
                    return
                }
            }
            if next.isEmpty {
                exhausted = true
                return
            }
            layer = next
            depth += 1
        }
    }

    /// The states exactly `depth` steps from launch.
    var layer: [NavState] {
        Array(found[(depth > 0 ? ends[depth - 1] : 0)..<ends[depth]])
    }

    /// Every state at most `distance` steps from launch, nearest first
    /// (`distance` at most `depth`).
    func states(within distance: Int) -> ArraySlice<NavState> {
        found[..<ends[min(distance, depth)]]
    }

    /// The run from launch to a state of the prefix.
    func path(to state: NavState) -> [(from: NavState, step: Step)] {
        var steps: [(from: NavState, step: Step)] = []
        var current = state
        while let (parent, step) = parents[current] {
            steps.append((parent, step))
            current = parent
        }
        return steps.reversed()
    }
}
#endif
