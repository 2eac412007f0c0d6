import NavFlowDiagnostics
import NavFlowSpec

/// `orphan-screen`: a declared screen that no reachable state shows, over
/// every input valuation and with deep links.
public struct OrphanScreenProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .orphanScreen, severity: .error, phase: .exploration,
        summary: "A declared screen is visible in no reachable state.",
        givesWitness: false, examples: .defects(.orphanScreen))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.spec.screens.indices.filter { !analysis.visibleAnywhere[$0] }.map { screen in
            let name = analysis.spec.screens[screen].name
            return finding("screen '\(name)' is never on screen: no reachable state shows it, with or without deep links",
                           at: analysis.spec.screens[screen].range, in: analysis,
                           notes: [DiagnosticNote(message: "push, present or select '\(name)' from a reachable screen, or remove it")])
        }
    }
}

extension RuleID {
    public static let orphanScreen = RuleID(rawValue: "orphan-screen")
}
