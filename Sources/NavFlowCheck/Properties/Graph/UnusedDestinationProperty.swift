import NavFlowDiagnostics
import NavFlowSpec

/// `unused-destination`: a registered destination that neither an edge nor
/// a deep-link target ever puts on its stack.
public struct UnusedDestinationProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .unusedDestination, severity: .warning, phase: .exploration,
        summary: "A registered destination that nothing ever puts on its stack.",
        givesWitness: false, examples: .defects(.unusedDestination))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (stackIndex, stack) in analysis.spec.stacks.enumerated() {
            for (destination, range) in zip(stack.destinations, stack.destinationRanges)
            where !analysis.pushed.contains(.init(stack: stackIndex, screen: destination)) {
                let name = analysis.spec.screens[destination].name
                findings.append(finding("'\(name)' is registered in stack '\(stack.name)' but nothing ever pushes it there",
                                        at: range, in: analysis,
                                        notes: [DiagnosticNote(message: "remove the registration, or push '\(name)' from a screen shown in '\(stack.name)'")]))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let unusedDestination = RuleID(rawValue: "unused-destination")
}
