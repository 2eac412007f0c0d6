import NavFlowSpec

/// One kind of step from a state, before its conditions are decided: the
/// unit a symbolic search explores once per outcome of those conditions.
public enum StepUnit: Hashable, Sendable {
    /// The edge `edge` of `screen`, visible in `context`.
    case edge(context: Context, screen: Int, edge: Int)
    case back(context: Context)
    case switchTab(Int)
    case retapTab(Int)
    case swipeDown
    case deepLink(link: Int, arguments: [Int])

    /// Whether the unit opens a deep link (or an entry point).
    public var isDeepLink: Bool {
        if case .deepLink = self { return true }
        return false
    }
}

extension FlowModel {
    /// Calls `body` with every transition from `state`: the edges of every
    /// visible screen whose guard holds (one per argument choice), back,
    /// tab switches, a tap on the selected tab's item, swipe-down, and, when
    /// `deepLinks` is set, every deep link with every argument value.
    public func successors(of state: NavState, deepLinks: Bool, _ body: (Transition) -> Void) {
        let decider = ConcreteDecider()
        forEachUnit(of: state, deepLinks: deepLinks) { unit in
            run(unit, from: state, decider: decider, body)
        }
    }

    /// The transition `step` is from `state`, when the state has one.
    public func transition(taking step: Step, from state: NavState) -> Transition? {
        var found: Transition?
        successors(of: state, deepLinks: !step.isInApp) { transition in
            if found == nil, transition.step == step { found = transition }
        }
        return found
    }

    /// Every step unit that may apply in `state`, whatever the conditions say.
    public func forEachUnit(of state: NavState, deepLinks: Bool, _ body: (StepUnit) -> Void) {
        let contexts = activeContexts(of: state)
        for context in contexts {
            let screen = routes.screen(of: visibleRoute(of: context, in: state))
            for index in spec.screens[screen].edges.indices {
                body(.edge(context: context, screen: screen, edge: index))
            }
        }
        for context in contexts where !path(of: context, in: state).isEmpty {
            body(.back(context: context))
        }
        if state.modals.isEmpty, hasTabView {
            for tab in tabHiddenIf.indices where tab != state.selectedTab {
                body(.switchTab(tab))
            }
            // A tap on the selected tab's item pops its stack to the root.
            if let slot = retapSlots[state.selectedTab], !state.paths[slot].isEmpty {
                body(.retapTab(state.selectedTab))
            }
        }
        if let top = state.modals.last, top.kind != .cover {
            body(.swipeDown)
        }
        if deepLinks {
            for link in spec.deepLinks.indices {
                for arguments in deepLinkArguments[link] {
                    body(.deepLink(link: link, arguments: arguments))
                }
            }
        }
    }

    /// The transitions of one step unit from `state`, deciding its conditions with `decider`.
    public func run<D: ConditionDecider>(_ unit: StepUnit, from state: NavState, decider: D,
                                         _ body: (Transition) -> Void) {
        guard hasHooks else {
            runStatements(of: unit, from: state, decider: decider, body)
            return
        }
        runStatements(of: unit, from: state, decider: decider) { transition in
            body(withHooks(transition, from: state, decider: decider))
        }
    }

    /// The transitions of one step unit before hooks run.
    private func runStatements<D: ConditionDecider>(of unit: StepUnit, from state: NavState, decider: D,
                                                    _ body: (Transition) -> Void) {
        switch unit {
        case .edge(let context, let screen, let index):
            let edge = spec.screens[screen].edges[index]
            guard decider.holds(edge.condition, in: state) else { return }
            let route = visibleRoute(of: context, in: state)
            for combination in edgeChoices[route - 1][index] {
                body(take(edge, screen: screen, index: index, context: context, choices: combination,
                          from: state, decider: decider))
            }
        case .back(let context):
            // A screen that hides its back button (while its condition holds) has no back.
            if !backHiddenIf.isEmpty, let hidden = backHiddenIf[routes.screen(of: visibleRoute(of: context, in: state))],
               decider.holds(hidden, in: state) { return }
            var next = state
            switch context {
            case .modal: next.modals[next.modals.count - 1].path.removeLast()
            case .slot(let slot): next.paths[slot].removeLast()
            }
            body(Transition(step: .back(context: context), target: next, facts: [], outcome: nil))
        case .switchTab(let tab):
            guard !isHidden(tab, in: state, decider: decider) else { return }
            var next = state
            next.selectedTab = tab
            body(Transition(step: .switchTab(tab), target: next, facts: [], outcome: nil))
        case .retapTab(let tab):
            guard !isHidden(tab, in: state, decider: decider), let slot = retapSlots[tab] else { return }
            var next = state
            next.paths[slot].removeAll()
            body(Transition(step: .retapTab(tab), target: next, facts: [], outcome: nil))
        case .swipeDown:
            let visible = routes.screen(of: visibleRoute(of: .modal, in: state))
            // A `locked` screen cannot be swiped away, a `locked if` one while its condition holds.
            if let lock = spec.screens[visible].lock, decider.holds(lock, in: state) { return }
            var next = state
            next.modals.removeLast()
            body(Transition(step: .swipeDown, target: next, facts: [], outcome: nil))
        case .deepLink(let link, let arguments):
            // An entry point offered only while its condition holds is no step otherwise.
            if let offered = spec.deepLinks[link].offeredIf, !decider.holds(offered, in: state) { return }
            body(handleDeepLink(link, arguments: arguments, from: state, decider: decider))
        }
    }

    /// Takes one edge with one choice of pushed routes.
    func take<D: ConditionDecider>(_ edge: Edge, screen: Int, index: Int, context: Context, choices: [Int],
                                   from state: NavState, decider: D) -> Transition {
        var next = state
        var facts: [StepFact] = []
        var run = StatementRun(model: self, origin: context, decider: decider)
        var choiceIndex = 0
        var completed = true
        for statement in edge.statements {
            var choice: [Int] = []
            // The route a statement chooses, not its whole footprint: this runs for every edge
            // taken (StatementFootprintTests pins that the two agree).
            if statement.routeToChoose != nil {
                choice = [choices[choiceIndex]]
                choiceIndex += 1
            }
            if !run.execute(statement, choice: choice, on: &next, facts: &facts) {
                completed = false
                break
            }
        }
        if completed { run.finish(&next, facts: &facts, range: edge.range) }
        return Transition(step: .edge(context: context, screen: screen, edge: index, choices: choices),
                          target: completed ? next : nil, facts: facts, outcome: nil)
    }
}
