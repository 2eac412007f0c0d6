import NavFlowModel
import NavFlowSpec

/// What reachable states show: per screen whether some state reachable
/// in-app shows it, and some reachable state at all; per edge whether its
/// guard held in a state showing its screen; per tab of the root tab view
/// whether some reachable state does not hide it.
///
/// Each reads a state's views (`FlowModel.visibleRoutes`: the top of the
/// top modal, else the tops of the selected tab's slots), its flags and
/// inputs, nothing beneath: a frame of the summary search, which hides
/// only what lies beneath those tops, gives the same answers as each of
/// its states.
public struct ScreenFacts: Sendable {
    public private(set) var visibleInApp: [Bool]
    public private(set) var visibleAnywhere: [Bool]
    public private(set) var guardHeld: [[Bool]]
    public private(set) var tabShown: [Bool]

    /// Nothing shown yet.
    public init(spec: FlowSpec) {
        visibleInApp = Array(repeating: false, count: spec.screens.count)
        visibleAnywhere = visibleInApp
        guardHeld = spec.screens.map { Array(repeating: false, count: $0.edges.count) }
        tabShown = Array(repeating: false, count: spec.rootTabView?.tabs.count ?? 0)
    }

    /// Adds what `state` shows; `inApp` when it is reachable in-app.
    public mutating func observe(_ state: NavState, inApp: Bool, model: FlowModel) {
        let spec = model.spec
        for tab in tabShown.indices where !tabShown[tab] && !model.isHidden(tab, in: state) { tabShown[tab] = true }
        for route in model.visibleRoutes(of: state) {
            let screen = model.routes.screen(of: route)
            visibleAnywhere[screen] = true
            if inApp { visibleInApp[screen] = true }
            for (edgeIndex, edge) in spec.screens[screen].edges.enumerated()
            where !guardHeld[screen][edgeIndex] && state.holds(edge.condition) {
                guardHeld[screen][edgeIndex] = true
            }
        }
    }
}
