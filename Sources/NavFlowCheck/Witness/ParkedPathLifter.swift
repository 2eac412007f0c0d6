import NavFlowModel
import NavFlowSpec

/// Turns a path found with the tabs that are not selected parked at their
/// root into a path of the app itself. Where the parked search switches to
/// a tab and finds it at its root, the app finds the tab as it was left; so
/// the lifter goes back, at the last moment that tab was on screen, until
/// its stack is at its root. Nothing after that moment reads the stack
/// (`TabIndependence`), so the rest of the path stays valid and ends in a
/// state with the same local view.
struct ParkedPathLifter {
    let model: FlowModel

    /// The steps from launch with the state each is taken from, and the
    /// state they end in; nil if a step does not apply (the spec breaks
    /// `TabIndependence`).
    func lift(_ path: [Step], inputs: UInt64) -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        guard let initial = model.initialState(inputs: inputs).state else { return nil }
        var taken: [Step] = []
        // Per tab: the number of steps after which it was last on screen.
        var lastShown: [Int: Int] = [:]
        var state = initial
        if state.modals.isEmpty { lastShown[state.selectedTab] = 0 }
        for step in path {
            if case .switchTab(let tab) = step {
                let backs = model.shape.tabSlots[tab].flatMap { slot in
                    Array(repeating: Step.back(context: .slot(slot)), count: state.paths[slot].count)
                }
                if !backs.isEmpty {
                    guard let position = lastShown[tab] else { return nil }
                    taken.insert(contentsOf: backs, at: position)
                    for (shown, moment) in lastShown where moment >= position { lastShown[shown] = moment + backs.count }
                    guard let replayed = replay(taken, from: initial)?.last else { return nil }
                    state = replayed
                }
            }
            guard let next = apply(step, to: state) else { return nil }
            taken.append(step)
            state = next
            if state.modals.isEmpty { lastShown[state.selectedTab] = taken.count }
        }
        guard let states = replay(taken, from: initial) else { return nil }
        return (Array(zip(states.dropLast(), taken)).map { (from: $0.0, step: $0.1) }, states[states.count - 1])
    }

    /// The states a sequence of steps goes through, the first one included.
    private func replay(_ steps: [Step], from initial: NavState) -> [NavState]? {
        var states = [initial]
        for step in steps {
            guard let next = apply(step, to: states[states.count - 1]) else { return nil }
            states.append(next)
        }
        return states
    }

    private func apply(_ step: Step, to state: NavState) -> NavState? {
        var target: NavState?
        model.successors(of: state, deepLinks: !step.isInApp) { transition in
            if target == nil, transition.step == step { target = transition.target }
        }
        return target
    }
}
