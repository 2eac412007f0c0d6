#if Z3
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
import Z3Solver

/// Bounded model checking over the navigation state itself: the state as
/// terms (`StateLayout`), one copy per step, the transition relation from
/// the statements' lowering (`SymbolicSteps`), the target pattern as a
/// term. Nothing is enumerated: the solver looks for a run of k steps that
/// ends in the target, k = 0, 1, … up to the bound, so the first run found
/// is a shortest witness. Its steps are replayed on the explicit model
/// before they are returned; a run that does not replay is reported as
/// NavFlow's own failure, never as an answer.
struct StateEncoding: Sendable {
    let model: FlowModel
    let bound: Int
    let deadline: ContinuousClock.Instant
    /// The budget of the explicit prefix (`SymbolicQueryEngine.explicitPrefixStates`); nil for none.
    var prefixStates: Int? = nil

    /// What the lowering does not cover yet, each with where the spec uses
    /// it; empty when the encoding can answer queries on this model, with
    /// deep links as steps or not (both are covered).
    static func unsupported(in model: FlowModel) -> [String] {
        unsupportedHooks(in: model)
    }

    /// The appear hooks `SymbolicHooks` does not lower, the first of each
    /// kind with where it is: a hook whose statements do more than set
    /// flags, push and present, and a hook that shows a screen with appear
    /// hooks (whose hooks would run in turn, in the same step). Dismissal
    /// hooks are lowered whatever they do.
    private static func unsupportedHooks(in model: FlowModel) -> [String] {
        let spec = model.spec
        func lowered(_ statement: Statement) -> Bool {
            switch statement.kind {
            case .set, .present, .push, .pushInline: true
            default: false
            }
        }
        func hasAppearHooks(_ screen: Int?) -> Bool { screen.map { !spec.screens[$0].hooks.isEmpty } ?? false }
        func showsHookedScreen(_ statement: Statement) -> Bool {
            switch statement.kind {
            case .push(let route), .pushInline(let route): return hasAppearHooks(route.screen)
            case .present(_, let content):
                guard let presentable = model.shape.presentableIndex[content] else { return false }
                return hasAppearHooks(model.rootScreen(of: Modal(kind: .sheet, presentable: presentable, path: [])))
            default: return false
            }
        }
        var appearStatements: (String, Int)?
        var chained: (String, Int)?
        for screen in spec.screens {
            for hook in screen.hooks {
                if appearStatements == nil, let statement = hook.statements.first(where: { !lowered($0) }) {
                    appearStatements = (screen.name, statement.range.start.line)
                }
                if chained == nil, let statement = hook.statements.first(where: showsHookedScreen) {
                    chained = (screen.name, statement.range.start.line)
                }
            }
        }
        var reasons: [String] = []
        if let (screen, line) = appearStatements {
            reasons.append("appear hooks that do more than set, push and present (\(screen), line \(line))")
        }
        if let (screen, line) = chained {
            reasons.append("appear hooks that show a screen with appear hooks (\(screen), line \(line))")
        }
        return reasons
    }

