#if Z3
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSpec
import Z3Solver

/// Answers reachability queries by bounded model checking with Z3, bound
/// by bound, so the first satisfiable bound gives a shortest witness and
/// the input valuation it needs. Two encodings:
///
/// - over the navigation state (`StateEncoding`): the state's fields as
///   terms, the transition relation lowered from the statements; nothing
///   is enumerated, so it answers on apps whose state space no explicit
///   search finishes. It covers the specs `StateEncoding.unsupported`
///   finds nothing in.
/// - over the state graph (`SymbolicGraph`, the model's own transitions
///   with inputs left open, enumerated first): one Boolean per state per
///   step. Where k-induction over simple paths succeeds, it proves the
///   target unreachable at every bound.
public struct SymbolicQueryEngine: Sendable {
    /// The longest witness looked for.
    public var bound: Int
    /// Seconds for the whole query.
    public var timeout: Double
    public var limits: Explorer.Limits
    public var encoding: EncodingChoice
    /// The most states the navigation-state encoding explores explicitly,
    /// breadth first from launch, before its bounded checks take over from
    /// the last layer it completed (`ExplicitPrefix`; with `--from`, the run
    /// to the start begins at any state it found); nil for none, the checks
    /// then start from launch.
    public var explicitPrefixStates: Int? = Self.defaultPrefixStates

    /// Starting the checks from the states a few steps from launch leaves
    /// the solver fewer steps to unroll, but each more start states to
    /// choose from: on Mlem's 6-step witness, 16.5 s from launch, 11 to 13 s
    /// with 300 to 500 states, 15.7 s with 1,000, 66 s with 8,000.
    public static let defaultPrefixStates = 500

    /// Which encoding answers.
    public enum EncodingChoice: Hashable, Sendable {
        /// The navigation state where the spec allows it, else the state graph.
        case automatic
        case navigationState
        case stateGraph
    }

    /// The encoding that answered a query.
    public enum Encoding: String, Sendable {
        case navigationState = "navigation state"
        case stateGraph = "state graph"
    }

    public init(bound: Int, timeout: Double = 60, limits: Explorer.Limits = .standard, encoding: EncodingChoice = .automatic) {
        self.bound = bound
        self.timeout = timeout
        self.limits = limits
        self.encoding = encoding
    }

    /// Why the engine gave no answer.
    public enum Failure: Error, CustomStringConvertible {
        case limit(Explorer.LimitReached)
        case solver(Z3Error)
        /// No answer within the seconds the option allowed (`--timeout`,
        /// or `--max-time` when it ends the command sooner).
        case timeout(Double, option: String)
        /// The process came to `--max-memory` (`limit` bytes), holding
        /// `resident` bytes when the engine stopped.
        case memory(resident: Int, limit: Int)
        case unsupported(String)
        /// The run the solver found is not a run of the model: a defect in
        /// the encoding, never an answer.
        case replay(String)

        public var description: String {
            switch self {
            case .limit(let limit): limit.description
            case .solver(let error): error.description
            case .timeout(let seconds, let option): "the z3 engine found no answer within \(seconds) s (\(option))"
            case .memory(let resident, let limit):
                "the z3 engine found no answer within the memory limit of \(limit >> 20) MiB (--max-memory): the process held \(resident >> 20) MiB when it stopped; lower --bound or raise the limit"
            case .unsupported(let what): what
            case .replay(let what): "internal error: the z3 engine's witness does not replay on the model (\(what)); please report it with the spec"
            }
        }
    }

    /// A witness as the solver found it: the input valuation and the steps.
    public struct Trace: Sendable {
        public var inputs: UInt64
        public var steps: [Step]
        /// With `--from`: the steps from launch to the state the witness
        /// starts in (deep links among them), before `steps`.
        public var start: [Step] = []
    }

    public func answer(_ query: ReachabilityQuery, model: FlowModel) throws(Failure) -> QueryAnswer {
        try solve(query, model: model).answer
    }

    /// The most states a state graph may have for the automatic choice to
    /// encode it, where the navigation state found no witness and did not
    /// prove there is none: its induction over simple paths proves more
    /// than the navigation state's. Its bounded checks are slower (one
    /// Boolean per state per step: 27.8 s for EhPanda's 2-step witness,
    /// 0.24 s over the navigation state), so it is asked only for that proof.
    public static let largestGraph = 50_000

