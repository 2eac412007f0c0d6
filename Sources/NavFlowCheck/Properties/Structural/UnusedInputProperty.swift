import NavFlowDiagnostics
import NavFlowSpec

/// `unused-input`: an input no guard, `hidden`, `requires` or `launch`
/// condition reads; every valuation of it behaves alike.
public struct UnusedInputProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .unusedInput, severity: .warning, phase: .structural,
        summary: "An input that no condition reads.",
        givesWitness: false, examples: .defects(.unusedInput))

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        let reads = ConditionReads(spec)
        return spec.inputs.indices.filter { !reads.inputs.contains($0) }.map { index in
            finding("input '\(spec.inputs[index].name)' is never read by a condition; use it in a guard, 'hidden if' or 'requires', or remove it",
                    at: spec.inputs[index].range, in: spec)
        }
    }
}

extension RuleID {
    public static let unusedInput = RuleID(rawValue: "unused-input")
}
