import NavFlowModel
import NavFlowSpec

/// Turns a path found with the tabs that are not selected parked at their
/// root into a path of the app itself. Where the parked search switches to
/// a tab and finds it at its root, the app finds the tab as it was left; so
/// right after the switch, with that tab on screen and no modal up, the
/// lifter goes back until its stack is at its root. Back steps change that
/// stack only, so the app is then in the parked search's local view again
/// and the rest of the path applies (`TabIndependence`).
struct ParkedPathLifter {
    let model: FlowModel

    /// The steps from launch with the state each is taken from, and the
    /// state they end in; nil if a step does not apply (the spec breaks
    /// `TabIndependence`).
    func lift(_ path: [Step], inputs: UInt64) -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        guard var state = model.initialState(inputs: inputs).state else { return nil }
        var steps: [(from: NavState, step: Step)] = []
        func take(_ step: Step) -> Bool {
            guard let next = apply(step, to: state) else { return false }
            steps.append((from: state, step: step))
            state = next
            return true
        }
        for step in path {
            guard take(step) else { return nil }
            if case .switchTab(let tab) = step {
                for slot in model.shape.tabSlots[tab] {
                    while !state.paths[slot].isEmpty {
                        guard take(.back(context: .slot(slot))) else { return nil }
                    }
                }
            }
        }
        return (steps, state)
    }

    private func apply(_ step: Step, to state: NavState) -> NavState? {
        var target: NavState?
        model.successors(of: state, deepLinks: !step.isInApp) { transition in
            if target == nil, transition.step == step { target = transition.target }
        }
        return target
    }
}
