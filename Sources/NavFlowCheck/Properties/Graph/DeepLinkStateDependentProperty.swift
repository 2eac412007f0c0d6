import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// `deeplink-state-dependent`: the link lands somewhere valid that is not
/// its target, depending on the state it was opened in.
public struct DeepLinkStateDependentProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkStateDependent, severity: .error, phase: .exploration,
        summary: "Handling a deep link yields a valid state that is not its target.",
        givesWitness: true, examples: .defects(.deeplinkStateDependent))

    public init() {}

    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(self, select: {
            if case .notTheTarget = $0 { true } else { false }
        }, message: { link in
            "\(link.subject) does not always land on its target"
        }, detail: { problem in
            guard case .notTheTarget(let extraModals) = problem else { return nil }
            return DeepLinkOutcome.notTheTarget(extraModals: extraModals).reason(in: analysis.model)
        }, notes: { link in
            if link.handlers.contains(where: { !$0.closing.isEmpty }) {
                return [DiagnosticNote(message: "name the modal in 'close' so the link closes it, or list it in the target")]
            }
            return link.keepsModals
                ? [DiagnosticNote(message: "remove 'keep modals' so the link closes what is presented, or list the modal in the target")]
                : [DiagnosticNote(message: "make the target describe the whole state the link should show")]
        })
    }
}

extension RuleID {
    public static let deeplinkStateDependent = RuleID(rawValue: "deeplink-state-dependent")
}