    /// One bounded check per length, shortest first. Each check has a
    /// solver of its own with one `check` call: Z3 then solves the bit-vector
    /// problem with its bit-blasting tactic, which on these formulas is
    /// orders of magnitude faster than the incremental core that push and pop
    /// would put it in.
    func solve(_ query: ReachabilityQuery) throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?) {
        if let start = query.from { return try solve(query, from: start) }
        let prefix = prefixStates.flatMap { ExplicitPrefix(model: model, target: query.target, deepLinks: query.deepLinks, maxDepth: bound, budget: $0) }
        if let prefix, let run = prefix.witness, let end = prefix.reached {
            let witness = WitnessBuilder(model: model).witness(run, inputs: end.inputs)
            return (.reachable(witness, length: run.count), SymbolicQueryEngine.Trace(inputs: end.inputs, steps: run.map(\.step)))
        }
        if let prefix, prefix.exhausted { return (.unreachable(.exhausted(states: prefix.states)), nil) }
        let depth = prefix?.depth ?? 0
        // The checks in order: each bound, and after the first ones the induction step.
        let checks: [Check] = (0...(bound - depth)).flatMap { k -> [Check] in
            k <= Self.inductionDepth ? [.bounded(length: k), .induction(depth: k)] : [.bounded(length: k)]
        }
        let encoding = self
        let decided = try OrderedChecks.run(count: checks.count, decides: { $0 != nil }) { index, slot in
            switch checks[index] {
            case .bounded(let length):
                return try encoding.check(query, length: length, prefix: prefix, slot: slot)
            case .induction(let depth):
                return try encoding.inductionProves(query, depth: depth, slot: slot)
                    ? (.unreachable(.induction(depth: depth)), nil) : nil
            }
        }
        return decided?.outcome ?? (.unreachable(.bounded(bound: bound)), nil)
    }

    /// One check of `solve`.
    private enum Check: Sendable {
        case bounded(length: Int)
        case induction(depth: Int)
    }

    /// Induction is tried after the bounds up to this one. What closes it
    /// on these encodings is the shape of a state (`StateInvariant`), which
    /// the step case at depth 0 already uses; deeper step cases cost more
    /// than the bounded checks they would save (on Mlem, 2 s at depth 1 and
    /// 4.5 s at depth 2, against 0.5 s for the check at bound 2).
    static let inductionDepth = 0

    /// The k-induction step: no run of k+1 steps between distinct states
    /// that satisfy `StateInvariant`, the first k+1 outside the target, ends
    /// in the target. With the bounds up to k already unsatisfiable, the
    /// target is then unreachable at every bound.
    func inductionProves(_ query: ReachabilityQuery, depth k: Int, slot: CheckSlot) throws -> Bool {
        let (solver, terms, _, layout, relation, target) = try makeSolver(deepLinks: query.deepLinks)
        let invariant = StateInvariant(layout: layout, terms: terms)
        var frames: [SymbolicState] = []
        for index in 0...(k + 1) {
            _ = try remainingSeconds()
            try slot.throwIfStopped()
            let frame = try layout.fresh("t\(index)", terms: terms)
            try solver.assert(invariant.term(frame))
            if index > 0 { try Self.assertStep(from: frames[index - 1], to: frame, name: "u\(index)", relation: relation, terms: terms, solver: solver) }
            for earlier in frames {
                var differs: [Z3Term] = []
                for (lhs, rhs) in zip(earlier.fields, frame.fields) { differs.append(try terms.not(terms.equal(lhs, rhs))) }
                try solver.assert(terms.or(differs))
            }
            frames.append(frame)
        }
        for frame in frames.dropLast() { try solver.assert(terms.not(target.term(query.target, in: frame))) }
        try solver.assert(target.term(query.target, in: frames[k + 1]))
        return try check(solver, slot: slot) == .unsatisfiable
    }

    /// A solver for one check, with what builds its terms, and the spec's
    /// `assume` declarations asserted.
    func makeSolver(deepLinks: Bool) throws
        -> (Z3Solver, Terms, InputTerms, StateLayout, SymbolicSteps, StatePatternTerm) {
        let solver = try Z3Solver(timeout: remainingSeconds())
        let terms = try Terms(solver: solver)
        let inputs = InputTerms(terms: terms)
        let layout = StateLayout(model: model, deepLinks: deepLinks)
        let conditions = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: try layout.fresh("assumed", terms: terms))
        for assumption in model.spec.assumptions {
            try solver.assert(conditions.holds(assumption.condition, in: conditions.state))
        }
        return (solver, terms, inputs, layout, SymbolicSteps(layout: layout, terms: terms, inputs: inputs),
                StatePatternTerm(layout: layout, terms: terms, inputs: inputs))
    }

    /// Asserts that `next` follows `current` by one disjunct of the
    /// relation, chosen by a selector constant; returns the selector and
    /// the disjuncts' steps.
    ///
    /// With hooks, the disjuncts lead to a state of fresh terms (`.mid`),
    /// and the hooks run once, from `current` to it, giving `next`: built
    /// per disjunct, they would be lowered hundreds of times a step (on Nos,
    /// 3,679 hook runs per step, and 4 s to build it, against one).
    ///
    /// With `when`, all of it holds only where `when` does (a `--from`
    /// query's prefix, whose last steps may be left out).
    @discardableResult
    static func assertStep(from current: SymbolicState, to next: SymbolicState, name: String, relation: SymbolicSteps,
                            terms: Terms, solver: Z3Solver, when taken: Z3Term? = nil) throws -> (selector: Z3Term, steps: [Step]) {
        let solver = GuardedAssertions(solver: solver, terms: terms, condition: taken)
        let deferred = relation.hasHooks
        let steps = try relation.steps(from: current)
        let width = Terms.width(for: steps.count)
        let selector = try terms.bitVector(name, width: width)
        try solver.assert(terms.less(selector, terms.value(steps.count, width: width)))
        let fields = current.fields
        var chains = fields
        var rebuilt = terms.no
        for (number, step) in steps.enumerated() {
            let chosen = try terms.equal(selector, number, width: width)
            try solver.assert(terms.implies(chosen, step.enabled))
            for (index, field) in step.next.fields.enumerated() where field != fields[index] {
                chains[index] = try terms.ifThenElse(chosen, field, chains[index])
            }
            if let stepRebuilt = step.rebuilt { rebuilt = try terms.ifThenElse(chosen, stepRebuilt, rebuilt) }
        }
        var target = next
        if deferred { target = try relation.layout.fresh("\(name).mid", terms: terms) }
        for (field, chain) in zip(target.fields, chains) { try solver.assert(terms.equal(field, chain)) }
        if deferred {
            let (after, cut) = try relation.afterHooks(from: current, to: target, rebuilt: rebuilt)
            try solver.assert(terms.not(cut))
            for (field, hooked) in zip(next.fields, after.fields) { try solver.assert(terms.equal(field, hooked)) }
        }
        return (selector, steps.map(\.step))
    }

    /// Asserts terms into a solver, each only where a condition holds (every
    /// term as it is without one).
    private struct GuardedAssertions {
        let solver: Z3Solver
        let terms: Terms
        let condition: Z3Term?

        func assert(_ term: Z3Term) throws {
            try solver.assert(condition.map { try terms.implies($0, term) } ?? term)
        }
    }

    /// Looks for a run of exactly `length` steps from launch to the target.
    func check(_ query: ReachabilityQuery, length: Int, prefix: ExplicitPrefix?,
                       slot: CheckSlot) throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?)? {
        let (solver, terms, inputs, layout, relation, target) = try makeSolver(deepLinks: query.deepLinks)
        let starts = prefix?.layer
        let (initial, chooser) = try firstFrame(among: starts, relation: relation, inputs: inputs, solver: solver)
        var frames = [initial]
        var labels: [[Step]] = []
        var selectors: [Z3Term] = []
        for k in 0..<length {
            _ = try remainingSeconds()
            try slot.throwIfStopped()
            let next = try layout.fresh("s\(k + 1)", terms: terms)
            let (selector, steps) = try Self.assertStep(from: frames[k], to: next, name: "step\(k)", relation: relation,
                                                   terms: terms, solver: solver)
            frames.append(next)
            selectors.append(selector)
            labels.append(steps)
        }
        try solver.assert(target.term(query.target, in: frames[length]))
        guard try check(solver, slot: slot) == .satisfiable else { return nil }
        var run: [(from: NavState, step: Step)] = []
        if let prefix, let starts { run = prefix.path(to: starts[try chosen(by: chooser, in: solver)]) }
        return try witness(solver: solver, layout: layout, inputs: inputs, frames: frames,
                           selectors: selectors, labels: labels, query: query, prefix: run)
    }

    /// The first frame of a check: launch, or one of `states` (found by the
    /// explicit prefix), chosen by a selector (none for a single state),
    /// with the inputs that state was launched with.
    func firstFrame(among states: [NavState]?, relation: SymbolicSteps, inputs: InputTerms,
                    solver: Z3Solver) throws -> (state: SymbolicState, chooser: Z3Term?) {
        guard let states else {
            let (initial, launched) = try relation.initial()
            try solver.assert(launched)
            return (initial, nil)
        }
        return try start(among: states, layout: relation.layout, terms: relation.terms, inputs: inputs, solver: solver)
    }

    /// Which of the first frame's states the solver chose.
    func chosen(by chooser: Z3Term?, in solver: Z3Solver) throws -> Int {
        try chooser.map { Int(try solver.bitVectorValue(of: $0)) } ?? 0
    }

    private func start(among states: [NavState], layout: StateLayout, terms: Terms, inputs: InputTerms,
                       solver: Z3Solver) throws -> (state: SymbolicState, chooser: Z3Term?) {
        var constants: [SymbolicState] = []
        for state in states { constants.append(try layout.constant(state, terms: terms)) }
        guard states.count > 1 else {
            guard let only = states.first else {
                try solver.assert(terms.no)
                return (try layout.constant(model.blankState(inputs: 0), terms: terms), nil)
            }
            for input in model.relevantInputs {
                try solver.assert(terms.equal(inputs.term(input), terms.bool(only.inputs >> UInt64(input) & 1 == 1)))
            }
            return (constants[0], nil)
        }
        let width = Terms.width(for: states.count)
        let chooser = try terms.bitVector("start", width: width)
        try solver.assert(terms.less(chooser, terms.value(states.count, width: width)))
        var fields = constants[0].fields
        for (index, state) in constants.enumerated().dropFirst() {
            let chosen = try terms.equal(chooser, index, width: width)
            for (place, field) in state.fields.enumerated() { fields[place] = try terms.ifThenElse(chosen, field, fields[place]) }
        }
        for input in model.relevantInputs {
            var value = terms.bool(states[0].inputs >> UInt64(input) & 1 == 1)
            for (index, state) in states.enumerated().dropFirst() {
                value = try terms.ifThenElse(terms.equal(chooser, index, width: width),
                                             terms.bool(state.inputs >> UInt64(input) & 1 == 1), value)
            }
            try solver.assert(terms.equal(inputs.term(input), value))
        }
        return (constants[0].replacingFields(fields), chooser)
    }

    func remainingSeconds() throws(Z3Error) -> Double { try secondsLeft(until: deadline) }

    func check(_ solver: Z3Solver, slot: CheckSlot) throws -> Z3Result {
        // The check gets what is left now, after its terms were built.
        try solver.setTimeout(remainingSeconds())
        return try slot.run(on: solver) { try solver.check() }
    }

    /// Decodes the run the solver found, replays it on the explicit model
    /// and describes it.
    private func witness(solver: Z3Solver, layout: StateLayout, inputs: InputTerms, frames: [SymbolicState],
                         selectors: [Z3Term], labels: [[Step]], query: ReachabilityQuery,
                         prefix: [(from: NavState, step: Step)]) throws -> (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?) {
        let bits = try inputs.values(in: solver)
        var states: [NavState] = []
        for frame in frames { states.append(try layout.decode(frame, inputs: bits, solver: solver)) }
        var steps: [Step] = []
        for (k, selector) in selectors.enumerated() { steps.append(labels[k][Int(try solver.bitVectorValue(of: selector))]) }
        // The run must be the model's own: launch, each step, the target.
        guard var state = model.initialState(inputs: bits).state else {
            throw SymbolicQueryEngine.Failure.replay("launch with inputs \(bits) is cut off")
        }
        var taken: [(from: NavState, step: Step)] = []
        // The explicit prefix, then the solver's steps.
        for (k, (_, step)) in prefix.enumerated() {
            guard let target = model.transition(taking: step, from: state)?.target else {
                throw SymbolicQueryEngine.Failure.replay("step \(k + 1) of the explicit prefix (\(step)) does not replay")
            }
            taken.append((state, step))
            state = target
        }
        guard state == states[0] else {
            throw SymbolicQueryEngine.Failure.replay("launch with inputs \(bits) and the explicit prefix do not give the encoding's first state")
        }
        for (k, step) in steps.enumerated() {
            guard let target = model.transition(taking: step, from: state)?.target, target == states[k + 1] else {
                throw SymbolicQueryEngine.Failure.replay("step \(prefix.count + k + 1) (\(step)) does not lead where the encoding says")
            }
            taken.append((state, step))
            state = target
        }
        guard model.matches(query.target, state) else {
            throw SymbolicQueryEngine.Failure.replay("the run's last state does not match \(query.target.text)")
        }
        let witness = WitnessBuilder(model: model).witness(taken, inputs: bits)
        return (.reachable(witness, length: taken.count), SymbolicQueryEngine.Trace(inputs: bits, steps: taken.map(\.step)))
    }
}
#endif

