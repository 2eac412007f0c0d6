import NavFlowDiagnostics
import NavFlowSpec

/// `unused-flag`: a flag no condition reads. Setting a flag is not reading
/// it, so such a flag cannot change what the user can do.
public struct UnusedFlagProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .unusedFlag, severity: .warning, phase: .structural,
        summary: "A flag that no expression reads.",
        givesWitness: false, examples: .defects(.unusedFlag))

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        let reads = ConditionReads(spec)
        return spec.flags.indices.filter { !reads.flags.contains($0) }.map { index in
            finding("flag '\(spec.flags[index].name)' is never read by a condition; guard an edge, a tab or a deep link with it, or remove it",
                    at: spec.flags[index].range, in: spec)
        }
    }
}

extension RuleID {
    public static let unusedFlag = RuleID(rawValue: "unused-flag")
}
