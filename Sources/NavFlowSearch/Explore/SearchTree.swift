/// The transition that first reached each state of a breadth-first search:
/// its parent state and the id of its step. Following parents from a state
/// back to a root gives a shortest witness (shortest among the first found).
/// Shared by the explorer's graph, the plain explorer and the query engine.
public struct SearchTree: Sendable {
    /// The state each state was first reached from (-1 for a root).
    public internal(set) var parent: [Int32] = []
    /// The id of the step that first reached each state (-1 for a root);
    /// what it indexes is up to the search that built the tree.
    public internal(set) var step: [Int32] = []

    public init() {}

    public var count: Int { parent.count }

    var bytes: Int { (parent.capacity + step.capacity) * 4 }

    /// Makes room for `count` more states, within the budget.
    mutating func reserve(_ count: Int, budget: inout ResourceBudget) throws(Explorer.LimitReached) {
        try budget.reserve(count, in: &parent, states: self.count)
        try budget.reserve(count, in: &step, states: self.count)
    }

    /// Replaces every step id in place (no second array).
    mutating func mapSteps(_ transform: (Int32) -> Int32) {
        step.withUnsafeMutableBufferPointer { steps in
            for index in steps.indices { steps[index] = transform(steps[index]) }
        }
    }

    mutating func append(parent: Int, step: Int32) {
        self.parent.append(Int32(parent))
        self.step.append(step)
    }

    /// The steps from a root to state `index`, each with the state it was
    /// taken from, root first.
    public func path(to index: Int) -> [(from: Int, step: Int)] {
        var result: [(from: Int, step: Int)] = []
        var current = index
        while parent[current] >= 0 {
            result.append((from: Int(parent[current]), step: Int(step[current])))
            current = Int(parent[current])
        }
        return result.reversed()
    }

    /// The root a state descends from.
    public func root(of index: Int) -> Int {
        var current = index
        while parent[current] >= 0 { current = Int(parent[current]) }
        return current
    }
}
