import NavFlowSpec

/// The semantics of a checked spec: its states, initial states and
/// transition function. Searches (the explicit explorer, the symbolic
/// engine) explore this model; properties judge what they find.
/// A class, so the searches and every step share one copy.
public final class FlowModel: Sendable {
    public let spec: FlowSpec
    public let routes: RouteTable
    public let shape: StateShape
    public let codec: StateCodec
    /// Inputs some condition reads; the others are fixed to false, since no
    /// valuation of them can change what happens.
    public let relevantInputs: [Int]
    /// The deep-link argument combinations, per link.
    public let deepLinkArguments: [[[Int]]]
    /// Route id of each stack's root screen.
    let stackRootRoute: [Int]
    /// Per stack: which screens are registered destinations.
    let registered: [Set<Int>]
    /// Per tab of the root tab view: its `hidden if` condition.
    let tabHiddenIf: [Condition?]
    /// Per tab of the root tab view: the slot of the stack a tap on its
    /// selected item pops to the root, when it shows a stack and the app
    /// does not intercept the tap (`retap off`).
    public let retapSlots: [Int?]
    /// Whether the root is a tab view (read on every step, so kept rather
    /// than derived from the spec each time).
    public let hasTabView: Bool
    /// Per route (id - 1), per edge of its screen: the combinations of
    /// routes the edge's pushes and selects can take with that route's
    /// arguments bound, computed once instead of on every step.
    let edgeChoices: [[[[Int]]]]
    /// Whether a screen has an `appear` hook: every step then runs the
    /// hooks of the views it shows anew.
    public let hasAppearHooks: Bool
    /// Per screen: whether it has an appear hook.
    let screenHasHooks: [Bool]
    /// Whether a screen has an `on dismiss` hook: every step that closes a
    /// modal then runs the hooks of the screens at the modals' roots.
    public let hasDismissHooks: Bool
    /// Per screen: whether it has a dismissal hook.
    let screenHasDismissHooks: [Bool]
    /// Per screen: its `back hidden` condition (a constant `true` for a
    /// plain `back hidden`); empty when no screen hides its back button,
    /// so that back reads nothing more in such a spec.
    let backHiddenIf: [Condition?]
    /// Whether the spec has hooks of either kind: a step's statements are
    /// then not all it does.
    public var hasHooks: Bool { hasAppearHooks || hasDismissHooks }
    /// The presentables that show a stack declared `router path`.
    let routerPathPresentables: Set<Int>
    /// Per deep link, per outcome of its choice (one entry for a link
    /// without a choice): the handlers a URL runs, as
    /// `DeepLink.handlers(running:)` filters them, worked out once rather
    /// than per run (a filter copies every handler it keeps).
    let linkHandlers: [[[DeepLinkHandler]]]
    /// Per deep link: how many values its pattern takes (a step's
    /// arguments are those, then the outcome of its choice).
    let linkParameterCounts: [Int]

    /// Why a model cannot be built or explored within its limits.
    public struct LimitExceeded: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The most flags and inputs a spec may declare (each is one bit of a state).
    public static let maximumFlags = 64

    public init(_ spec: FlowSpec) throws(LimitExceeded) {
        guard spec.flags.count <= Self.maximumFlags, spec.inputs.count <= Self.maximumFlags else {
            throw LimitExceeded(description: "the spec declares \(spec.flags.count) flags and \(spec.inputs.count) inputs; at most \(Self.maximumFlags) of each are supported")
        }
        self.spec = spec
        let routes = RouteTable(spec)
        self.routes = routes
        let shape = StateShape(spec)
        self.shape = shape
        self.codec = StateCodec(spec: spec, shape: shape, routes: routes)
        relevantInputs = Set(spec.conditionsRead.flatMap(\.inputsRead)).sorted()
        deepLinkArguments = spec.deepLinks.map { link in
            var combinations: [[Int]] = [[]]
            for parameter in link.pattern.parameters {
                let size: Int = switch parameter.type {
                case .enumeration(let index): spec.enums[index].cases.count
                case .identifier: 1
                }
                combinations = combinations.flatMap { prefix in (0..<size).map { prefix + [$0] } }
            }
            // A link that depends on a choice takes each outcome, after the pattern's values.
            if let choice = link.choice {
                combinations = combinations.flatMap { prefix in spec.choices[choice].outcomes.indices.map { prefix + [$0] } }
            }
            return combinations
        }
        linkParameterCounts = spec.deepLinks.map(\.pattern.parameters.count)
        linkHandlers = spec.deepLinks.map { link in
            let values = [Int](repeating: 0, count: link.pattern.parameters.count)
            guard let choice = link.choice else { return [link.handlers(running: values)] }
            return spec.choices[choice].outcomes.indices.map { link.handlers(running: values + [$0]) }
        }
        stackRootRoute = spec.stacks.map { routes.id(screen: $0.root, values: []) }
        routerPathPresentables = Set(spec.stacks.indices.filter { spec.stacks[$0].routerPath != nil }
            .compactMap { shape.presentableIndex[.stack($0)] })
        registered = spec.stacks.map { Set($0.destinations) }
        tabHiddenIf = spec.rootTabView?.tabs.map(\.hiddenIf) ?? []
        retapSlots = spec.rootTabView?.tabs.enumerated().map { index, tab in
            guard tab.popsOnRetap, case .stack = tab.content else { return nil }
            return shape.tabSlots[index].lowerBound
        } ?? []
        hasTabView = spec.rootTabView != nil
        screenHasHooks = spec.screens.map { !$0.hooks.isEmpty }
        hasAppearHooks = screenHasHooks.contains(true)
        screenHasDismissHooks = spec.screens.map { !$0.dismissHooks.isEmpty }
        hasDismissHooks = screenHasDismissHooks.contains(true)
        backHiddenIf = spec.screens.contains { $0.backHidden != nil } ? spec.screens.map(\.backHidden) : []
        edgeChoices = (1...max(1, routes.count)).map { route -> [[[Int]]] in
            guard route <= routes.count else { return [] }
            let screen = routes.screen(of: route)
            let bindings = routes.values(of: route)
            return spec.screens[screen].edges.map { edge in
                var combinations: [[Int]] = [[]]
                for statement in edge.statements {
                    let choices = statement.routeChoices(routes: routes, bindings: bindings)
                    combinations = combinations.flatMap { prefix in choices.map { prefix + $0 } }
                }
                return combinations
            }
        }
    }

