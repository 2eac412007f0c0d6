import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Decides conditions with inputs left open: a condition that flags alone
/// decide is answered; one that depends on inputs is answered from a script
/// of assumptions (or assumed true, extending the script), and each
/// assumption is recorded as a constraint on inputs. Running a step unit
/// once per script, in depth-first order, visits every outcome.
final class AssumingDecider: ConditionDecider {
    private(set) var script: [Bool] = []
    private var position = 0
    private(set) var assumptions: [(condition: Condition, value: Bool)] = []

    func start(with script: [Bool]) {
        self.script = script
        position = 0
        assumptions = []
    }

    func holds(_ condition: Condition, in state: NavState) -> Bool {
        let residual = condition.residual(flags: state.flag)
        if case .constant(let value) = residual { return value }
        if position == script.count { script.append(true) }
        let value = script[position]
        position += 1
        assumptions.append((residual, value))
        return value
    }

    /// Reports never depend on open inputs: they decide no successor.
    func holdsForReport(_ condition: Condition, in state: NavState) -> Bool {
        if case .constant(let value) = condition.residual(flags: state.flag) { return value }
        return false
    }

    /// The conjunction of the assumptions made so far.
    var constraint: Condition {
        assumptions.reduce(Condition.constant(true)) { result, assumption in
            let literal = assumption.value ? assumption.condition : .not(assumption.condition)
            if case .constant(true) = result { return literal }
            return .and(result, literal)
        }
    }

    /// The next script in depth-first order, or nil when every outcome was visited.
    func nextScript() -> [Bool]? {
        var next = Array(script.prefix(position))
        while let last = next.last, last == false { next.removeLast() }
        guard !next.isEmpty else { return nil }
        next[next.count - 1] = false
        return next
    }
}

/// The state graph with inputs left open: states hold flags and navigation
/// (inputs are 0), and every initial state and transition carries the
/// condition on inputs under which it exists. It is built by running the
/// model's own transition function once per outcome of the conditions
/// inputs decide, so it is the explicit graph of every input valuation at
/// once. The symbolic engine searches it with inputs as free variables.
public struct SymbolicGraph: Sendable {
    public struct Edge: Sendable, Hashable {
        public var from: Int32
        public var to: Int32
        /// Index into `steps`.
        public var step: Int32
        /// Index into `constraints`.
        public var constraint: Int32
    }

    public let model: FlowModel
    public private(set) var store: StateStore
    /// Initial states with the constraint under which each is initial.
    public private(set) var initial: [(state: Int, constraint: Int32)] = []
    public private(set) var edges: [Edge] = []
    public private(set) var steps: [Step] = []
    /// Constraints on inputs; index 0 is `true`.
    public private(set) var constraints: [Condition] = []

    public var count: Int { store.count }

    public func state(_ index: Int) -> NavState {
        store.withState(index) { model.codec.decode($0) }
    }

    /// Builds the graph from launch, with deep links as steps when asked.
    public static func build(_ model: FlowModel, deepLinks: Bool,
                             limits: Explorer.Limits) throws(Explorer.LimitReached) -> SymbolicGraph {
        var graph = SymbolicGraph(model: model, store: StateStore(width: model.codec.words))
        var stepIDs = Interner<Step>()
        var constraintIDs = Interner<Condition>()
        _ = constraintIDs.id(.constant(true))
        var seen = Set<Edge>()
        let decider = AssumingDecider()
        var packed: [UInt64] = []

        func add(_ state: NavState) throws(Explorer.LimitReached) -> Int {
            model.codec.encode(state, into: &packed)
            let (index, inserted) = graph.store.insert(packed)
            if inserted && graph.store.count > limits.maxStates {
                throw .init(description: "the symbolic search stored \(limits.maxStates) states without finishing (--max-states)",
                            states: graph.store.count)
            }
            return index
        }

        // Initial states: one per outcome of the conditions inputs decide.
        var script: [Bool]? = []
        var initialSeen = Set<[Int32]>()
        while let current = script {
            decider.start(with: current)
            if let state = model.initialState(inputs: 0, decider: decider).state {
                let index = try add(state)
                let constraint = constraintIDs.id(decider.constraint)
                if initialSeen.insert([Int32(index), constraint]).inserted {
                    graph.initial.append((index, constraint))
                }
            }
            script = decider.nextScript()
        }
        var next = 0
        while next < graph.store.count {
            let state = graph.state(next)
            var units: [StepUnit] = []
            model.forEachUnit(of: state, deepLinks: deepLinks) { units.append($0) }
            for unit in units {
                var script: [Bool]? = []
                while let current = script {
                    decider.start(with: current)
                    var produced: [(NavState, Step, Condition)] = []
                    model.run(unit, from: state, decider: decider) { transition in
                        if let target = transition.target {
                            produced.append((target, transition.step, decider.constraint))
                        }
                    }
                    for (target, step, constraint) in produced {
                        let edge = Edge(from: Int32(next), to: Int32(try add(target)), step: stepIDs.id(step),
                                        constraint: constraintIDs.id(constraint))
                        if seen.insert(edge).inserted { graph.edges.append(edge) }
                    }
                    script = decider.nextScript()
                }
            }
            next += 1
        }
        graph.steps = stepIDs.values
        graph.constraints = constraintIDs.values
        return graph
    }
}