    /// The most states a state graph may have for the automatic choice to
    /// encode it first: on graphs this small its bounded checks take a
    /// second at most (1.09 s for a 3-step witness on the 2,430 states of
    /// router-tabs) and its induction proves what the navigation state's may
    /// take seconds per bound to leave open (on a small spec whose hooks
    /// switch tabs and select columns, 34 s to bound 8).
    public static let smallGraph = 2_500

    /// The answer and, when reachable, the raw trace behind its witness.
    public func solve(_ query: ReachabilityQuery, model: FlowModel) throws(Failure) -> (answer: QueryAnswer, trace: Trace?) {
        let (answer, trace, _) = try solveReportingEncoding(query, model: model)
        return (answer, trace)
    }

    /// The answer, its trace, and the encoding that gave it. `automatic`
    /// encodes the state graph when it has at most `smallGraph` states;
    /// else the navigation state when it covers the spec, and then,
    /// when that found no witness up to the bound without proving there is
    /// none, the state graph if it has at most `largestGraph` states, for
    /// its proof; a spec the navigation state does not cover yet gets the
    /// state graph. One deadline holds for the whole.
    public func solveReportingEncoding(_ query: ReachabilityQuery, model: FlowModel)
        throws(Failure) -> (answer: QueryAnswer, trace: Trace?, encoding: Encoding) {
        let deadline = self.deadline()
        let reasons = StateEncoding.unsupported(in: model)
        if query.from != nil {
            // Only the navigation state encodes a start reached from launch.
            guard encoding != .stateGraph else { throw .unsupported("--from is answered over the navigation state only, not over the state graph") }
            guard reasons.isEmpty else {
                throw .unsupported("--from is answered by the z3 engine over the navigation state, which does not cover \(reasons.joined(separator: ", ")) yet; use --engine explicit")
            }
            return try overNavigationState(query, model: model, deadline: deadline)
        }
        switch encoding {
        case .navigationState:
            guard reasons.isEmpty else {
                throw .unsupported("the navigation-state encoding does not cover \(reasons.joined(separator: ", ")) yet")
            }
            return try overNavigationState(query, model: model, deadline: deadline)
        case .stateGraph:
            return try overGraph(query, model: model, limits: limits, deadline: deadline)
        case .automatic:
            guard reasons.isEmpty else { return try overGraph(query, model: model, limits: limits, deadline: deadline) }
            var tiny = limits
            tiny.maxStates = min(limits.maxStates, Self.smallGraph)
            if let graph = try? SymbolicGraph.build(model, deepLinks: query.deepLinks, limits: tiny) {
                return try overGraph(query, graph: graph, deadline: deadline)
            }
            let navigation = try overNavigationState(query, model: model, deadline: deadline)
            guard case .unreachable(.bounded) = navigation.answer else { return navigation }
            var small = limits
            small.maxStates = min(limits.maxStates, Self.largestGraph)
            guard let graph = try? SymbolicGraph.build(model, deepLinks: query.deepLinks, limits: small) else { return navigation }
            // The proof is a bonus: past the deadline, the bounded answer stands.
            do {
                return try overGraph(query, graph: graph, deadline: deadline)
            } catch {
                return navigation
            }
        }
    }

    private func overNavigationState(_ query: ReachabilityQuery, model: FlowModel, deadline: Deadline)
        throws(Failure) -> (answer: QueryAnswer, trace: Trace?, encoding: Encoding) {
        let (answer, trace) = try solving(deadline) {
            try StateEncoding(model: model, bound: bound, deadline: deadline.instant, prefixStates: explicitPrefixStates).solve(query)
        }
        return (answer, trace, .navigationState)
    }

    private func overGraph(_ query: ReachabilityQuery, model: FlowModel, limits: Explorer.Limits,
                           deadline: Deadline)
        throws(Failure) -> (answer: QueryAnswer, trace: Trace?, encoding: Encoding) {
        let graph: SymbolicGraph
        do {
            graph = try SymbolicGraph.build(model, deepLinks: query.deepLinks, limits: limits)
        } catch {
            throw .limit(error)
        }
        return try overGraph(query, graph: graph, deadline: deadline)
    }

    private func overGraph(_ query: ReachabilityQuery, graph: SymbolicGraph, deadline: Deadline)
        throws(Failure) -> (answer: QueryAnswer, trace: Trace?, encoding: Encoding) {
        let (answer, trace) = try solving(deadline) {
            try GraphEncoding(graph: graph, target: query.target, bound: bound, deadline: deadline.instant).solve()
        }
        return (answer, trace, .stateGraph)
    }

