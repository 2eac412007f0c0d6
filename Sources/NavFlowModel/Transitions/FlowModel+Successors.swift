import NavFlowSpec

extension FlowModel {
    /// Calls `body` with every transition from `state`: the edges of every
    /// visible screen whose guard holds (one per argument choice), back,
    /// tab switches, swipe-down, and, when `deepLinks` is set, every deep
    /// link with every argument value.
    public func successors(of state: NavState, deepLinks: Bool, _ body: (Transition) -> Void) {
        let contexts = activeContexts(of: state)
        for context in contexts {
            let route = visibleRoute(of: context, in: state)
            let screen = routes.screen(of: route)
            let bindings = routes.values(of: route)
            for (index, edge) in spec.screens[screen].edges.enumerated() where state.holds(edge.condition) {
                var combinations: [[Int]] = [[]]
                for statement in edge.statements {
                    let choices = statement.routeChoices(routes: routes, bindings: bindings)
                    combinations = combinations.flatMap { prefix in choices.map { prefix + $0 } }
                }
                for combination in combinations {
                    body(take(edge, screen: screen, index: index, context: context, choices: combination, from: state))
                }
            }
        }
        for context in contexts {
            var path = path(of: context, in: state)
            guard !path.isEmpty else { continue }
            path.removeLast()
            var next = state
            switch context {
            case .modal: next.modals[next.modals.count - 1].path = path
            case .slot(let slot): next.paths[slot] = path
            }
            body(Transition(step: .back(context: context), target: next, events: [], outcome: nil))
        }
        if state.modals.isEmpty, let view = spec.rootTabView {
            for tab in view.tabs.indices where tab != state.selectedTab && !isHidden(tab, in: state) {
                var next = state
                next.selectedTab = tab
                body(Transition(step: .switchTab(tab), target: next, events: [], outcome: nil))
            }
        }
        if let top = state.modals.last, top.kind != .cover {
            let visible = routes.screen(of: visibleRoute(of: .modal, in: state))
            if !spec.screens[visible].locked {
                var next = state
                next.modals.removeLast()
                body(Transition(step: .swipeDown, target: next, events: [], outcome: nil))
            }
        }
        if deepLinks {
            for link in spec.deepLinks.indices {
                for arguments in deepLinkArguments[link] {
                    body(handleDeepLink(link, arguments: arguments, from: state))
                }
            }
        }
    }

    /// Takes one edge with one choice of pushed routes.
    func take(_ edge: Edge, screen: Int, index: Int, context: Context, choices: [Int], from state: NavState) -> Transition {
        var next = state
        var events: [StepEvent] = []
        var run = StatementRun(model: self, origin: context)
        var choiceIndex = 0
        var completed = true
        for statement in edge.statements {
            var choice: [Int] = []
            switch statement.kind {
            case .push, .select:
                choice = [choices[choiceIndex]]
                choiceIndex += 1
            default:
                break
            }
            if !run.execute(statement, choice: choice, on: &next, events: &events) {
                completed = false
                break
            }
        }
        if completed { run.finish(&next, events: &events, range: edge.range) }
        return Transition(step: .edge(context: context, screen: screen, edge: index, choices: choices),
                          target: completed ? next : nil, events: events, outcome: nil)
    }
}
