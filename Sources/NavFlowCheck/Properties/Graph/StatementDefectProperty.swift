import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec

/// A defect of one statement found while exploring: the rule is reported
/// once per statement, with the shortest witness that runs the statement
/// with the defect. Each rule is its own type and says which facts are its
/// defects; they share this judgement.
public protocol StatementDefectProperty: GraphProperty {
    /// The statement and the message, when `fact` is a defect of this rule.
    func defect(_ fact: StepFact, in model: FlowModel) -> (statement: SourceRange, message: String)?
}

extension StatementDefectProperty {
    /// A defect is a fact of an explored step: it holds at a limit too.
    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        // Per statement, the occurrence with the shortest witness.
        var first: [SourceRange: (state: Int, message: String, occurrence: GraphAnalysis.Occurrence)] = [:]
        for (fact, occurrence) in analysis.firstFacts {
            guard let (range, message) = defect(fact, in: analysis.model) else { continue }
            let state = occurrence.state ?? -1
            if let existing = first[range], (existing.state, existing.message) <= (state, message) { continue }
            first[range] = (state, message, occurrence)
        }
        return first.map { range, entry in
            let witness: Witness
            if let state = entry.occurrence.state {
                witness = analysis.graph.witness(to: state, then: entry.occurrence.step)
            } else {
                witness = WitnessBuilder(model: analysis.model).witness([], inputs: entry.occurrence.launchInputs)
            }
            return finding(entry.message, at: range, in: analysis, witness: witness)
        }
    }
}
