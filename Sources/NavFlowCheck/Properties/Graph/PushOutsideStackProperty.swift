import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `push-outside-stack`: a push where the active context has no stack;
/// SwiftUI ignores the link.
public struct PushOutsideStackProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .pushOutsideStack, severity: .error, phase: .exploration,
        summary: "A push where the active context has no navigation stack.",
        givesWitness: true, examples: .defects(.pushOutsideStack))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> (statement: SourceRange, message: String)? {
        guard case .pushWithoutStack(let visibleRoute, let screen, let statement) = fact else { return nil }
        let visible = model.routes.text(of: visibleRoute, in: model.spec)
        return (statement, "'\(visible)' is not in a navigation stack, so pushing '\(model.spec.screens[screen].name)' does nothing")
    }
}

extension RuleID {
    public static let pushOutsideStack = RuleID(rawValue: "push-outside-stack")
}
