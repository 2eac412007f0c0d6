import NavFlowDiagnostics
import NavFlowSpec

/// `tab-never-visible`: a tab hidden in every reachable state.
public struct TabNeverVisibleProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .tabNeverVisible, severity: .warning, phase: .exploration,
        summary: "A tab hidden in every reachable state.",
        givesWitness: false, examples: .defects(.tabNeverVisible))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        guard let view = analysis.spec.rootTabView else { return [] }
        return view.tabs.indices.filter { !analysis.tabShown[$0] }.map { tab in
            finding("tab '\(view.tabs[tab].id)' is hidden in every reachable state; its 'hidden if' condition is always true",
                    at: view.tabs[tab].range, in: analysis)
        }
    }
}

extension RuleID {
    public static let tabNeverVisible = RuleID(rawValue: "tab-never-visible")
}
