import NavFlowSpec

/// A defect of one statement found while exploring: the rule is reported
/// once per statement, with the shortest witness that runs the statement
/// with the defect. Each rule is its own type; they share this judgement.
public protocol StatementDefectProperty: GraphProperty {}

extension StatementDefectProperty {
    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        // Per statement, the occurrence with the shortest witness.
        var first: [SourceRange: (state: Int, detail: String, occurrence: GraphAnalysis.Occurrence)] = [:]
        for (event, occurrence) in analysis.firstEvents {
            guard case .defect(let eventRule, let range, let detail) = event, eventRule == rule else { continue }
            let state = occurrence.state ?? -1
            if let existing = first[range], (existing.state, existing.detail) <= (state, detail) { continue }
            first[range] = (state, detail, occurrence)
        }
        return first.map { range, entry in
            let witness: Witness
            if let state = entry.occurrence.state {
                witness = analysis.graph.witness(to: state, then: entry.occurrence.step)
            } else {
                witness = WitnessBuilder(model: analysis.model).witness([], inputs: entry.occurrence.launchInputs)
            }
            return finding(entry.detail, at: range, in: analysis, witness: witness)
        }
    }
}

/// `push-outside-stack`: a push where the active context has no stack;
/// SwiftUI ignores the link.
public struct PushOutsideStackProperty: StatementDefectProperty {
    public let rule = RuleID.pushOutsideStack
    public init() {}
}

/// `unregistered-destination`: a push of a screen the active stack does not
/// register; SwiftUI shows nothing.
public struct UnregisteredDestinationProperty: StatementDefectProperty {
    public let rule = RuleID.unregisteredDestination
    public init() {}
}

/// `dismiss-noop`: a dismiss with no pushed screen and no modal to close.
public struct DismissNoopProperty: StatementDefectProperty {
    public let rule = RuleID.dismissNoop
    public init() {}
}

/// `hidden-tab`: a statement selects a tab that is hidden.
public struct HiddenTabProperty: StatementDefectProperty {
    public let rule = RuleID.hiddenTab
    public init() {}
}

/// `selected-tab-hidden`: a step ends with the selected tab hidden.
public struct SelectedTabHiddenProperty: StatementDefectProperty {
    public let rule = RuleID.selectedTabHidden
    public init() {}
}
