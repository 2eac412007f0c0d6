import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `dismiss-noop`: a dismiss with no pushed screen and no modal to close.
public struct DismissNoopProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .dismissNoop, severity: .error, phase: .exploration,
        summary: "A dismiss with nothing to dismiss.",
        givesWitness: true, examples: .defects(.dismissNoop))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .dismissWithNothingToClose(let visibleRoute, let statement) = fact else { return nil }
        let visible = model.routes.text(of: visibleRoute, in: model.spec)
        return StatementDefect(statement: statement,
                               message: "this 'dismiss' can run with nothing pushed or presented, and then it does nothing",
                               detail: "'\(visible)' is on screen and is neither pushed nor presented")
    }
}

extension RuleID {
    public static let dismissNoop = RuleID(rawValue: "dismiss-noop")
}
