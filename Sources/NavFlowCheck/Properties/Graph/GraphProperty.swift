import NavFlowSpec

/// A property judged on the explored state graph. Each rule of `verify`
/// that needs exploration is one type; the explorer knows none of them.
public protocol GraphProperty: Sendable {
    /// The rule whose findings this property reports.
    var rule: RuleID { get }
    func check(_ analysis: GraphAnalysis) -> [Diagnostic]
}

extension GraphProperty {
    func finding(_ message: String, at range: SourceRange, in analysis: GraphAnalysis,
                 notes: [DiagnosticNote] = [], witness: Witness? = nil) -> Diagnostic {
        Diagnostic(rule: rule, message: message, file: analysis.spec.file.path, range: range,
                   notes: notes, witness: witness)
    }
}

/// The graph properties `verify` checks.
public enum GraphProperties {
    public static let all: [any GraphProperty] = [
        OrphanScreenProperty(),
        DeepLinkOnlyScreenProperty(),
        DeepLinkInvalidProperty(),
        DeepLinkStateDependentProperty(),
        DeepLinkUnreachableProperty(),
        TrapProperty(),
        PushOutsideStackProperty(),
        UnregisteredDestinationProperty(),
        DismissNoopProperty(),
        HiddenTabProperty(),
        SelectedTabHiddenProperty(),
        DeadEdgeProperty(),
        UnusedDestinationProperty(),
        TabNeverVisibleProperty(),
        BoundedProperty(),
    ]
}
