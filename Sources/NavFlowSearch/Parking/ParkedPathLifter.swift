import NavFlowModel
import NavFlowSpec

/// Turns a path found with the tabs that are not selected parked into a
/// path of the app itself. Where the parked search switches to a tab and
/// finds its paths cut (`ParkedPaths`), the app finds the tab as it was
/// left, with more screens on top; so right after the switch, with that tab
/// on screen and no modal up (`TabIndependence`), the lifter goes back
/// until each of its paths is the parked one. Back steps change that stack
/// only, so the app is then in the parked search's local view again and
/// the rest of the path applies.
public struct ParkedPathLifter: Sendable {
    public let model: FlowModel

    public init(model: FlowModel) {
        self.model = model
    }

    /// The steps from launch with the state each is taken from, and the
    /// state they end in, for a parked path given as its steps, each with
    /// the parked state it ends in; nil if a step does not apply (the spec
    /// breaks `TabIndependence`).
    public func lift(_ path: [(step: Step, parked: NavState)], inputs: UInt64) -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        guard let state = model.initialState(inputs: inputs).state else { return nil }
        return lift(path, from: state)
    }

    /// The same from `start`, a state of the app whose local view is that
    /// of the parked path's first state and whose paths extend its paths by
    /// screens the user can push again (the end of a lifted path is one).
    public func lift(_ path: [(step: Step, parked: NavState)], from start: NavState)
        -> (steps: [(from: NavState, step: Step)], last: NavState)? {
        var state = start
        var steps: [(from: NavState, step: Step)] = []
        func take(_ step: Step) -> Bool {
            guard let next = model.transition(taking: step, from: state)?.target else { return false }
            steps.append((from: state, step: step))
            state = next
            return true
        }
        for (step, parked) in path {
            guard take(step) else { return nil }
            for slot in model.shape.activeSlots(selectedTab: state.selectedTab) {
                let cut = parked.paths[slot]
                guard state.paths[slot].starts(with: cut) else { return nil }
                while state.paths[slot].count > cut.count {
                    guard take(.back(context: .slot(slot))) else { return nil }
                }
            }
        }
        return (steps, state)
    }
}
