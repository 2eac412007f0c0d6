import NavFlowModel
import NavFlowQuery
import NavFlowSearch

/// `query --engine auto`: the explicit engine while the state space is
/// small, the z3 engine when it is not. When the inputs have more
/// valuations than the explicit engine enumerates, z3 answers. Otherwise,
/// where the navigation-state encoding covers the spec and the query, the
/// explicit search runs with at most `explicitStates` states stored, and
/// when it stops there z3 answers over the navigation state; elsewhere the
/// explicit search runs within the usual limits (z3 over the state graph
/// could only do worse). z3 needs a build that has it, and for `--from`
/// the navigation-state encoding (the state graph does not encode starts).
/// Any other limit (time, memory, the user's own state limit) ends the
/// query as it would with the explicit engine.
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
        let available = SymbolicEngineAvailability.isAvailable
        let covered = available && Self.navigationStateCovers(model, deepLinks: query.deepLinks)
        // `--from` only over the navigation state (the state graph does not encode starts).
        if available, query.from == nil || covered, (try? model.inputValuations(limit: limits.maxValuations)) == nil {
            return try symbolic(query, model: model, reason: .tooManyValuations(inputs: model.relevantInputs.count))
        }
        // Past the budget only the navigation state helps: the state graph
        // is at least as large as what the explicit search stores.
        var capped = limits
        if covered { capped.maxStates = min(limits.maxStates, explicitStates) }
        do {
            let (answer, trail) = try ExplicitQueryEngine(limits: capped, parksInactiveTabs: parksInactiveTabs)
                .answerWithTrail(query, model: model)
            let reason: QueryEngineReason = covered ? .answeredWithin(states: capped.maxStates)
                : available ? .notCovered : .noSymbolicEngine
            return (answer, trail, Choice(engine: "explicit", encoding: nil, reason: reason))
        } catch {
            guard covered, capped.maxStates < limits.maxStates, error.states >= capped.maxStates else { throw error }
            return try symbolic(query, model: model, reason: .explicitStopped(states: capped.maxStates), navigationState: true)
        }
    }

    /// Whether the navigation-state encoding covers the model and the query.
    static func navigationStateCovers(_ model: FlowModel, deepLinks: Bool) -> Bool {
        #if Z3
        StateEncodingSupport.supports(model, deepLinks: deepLinks)
        #else
        false
        #endif
    }

    private func symbolic(_ query: ReachabilityQuery, model: FlowModel, reason: QueryEngineReason, navigationState: Bool = false)
        throws -> (answer: QueryAnswer, trail: WitnessTrail?, choice: Choice) {
        #if Z3
        let (answer, _, encoding) = try SymbolicQueryEngine(bound: bound, timeout: timeout, limits: limits,
                                                            encoding: navigationState ? .navigationState : .automatic)
            .solveReportingEncoding(query, model: model)
        return (answer, nil, Choice(engine: "z3", encoding: encoding.rawValue, reason: reason))
        #else
        preconditionFailure("the z3 engine is chosen only when this build has it")
        #endif
    }
}
