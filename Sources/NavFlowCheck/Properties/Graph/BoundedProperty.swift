import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `bounded`: exploration cut a path at its stack's depth, or a
/// presentation at the modal limit; every verdict holds up to that bound.
public struct BoundedProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .bounded, severity: .note, phase: .exploration,
        summary: "Exploration cut a path at its stack depth or the modal limit: results hold up to that bound.",
        givesWitness: false, examples: .defects(.bounded))

    public init() {}

    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var stacks = Set<Int>()
        var modalRange: SourceRange?
        for fact in analysis.firstFacts.keys {
            switch fact {
            case .cutAtStackDepth(let stack, _, _):
                stacks.insert(stack)
            case .cutAtModalLimit(let range):
                if modalRange == nil || range.start < modalRange!.start { modalRange = range }
            default:
                continue
            }
        }
        var findings = stacks.sorted().map { index in
            let stack = analysis.spec.stacks[index]
            let source = stack.depthOverridden ? " (from --depth)" : ""
            let raise = stack.depthOverridden ? "raise --depth" : "raise 'depth'"
            return finding("exploration cut paths of stack '\(stack.name)' at its depth \(stack.depth)\(source); results hold for paths up to \(stack.depth) screens",
                           at: stack.range, in: analysis,
                           notes: [DiagnosticNote(message: "\(raise) to explore deeper paths")])
        }
        if let modalRange {
            findings.append(finding("exploration cut presentations at \(StateShape.modalLimit) nested modals; results hold up to that many",
                                    at: modalRange, in: analysis))
        }
        return findings
    }
}

extension RuleID {
    public static let bounded = RuleID(rawValue: "bounded")
}
