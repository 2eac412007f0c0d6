import NavFlowSpec

extension FlowModel {
    /// Handles deep link `link` with the given argument values, as one
    /// atomic step: the `else` when `requires` is false; otherwise close the
    /// modals (unless `keep modals`), select the target tab, replace its
    /// paths and column selections with the target's, and present the
    /// target's modals. The outcome says whether the result is the target.
    public func handleDeepLink(_ link: Int, arguments: [Int], from state: NavState) -> Transition {
        handleDeepLink(link, arguments: arguments, from: state, decider: ConcreteDecider())
    }

    /// Handles a deep link, deciding `requires` and tab visibility with `decider`.
    public func handleDeepLink<D: ConditionDecider>(_ link: Int, arguments: [Int], from state: NavState,
                                                    decider: D) -> Transition {
        let declaration = spec.deepLinks[link]
        let step = Step.deepLink(link: link, arguments: arguments)
        var next = state
        var events: [StepEvent] = []
        guard decider.holds(declaration.requires, in: state) else {
            var completed = true
            if let otherwise = declaration.otherwise {
                var run = StatementRun(model: self, origin: nil, decider: decider)
                let choice = otherwise.routeChoices(routes: routes, bindings: []).first ?? []
                completed = run.execute(otherwise, choice: choice, on: &next, events: &events)
                if completed { run.finish(&next, events: &events, range: otherwise.range) }
            }
            return Transition(step: step, target: completed ? next : nil, events: events, outcome: .otherwise)
        }
        func invalid(_ reason: String) -> Transition {
            Transition(step: step, target: nil, events: events, outcome: .invalid(reason))
        }
        let target = declaration.target
        if !declaration.keepModals { next.modals = [] }
        if let tab = target.tab {
            if isHidden(tab, in: next, decider: decider) {
                return invalid("tab '\(spec.rootTabView!.tabs[tab].id)' is hidden")
            }
            next.selectedTab = tab
        }
        if !hasTabView || target.tab != nil {
            let slots = shape.activeSlots(selectedTab: next.selectedTab)
            for (offset, slot) in slots.enumerated() {
                let column = offset < target.columns.count ? target.columns[offset] : nil
                next.shows[slot] = column?.shows.flatMap { routes.expand($0, bindings: arguments).first } ?? 0
                let path = column?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
                if !path.isEmpty {
                    guard case .stack(let stack) = shape.slots[slot].declared else {
                        return invalid("'\(spec.name(of: shape.slots[slot].declared))' is not a stack")
                    }
                    if let problem = check(path, on: stack, events: &events) { return invalid(problem) }
                }
                next.paths[slot] = path
            }
        }
        var expected: [Modal] = []
        for modal in target.modals {
            guard let presentable = shape.presentableIndex[modal.content] else { continue }
            let path = modal.path.compactMap { routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, let problem = check(path, on: stack, events: &events) {
                return invalid(problem)
            }
            let entry = Modal(kind: modal.kind, presentable: presentable, path: path)
            expected.append(entry)
            if next.modals.contains(where: { $0.presentable == presentable }) { continue }
            guard next.modals.count < StateShape.modalLimit else {
                events.append(.bounded(stack: nil, range: modal.range))
                return Transition(step: step, target: nil, events: events, outcome: nil)
            }
            next.modals.append(entry)
        }
        if next.modals == expected {
            return Transition(step: step, target: next, events: events, outcome: .landed)
        }
        let extra = next.modals.filter { !expected.contains($0) }.map { spec.name(of: shape.presentables[$0.presentable]) }
        let reason = extra.isEmpty
            ? "the modals on screen are not the target's"
            : "\(extra.map { "'\($0)'" }.joined(separator: ", ")) stays on top of the target"
        return Transition(step: step, target: next, events: events, outcome: .stateDependent(reason))
    }

    /// Checks a target path against its stack; records the pushes.
    private func check(_ path: [Int], on stack: Int, events: inout [StepEvent]) -> String? {
        for route in path {
            let screen = routes.screen(of: route)
            guard registered[stack].contains(screen) else {
                return "stack '\(spec.stacks[stack].name)' has no destination '\(spec.screens[screen].name)'"
            }
        }
        guard path.count <= spec.stacks[stack].depth else {
            return "the path is deeper than stack '\(spec.stacks[stack].name)''s depth \(spec.stacks[stack].depth)"
        }
        for route in path { events.append(.pushed(stack: stack, screen: routes.screen(of: route))) }
        return nil
    }
}
