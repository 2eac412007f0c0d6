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

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .pushWithoutStack(let visibleRoute, let screen, let statement) = fact else { return nil }
        let visible = model.routes.text(of: visibleRoute, in: model.spec)
        return StatementDefect(statement: statement,
                               message: "pushing '\(model.spec.screens[screen].name)' can run where no navigation stack is on screen, and then it does nothing",
                               detail: "'\(visible)' is on screen and is not in a navigation stack")
    }
}

extension RuleID {
    public static let pushOutsideStack = RuleID(rawValue: "push-outside-stack")
}