#if Z3
/// What every reachable state of a model satisfies, as a term: the shape
/// the encoding keeps (lengths within their stacks' depths, zeros above a
/// length and above the number of modals, modals of presented content,
/// routes of screens that can be on that path, a tab that exists). It
/// strengthens the induction step, which starts from any state that
/// satisfies it rather than from any assignment of the terms.
struct StateInvariant {
    let layout: StateLayout
    let terms: Terms
    private var model: FlowModel { layout.model }

    func term(_ state: SymbolicState) throws(Z3Error) -> Z3Term {
        var parts: [Z3Term] = []
        if model.shape.tabCount > 1, model.shape.tabCount < 1 << layout.tabWidth {
            parts.append(try terms.less(state.tab, terms.value(model.shape.tabCount, width: layout.tabWidth)))
        }
        for (slot, path) in state.paths.enumerated() {
            parts.append(try self.path(path, depth: layout.slotDepths[slot], screens: layout.slotScreens[slot]))
            guard layout.hasShows[slot] else { continue }
            var shows = [try terms.equal(state.shows[slot], 0, width: layout.routeWidth)]
            for route in routes(showing: layout.slotScreens[slot]) {
                shows.append(try terms.equal(state.shows[slot], route, width: layout.routeWidth))
            }
            parts.append(try terms.or(shows))
        }
        parts.append(try terms.less(state.count, terms.value(layout.modalPlaces + 1, width: layout.countWidth)))
        for (index, modal) in state.modals.enumerated() {
            let up = try terms.less(terms.value(index, width: layout.countWidth), state.count)
            var shapes: [Z3Term] = []
            for presentable in layout.presented {
                let presents = try terms.equal(modal.presentable, presentable, width: layout.presentableWidth)
                if presents == terms.no { continue }
                let content = model.shape.presentables[presentable]
                var depth = 0
                if case .stack(let stack) = content { depth = model.spec.stacks[stack].depth }
                var kinds: [Z3Term] = []
                for kind in ModalKind.allCases { kinds.append(try terms.equal(modal.kind, StateLayout.code(of: kind), width: StateLayout.kindWidth)) }
                // Only the bottom modal remembers a column, one of its tab's.
                let column = index > 0 ? try terms.equal(modal.column, 0, width: layout.columnWidth)
                    : layout.columns < 1 << layout.columnWidth
                    ? try terms.less(modal.column, terms.value(layout.columns, width: layout.columnWidth)) : terms.yes
                shapes.append(try terms.and([
                    presents, terms.or(kinds), column,
                    self.path(modal.path, depth: depth, screens: layout.stackScreens[presentable] ?? []),
                ]))
            }
            var zero: [Z3Term] = [
                try terms.equal(modal.kind, 0, width: StateLayout.kindWidth),
                try terms.equal(modal.presentable, 0, width: layout.presentableWidth),
                try terms.equal(modal.path.length, 0, width: modal.path.lengthWidth),
                try terms.equal(modal.column, 0, width: layout.columnWidth),
            ]
            for route in modal.path.routes { zero.append(try terms.equal(route, 0, width: layout.routeWidth)) }
            parts.append(try terms.ifThenElse(up, terms.or(shapes), terms.and(zero)))
        }
        return try terms.and(parts)
    }

