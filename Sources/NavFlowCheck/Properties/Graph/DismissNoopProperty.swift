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

    public func defect(_ fact: StepFact, in model: FlowModel) -> (statement: SourceRange, message: String)? {
        guard case .dismissWithNothingToClose(let visibleRoute, let statement) = fact else { return nil }
        let visible = model.routes.text(of: visibleRoute, in: model.spec)
        return (statement, "'\(visible)' is neither pushed nor presented, so 'dismiss' does nothing")
    }
}

extension RuleID {
    public static let dismissNoop = RuleID(rawValue: "dismiss-noop")
}
