import NavFlowSpec

extension GraphAnalysis {
    func linkDiagnostics(_ rule: RuleID, message: (DeepLink, LinkFinding) -> String,
                         notes: (DeepLink) -> [DiagnosticNote]) -> [Diagnostic] {
        linkFindings.filter { $0.rule == rule }.map { found in
            let link = spec.deepLinks[found.link]
            return Diagnostic(rule: rule, message: message(link, found), file: spec.file.path,
                              range: link.patternRange, notes: notes(link),
                              witness: graph.witness(to: found.source, then: found.step))
        }
    }
}

/// `deeplink-invalid`: from a source state where `requires` holds, handling
/// the link yields an invalid state (a hidden tab, an unregistered
/// destination). Targets invalid from every state are reported once,
/// structurally, by `DeepLinkTargetProperty`.
public struct DeepLinkInvalidProperty: GraphProperty {
    public let rule = RuleID.deeplinkInvalid

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        let structural = Set(DeepLinkTargetProperty().check(analysis.spec).map(\.message))
        let staticallyInvalid = Set(analysis.spec.deepLinks.indices.filter { index in
            structural.contains { $0.hasPrefix("deep link \"\(analysis.spec.deepLinks[index].pattern.text)\"") }
        })
        return analysis.linkDiagnostics(rule, message: { link, found in
            "deep link \"\(link.pattern.text)\" leads to an invalid state from a reachable state: \(found.reason)"
        }, notes: { _ in
            [DiagnosticNote(message: "gate the link with 'requires' so it only runs where its target is valid, or change the target")]
        }).filter { diagnostic in
            !staticallyInvalid.contains { analysis.spec.deepLinks[$0].patternRange == diagnostic.range }
        }
    }
}

/// `deeplink-state-dependent`: the link lands somewhere valid that is not
/// its target, depending on the state it was opened in.
public struct DeepLinkStateDependentProperty: GraphProperty {
    public let rule = RuleID.deeplinkStateDependent

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(rule, message: { link, found in
            "deep link \"\(link.pattern.text)\" does not always land on its target: \(found.reason)"
        }, notes: { link in
            link.keepModals
                ? [DiagnosticNote(message: "remove 'keep modals' so the link closes what is presented, or list the modal in the target")]
                : [DiagnosticNote(message: "make the target describe the whole state the link should show")]
        })
    }
}

/// `deeplink-unreachable`: the link lands on its target, but no in-app
/// navigation reaches that state: it fabricates a back stack, or bypasses
/// a gate (a locked sign-in, onboarding).
public struct DeepLinkUnreachableProperty: GraphProperty {
    public let rule = RuleID.deeplinkUnreachable

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(rule, message: { link, _ in
            "deep link \"\(link.pattern.text)\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate"
        }, notes: { _ in
            [DiagnosticNote(message: "build the target path in the order users navigate, or add 'requires' (with 'else') for the gate the link skips")]
        })
    }
}