    // MARK: - Inputs and initial states

    /// Every valuation of the relevant inputs that satisfies the assumptions,
    /// as input bit sets. Inputs no condition reads stay false.
    public func inputValuations(limit: Int) throws(LimitExceeded) -> [UInt64] {
        let count = relevantInputs.count
        guard count < 63, (1 << count) <= limit else {
            throw LimitExceeded(description: "\(count) inputs are read by conditions: \(count >= 63 ? "too many" : String(1 << count)) input valuations exceed the limit of \(limit); the explicit explorer enumerates them one by one")
        }
        var valuations: [UInt64] = []
        for combination in 0..<(UInt64(1) << UInt64(count)) {
            var bits: UInt64 = 0
            for (position, input) in relevantInputs.enumerated() where combination >> UInt64(position) & 1 == 1 {
                bits |= 1 << UInt64(input)
            }
            let inputs = bits
            let satisfies = spec.assumptions.allSatisfy { assumption in
                assumption.condition.evaluate(flags: { _ in false }, inputs: { inputs >> UInt64($0) & 1 == 1 })
            }
            if satisfies { valuations.append(bits) }
        }
        return valuations
    }

    /// The state before `launch` runs, for an input valuation.
    public func blankState(inputs: UInt64) -> NavState {
        blankState(inputs: inputs, decider: ConcreteDecider())
    }

    /// The state before `launch` runs, deciding tab visibility with `decider`.
    public func blankState<D: ConditionDecider>(inputs: UInt64, decider: D) -> NavState {
        var state = NavState(flags: 0, inputs: inputs, selectedTab: 0,
                             paths: Array(repeating: [], count: shape.slots.count),
                             shows: Array(repeating: 0, count: shape.slots.count), modals: [])
        // A flag's value at launch reads inputs at most (the resolver checks it).
        var flags: UInt64 = 0
        for (index, flag) in spec.flags.enumerated() where decider.holds(flag.initial, in: state) {
            flags |= 1 << UInt64(index)
        }
        state.flags = flags
        if let view = spec.rootTabView {
            if let initial = view.initial, !isHidden(initial, in: state, decider: decider) {
                state.selectedTab = initial
            } else {
                state.selectedTab = view.tabs.indices.first { !isHidden($0, in: state, decider: decider) } ?? 0
            }
        }
        return state
    }

    /// The initial state for an input valuation: the blank state after the
    /// `launch` statements, run once as one atomic step. Nil when a launch
    /// statement was cut off at a limit.
    public func initialState(inputs: UInt64) -> (state: NavState?, facts: [StepFact]) {
        initialState(inputs: inputs, decider: ConcreteDecider())
    }

    /// The initial state, deciding conditions with `decider`.
    public func initialState<D: ConditionDecider>(inputs: UInt64, decider: D) -> (state: NavState?, facts: [StepFact]) {
        var state = blankState(inputs: inputs, decider: decider)
        var facts: [StepFact] = []
        var run = StatementRun(model: self, origin: nil, decider: decider)
        for step in spec.launch where decider.holds(step.condition, in: state) {
            let choice = step.statement.routeChoices(routes: routes, bindings: []).first ?? []
            if !run.execute(step.statement, choice: choice, on: &state, facts: &facts) {
                return (nil, facts)
            }
        }
        run.finish(&state, facts: &facts, range: spec.launch.first?.statement.range)
        // Every view on screen at launch appears.
        if hasHooks, !runHooks(shownBefore: [], modalsBefore: state.modals, launch: true, on: &state, facts: &facts,
                               decider: decider) {
            return (nil, facts)
        }
        return (state, facts)
    }

    // MARK: - Views of a state

