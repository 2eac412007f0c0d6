import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `hidden-tab`: a statement selects a tab that is hidden.
public struct HiddenTabProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .hiddenTab, severity: .error, phase: .exploration,
        summary: "A statement selects a tab that is hidden.",
        givesWitness: true, examples: .defects(.hiddenTab))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .selectsHiddenTab(let tab, let statement) = fact, let view = model.spec.rootTabView else { return nil }
        return StatementDefect(statement: statement, message: "tab '\(view.tabs[tab].id)' is hidden here, so selecting it does nothing")
    }
}

extension RuleID {
    public static let hiddenTab = RuleID(rawValue: "hidden-tab")
}
