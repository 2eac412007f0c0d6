import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `selected-tab-hidden`: a step ends with the selected tab hidden.
public struct SelectedTabHiddenProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .selectedTabHidden, severity: .error, phase: .exploration,
        summary: "A flag change hides the selected tab.",
        givesWitness: true, examples: .defects(.selectedTabHidden))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .hidesSelectedTab(let tab, let shownTab, let step) = fact, let view = model.spec.rootTabView else { return nil }
        let fix = shownTab.map { "; select another tab in the same step, as in 'tab \(view.tabs[$0].id)'" } ?? ""
        return StatementDefect(statement: step, message: "this step can hide the selected tab",
                               detail: "it hides the selected tab '\(view.tabs[tab].id)'\(fix)")
    }
}

extension RuleID {
    public static let selectedTabHidden = RuleID(rawValue: "selected-tab-hidden")
}