    public func isHidden(_ tab: Int, in state: NavState) -> Bool {
        isHidden(tab, in: state, decider: ConcreteDecider())
    }

    /// Whether a tab is hidden, deciding its `hidden if` with `decider`.
    public func isHidden<D: ConditionDecider>(_ tab: Int, in state: NavState, decider: D, forReport: Bool = false) -> Bool {
        guard tab < tabHiddenIf.count else { return true }
        guard let condition = tabHiddenIf[tab] else { return false }
        return forReport ? decider.holdsForReport(condition, in: state) : decider.holds(condition, in: state)
    }

    /// The contexts whose visible screens are on screen and whose edges can
    /// be taken: the top modal, or every active slot.
    public func activeContexts(of state: NavState) -> [Context] {
        if !state.modals.isEmpty { return [.modal] }
        return shape.activeSlots(selectedTab: state.selectedTab).map { .slot($0) }
    }

    /// The stack a context shows, if any.
    public func stack(of context: Context, in state: NavState) -> Int? {
        switch context {
        case .modal:
            guard let top = state.modals.last, case .stack(let stack) = shape.presentables[top.presentable] else { return nil }
            return stack
        case .slot(let slot):
            if case .stack(let stack) = shape.slots[slot].declared { return stack }
            return nil
        }
    }

    /// The path of a context's stack (empty when it has none).
    public func path(of context: Context, in state: NavState) -> [Int] {
        switch context {
        case .modal: state.modals.last?.path ?? []
        case .slot(let slot): state.paths[slot]
        }
    }

    /// The modal whose path is the router's current path, which `push …
    /// under modals` and links `under modals` write: the topmost one that
    /// shows a stack declared `router path`. Nil when none is up: the
    /// current path is then the stack beneath every modal.
    public func routerPathModal(in state: NavState) -> Int? {
        guard !routerPathPresentables.isEmpty else { return nil }
        return state.modals.lastIndex { routerPathPresentables.contains($0.presentable) }
    }

    /// `routerPathModal(in:)` of a state as the codec packs it.
    public func routerPathModal(inPacked packed: UnsafeBufferPointer<UInt64>) -> Int? {
        guard !routerPathPresentables.isEmpty else { return nil }
        return (0..<codec.read(codec.modalCount, in: packed)).last {
            routerPathPresentables.contains(codec.read(codec.modalPresentable($0), in: packed))
        }
    }

    /// The route on screen in a context.
    public func visibleRoute(of context: Context, in state: NavState) -> Int {
        switch context {
        case .modal:
            return visibleRoute(of: state.modals[state.modals.count - 1])
        case .slot(let slot):
            return state.paths[slot].last ?? rootRoute(ofSlot: slot, in: state)
        }
    }

    /// The routes edge `edge` of the screen that `route` shows can push, one
    /// per choice of the unspecified arguments, when the edge is a single
    /// `push` (or, with `replacingTop`, exactly `pop` then `push`); empty
    /// otherwise.
    public func routesPushed(byEdge edge: Int, from route: Int, replacingTop: Bool = false) -> [Int] {
        let statements = spec.screens[routes.screen(of: route)].edges[edge].statements
        if replacingTop {
            guard statements.count == 2, case .pop = statements[0].kind, case .push = statements[1].kind else { return [] }
        } else {
            guard statements.count == 1, case .push = statements[0].kind else { return [] }
        }
        return edgeChoices[route - 1][edge].compactMap(\.first)
    }

    /// The route on top of a modal: the top of its path, else its root.
    public func visibleRoute(of modal: Modal) -> Int {
        modal.path.last ?? rootRoute(of: modal)
    }

    /// The route a modal shows beneath its path: its screen or its stack's root.
    public func rootRoute(of modal: Modal) -> Int {
        route(showing: shape.presentables[modal.presentable])
    }

    /// The route a slot shows beneath its path: its selection, or its
    /// declared screen or stack root.
    public func rootRoute(ofSlot slot: Int, in state: NavState) -> Int {
        state.shows[slot] != 0 ? state.shows[slot] : declaredRoot(ofSlot: slot)
    }

    /// The route a slot shows when nothing is selected into it and its path
    /// is empty: its declared screen or stack root (0 for neither).
    public func declaredRoot(ofSlot slot: Int) -> Int {
        route(showing: shape.slots[slot].declared)
    }

    /// The route content shows at its root: a screen, or a stack's root (0 otherwise).
    private func route(showing content: Content) -> Int {
        switch content {
        case .stack(let stack): stackRootRoute[stack]
        case .screen(let screen): routes.id(screen: screen, values: [])
        default: 0
        }
    }

    /// The routes on screen: one per active context.
    public func visibleRoutes(of state: NavState) -> [Int] {
        activeContexts(of: state).map { visibleRoute(of: $0, in: state) }
    }

    /// A home state: no modal up and every path of the selected tab (or the
    /// root) empty.
    public func isHome(_ state: NavState) -> Bool {
        state.modals.isEmpty && shape.activeSlots(selectedTab: state.selectedTab).allSatisfy { state.paths[$0].isEmpty }
    }
}
