import NavFlowSpec

extension FlowModel {
    /// Handles deep link `link` with the given argument values, as one
    /// atomic step: the `else` when `requires` is false; otherwise close the
    /// modals (unless `keep modals`), select the target tab (`*` keeps the
    /// selected one), replace its paths and column selections with the
    /// target's (`/ ...` appends to its first path instead; `under modals`
    /// writes the router's current path), and present the target's modals. The outcome says whether the result is the target.
    /// Then, as for every step, the dismissal hooks of the modals it closed
    /// and the appear hooks of the views it shows anew run (the outcome is
    /// judged before them: it says what the link did).
    public func handleDeepLink(_ link: Int, arguments: [Int], from state: NavState) -> Transition {
        let decider = ConcreteDecider()
        return withHooks(handleDeepLink(link, arguments: arguments, from: state, decider: decider),
                         from: state, decider: decider)
    }

    /// Handles a deep link, deciding `requires` and tab visibility with
    /// `decider`. A link with several handlers runs each on the result of
    /// the one before, in declaration order: the step ends where one has no
    /// result, and lands when each whose `requires` holds lands. When the
    /// handlers give another result in another order (SwiftUI does not say
    /// in which order it calls `onOpenURL` handlers), the transition
    /// reports it.
    public func handleDeepLink<D: ConditionDecider>(_ link: Int, arguments: [Int], from state: NavState,
                                                    decider: D) -> Transition {
        let step = Step.deepLink(link: link, arguments: arguments)
        // With a choice, only the handlers of the step's outcome run (the resolver sees that one does).
        let handlers = handlers(ofLink: link, running: arguments)
        guard handlers.count > 1 else {
            return handle(handlers[0], step: step, arguments: arguments, from: state, decider: decider)
        }
        var transition = run(handlers, step: step, arguments: arguments, from: state, decider: decider)
        let declared = transition.target
        for order in Self.otherOrders(of: handlers.count) {
            let other = run(order.map { handlers[$0] }, step: step, arguments: arguments, from: state,
                            decider: decider)
            if other.target != declared {
                transition.facts.append(.handlerOrderMatters(link: link))
                break
            }
        }
        return transition
    }

    /// The handlers of deep link `link` a URL with these values runs, in
    /// declaration order: `DeepLink.handlers(running:)`, worked out once
    /// per outcome of the link's choice, and filtered as it filters them
    /// for an outcome the model does not number.
    func handlers(ofLink link: Int, running arguments: [Int]) -> [DeepLinkHandler] {
        let parameters = linkParameterCounts[link]
        let outcome = arguments.count > parameters ? arguments[parameters] : 0
        let byOutcome = linkHandlers[link]
        return byOutcome.indices.contains(outcome) ? byOutcome[outcome] : spec.deepLinks[link].handlers(running: arguments)
    }

    /// The handlers run one after the other, as one step.
    private func run<D: ConditionDecider>(_ handlers: [DeepLinkHandler], step: Step, arguments: [Int],
                                          from state: NavState, decider: D) -> Transition {
        var next = state
        var facts: [StepFact] = []
        var outcome = DeepLinkOutcome.otherwise
        for handler in handlers {
            let part = handle(handler, step: step, arguments: arguments, from: next, decider: decider)
            facts += part.facts
            guard let target = part.target else {
                return Transition(step: step, target: nil, facts: facts, outcome: part.outcome)
            }
            next = target
            // The first handler that misses its target decides; `otherwise` decides nothing.
            if outcome == .otherwise || outcome == .landed, let result = part.outcome, result != .otherwise {
                outcome = result
            }
        }
        return Transition(step: step, target: next, facts: facts, outcome: outcome)
    }

    /// Every order of `count` handlers but the declared one, for up to 5
    /// handlers; beyond, the reversed order only.
    public static func otherOrders(of count: Int) -> [[Int]] {
        guard count <= 5 else { return [Array((0..<count).reversed())] }
        var orders: [[Int]] = [[]]
        for _ in 0..<count {
            orders = orders.flatMap { order in (0..<count).filter { !order.contains($0) }.map { order + [$0] } }
        }
        return orders.filter { $0 != Array(0..<count) }
    }

