import NavFlowDiagnostics
import NavFlowSpec

/// `deeplink-only-screen`: a screen only a deep link can show; a user
/// tapping through the app never sees it. When a push exploration cut at
/// its stack's depth leads to the screen, the verdict holds only within
/// that depth: it is a note saying so.
public struct DeepLinkOnlyScreenProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkOnlyScreen, severity: .warning, phase: .exploration,
        summary: "A screen is visible only after a deep link.",
        givesWitness: false, examples: .defects(.deeplinkOnlyScreen))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.spec.screens.indices.filter { analysis.visibleAnywhere[$0] && !analysis.visibleInApp[$0] }.map { screen in
            let name = analysis.spec.screens[screen].name
            if let cut = analysis.depthCuts.cut(reachingInApp: screen) {
                return finding("\(cut.within(analysis.spec)), screen '\(name)' is visible only after a deep link: exploration cut a push that leads to it",
                               at: analysis.spec.screens[screen].range, in: analysis, severity: .note,
                               notes: cut.notes(analysis.spec))
            }
            return finding("screen '\(name)' is visible only after a deep link; no in-app navigation reaches it",
                           at: analysis.spec.screens[screen].range, in: analysis,
                           notes: [DiagnosticNote(message: "add an in-app way to '\(name)' (a push, sheet or tab), or accept that it is link-only")])
        }
    }
}

extension RuleID {
    public static let deeplinkOnlyScreen = RuleID(rawValue: "deeplink-only-screen")
}
