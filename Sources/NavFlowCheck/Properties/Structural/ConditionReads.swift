import NavFlowDiagnostics
import NavFlowSpec

/// Where conditions are read in a spec, to find flags and inputs nothing reads.
struct ConditionReads {
    var flags = Set<Int>()
    var inputs = Set<Int>()

    init(_ spec: FlowSpec) {
        // `assume` is not a read: it narrows the valuations but decides nothing.
        var conditions: [Condition] = []
        for screen in spec.screens {
            conditions += screen.statementBlocks.compactMap(\.condition)
        }
        for view in spec.tabViews {
            conditions += view.tabs.compactMap(\.hiddenIf)
        }
        conditions += spec.launch.compactMap(\.condition)
        conditions += spec.deepLinks.flatMap(\.handlers).compactMap(\.requires)
        for condition in conditions {
            flags.formUnion(condition.flagsRead)
            inputs.formUnion(condition.inputsRead)
        }
    }
}
