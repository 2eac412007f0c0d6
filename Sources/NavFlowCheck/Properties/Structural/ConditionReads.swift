import NavFlowDiagnostics
import NavFlowSpec

/// Where conditions are read in a spec, to find flags and inputs nothing reads.
struct ConditionReads {
    var flags = Set<Int>()
    var inputs = Set<Int>()

    init(_ spec: FlowSpec) {
        for condition in spec.conditionsRead {
            flags.formUnion(condition.flagsRead)
            inputs.formUnion(condition.inputsRead)
        }
    }
}
