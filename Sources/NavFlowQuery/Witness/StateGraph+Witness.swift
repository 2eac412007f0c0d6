import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch

extension StateGraph {
    /// The witness that reaches state `index` and then, optionally, takes
    /// `extra`: the graph's path of the app to it, in words.
    public func witness(to index: Int, then extra: Step? = nil) -> Witness {
        var (steps, last) = appPath(to: index)
        if let extra { steps.append((from: last, step: extra)) }
        return WitnessBuilder(model: model).witness(steps, inputs: state(index).inputs)
    }
}
