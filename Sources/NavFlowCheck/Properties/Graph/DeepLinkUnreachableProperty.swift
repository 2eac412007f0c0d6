import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// `deeplink-unreachable`: the link lands on its target, but no in-app
/// navigation reaches that state: it fabricates a back stack, or bypasses
/// a gate (a locked sign-in, onboarding).
public struct DeepLinkUnreachableProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkUnreachable, severity: .error, phase: .exploration,
        summary: "A deep link lands on a state that no in-app navigation reaches.",
        givesWitness: true, examples: .defects(.deeplinkUnreachable))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(self, select: { $0 == .landsUnreachable }, message: { link, _ in
            "deep link \"\(link.pattern.text)\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate"
        }, notes: { _ in
            [DiagnosticNote(message: "build the target path in the order users navigate, or add 'requires' (with 'else') for the gate the link skips")]
        })
    }
}

extension RuleID {
    public static let deeplinkUnreachable = RuleID(rawValue: "deeplink-unreachable")
}
