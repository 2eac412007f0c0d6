import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec

/// A defect of one statement, as one fact of a step shows it.
public struct StatementDefect: Sendable, Equatable {
    /// The statement with the defect: where the finding is reported.
    public var statement: SourceRange
    /// What is wrong with the statement. It reads only what every fact of
    /// this rule at this statement has in common, so that the finding says
    /// the same whichever occurrence a search meets first (a baseline
    /// matches on it).
    public var message: String
    /// What this occurrence shows (the screen on top, the stack, the tab),
    /// given as a note of the finding whose witness runs it; nil when the
    /// message says it all.
    public var detail: String?

    public init(statement: SourceRange, message: String, detail: String? = nil) {
        self.statement = statement
        self.message = message
        self.detail = detail
    }
}

/// A defect of one statement found while exploring: the rule is reported
/// once per statement, with the shortest witness that runs the statement
/// with the defect. Each rule is its own type and says which facts are its
/// defects; they share this judgement.
public protocol StatementDefectProperty: GraphProperty {
    /// The defect `fact` shows, when it is a defect of this rule.
    func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect?
}

extension StatementDefectProperty {
    /// A defect is a fact of an explored step: it holds at a limit too.
    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        // Per statement, the occurrence with the shortest witness.
        var first: [SourceRange: (state: Int, defect: StatementDefect, occurrence: GraphAnalysis.Occurrence)] = [:]
        for (fact, occurrence) in analysis.firstFacts {
            guard let defect = defect(fact, in: analysis.model) else { continue }
            let state = occurrence.state ?? -1
            if let existing = first[defect.statement],
               (existing.state, existing.defect.detail ?? "") <= (state, defect.detail ?? "") { continue }
            first[defect.statement] = (state, defect, occurrence)
        }
        return first.values.map { entry in
            let witness: Witness
            if let state = entry.occurrence.state {
                witness = analysis.witness(to: state, then: entry.occurrence.step)
            } else {
                witness = WitnessBuilder(model: analysis.model).witness([], inputs: entry.occurrence.launchInputs)
            }
            return finding(entry.defect.message, at: entry.defect.statement, in: analysis,
                           notes: entry.defect.detail.map { [.witnessShows($0)] } ?? [],
                           witness: witness)
        }
    }
}
