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

    public func defect(_ fact: StepFact, in model: FlowModel) -> (statement: SourceRange, message: String)? {
        guard case .unregisteredPush(let stack, let screen, let statement) = fact else { return nil }
        let spec = model.spec
        return (statement, "stack '\(spec.stacks[stack].name)' has no destination '\(spec.screens[screen].name)', so the push does nothing")
    }
}

extension RuleID {
    public static let unregisteredDestination = RuleID(rawValue: "unregistered-destination")
}
