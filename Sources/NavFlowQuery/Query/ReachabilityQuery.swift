import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// A question `navflow query` answers: can a state matching `target` be
/// reached from launch (or from the states matching `from`)?
public struct ReachabilityQuery: Sendable {
    public var target: StatePattern
    public var from: StatePattern?
    /// Whether opening deep links counts as a step (otherwise in-app steps only).
    public var deepLinks: Bool

    public init(target: StatePattern, from: StatePattern? = nil, deepLinks: Bool = false) {
        self.target = target
        self.from = from
        self.deepLinks = deepLinks
    }
}

/// How an engine knows that no state matches.
public enum UnreachabilityProof: Sendable, Equatable {
    /// Every reachable state was explored (the explicit engine).
    case exhausted(states: Int)
    /// No reachable state matches the `from` pattern, so there is nowhere to start.
    case noStart(states: Int)
    /// No witness of length up to the bound exists (bounded model checking).
    case bounded(bound: Int)
    /// No witness of any length exists: induction proved it at depth `depth`.
    case induction(depth: Int)
}

/// The answer to a query.
public enum QueryAnswer: Sendable {
    /// A shortest witness; `length` counts the steps after the start.
    case reachable(Witness, length: Int)
    case unreachable(UnreachabilityProof)

    public var isReachable: Bool {
        if case .reachable = self { return true }
        return false
    }
}

/// Why `query --engine auto` chose the engine that answered.
public enum QueryEngineReason: Sendable, Equatable {
    /// The explicit search answered within this many states.
    case answeredWithin(states: Int)
    /// The explicit search stored this many states without an answer: z3 answered.
    case explicitStopped(states: Int)
    /// This many inputs have more valuations than the explicit engine enumerates: z3 answered.
    case tooManyValuations(inputs: Int)
    /// The navigation-state encoding does not cover the spec or the query
    /// yet, and z3 over the state graph cannot go further than the explicit search.
    case notCovered
    /// The build has no z3 engine (the `Z3` trait).
    case noSymbolicEngine
}
