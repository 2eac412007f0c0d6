import NavFlowSpec

/// `tab X`: selects tab X of the root tab view, beneath any modal that is
/// up (a fact says when one is). When X is hidden nothing happens (a fact
/// says so); without a root tab view, nothing happens.
public struct SelectTabStatement: StatementMeaning {
    public let tab: Int

    public init(tab: Int) { self.tab = tab }

    public var footprint: StatementFootprint {
        // The modals: whether one is up, which a fact reports.
        StatementFootprint(reads: [.flags, .inputs, .modals], writes: .selectedTab, mayLeaveItsTab: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        let model = environment.model
        guard let view = model.spec.rootTabView, tab < view.tabs.count else { return .done }
        if model.isHidden(tab, in: state, decider: environment.decider) {
            facts.append(.selectsHiddenTab(tab: tab, statement: environment.range))
            return .done
        }
        if !state.modals.isEmpty { facts.append(.selectsTabUnderModal(tab: tab, statement: environment.range)) }
        state.selectedTab = tab
        return .done
    }
}
