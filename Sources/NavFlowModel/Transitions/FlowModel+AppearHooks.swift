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
    /// presenter on screen and calls no `onDisappear` for it). With
    /// `includingCovered`, the views beneath a cover too.
    func shownViews(of state: NavState, includingCovered: Bool = false) -> [ShownView] {
        let lastCover = includingCovered ? nil : state.modals.lastIndex { $0.kind == .cover }
        var views: [ShownView] = []
        if lastCover == nil {
            for slot in shape.activeSlots(selectedTab: state.selectedTab) {
                views.append(ShownView(place: .slot(slot), depth: state.paths[slot].count,
                                       route: visibleRoute(of: .slot(slot), in: state)))
            }
        }
        for (index, modal) in state.modals.enumerated() where index >= (lastCover ?? 0) {
            views.append(ShownView(place: .modal(presentable: modal.presentable), depth: modal.path.count,
                                   route: visibleRoute(of: modal)))
        }
        return views
    }

    /// Whether a view `state` shows (`shownViews`) has an appear hook whose
    /// condition holds in it. Hooks run at the end of a step on the views
    /// it shows anew, so a step whose target shows none runs no hook. A
    /// view without a route is judged the safe way.
    public func showsAppearHookThatHolds(_ state: NavState) -> Bool {
        shownViews(of: state).contains { view in
            view.route == 0 || spec.screens[routes.screen(of: view.route)].hooks.contains { state.holds($0.condition) }
        }
    }

    /// Every appear hook of the spec, in declaration order.
    public var appearHooks: [AppearHookID] {
        spec.screens.indices.flatMap { screen in
            spec.screens[screen].hooks.indices.map { AppearHookID(screen: screen, hook: $0) }
        }
    }

    /// The appear hooks that ran, in order, as facts of a step or launch say.
    public static func hooksRan(in facts: [StepFact]) -> [AppearHookID] {
        facts.compactMap { if case .appearHookRan(let id) = $0 { id } else { nil } }
    }

    /// The views a step from `state` (nil: the launch) shows anew need not
    /// have been shown before it: none after a rebuild (`facts`) or at launch.
    private func viewsBefore(_ state: NavState?, facts: [StepFact]) -> [ShownView] {
        facts.contains(.rebuilt) ? [] : state.map { shownViews(of: $0) } ?? []
    }

    /// A transition with the hooks its step runs run on its target: the
    /// dismissal hooks of the modals it closed, then the appear hooks of
    /// the views it shows anew (docs/semantics.md, "Appear hooks" and
    /// "Dismissal hooks"); unchanged when the spec has no hooks or the step
    /// has no target.
    func withHooks<D: ConditionDecider>(_ transition: Transition, from state: NavState, decider: D) -> Transition {
        guard hasHooks, let target = transition.target else { return transition }
        var result = transition
        result.target = afterHooks(target, from: state, facts: &result.facts, decider: decider)
        return result
    }

    /// `target` after the hooks a step from `state` to `target` runs
    /// (`withHooks`): where the step ends; nil when the hooks cut it off.
    /// `target` itself in a spec without hooks.
    public func withHooks(on target: NavState, from state: NavState) -> NavState? {
        guard hasHooks else { return target }
        var facts: [StepFact] = []
        return afterHooks(target, from: state, facts: &facts, decider: ConcreteDecider())
    }

    private func afterHooks<D: ConditionDecider>(_ target: NavState, from state: NavState,
                                                 facts: inout [StepFact], decider: D) -> NavState? {
        var target = target
        let before = viewsBefore(state, facts: facts)
        return runHooks(shownBefore: before, modalsBefore: state.modals, on: &target, facts: &facts,
                        decider: decider) ? target : nil
    }

    /// Runs the hooks of a step whose statements have run on `state`: the
    /// dismissal hooks of the modals of `modalsBefore` it closed, then the
    /// appear hooks of the views `shownBefore` does not hold; when appear
    /// hooks close modals with dismissal hooks, those run in turn, then
    /// the appear hooks of what they show, until no hook is left. A
    /// dismissal hook closes nothing (the front end sees to it), so only
    /// an appear hook can close a modal a dismissal hook showed: the same
    /// dismissal hook running twice in a step for the modal of the same
    /// place is a loop, which cuts the step off. False when the step is
    /// cut off.
    func runHooks<D: ConditionDecider>(shownBefore: [ShownView], modalsBefore: [Modal], launch: Bool = false,
                                       on state: inout NavState, facts: inout [StepFact], decider: D) -> Bool {
        var shownBefore = shownBefore
        var modalsBefore = modalsBefore
        var ran: [DismissHookID] = []
        var runs = Set<DismissRun>()
        var firstRound = true
        while true {
            let ranBefore = ran.count
            if hasDismissHooks, !runDismissHooks(closedFrom: modalsBefore, on: &state, ran: &ran, runs: &runs,
                                                 facts: &facts, decider: decider) {
                return false
            }
            // The first time round, the step's own views; after that, only
            // what the dismissal hooks just ran changed.
            guard firstRound || ran.count > ranBefore else { return true }
            firstRound = false
            modalsBefore = state.modals
            if hasAppearHooks, !runAppearHooks(shownBefore: shownBefore, launch: launch, on: &state, facts: &facts,
                                               decider: decider) {
                return false
            }
            guard hasDismissHooks else { return true }
            shownBefore = shownViews(of: state, includingCovered: launch)
        }
    }

    /// The screens whose views a step from `state` (nil: the launch) to
    /// `target` showed anew, by the rule hooks run by, with the screens
    /// whose hooks the step's `facts` say ran (views a hook showed).
    public func appearedScreens(from state: NavState?, to target: NavState, facts: [StepFact]) -> Set<Int> {
        let before = Set(viewsBefore(state, facts: facts))
        var screens = Set(shownViews(of: target, includingCovered: state == nil).filter { !before.contains($0) }
            .map { routes.screen(of: $0.route) })
        screens.formUnion(Self.hooksRan(in: facts).map(\.screen))
        return screens
    }

    /// Runs the hooks of every view shown in `state` that `shownBefore`
    /// does not hold, bottom first; the views a hook shows anew run theirs
    /// in turn, in the same step. A hook runs at most once per view and
    /// step: a view that appears again while its hook would run again is
    /// an appear loop, which cuts the step off. At `launch`, the views a
    /// cover hides appear too (the root is on screen before the cover the
    /// initial state presents). Returns false when the step is cut off (by
    /// a loop, or by a limit a hook's statement reached). A selected tab
    /// hidden during the step but shown at its end is no finding: the rule
    /// is judged when the step ends, hooks included.
    func runAppearHooks<D: ConditionDecider>(shownBefore: [ShownView], launch: Bool = false, on state: inout NavState,
                                             facts: inout [StepFact], decider: D) -> Bool {
        let shown = shownViews(of: state, includingCovered: launch)
        // Most steps show no view anew whose screen has a hook: then no hook runs
        // and nothing below would change the state or the facts.
        guard shown.contains(where: { screenHasHooks[routes.screen(of: $0.route)] && !shownBefore.contains($0) }) else {
            return true
        }
        let seen = Set(shownBefore)
        var pending = shown.filter { !seen.contains($0) }
        var ran = Set<HookRun>()
        var order: [AppearHookID] = []
        var ranAny = false
        while !pending.isEmpty {
            let view = pending.removeFirst()
            // A view an earlier hook covered or took away before its turn never appeared.
            guard shownViews(of: state, includingCovered: launch).contains(view) else { continue }
            let screen = routes.screen(of: view.route)
            for (index, hook) in spec.screens[screen].hooks.enumerated() where decider.holds(hook.condition, in: state) {
                let id = AppearHookID(screen: screen, hook: index)
                guard ran.insert(HookRun(view: view, hook: index)).inserted else {
                    facts.append(.appearLoop(id, ran: order))
                    return false
                }
                order.append(id)
                ranAny = true
                let before = shownViews(of: state, includingCovered: launch)
                let rebuilds = facts.count { $0 == .rebuilt }
                guard run(hook, of: view, on: &state, facts: &facts, decider: decider) else { return false }
                facts.append(.appearHookRan(id))
                // After a rebuild every view is new, its own included.
                let wasShown = facts.count { $0 == .rebuilt } > rebuilds ? [] : Set(before)
                for appeared in shownViews(of: state, includingCovered: launch)
                where !wasShown.contains(appeared) && !pending.contains(appeared) {
                    pending.append(appeared)
                }
            }
        }
        if ranAny, hasTabView, !isHidden(state.selectedTab, in: state, decider: decider, forReport: true) {
            facts.removeAll { if case .hidesSelectedTab = $0 { true } else { false } }
        }
        return true
    }

    /// Runs one hook's statements on its own view: a slot's view acts on
    /// its slot even under a modal; a modal's view acts on its modal, the
    /// modals above it set aside while the hook runs and put back on top
    /// when its modal is still the top one. A view a modal covers presents
    /// nothing (`StatementRun.covering`). False when the step is cut off.
    private func run<D: ConditionDecider>(_ hook: AppearHook, of view: ShownView, on state: inout NavState,
                                          facts: inout [StepFact], decider: D) -> Bool {
        var above: [Modal] = []
        var own: (index: Int, presentable: Int)?
        let context: Context
        switch view.place {
        case .slot(let slot):
            context = .slot(slot)
        case .modal(let presentable):
            context = .modal
            if let index = state.modals.firstIndex(where: { $0.presentable == presentable }) {
                own = (index, presentable)
                above = Array(state.modals[(index + 1)...])
                state.modals.removeSubrange((index + 1)...)
            }
        }
        var run = StatementRun(model: self, origin: context, decider: decider, pinsOrigin: true)
        run.coveringAbove = above.first?.presentable
        let bindings = routes.values(of: view.route)
        for statement in hook.statements {
            // A link is the app's, not the view's: it sees every modal, those set aside too.
            if case .open = statement.kind, !above.isEmpty {
                state.modals += above
                above = []
                run.coveringAbove = nil
            }
            let choice = statement.routeChoices(routes: routes, bindings: bindings).first ?? []
            if !run.execute(statement, choice: choice, on: &state, facts: &facts) { return false }
        }
        run.finish(&state, facts: &facts, range: hook.range)
        // The modals above come back when the hook's modal is still the top one;
        // a hook that closed it closed them too (UIKit dismisses what it presents).
        if let own, !above.isEmpty, state.modals.count == own.index + 1,
           state.modals[own.index].presentable == own.presentable {
            state.modals += above
        }
        return true
    }
}

/// One hook run for one view, within one step.
private struct HookRun: Hashable {
    var view: ShownView
    var hook: Int
}
