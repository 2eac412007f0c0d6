import NavFlowDiagnostics
import NavFlowSpec

/// `orphan-screen`: a declared screen that no reachable state shows, over
/// every input valuation and with deep links. When a push exploration cut
/// at its stack's depth leads to the screen, the verdict holds only within
/// that depth: it is a warning saying so.
public struct OrphanScreenProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .orphanScreen, severity: .error, phase: .exploration,
        summary: "A declared screen is visible in no reachable state.",
        givesWitness: false, examples: .defects(.orphanScreen))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.spec.screens.indices.filter { !analysis.visibleAnywhere[$0] }.map { screen in
            let name = analysis.spec.screens[screen].name
            if let cut = analysis.depthCuts.cut(reaching: screen) {
                return finding("screen '\(name)' is not reached \(cut.within(analysis.spec)): exploration cut a push that leads to it",
                               at: analysis.spec.screens[screen].range, in: analysis, severity: .warning,
                               notes: cut.notes(analysis.spec))
            }
            return finding("screen '\(name)' is never on screen: no reachable state shows it, with or without deep links",
                           at: analysis.spec.screens[screen].range, in: analysis,
                           notes: [DiagnosticNote(message: "push, present or select '\(name)' from a reachable screen, or remove it")])
        }
    }
}

extension RuleID {
    public static let orphanScreen = RuleID(rawValue: "orphan-screen")
}