    /// When the query must end: `timeout` from now, or sooner when
    /// `limits.maxSeconds` (`--max-time`, counted from `limits.startedAt`)
    /// ends the command first; with the seconds and the option, for the message.
    struct Deadline {
        var instant: ContinuousClock.Instant
        var seconds: Double
        var option: String
    }

    private func deadline() -> Deadline {
        let now = ContinuousClock.now
        // A day at most: the clock's arithmetic takes whole milliseconds.
        func later(_ seconds: Double) -> ContinuousClock.Instant { now + .milliseconds(Int(min(max(seconds, 0), 86_400) * 1000)) }
        let elapsed = limits.startedAt.map { (now - $0).inSeconds } ?? 0
        let left = limits.maxSeconds - elapsed
        if left < timeout { return Deadline(instant: later(left), seconds: limits.maxSeconds, option: "--max-time") }
        return Deadline(instant: later(timeout), seconds: timeout, option: "--timeout")
    }

    /// Runs an encoding's solve, its errors as failures (a solver that gave
    /// up as the time-out), with the process's memory watched
    /// (`MemoryWatch`) when `limits.maxResidentBytes` is set: Z3 out of
    /// the memory the watch left it (its memory error, a check that gave up
    /// for it, a context it could not make while the room was short) is the
    /// memory limit; every other failure is what it is.
    private func solving<Result>(_ deadline: Deadline, _ body: () throws -> Result) throws(Failure) -> Result {
        let watch = MemoryWatch(limit: limits.maxResidentBytes)
        let result: Swift.Result<Result, any Error> = Swift.Result { try body() }
        let usage = watch?.stop()
        do {
            return try result.get()
        } catch let error as Z3Error {
            if let usage, error.isMemoryLimit || error == .unavailable && usage.wasShort {
                throw .memory(resident: usage.breach ?? ProcessMemory.residentBytes(), limit: limits.maxResidentBytes)
            }
            if case .unknown = error { throw .timeout(deadline.seconds, option: deadline.option) }
            throw .solver(error)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .solver(.failed(code: -1, message: String(describing: error)))
        }
    }
}

/// Whether the navigation-state encoding covers a model (for tests and
/// statistics: the engine picks it by itself). `deepLinks` says whether
/// deep links are steps; the encoding covers both, so it does not change
/// the answer today.
public enum StateEncodingSupport {
    public static func supports(_ model: FlowModel, deepLinks: Bool) -> Bool {
        StateEncoding.unsupported(in: model).isEmpty
    }

    /// What it does not cover in the model, with where the spec uses it.
    public static func unsupported(in model: FlowModel, deepLinks: Bool) -> [String] {
        StateEncoding.unsupported(in: model)
    }
}

/// The BMC and induction encodings of one query over one symbolic graph.
private struct GraphEncoding {
    /// Induction is tried at every depth up to this one...
    static let alwaysInductUpTo = 2
    /// ...and at every depth for graphs of at most this many states.
    static let smallGraph = 256

    let graph: SymbolicGraph
    let target: StatePattern
    let bound: Int
    let deadline: ContinuousClock.Instant
    let width: Int
    /// Target states with the residual of the pattern's `where`.
    let targets: [(state: Int, condition: Condition)]
    /// Edges grouped by source state, and by target state.
    let outgoing: [Int: [SymbolicGraph.Edge]]
    let incoming: [Int: [SymbolicGraph.Edge]]

    init(graph: SymbolicGraph, target: StatePattern, bound: Int, deadline: ContinuousClock.Instant) {
        self.graph = graph
        self.target = target
        self.bound = bound
        self.deadline = deadline
        var bits = 1
        while (1 << bits) < max(2, graph.count) { bits += 1 }
        width = bits
        var targets: [(Int, Condition)] = []
        for index in 0..<graph.count {
            let state = graph.state(index)
            guard graph.model.matchesShape(target, state) else { continue }
            let condition = target.condition?.residual(flags: state.flag) ?? .constant(true)
            if case .constant(false) = condition { continue }
            targets.append((index, condition))
        }
        self.targets = targets
        outgoing = Dictionary(grouping: graph.edges, by: { Int($0.from) })
        incoming = Dictionary(grouping: graph.edges, by: { Int($0.to) })
    }