    /// The routes of `screens`.
    private func routes(showing screens: Set<Int>) -> [Int] {
        (1...max(1, model.routes.count)).filter { $0 <= model.routes.count && screens.contains(model.routes.screen(of: $0)) }
    }

    /// A path of a stack of `depth` whose routes show `screens`.
    private func path(_ path: SymbolicPath, depth: Int, screens: Set<Int>) throws(Z3Error) -> Z3Term {
        var parts: [Z3Term] = []
        if depth + 1 < 1 << path.lengthWidth {
            parts.append(try terms.less(path.length, terms.value(depth + 1, width: path.lengthWidth)))
        }
        let allowed = routes(showing: screens)
        for (place, route) in path.routes.enumerated() {
            let below = try terms.less(terms.value(place, width: path.lengthWidth), path.length)
            var valid: [Z3Term] = []
            if let known = terms.numeral(route) {
                valid = [terms.bool(known != 0 && Int(known) <= model.routes.count && screens.contains(model.routes.screen(of: Int(known))))]
            } else {
                for id in allowed { valid.append(try terms.equal(route, id, width: layout.routeWidth)) }
            }
            parts.append(try terms.ifThenElse(below, terms.or(valid), terms.equal(route, 0, width: layout.routeWidth)))
        }
        return try terms.and(parts)
    }
}

