import NavFlowSpec

/// A view on screen as SwiftUI tells views apart between the start and the
/// end of a step: where it is (a slot of the root content, or a presented
/// modal), how deep in its stack, and which route it shows. A view whose
/// key is the same at both ends stayed; any other is new.
struct ShownView: Hashable {
    enum Place: Hashable {
        case slot(Int)
        case modal(presentable: Int)
    }
    var place: Place
    var depth: Int
    var route: Int
}

extension FlowModel {
    /// The views the user can see in `state`, bottom first: the top of each
    /// active slot, then the top of each modal's stack. A cover hides every
    /// view beneath it; a sheet or a popover hides none (SwiftUI keeps the
    /// presenter on screen and calls no `onDisappear` for it).
    func shownViews(of state: NavState) -> [ShownView] {
        let lastCover = state.modals.lastIndex { $0.kind == .cover }
        var views: [ShownView] = []
        if lastCover == nil {
            for slot in shape.activeSlots(selectedTab: state.selectedTab) {
                views.append(ShownView(place: .slot(slot), depth: state.paths[slot].count,
                                       route: visibleRoute(of: .slot(slot), in: state)))
            }
        }
        for (index, modal) in state.modals.enumerated() where index >= (lastCover ?? 0) {
            let route: Int
            if let last = modal.path.last {
                route = last
            } else {
                switch shape.presentables[modal.presentable] {
                case .stack(let stack): route = stackRootRoute[stack]
                case .screen(let screen): route = routes.id(screen: screen, values: [])
                default: route = 0
                }
            }
            views.append(ShownView(place: .modal(presentable: modal.presentable), depth: modal.path.count, route: route))
        }
        return views
    }

    /// A transition with the appear hooks of the views it shows anew run
    /// on its target (docs/semantics.md, "Appear hooks"); unchanged when
    /// the spec has no hooks or the step has no target.
    func withAppearHooks<D: ConditionDecider>(_ transition: Transition, from state: NavState?, decider: D) -> Transition {
        guard hasAppearHooks, var target = transition.target else { return transition }
        var result = transition
        let rebuilt = transition.facts.contains(.rebuilt)
        if !runAppearHooks(shownBefore: rebuilt ? [] : state.map(shownViews(of:)) ?? [], on: &target,
                           facts: &result.facts, decider: decider) {
            result.target = nil
        } else {
            result.target = target
        }
        return result
    }

    /// Runs the hooks of every view shown in `state` that `shownBefore`
    /// does not hold, bottom first; the views a hook shows anew run theirs
    /// in turn, in the same step. A hook runs at most once per view and
    /// step: a view that appears again while its hook would run again is
    /// an appear loop, which cuts the step off. Returns false when the step
    /// is cut off (by a loop, or by a limit a hook's statement reached).
    func runAppearHooks<D: ConditionDecider>(shownBefore: [ShownView], on state: inout NavState,
                                             facts: inout [StepFact], decider: D) -> Bool {
        let seen = Set(shownBefore)
        var pending = shownViews(of: state).filter { !seen.contains($0) }
        var ran = Set<HookRun>()
        var order: [AppearHookID] = []
        while !pending.isEmpty {
            let view = pending.removeFirst()
            // A view an earlier hook covered or took away before its turn never appeared.
            let shown = shownViews(of: state)
            guard shown.contains(view) else { continue }
            let screen = routes.screen(of: view.route)
            for (index, hook) in spec.screens[screen].hooks.enumerated() where decider.holds(hook.condition, in: state) {
                let id = AppearHookID(screen: screen, hook: index)
                guard ran.insert(HookRun(view: view, hook: index)).inserted else {
                    facts.append(.appearLoop(id, ran: order))
                    return false
                }
                order.append(id)
                let context: Context
                switch view.place {
                case .slot(let slot): context = .slot(slot)
                case .modal: context = .modal
                }
                let before = shownViews(of: state)
                var run = StatementRun(model: self, origin: context, decider: decider, pinsOrigin: true)
                let bindings = routes.values(of: view.route)
                for statement in hook.statements {
                    let choice = statement.routeChoices(routes: routes, bindings: bindings).first ?? []
                    if !run.execute(statement, choice: choice, on: &state, facts: &facts) { return false }
                }
                run.finish(&state, facts: &facts, range: hook.range)
                facts.append(.appearHookRan(id))
                let wasShown = Set(before)
                for appeared in shownViews(of: state) where !wasShown.contains(appeared) && !pending.contains(appeared) {
                    pending.append(appeared)
                }
            }
        }
        return true
    }
}

/// One hook run for one view, within one step.
private struct HookRun: Hashable {
    var view: ShownView
    var hook: Int
}
