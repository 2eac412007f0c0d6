import NavFlowSpec

/// An `on dismiss` hook: its screen and its number among the screen's
/// dismissal hooks.
public struct DismissHookID: Hashable, Sendable {
    public var screen: Int
    public var hook: Int

    public init(screen: Int, hook: Int) {
        self.screen = screen
        self.hook = hook
    }
}

extension FlowModel {
    /// Every dismissal hook of the spec, in declaration order.
    public var dismissHooks: [DismissHookID] {
        spec.screens.indices.flatMap { screen in
            spec.screens[screen].dismissHooks.indices.map { DismissHookID(screen: screen, hook: $0) }
        }
    }

    /// The dismissal hooks that ran, in order, as facts of a step or launch say.
    public static func dismissHooksRan(in facts: [StepFact]) -> [DismissHookID] {
        facts.compactMap { if case .dismissHookRan(let id) = $0 { id } else { nil } }
    }

    /// The screen a modal shows at its root: the screen presented, or the
    /// root of the stack presented (nothing else is presented).
    public func rootScreen(of modal: Modal) -> Int? {
        switch shape.presentables[modal.presentable] {
        case .screen(let screen): screen
        case .stack(let stack): spec.stacks[stack].root
        case .tabs, .split: nil
        }
    }

    /// Whether closing `modal` runs a dismissal hook (when its condition
    /// holds). A step runs one for a modal up at its start that has one,
    /// or, after an appear hook of the step ran, for one that hook closed.
    public func hasDismissHook(_ modal: Modal) -> Bool {
        rootScreen(of: modal).map { screenHasDismissHooks[$0] } ?? false
    }

    /// The modals of `before` that are not up in `after`, top first, each
    /// with its place in `before`. A modal is the one of the same place in
    /// the modal stack while its presentable, its kind and the column that
    /// presented it are the same: a step that closes a sheet and presents
    /// it again from the same view leaves it up, as SwiftUI sees one value
    /// of its binding at the end of the update.
    public static func closedModals(from before: [Modal], to after: [Modal]) -> [(place: Int, modal: Modal)] {
        var kept = 0
        while kept < before.count, kept < after.count, before[kept].presentable == after[kept].presentable,
              before[kept].kind == after[kept].kind, before[kept].presenterColumn == after[kept].presenterColumn {
            kept += 1
        }
        return before.indices[kept...].reversed().map { ($0, before[$0]) }
    }

    /// Runs the dismissal hooks of the modals of `before` that `state` no
    /// longer shows, top first, each where the user then is: on the top
    /// modal if one is up, else on the selected tab's stack (the column
    /// that presented the bottom modal, in a split). A hook's condition is
    /// judged when its turn comes. `ran` holds the hooks the step ran, in
    /// order, and `runs` each with the modal it ran for: a hook that would
    /// run again for the modal of the same place and presentable (shown
    /// again and closed again within the step) is a loop, and the step is
    /// cut off (false). Two modals of one root closed together run its
    /// hooks once each.
    func runDismissHooks<D: ConditionDecider>(closedFrom before: [Modal], on state: inout NavState,
                                              ran: inout [DismissHookID], runs: inout Set<DismissRun>,
                                              facts: inout [StepFact], decider: D) -> Bool {
        let closed = Self.closedModals(from: before, to: state.modals)
        guard closed.contains(where: { hasDismissHook($0.modal) }) else { return true }
        let column = before.first?.presenterColumn ?? 0
        for (place, modal) in closed {
            guard let screen = rootScreen(of: modal), screenHasDismissHooks[screen] else { continue }
            for (index, hook) in spec.screens[screen].dismissHooks.enumerated()
            where decider.holds(hook.condition, in: state) {
                let id = DismissHookID(screen: screen, hook: index)
                guard runs.insert(DismissRun(place: place, presentable: modal.presentable, hook: id)).inserted else {
                    facts.append(.dismissLoop(id, ran: ran))
                    return false
                }
                ran.append(id)
                let origin: Context = state.modals.isEmpty
                    ? .slot(shape.slot(ofColumn: column, selectedTab: state.selectedTab)) : .modal
                var run = StatementRun(model: self, origin: origin, decider: decider)
                for statement in hook.statements {
                    let choice = statement.routeChoices(routes: routes, bindings: []).first ?? []
                    if !run.execute(statement, choice: choice, on: &state, facts: &facts) { return false }
                }
                run.finish(&state, facts: &facts, range: hook.range)
                facts.append(.dismissHookRan(id))
            }
        }
        return true
    }
}

/// One run of a dismissal hook within a step: for the modal of that place
/// and presentable.
struct DismissRun: Hashable {
    var place: Int
    var presentable: Int
    var hook: DismissHookID
}
