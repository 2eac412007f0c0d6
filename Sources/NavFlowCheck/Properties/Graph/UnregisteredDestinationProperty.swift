import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `unregistered-destination`: a push of a screen the active stack does not
/// register; SwiftUI shows nothing.
public struct UnregisteredDestinationProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .unregisteredDestination, severity: .error, phase: .exploration,
        summary: "A push of a screen that is not a destination of the active stack.",
        givesWitness: true, examples: .defects(.unregisteredDestination))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .unregisteredPush(let stack, let screen, let statement) = fact else { return nil }
        let spec = model.spec
        return StatementDefect(statement: statement,
                               message: "pushing '\(spec.screens[screen].name)' can run on a stack that has no such destination, and then it does nothing",
                               detail: "stack '\(spec.stacks[stack].name)' has no destination '\(spec.screens[screen].name)'")
    }
}

extension RuleID {
    public static let unregisteredDestination = RuleID(rawValue: "unregistered-destination")
}
