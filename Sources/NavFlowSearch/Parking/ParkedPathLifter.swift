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
    /// The cuts the parked search stored its states with; nil for those
    /// of `ParkedPaths(model:)`.
    private let parking: ParkedPaths?

    public init(model: FlowModel) {
        self.model = model
        parking = nil
    }

    /// A lifter of paths a search found with `parking`'s cuts.
    public init(parking: ParkedPaths) {
        model = parking.model
        self.parking = parking
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
        var walk = AppWalk(model: model, state: start)
        var lifting: Lifting?
        for (step, parked) in path {
            if case .edge(_, let screen, let edge, _) = step {
                if lifting == nil { lifting = Lifting(model: model, parking: parking) }
                let tabs = lifting!.parking.liftedTabs[screen][edge].filter { $0 != walk.state.selectedTab }
                if !tabs.isEmpty {
                    guard let detour = lifting!.detour(before: step, from: walk.state, lifting: tabs, toward: parked) else { return nil }
                    walk.steps += detour.steps
                    walk.state = detour.end
                }
            }
            guard walk.take(step) else { return nil }
            for slot in model.shape.activeSlots(selectedTab: walk.state.selectedTab) {
                let cut = parked.paths[slot]
                guard walk.state.paths[slot].starts(with: cut), walk.goBack(in: slot, to: cut.count) else { return nil }
            }
        }
        return (walk.steps, walk.state)
    }
}

/// Steps of the app taken one after another from a state, each kept with
/// the state it is taken from.
private struct AppWalk {
    let model: FlowModel
    var state: NavState
    var steps: [(from: NavState, step: Step)] = []
    /// Whether the last step taken ran an appear hook.
    private(set) var lastStepRanHook = false

    /// Takes `step` from the current state; false when it leads nowhere.
    mutating func take(_ step: Step) -> Bool {
        guard let transition = model.transition(taking: step, from: state), let next = transition.target else { return false }
        steps.append((from: state, step: step))
        state = next
        lastStepRanHook = transition.facts.contains { if case .appearHookRan = $0 { true } else { false } }
        return true
    }

    /// Goes back in `slot` until its path is `length` long. The argument
    /// goes back with no modal up; a back under one is no step of the app.
    /// A sheet up here was presented by the hook of a screen beyond the
    /// cut, which the user swipes away. Back to the root from two screens
    /// or more, a tap on the selected tab's item does it in one step where
    /// the tab has it: it shows the root alone, as the last back does, and
    /// none of the screens between, whose hooks are undone by a swipe.
    mutating func goBack(in slot: Int, to length: Int) -> Bool {
        if length == 0, state.paths[slot].count >= 2, model.retapSlots.indices.contains(state.selectedTab),
           model.retapSlots[state.selectedTab] == slot {
            guard swipeAwayHookSheet() else { return false }
            if take(.retapTab(state.selectedTab)) { return state.paths[slot].isEmpty }
        }
        while state.paths[slot].count > length {
            guard swipeAwayHookSheet(), take(.back(context: .slot(slot))) else { return false }
        }
        return true
    }

    /// Swipes away the sheet the appear hook of a screen shown by the last
    /// step presented, when one is up: the cut takes such a screen only
    /// when its hook does nothing else (`ParkedPaths`, hooks undone by a
    /// swipe). False when a modal stays up, or one is up that no hook of
    /// the last step presented.
    mutating func swipeAwayHookSheet() -> Bool {
        guard !state.modals.isEmpty else { return true }
        return lastStepRanHook && state.modals.count == 1 && take(.swipeDown) && state.modals.isEmpty
    }
}

/// The steps that give a tab the parked search lifts before an edge
/// (`TabIndependence.liftedTabs`) the path the parked search took the edge
/// from: switch to the tab, go back to where the paths part, push again
/// what the lift has on top, switch back. Each is a step of the app: the
/// edge's screen is never under a modal, so the tab bar is there, and no
/// hook runs on the way (docs/performance.md, "Tabs lifted before a step").
private struct Lifting {
    let model: FlowModel
    private(set) var parking: ParkedPaths
    private let view: LocalView

    init(model: FlowModel, parking: ParkedPaths?) {
        self.model = model
        self.parking = parking ?? ParkedPaths(model: model)
        view = LocalView(model: model)
    }

    /// The detour from `state` after which `step` ends in the local view of
    /// `parked`, each step with the state it is taken from, and the state
    /// it ends in; nil if none.
    mutating func detour(before step: Step, from state: NavState, lifting tabs: [Int],
                         toward parked: NavState) -> (steps: [(from: NavState, step: Step)], end: NavState)? {
        var cut = model.codec.encode(state)
        let landing = view.projection(of: parked)
        for withDeepLinks in [false, true] {
            parking.withDeepLinks = withDeepLinks
            let whole = cut
            whole.withUnsafeBufferPointer { whole in cut.withUnsafeMutableBufferPointer { parking.park($0, of: whole) } }
            for variant in parking.lifts(of: tabs, in: model.codec.decode(cut)) {
                var wanted = state
                for tab in tabs {
                    for slot in model.shape.tabSlots[tab] { wanted.paths[slot] = variant.paths[slot] }
                }
                guard let target = model.transition(taking: step, from: wanted)?.target,
                      view.projection(of: target) == landing else { continue }
                if wanted == state { return ([], state) }
                if let steps = self.steps(from: state, to: wanted, tabs: tabs) { return (steps, wanted) }
            }
        }
        return nil
    }

    /// Switch to each tab, go back, push again, and switch back.
    private func steps(from start: NavState, to wanted: NavState, tabs: [Int]) -> [(from: NavState, step: Step)]? {
        var walk = AppWalk(model: model, state: start)
        for tab in tabs {
            guard walk.take(.switchTab(tab)) else { return nil }
            for slot in model.shape.tabSlots[tab] {
                let shared = zip(wanted.paths[slot], walk.state.paths[slot]).prefix { $0.0 == $0.1 }.count
                guard walk.goBack(in: slot, to: shared) else { return nil }
                while walk.state.paths[slot].count < wanted.paths[slot].count {
                    guard walk.swipeAwayHookSheet() else { return nil }
                    var next = walk.state
                    next.paths[slot].append(wanted.paths[slot][walk.state.paths[slot].count])
                    guard let pushes = self.pushes(from: walk.state, to: next) else { return nil }
                    for step in pushes { guard walk.take(step) else { return nil } }
                }
            }
        }
        guard walk.swipeAwayHookSheet(), walk.take(.switchTab(start.selectedTab)), walk.state == wanted else { return nil }
        return walk.steps
    }

    /// One or two steps from `state` to `next`: a push, a push whose
    /// screen's hook presents a sheet then swiped away, a page pushed that
    /// replaces itself, or a deep link that appends; in-app steps first.
    private func pushes(from state: NavState, to next: NavState) -> [Step]? {
        for deepLinks in [false, true] {
            var firsts: [Transition] = []
            model.successors(of: state, deepLinks: deepLinks) { firsts.append($0) }
            if let direct = firsts.first(where: { $0.target == next }) { return [direct.step] }
            for first in firsts {
                guard let middle = first.target else { continue }
                var second: Step?
                model.successors(of: middle, deepLinks: false) { transition in
                    if second == nil, transition.target == next { second = transition.step }
                }
                if let second { return [first.step, second] }
            }
        }
        return nil
    }
}
