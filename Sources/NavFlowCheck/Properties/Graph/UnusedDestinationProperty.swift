import NavFlowDiagnostics
import NavFlowSpec

/// `unused-destination`: a registered destination that neither an edge nor
/// a deep-link target ever puts on its stack. A screen registered directly
/// is judged per stack; a screen registered through a destination set is
/// judged per set, once at its entry: it is unused only when no stack that
/// includes the set ever puts it on its path. A set no stack includes is
/// reported once, at its name. When a push exploration cut at a stack's
/// depth leads to the screen, the verdict holds only within that depth: it
/// is a note saying so.
public struct UnusedDestinationProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .unusedDestination, severity: .warning, phase: .exploration,
        summary: "A registered destination that nothing ever puts on its stack.",
        givesWitness: false, examples: .defects(.unusedDestination))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let spec = analysis.spec
        for (stackIndex, stack) in spec.stacks.enumerated() {
            for (destination, registration) in zip(stack.destinations, stack.registrations)
            where !analysis.pushed.contains(.init(stack: stackIndex, screen: destination)) {
                guard case .direct(let range) = registration else { continue }
                let name = spec.screens[destination].name
                if let cut = analysis.depthCuts.cut(reaching: destination) {
                    findings.append(finding("'\(name)' is registered in stack '\(stack.name)' but is not pushed there \(cut.within(spec))",
                                            at: range, in: analysis, severity: .note, notes: cut.notes(spec)))
                    continue
                }
                findings.append(finding("'\(name)' is registered in stack '\(stack.name)' but nothing ever pushes it there",
                                        at: range, in: analysis,
                                        notes: [DiagnosticNote(message: "remove the registration, or push '\(name)' from a screen shown in '\(stack.name)'")]))
            }
        }
        for (setIndex, set) in spec.destinationSets.enumerated() {
            let including = spec.stacks(including: setIndex)
            guard !including.isEmpty else {
                findings.append(finding("destination set '\(set.name)' is included by no stack",
                                        at: set.range, in: analysis,
                                        notes: [DiagnosticNote(message: "remove the set, or include it in a stack with 'destinations \(set.name)'")]))
                continue
            }
            let stacksText = including.count == 1
                ? "the one stack that includes it, '\(spec.stacks[including[0]].name)', never pushes it"
                : "none of the \(including.count) stacks that include it ever pushes it"
            for (screen, range) in zip(set.screens, set.screenRanges)
            where !including.contains(where: { analysis.pushed.contains(.init(stack: $0, screen: screen)) }) {
                let name = spec.screens[screen].name
                if let cut = analysis.depthCuts.cut(reaching: screen) {
                    findings.append(finding("'\(name)' is in destination set '\(set.name)' but is not pushed \(cut.within(spec))",
                                            at: range, in: analysis, severity: .note, notes: cut.notes(spec)))
                    continue
                }
                findings.append(finding("'\(name)' is in destination set '\(set.name)' but \(stacksText)",
                                        at: range, in: analysis,
                                        notes: [DiagnosticNote(message: "remove '\(name)' from the set, or push it from a screen shown in a stack that includes '\(set.name)'")]))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let unusedDestination = RuleID(rawValue: "unused-destination")
}
