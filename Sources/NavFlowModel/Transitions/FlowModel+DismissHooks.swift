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
    /// holds). A step runs one only if a modal up at its start has one.
    public func hasDismissHook(_ modal: Modal) -> Bool {
        rootScreen(of: modal).map { screenHasDismissHooks[$0] } ?? false
    }

    /// The modals of `before` that are not up in `after`, top first. A
    /// modal is the one of the same place in the modal stack while its
    /// presentable and kind are the same: a step that closes a sheet and
    /// presents it again leaves it up, as SwiftUI sees one value of its
    /// binding at the end of the update.
    public static func closedModals(from before: [Modal], to after: [Modal]) -> [Modal] {
        var kept = 0
        while kept < before.count, kept < after.count, before[kept].presentable == after[kept].presentable,
              before[kept].kind == after[kept].kind {
            kept += 1
        }
        return before[kept...].reversed()
    }

    /// Runs the dismissal hooks of the modals of `before` that `state` no
    /// longer shows, top first, each where the user then is: on the top
    /// modal if one is up, else on the selected tab's stack (the column
    /// that presented the bottom modal, in a split). A hook's condition is
    /// judged when its turn comes. `ran` holds the hooks the step ran; one
    /// that would run again is a loop: the step is cut off (false).
    func runDismissHooks<D: ConditionDecider>(closedFrom before: [Modal], on state: inout NavState,
                                              ran: inout [DismissHookID], facts: inout [StepFact],
                                              decider: D) -> Bool {
        let closed = Self.closedModals(from: before, to: state.modals)
        guard closed.contains(where: hasDismissHook) else { return true }
        let column = before.first?.presenterColumn ?? 0
        for modal in closed {
            guard let screen = rootScreen(of: modal), screenHasDismissHooks[screen] else { continue }
            for (index, hook) in spec.screens[screen].dismissHooks.enumerated()
            where decider.holds(hook.condition, in: state) {
                let id = DismissHookID(screen: screen, hook: index)
                guard !ran.contains(id) else {
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
