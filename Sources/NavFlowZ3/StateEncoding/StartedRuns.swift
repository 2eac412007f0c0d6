#if Z3
import NavFlowModel
import NavFlowQuery
import NavFlowSpec
import Z3Solver

/// `--from` over the navigation state. A witness starts in a state of the
/// app that matches the start pattern: one reached from launch, deep links
/// among the steps (the explicit engine's starts are the same). So each
/// check unrolls a run to such a state, then the witness from it: with
/// the bound K, the check for a witness of k steps lets the run to its
/// start take up to R = K − k steps (a selector says how many of the
/// solver's; the frames past them keep the state). The first k with a
/// run gives the answer: a shortest witness among the starts at most
/// K − k steps from launch. A start farther than that is not seen, so
/// `no witness up to bound K` says no more than that.
///
/// The first steps of the run to the start are explored explicitly, as
/// for queries without `--from` (`ExplicitPrefix`, without a target, deep
/// links among the steps), while the states found stay within the
/// prefix's budget: say every state at most d steps from launch, and let
/// d' = min(d, R). The run then begins at one of the states at most d'
/// steps away (a selector says which) rather than at launch, and takes at
/// most R − d' steps of the solver's. That reaches exactly the states at
/// most R steps from launch: each such state is either found (0 steps)
/// or farther than d', when a shortest run to it passes, after d' steps,
/// through a state exactly d' steps away and takes R − d' steps at most
/// from there; and nothing farther is reached, a found state being at
/// most d' away. The solver unrolls d' fewer steps.
///
/// The target is proved unreachable from every start when no launch
/// state is in it and the induction step at depth 0 closes with deep
/// links among the steps: no step, in-app or a link, leads into the target
/// from a state outside it, so no state reached from launch, a start among
/// them, is in it or leads into it.
extension StateEncoding {
    func solve(_ query: ReachabilityQuery, from start: StatePattern) throws
        -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?) {
        let lengths = Array(0...bound)
        let encoding = self
        let prefix = prefixStates.flatMap { ExplicitPrefix(model: model, target: nil, deepLinks: true, maxDepth: bound, budget: $0) }
        // The proof first, then each length.
        let decided = try OrderedChecks.run(count: lengths.count + 1, decides: { $0 != nil }) {
            index, slot -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?)? in
            guard index > 0 else {
                return try encoding.provesUnreachableFromEveryStart(query, slot: slot) ? (.unreachable(.induction(depth: 0)), nil) : nil
            }
            let length = lengths[index - 1]
            if length == 0, try !encoding.aStateCanMatch(start, and: query.target, slot: slot) { return nil }
            return try encoding.check(query, from: start, length: length, prefix: prefix, slot: slot)
        }
        return decided?.outcome ?? (.unreachable(.bounded(bound: bound)), nil)
    }

    private func provesUnreachableFromEveryStart(_ query: ReachabilityQuery, slot: CheckSlot) throws -> Bool {
        let fromLaunch = ReachabilityQuery(target: query.target, deepLinks: true)
        guard try inductionProves(fromLaunch, depth: 0, slot: slot) else { return false }
        return try check(fromLaunch, length: 0, prefix: nil, slot: slot) == nil
    }

    /// Whether a state of the shape every reachable state has
    /// (`StateInvariant`) can match both patterns. When none can, no start
    /// is in the target: there is no witness of 0 steps, and its check need
    /// not unroll a run to a start (`* / ... + sheet S` against a target
    /// with no sheet up, for one, is answered here at once).
    private func aStateCanMatch(_ start: StatePattern, and target: StatePattern, slot: CheckSlot) throws -> Bool {
        let (solver, terms, _, layout, _, pattern) = try makeSolver(deepLinks: true)
        let state = try layout.fresh("s", terms: terms)
        try solver.assert(StateInvariant(layout: layout, terms: terms).term(state))
        try solver.assert(pattern.term(start, in: state))
        try solver.assert(pattern.term(target, in: state))
        return try check(solver, slot: slot) != .unsatisfiable
    }

    /// Looks for a witness of exactly `length` steps from a state that
    /// matches `start`, reached from launch in at most `bound − length`
    /// steps: the first of them explicit, when there is a prefix.
    private func check(_ query: ReachabilityQuery, from start: StatePattern, length: Int, prefix: ExplicitPrefix?,
                       slot: CheckSlot) throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?)? {
        let (solver, terms, inputs, layout, relation, pattern) = try makeSolver(deepLinks: true)
        var witnessRelation = relation
        witnessRelation.takesDeepLinks = query.deepLinks
        // Where the run to the start begins: a state found explicitly, at
        // most `near` steps from launch, or launch itself.
        let reach = bound - length
        let near = min(prefix?.depth ?? 0, reach)
        let found = prefix.map { Array($0.states(within: near)) }
        let (initial, chooser) = try firstFrame(among: found, relation: relation, inputs: inputs, solver: solver)
        // The solver's part of the run to the start: `rest` steps at most, `taken` of them.
        // An exhausted prefix found every reachable state: the solver need not step on.
        let rest = prefix?.exhausted == true ? 0 : reach - near
        let width = Terms.width(for: rest + 1)
        let taken = try terms.bitVector("taken", width: width)
        try solver.assert(terms.less(taken, terms.value(rest + 1, width: width)))
        var frames = [initial]
        var selectors: [Z3Term] = []
        var labels: [[Step]] = []
        for k in 0..<(rest + length) {
            _ = try remainingSeconds()
            try slot.throwIfStopped()
            let next = try layout.fresh("s\(k + 1)", terms: terms)
            let selector: Z3Term
            let steps: [Step]
            if k < rest {
                let stepped = try terms.less(terms.value(k, width: width), taken)
                (selector, steps) = try Self.assertStep(from: frames[k], to: next, name: "step\(k)", relation: relation,
                                                        terms: terms, solver: solver, when: stepped)
                for (after, before) in zip(next.fields, frames[k].fields) {
                    try solver.assert(terms.implies(terms.not(stepped), terms.equal(after, before)))
                }
            } else {
                (selector, steps) = try Self.assertStep(from: frames[k], to: next, name: "step\(k)", relation: witnessRelation,
                                                        terms: terms, solver: solver)
            }
            frames.append(next)
            selectors.append(selector)
            labels.append(steps)
        }
        try solver.assert(pattern.term(start, in: frames[rest]))
        try solver.assert(pattern.term(query.target, in: frames[rest + length]))
        guard try check(solver, slot: slot) == .satisfiable else { return nil }
        // The run as the solver chose it: the explicit steps, the solver's
        // steps to the start, then the witness's.
        let bits = try inputs.values(in: solver)
        var toStart: [Step] = []
        var begun: (state: NavState, after: Int)?
        if let prefix, let found {
            let state = found[try chosen(by: chooser, in: solver)]
            toStart = prefix.path(to: state).map(\.step)
            begun = (state, toStart.count)
        }
        let count = Int(try solver.bitVectorValue(of: taken))
        for k in 0..<count { toStart.append(labels[k][Int(try solver.bitVectorValue(of: selectors[k]))]) }
        var witnessSteps: [Step] = []
        for k in rest..<(rest + length) { witnessSteps.append(labels[k][Int(try solver.bitVectorValue(of: selectors[k]))]) }
        return try replay(query, from: start, inputs: bits, toStart: toStart, begun: begun, steps: witnessSteps)
    }

    /// Replays a `--from` run on the explicit model (launch, the steps to
    /// the start, the first of them to `begun`, the prefix's state the run
    /// began at, when there is one; the start must match the start pattern,
    /// and the witness's steps must end in the target) and describes it.
    private func replay(_ query: ReachabilityQuery, from start: StatePattern, inputs bits: UInt64, toStart: [Step],
                        begun: (state: NavState, after: Int)?, steps: [Step]) throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?) {
        guard var state = model.initialState(inputs: bits).state else {
            throw SymbolicQueryEngine.Failure.replay("launch with inputs \(bits) is cut off")
        }
        func checkBegun(after count: Int) throws {
            if let begun, count == begun.after, state != begun.state {
                throw SymbolicQueryEngine.Failure.replay("the explicit prefix's path does not lead to the state the run began at")
            }
        }
        for (k, step) in toStart.enumerated() {
            try checkBegun(after: k)
            guard let target = model.transition(taking: step, from: state)?.target else {
                throw SymbolicQueryEngine.Failure.replay("step \(k + 1) to the start (\(step)) does not replay")
            }
            state = target
        }
        try checkBegun(after: toStart.count)
        guard model.matches(start, state) else {
            throw SymbolicQueryEngine.Failure.replay("the run's start does not match \(start.text)")
        }
        let first = state
        var taken: [(from: NavState, step: Step)] = []
        for (k, step) in steps.enumerated() {
            guard step.isInApp || query.deepLinks, let target = model.transition(taking: step, from: state)?.target else {
                throw SymbolicQueryEngine.Failure.replay("step \(k + 1) from the start (\(step)) does not replay")
            }
            taken.append((state, step))
            state = target
        }
        guard model.matches(query.target, state) else {
            throw SymbolicQueryEngine.Failure.replay("the run's last state does not match \(query.target.text)")
        }
        let builder = WitnessBuilder(model: model)
        var witness = builder.witness(taken, inputs: bits)
        witness.steps[0] = builder.start(where: start, in: first)
        return (.reachable(witness, length: taken.count), SymbolicQueryEngine.Trace(inputs: bits, steps: steps, start: toStart))
    }
}
#endif
