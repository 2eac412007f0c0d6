import NavFlowModel
import NavFlowQuery
import NavFlowSearch

/// `query --engine auto`: the explicit engine while the state space is
/// small, the z3 engine when it is not. The explicit search runs first
/// with at most `explicitStates` states stored; when it stops there, or
/// the inputs have more valuations than it enumerates, the z3 engine
/// answers instead (when this build has it and the query has no
/// `--from`). Any other limit (time, memory, the user's own state limit)
/// ends the query as it would with the explicit engine.
public struct AutomaticQueryEngine: Sendable {
    public var limits: Explorer.Limits
    public var parksInactiveTabs: Bool
    /// The most states the explicit search stores before z3 takes over.
    public var explicitStates: Int
    public var bound: Int
    public var timeout: Double

    public static let defaultExplicitStates = 1_000_000

    public init(limits: Explorer.Limits, parksInactiveTabs: Bool, explicitStates: Int = Self.defaultExplicitStates,
                bound: Int, timeout: Double) {
        self.limits = limits
        self.parksInactiveTabs = parksInactiveTabs
        self.explicitStates = explicitStates
        self.bound = bound
        self.timeout = timeout
    }

    /// What answered and why.
    public struct Choice: Sendable, Equatable {
        /// `explicit` or `z3`.
        public var engine: String
        /// For z3, the encoding: `navigation state` or `state graph`.
        public var encoding: String?
        public var reason: QueryEngineReason

        public init(engine: String, encoding: String?, reason: QueryEngineReason) {
            self.engine = engine
            self.encoding = encoding
            self.reason = reason
        }
    }

    /// The answer, the explicit witness's trail when the explicit engine
    /// gave it, and the choice.
    public func answer(_ query: ReachabilityQuery, model: FlowModel)
        throws -> (answer: QueryAnswer, trail: WitnessTrail?, choice: Choice) {
        let z3 = SymbolicEngineAvailability.isAvailable && query.from == nil
        if z3, (try? model.inputValuations(limit: limits.maxValuations)) == nil {
            return try symbolic(query, model: model, reason: .tooManyValuations(inputs: model.relevantInputs.count))
        }
        var capped = limits
        if z3 { capped.maxStates = min(limits.maxStates, explicitStates) }
        do {
            let (answer, trail) = try ExplicitQueryEngine(limits: capped, parksInactiveTabs: parksInactiveTabs)
                .answerWithTrail(query, model: model)
            let reason: QueryEngineReason = z3 ? .answeredWithin(states: capped.maxStates)
                : SymbolicEngineAvailability.isAvailable ? .fromNeedsExplicit : .noSymbolicEngine
            return (answer, trail, Choice(engine: "explicit", encoding: nil, reason: reason))
        } catch {
            guard z3, capped.maxStates < limits.maxStates, error.states >= capped.maxStates else { throw error }
            return try symbolic(query, model: model, reason: .explicitStopped(states: capped.maxStates))
        }
    }

    private func symbolic(_ query: ReachabilityQuery, model: FlowModel, reason: QueryEngineReason)
        throws -> (answer: QueryAnswer, trail: WitnessTrail?, choice: Choice) {
        #if Z3
        let (answer, _, encoding) = try SymbolicQueryEngine(bound: bound, timeout: timeout, limits: limits)
            .solveReportingEncoding(query, model: model)
        return (answer, nil, Choice(engine: "z3", encoding: encoding.rawValue, reason: reason))
        #else
        preconditionFailure("the z3 engine is chosen only when this build has it")
        #endif
    }
}
