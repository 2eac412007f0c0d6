import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// `deeplink-invalid`: from a source state where `requires` holds, handling
/// the link yields an invalid state (a hidden tab, an unregistered
/// destination). Targets invalid from every state are reported once,
/// structurally, by `DeepLinkTargetProperty`.
public struct DeepLinkInvalidProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkInvalid, severity: .error, phase: .exploration,
        summary: "Handling a deep link yields an invalid state.",
        givesWitness: true, examples: .defects(.deeplinkInvalid))

    public init() {}

    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        let staticallyInvalid = DeepLinkTargetProperty.linksInvalidFromEveryState(in: analysis.spec)
        return analysis.linkDiagnostics(self, select: {
            if case .invalid = $0 { true } else { false }
        }, message: { link in
            "\(link.subject) leads to an invalid state from a reachable state"
        }, detail: { problem in
            guard case .invalid(let failure) = problem else { return nil }
            return failure.reason(in: analysis.model)
        }, notes: { _ in
            [DiagnosticNote(message: "gate the link with 'requires' so it only runs where its target is valid, or change the target")]
        }).filter { diagnostic in
            !staticallyInvalid.contains { analysis.spec.deepLinks[$0].patternRange == diagnostic.range }
        }
    }
}

extension RuleID {
    public static let deeplinkInvalid = RuleID(rawValue: "deeplink-invalid")
}
