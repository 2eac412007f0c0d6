import NavFlowDiagnostics
import NavFlowSpec

/// `dead-edge`: an edge whose guard is false wherever its screen is visible.
/// When the screen, or a screen setting a flag the guard reads, lies beyond
/// a push exploration cut at its stack's depth, the verdict holds only
/// within that depth: it is a note saying so.
public struct DeadEdgeProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deadEdge, severity: .warning, phase: .exploration,
        summary: "An edge whose guard is false wherever its screen is visible.",
        givesWitness: false, examples: .defects(.deadEdge))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (screen, declaration) in analysis.spec.screens.enumerated() where analysis.visibleAnywhere[screen] {
            for (index, edge) in declaration.edges.enumerated() where !analysis.guardHeld[screen][index] {
                let condition = edge.condition.map { analysis.spec.text(of: $0) } ?? "true"
                let cuts = analysis.depthCuts
                // A guard no input valuation and no flags make true is dead at any depth.
                if cuts.satisfiable(edge.condition),
                   let cut = cuts.cut(reaching: screen) ?? cuts.cut(setting: edge.condition?.flagsRead ?? []) {
                    findings.append(finding("this edge of '\(declaration.name)' is not taken \(cut.within(analysis.spec)): its guard '\(condition)' is false wherever '\(declaration.name)' is visible there",
                                            at: edge.range, in: analysis, severity: .note, notes: cut.notes(analysis.spec)))
                    continue
                }
                findings.append(finding("this edge of '\(declaration.name)' can never be taken: its guard '\(condition)' is false wherever '\(declaration.name)' is visible",
                                        at: edge.range, in: analysis))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let deadEdge = RuleID(rawValue: "dead-edge")
}
