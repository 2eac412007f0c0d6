import NavFlowSource
import NavFlowSpec

/// Runs the statements of one step (an edge, `launch`, a deep link's
/// `else`) on a state, in order and atomically. A statement that cannot
/// act (a push without a stack, a dismiss with nothing to close) records
/// the fact and does nothing; the run goes on. A push at its stack's
/// depth or a presentation beyond the modal limit cuts the whole step off.
/// What each statement does is its kind's `StatementMeaning` (Statements/).
struct StatementRun<Decider: ConditionDecider> {
    let model: FlowModel
    /// The context the step comes from; nil for launch and deep links.
    let origin: Context?
    let decider: Decider
    /// Whether statements act on `origin` (a slot) whatever is on screen,
    /// under a modal or after a `tab` (an appear hook's view: its router is
    /// its own stack's).
    let pinsOrigin: Bool
    /// For a hook of a modal's view with modals above it set aside: the
    /// first of them, which covers the view.
    var coveringAbove: Int?
    private var tabHiddenAtStart: Bool?
    /// The column that presented the bottom modal when the step began:
    /// where statements act once they have closed every modal.
    private var presenterColumn = 0

    init(model: FlowModel, origin: Context?, decider: Decider, pinsOrigin: Bool = false) {
        self.model = model
        self.origin = origin
        self.decider = decider
        self.pinsOrigin = pinsOrigin
    }

    /// The context a statement acts on now: a pinned origin slot; else the
    /// top modal if one is up, else the slot the step came from if it is
    /// still on screen, else the
    /// slot that presented the modals the step closed (a split's column),
    /// else the first slot of the selected tab (or of the root).
    func context(in state: NavState) -> Context {
        // An appear hook's view acts on its own slot, on screen or not (after a `tab`).
        if pinsOrigin, case .slot(let slot)? = origin { return .slot(slot) }
        if !state.modals.isEmpty { return .modal }
        let active = model.shape.activeSlots(selectedTab: state.selectedTab)
        if case .slot(let slot)? = origin, active.contains(slot) { return .slot(slot) }
        return .slot(model.shape.slot(ofColumn: presenterColumn, selectedTab: state.selectedTab))
    }

    /// Executes one statement. Returns false when the step is cut off.
    mutating func execute(_ statement: Statement, choice: [Int], on state: inout NavState,
                          facts: inout [StepFact]) -> Bool {
        if tabHiddenAtStart == nil {
            presenterColumn = state.modals.first?.presenterColumn ?? 0
            tabHiddenAtStart = model.hasTabView
                && model.isHidden(state.selectedTab, in: state, decider: decider, forReport: true)
        }
        let context = context(in: state)
        // A pinned slot under a modal, or a modal under others set aside, is covered.
        var covering = coveringAbove
        if pinsOrigin, case .slot = context, let bottom = state.modals.first { covering = bottom.presentable }
        let environment = StatementEnvironment(model: model, context: context, decider: decider,
                                               chosenRoute: choice.first, range: statement.range, coveredBy: covering)
        switch statement.run(on: &state, in: environment, facts: &facts) {
        case .done: return true
        case .cutOff: return false
        }
    }

    /// Looks at the state the step ends in: records a flag change that hid
    /// the selected tab.
    mutating func finish(_ state: inout NavState, facts: inout [StepFact], range: SourceRange?) {
        guard model.hasTabView, let range, tabHiddenAtStart == false, let view = model.spec.rootTabView,
              model.isHidden(state.selectedTab, in: state, decider: decider, forReport: true) else { return }
        let shown = view.tabs.indices.first { !model.isHidden($0, in: state, decider: decider, forReport: true) }
        facts.append(.hidesSelectedTab(tab: state.selectedTab, shownTab: shown, step: range))
    }
}