/// The transition relation of the navigation-state encoding run on one
/// concrete state: every term folds to a constant, so the relation's
/// successors can be read off and compared with the explicit model's,
/// state by state (the tests do, on every spec the encoding covers).
public final class NavigationStateRelation {
    public let model: FlowModel
    private let terms: Terms
    private let layout: StateLayout

    /// With `deepLinks`, deep links are steps too (`--deeplinks`).
    public init(model: FlowModel, deepLinks: Bool = false) throws {
        self.model = model
        terms = try Terms(solver: try Z3Solver())
        layout = StateLayout(model: model, deepLinks: deepLinks)
    }

    /// Why the relation could not be read on a state.
    public struct NotConstant: Error, CustomStringConvertible {
        public var description: String
    }

    /// The initial state for an input valuation (nil when launch is cut off).
    public func initialState(inputs: UInt64) throws -> NavState? {
        let relation = steps(inputs: inputs)
        let (state, launched) = try relation.initial()
        if launched == terms.no { return nil }
        guard launched == terms.yes, let decoded = layout.decodeConstant(state, inputs: inputs, terms: terms) else {
            throw NotConstant(description: "the initial state did not fold to constants")
        }
        return decoded
    }

    /// Whether `state` satisfies the invariant the induction step assumes
    /// of every reachable state.
    public func satisfiesInvariant(_ state: NavState) throws -> Bool {
        let invariant = try StateInvariant(layout: layout, terms: terms).term(layout.constant(state, terms: terms))
        guard invariant == terms.yes || invariant == terms.no else {
            throw NotConstant(description: "the invariant did not fold to a constant")
        }
        return invariant == terms.yes
    }

