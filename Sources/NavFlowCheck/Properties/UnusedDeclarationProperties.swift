import NavFlowSpec

/// Where conditions are read in a spec, to find flags and inputs nothing reads.
struct ConditionReads {
    var flags = Set<Int>()
    var inputs = Set<Int>()

    init(_ spec: FlowSpec) {
        // `assume` is not a read: it narrows the valuations but decides nothing.
        var conditions: [Condition] = []
        for screen in spec.screens {
            conditions += screen.edges.compactMap(\.condition)
        }
        for view in spec.tabViews {
            conditions += view.tabs.compactMap(\.hiddenIf)
        }
        conditions += spec.launch.compactMap(\.condition)
        conditions += spec.deepLinks.compactMap(\.requires)
        for condition in conditions {
            flags.formUnion(condition.flagsRead)
            inputs.formUnion(condition.inputsRead)
        }
    }
}

/// `unused-flag`: a flag no condition reads. Setting a flag is not reading
/// it, so such a flag cannot change what the user can do.
public struct UnusedFlagProperty: StructuralProperty {
    public let rule = RuleID.unusedFlag

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        let reads = ConditionReads(spec)
        return spec.flags.indices.filter { !reads.flags.contains($0) }.map { index in
            finding("flag '\(spec.flags[index].name)' is never read by a condition; guard an edge, a tab or a deep link with it, or remove it",
                    at: spec.flags[index].range, in: spec)
        }
    }
}

/// `unused-input`: an input no guard, `hidden`, `requires` or `launch`
/// condition reads; every valuation of it behaves alike.
public struct UnusedInputProperty: StructuralProperty {
    public let rule = RuleID.unusedInput

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        let reads = ConditionReads(spec)
        return spec.inputs.indices.filter { !reads.inputs.contains($0) }.map { index in
            finding("input '\(spec.inputs[index].name)' is never read by a condition; use it in a guard, 'hidden if' or 'requires', or remove it",
                    at: spec.inputs[index].range, in: spec)
        }
    }
}