    /// One solver with the inputs, the assumptions and a timeout for what is left.
    private func makeSolver() throws -> (Z3Solver, Inputs) {
        let solver = try Z3Solver(timeout: remainingSeconds())
        let inputs = Inputs(solver: solver)
        for assumption in graph.model.spec.assumptions {
            try solver.assert(inputs.term(assumption.condition))
        }
        return (solver, inputs)
    }

    /// Bounded model checking, bound by bound. State copy k is one Boolean
    /// per state that some walk of exactly k steps reaches ("at state i after
    /// k steps"), constrained by support: being at j after k+1 steps needs
    /// a transition into j, from a state held after k steps, whose input
    /// condition holds. On explicit graphs this beats a bit-vector state
    /// variable by orders of magnitude, since the solver propagates it like
    /// a breadth-first search.
    func solve() throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?) {
        let (solver, inputs) = try makeSolver()
        let initialLabels = Dictionary(grouping: graph.initial, by: \.state)
        var layer: [Int: Z3Term] = [:]
        for (state, entries) in initialLabels.sorted(by: { $0.key < $1.key }) {
            let at = try solver.boolean("at0_\(state)")
            layer[state] = at
            try solver.assert(solver.or([solver.not(at),
                                         solver.or(entries.map { entry in try inputs.term(graph.constraints[Int(entry.constraint)]) })]))
        }
        var layers = [layer]
        let targetConditions = Dictionary(targets.map { ($0.state, $0.condition) }, uniquingKeysWith: { first, _ in first })
        for k in 0...bound {
            let current = layers[k]
            let reachedTargets = targets.filter { current[$0.state] != nil }
            if !reachedTargets.isEmpty {
                try solver.push()
                try solver.assert(solver.or(reachedTargets.map { entry in
                    try solver.and([current[entry.state]!, inputs.term(entry.condition)])
                }))
                if try check(solver) == .satisfiable {
                    let (witness, trace) = try witness(solver: solver, layers: layers, inputs: inputs,
                                                       targetConditions: targetConditions)
                    return (.reachable(witness, length: k), trace)
                }
                try solver.pop()
            }
            if try inductionProves(depth: k) { return (.unreachable(.induction(depth: k)), nil) }
            if k == bound { break }
            var next: [Int: Z3Term] = [:]
            var supports: [Int: [Z3Term]] = [:]
            for source in current.keys.sorted() {
                for edge in outgoing[source] ?? [] {
                    let to = Int(edge.to)
                    if next[to] == nil { next[to] = try solver.boolean("at\(k + 1)_\(to)") }
                    supports[to, default: []].append(
                        try solver.and([current[source]!, inputs.term(graph.constraints[Int(edge.constraint)])]))
                }
            }
            for (state, at) in next {
                try solver.assert(solver.or([solver.not(at), solver.or(supports[state]!)]))
            }
            layers.append(next)
        }
        return (.unreachable(.bounded(bound: bound)), nil)
    }

    /// The k-induction step over simple paths: no path of k+2 distinct
    /// states, the first k+1 outside the target, ends in the target.
    private func inductionProves(depth k: Int) throws -> Bool {
        if targets.isEmpty { return true }
        // k + 2 distinct states cannot exist in a smaller graph.
        if k + 2 > graph.count { return true }
        // The step case grows with k times the graph; past these sizes the
        // bounded answer is the practical one.
        guard k <= Self.alwaysInductUpTo || graph.count <= Self.smallGraph else { return false }
        let (solver, inputs) = try makeSolver()
        var states: [Z3Term] = []
        for index in 0...(k + 1) {
            states.append(try solver.bitVector("t\(index)", width: width))
            if index > 0 { try solver.assert(transition(states[index - 1], states[index], inputs: inputs, solver: solver)) }
        }
        try solver.assert(solver.distinct(states))
        for index in 0...k { try solver.assert(solver.not(isTarget(states[index], inputs: inputs, solver: solver))) }
        try solver.assert(isTarget(states[k + 1], inputs: inputs, solver: solver))
        return try check(solver) == .unsatisfiable
    }

    private func remainingSeconds() throws(Z3Error) -> Double { try secondsLeft(until: deadline) }

    /// A check with what is left of the deadline (one solver serves every bound).
    private func check(_ solver: Z3Solver) throws -> Z3Result {
        try solver.setTimeout(remainingSeconds())
        return try solver.check()
    }

    private func value(_ index: Int, solver: Z3Solver) throws -> Z3Term {
        try solver.bitVector(value: UInt64(index), width: width)
    }

    private func isTarget(_ state: Z3Term, inputs: Inputs, solver: Z3Solver) throws -> Z3Term {
        try solver.or(targets.map { entry in
            try solver.and([solver.equal(state, value(entry.state, solver: solver)), inputs.term(entry.condition)])
        })
    }

    private func transition(_ from: Z3Term, _ to: Z3Term, inputs: Inputs, solver: Z3Solver) throws -> Z3Term {
        var cases: [Z3Term] = []
        for source in outgoing.keys.sorted() {
            let choices = try outgoing[source]!.map { edge in
                try solver.and([solver.equal(to, value(Int(edge.to), solver: solver)),
                                inputs.term(graph.constraints[Int(edge.constraint)])])
            }
            cases.append(try solver.and([solver.equal(from, value(source, solver: solver)), solver.or(choices)]))
        }
        return try solver.or(cases)
    }

    /// Reads the inputs off the model, then walks back from a held target
    /// through held predecessors whose conditions hold.
    private func witness(solver: Z3Solver, layers: [[Int: Z3Term]], inputs: Inputs,
                         targetConditions: [Int: Condition]) throws -> (Witness, SymbolicQueryEngine.Trace) {
        let model = graph.model
        var bits: UInt64 = 0
        for input in model.relevantInputs where try solver.value(of: inputs.term(.input(input))) {
            bits |= 1 << UInt64(input)
        }
        func holds(_ condition: Condition) -> Bool {
            condition.evaluate(flags: { _ in false }, inputs: { bits >> UInt64($0) & 1 == 1 })
        }
        let last = layers.count - 1
        guard let end = try layers[last].keys.sorted().first(where: { state in
            guard let condition = targetConditions[state], holds(condition) else { return false }
            return try solver.value(of: layers[last][state]!)
        }) else { throw Z3Error.failed(code: -1, message: "the model holds no target") }
        var read = targetConditions[end]?.inputsRead ?? []
        var path = [end]
        var steps: [(from: NavState, step: Step)] = []
        for k in stride(from: last, to: 0, by: -1) {
            let to = path[0]
            var found: SymbolicGraph.Edge?
            for edge in incoming[to] ?? [] where found == nil {
                guard let held = layers[k - 1][Int(edge.from)], holds(graph.constraints[Int(edge.constraint)]),
                      try solver.value(of: held) else { continue }
                found = edge
            }
            guard let edge = found else { throw Z3Error.failed(code: -1, message: "the model's path has no matching transition") }
            read.formUnion(graph.constraints[Int(edge.constraint)].inputsRead)
            path.insert(Int(edge.from), at: 0)
            steps.insert((graph.state(Int(edge.from)), graph.steps[Int(edge.step)]), at: 0)
        }
        if let entry = graph.initial.first(where: { $0.state == path[0] && holds(graph.constraints[Int($0.constraint)]) }) {
            read.formUnion(graph.constraints[Int(entry.constraint)].inputsRead)
        }
        // The graph's states leave inputs open; the witness's run has these
        // values, which decide what its steps do (an appear hook's guard).
        let concrete = steps.map { step -> (from: NavState, step: Step) in
            var state = step.0
            state.inputs = bits
            return (state, step.1)
        }
        var witness = WitnessBuilder(model: model).witness(concrete, inputs: bits)
        let names = Set(read.map { model.spec.inputs[$0].name })
        witness.inputs = witness.inputs.filter { names.contains($0.name) }
        return (witness, SymbolicQueryEngine.Trace(inputs: bits, steps: steps.map(\.step)))
    }
}

/// The Boolean constants standing for inputs, made on first use.
private final class Inputs {
    let solver: Z3Solver
    private var constants: [Int: Z3Term] = [:]

    init(solver: Z3Solver) {
        self.solver = solver
    }

    /// A condition over inputs as a term (flags never occur: they are decided).
    func term(_ condition: Condition) throws -> Z3Term {
        switch condition {
        case .constant(let value): return try solver.constant(value)
        case .flag: throw Z3Error.failed(code: -1, message: "a flag reached the solver")
        case .input(let index):
            if let constant = constants[index] { return constant }
            let constant = try solver.boolean("input\(index)")
            constants[index] = constant
            return constant
        case .not(let operand): return try solver.not(term(operand))
        case .and(let lhs, let rhs): return try solver.and([term(lhs), term(rhs)])
        case .or(let lhs, let rhs): return try solver.or([term(lhs), term(rhs)])
        case .equal(let lhs, let rhs): return try solver.equal(term(lhs), term(rhs))
        }
    }
}
#endif