    /// The steps from `state` whose guard holds (in-app, and deep links
    /// when the relation has them), with their targets.
    public func successors(of state: NavState) throws -> [(step: Step, target: NavState)] {
        let relation = steps(inputs: state.inputs)
        var successors: [(step: Step, target: NavState)] = []
        let start = try layout.constant(state, terms: terms)
        for step in try relation.steps(from: start) {
            if step.enabled == terms.no { continue }
            // The step's hooks, as a run runs them (`StateEncoding.assertStep`).
            let (next, cut) = try relation.afterHooks(from: start, to: step.next, rebuilt: step.rebuilt ?? terms.no)
            if cut == terms.yes { continue }
            guard step.enabled == terms.yes, cut == terms.no,
                  let target = layout.decodeConstant(next, inputs: state.inputs, terms: terms) else {
                throw NotConstant(description: "step \(step.step) did not fold to constants")
            }
            successors.append((step.step, target))
        }
        return successors
    }

    /// Builds launch and `length` copies of the relation into a fresh
    /// solver, without checking: what each bounded check costs before Z3
    /// runs (the benchmarks measure it apart). Returns the number of
    /// disjuncts built.
    public func unroll(length: Int) throws -> Int {
        let solver = try Z3Solver()
        let terms = try Terms(solver: solver)
        let relation = SymbolicSteps(layout: layout, terms: terms, inputs: InputTerms(terms: terms))
        var (state, launched) = try relation.initial()
        try solver.assert(launched)
        var disjuncts = 0
        for k in 0..<length {
            let next = try layout.fresh("s\(k + 1)", terms: terms)
            disjuncts += try StateEncoding.assertStep(from: state, to: next, name: "step\(k)", relation: relation,
                                                     terms: terms, solver: solver).steps.count
            state = next
        }
        return disjuncts
    }

    private func steps(inputs: UInt64) -> SymbolicSteps {
        SymbolicSteps(layout: layout, terms: terms, inputs: InputTerms(terms: terms, fixed: inputs))
    }
}
/// The seconds left before `deadline`; a time-out when none are.
func secondsLeft(until deadline: ContinuousClock.Instant) throws(Z3Error) -> Double {
    let seconds = (deadline - ContinuousClock.now).inSeconds
    guard seconds > 0 else { throw Z3Error.unknown(reason: "timeout") }
    return seconds
}

extension Duration {
    /// The duration in seconds.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
#endif