    /// One handler on `state`.
    private func handle<D: ConditionDecider>(_ handler: DeepLinkHandler, step: Step, arguments: [Int],
                                             from state: NavState, decider: D) -> Transition {
        var next = state
        var facts: [StepFact] = []
        guard decider.holds(handler.requires, in: state) else {
            var completed = true
            if let otherwise = handler.otherwise {
                var run = StatementRun(model: self, origin: nil, decider: decider)
                let choice = otherwise.routeChoices(routes: routes, bindings: []).first ?? []
                completed = run.execute(otherwise, choice: choice, on: &next, facts: &facts)
                if completed { run.finish(&next, facts: &facts, range: otherwise.range) }
            }
            return Transition(step: step, target: completed ? next : nil, facts: facts, outcome: .otherwise)
        }
        func invalid(_ failure: DeepLinkFailure) -> Transition {
            Transition(step: step, target: nil, facts: facts, outcome: .invalid(failure))
        }
        /// Applies a path change to `path`; the transition that ends the
        /// step instead when the change is invalid or cut off.
        func failed(_ change: PathChange, into path: inout [Int]) -> Transition? {
            switch change {
            case .path(let changed, let pushes):
                path = changed
                facts += pushes
                return nil
            case .invalid(let failure):
                return invalid(failure)
            case .cut(let fact):
                return Transition(step: step, target: nil, facts: facts + [fact], outcome: nil)
            }
        }
        let target = handler.target
        if !handler.keepModals {
            next.modals = []
        } else if !handler.closing.isEmpty {
            // `close`: the first named modal up goes, with every modal above it.
            next.modals = modals(of: next, closing: handler.closing)
        }
        // The tab whose content the target describes: with `keep tab`, it is not selected.
        var describedTab = next.selectedTab
        if let tab = target.tab {
            if handler.keepsTab {
                describedTab = tab
            } else {
                if isHidden(tab, in: next, decider: decider) {
                    return invalid(.hiddenTab(tab))
                }
                next.selectedTab = tab
                describedTab = tab
            }
        }
        let described = target.columns.first?.path ?? []
        if handler.underModals, let index = routerPathModal(in: next) {
            // `under modals`: the router's current path is a presented `router path` stack's.
            if case .stack(let stack) = shape.presentables[next.modals[index].presentable] {
                let change = extend(next.modals[index].path, with: described, appending: target.appends, on: stack,
                                    arguments: arguments)
                if let end = failed(change, into: &next.modals[index].path) { return end }
            }
        } else if handler.underModals {
            // Else the stack of the tab (or root) beneath every modal: a split's last stack column.
            let slot = shape.currentStackSlot(selectedTab: describedTab) ?? shape.activeSlots(selectedTab: describedTab).lowerBound
            if case .stack(let stack) = shape.slots[slot].declared {
                let change = extend(next.paths[slot], with: described, appending: target.appends, on: stack,
                                    arguments: arguments)
                if let end = failed(change, into: &next.paths[slot]) { return end }
            } else if !described.isEmpty {
                return invalid(.pathOutsideStack(slot: slot))
            }
        } else if target.describesCurrentContext, let top = next.modals.indices.last {
            // `*` with a modal kept up: the top modal is where the user is.
            let presentable = next.modals[top].presentable
            if case .stack(let stack) = shape.presentables[presentable] {
                let change = extend(next.modals[top].path, with: described, appending: target.appends, on: stack,
                                    arguments: arguments)
                if let end = failed(change, into: &next.modals[top].path) { return end }
            } else if !described.isEmpty {
                return invalid(.pathOnModalScreen(presentable: presentable))
            }
        } else if target.appends || target.describesCurrentContext {
            // `/ ...`: the first column's path grows; nothing else of the content changes.
            // `*`: the selected tab's stack (a split's last stack column) is replaced or grows.
            let active = shape.activeSlots(selectedTab: describedTab)
            let slot = target.describesCurrentContext
                ? shape.currentStackSlot(selectedTab: describedTab) ?? active.lowerBound : active.lowerBound
            if case .stack(let stack) = shape.slots[slot].declared, !described.isEmpty || !target.appends {
                let change = extend(next.paths[slot], with: described, appending: target.appends, on: stack,
                                    arguments: arguments)
                if let end = failed(change, into: &next.paths[slot]) { return end }
            } else if !described.isEmpty {
                // No stack to take the routes; `*` alone on a screen has no path to empty.
                return invalid(.pathOutsideStack(slot: slot))
            }
        } else if target.describesBase(rootHasTabs: hasTabView) {
            let slots = shape.activeSlots(selectedTab: describedTab)
            for (offset, slot) in slots.enumerated() {
                let column = offset < target.columns.count ? target.columns[offset] : nil
                next.shows[slot] = column?.shows.flatMap { routes.expand($0, bindings: arguments).first } ?? 0
                let path = column?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
                if !path.isEmpty {
                    guard case .stack(let stack) = shape.slots[slot].declared else {
                        return invalid(.pathOutsideStack(slot: slot))
                    }
                    if let problem = check(path, on: stack, facts: &facts) { return invalid(problem) }
                }
                next.paths[slot] = path
            }
        }
        // With `*` or `under modals`, the modals left up are where the user is, and so part of the target.
        var expected: [Modal] = target.describesCurrentContext || handler.underModals ? next.modals : []
        // The target's modals are presented from the tab (or the root) it
        // describes; with `*`, from the top of what is up. A view covered by
        // a modal the link kept presents nothing: SwiftUI shows one modal at
        // a time from one view, and the presentation is dropped.
        // Each next modal is presented from the one before, when that one is the top.
        var covered = !target.describesCurrentContext && !next.modals.isEmpty
        var dropped: (presentable: Int, coveredBy: Int)?
        for modal in target.modals {
            guard let presentable = shape.presentableIndex[modal.content] else { continue }
            let path = modal.path.compactMap { routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, let problem = check(path, on: stack, facts: &facts) {
                return invalid(problem)
            }
            var entry = Modal(kind: modal.kind, presentable: presentable, path: path)
            if let up = next.modals.firstIndex(where: { $0.presentable == presentable }) {
                // Already up: it stays as it is, presented from where it was.
                entry.presenterColumn = next.modals[up].presenterColumn
                expected.append(entry)
                covered = up != next.modals.count - 1
                continue
            }
            if next.modals.isEmpty {
                entry.presenterColumn = linkPresenterColumn(of: target, selectedTab: next.selectedTab)
            }
            expected.append(entry)
            if covered, let top = next.modals.last {
                dropped = dropped ?? (presentable, top.presentable)
                continue
            }
            guard next.modals.count < StateShape.modalLimit else {
                facts.append(.cutAtModalLimit(statement: modal.range))
                return Transition(step: step, target: nil, facts: facts, outcome: nil)
            }
            next.modals.append(entry)
            covered = false
        }
        if let dropped {
            return Transition(step: step, target: next, facts: facts,
                              outcome: .presentationDropped(presentable: dropped.presentable, coveredBy: dropped.coveredBy))
        }
        if next.modals == expected {
            return Transition(step: step, target: next, facts: facts, outcome: .landed)
        }
        let extra = next.modals.filter { !expected.contains($0) }.map(\.presentable)
        return Transition(step: step, target: next, facts: facts, outcome: .notTheTarget(extraModals: extra))
    }

    /// The column of the selected tab a link's first modal is presented
    /// from when none is up: the last column the target describes, or with
    /// `*` or no column, the tab's last stack column (a split's detail).
    public func linkPresenterColumn(of target: DeepLinkTarget, selectedTab: Int) -> Int {
        let active = shape.activeSlots(selectedTab: selectedTab)
        if target.describesCurrentContext || target.columns.isEmpty {
            return shape.currentStackSlot(selectedTab: selectedTab).map { $0 - active.lowerBound } ?? 0
        }
        return min(target.columns.count, active.count) - 1
    }

    /// A path a target builds on a stack: the routes, with the pushes to
    /// record; or the reason it is invalid; or the cut at the stack's depth.
    private enum PathChange {
        case path([Int], pushes: [StepFact])
        case invalid(DeepLinkFailure)
        case cut(StepFact)
    }

    /// The path `current` becomes when a target describes `added` on
    /// `stack`: `added` alone, or appended (`/ ...`). Appended to a full
    /// path, the first route that does not fit is cut off, as a push is.
    private func extend(_ current: [Int], with added: [Route], appending: Bool, on stack: Int,
                        arguments: [Int]) -> PathChange {
        let routesAdded = added.compactMap { routes.expand($0, bindings: arguments).first }
        var pushes: [StepFact] = []
        if let problem = check(routesAdded, on: stack, facts: &pushes) { return .invalid(problem) }
        guard appending else { return .path(routesAdded, pushes: pushes) }
        let depth = spec.stacks[stack].depth
        if current.count + routesAdded.count > depth {
            let cut = added[depth - current.count]
            return .cut(.cutAtStackDepth(stack: stack, screen: cut.screen, statement: cut.range))
        }
        return .path(current + routesAdded, pushes: pushes)
    }

    /// Checks a target path against its stack; records the pushes.
    private func check(_ path: [Int], on stack: Int, facts: inout [StepFact]) -> DeepLinkFailure? {
        for route in path {
            let screen = routes.screen(of: route)
            guard registered[stack].contains(screen) else {
                return .unregisteredDestination(stack: stack, screen: screen)
            }
        }
        guard path.count <= spec.stacks[stack].depth else {
            return .deeperThanStack(stack)
        }
        for route in path { facts.append(.pushed(stack: stack, screen: routes.screen(of: route))) }
        return nil
    }
}
