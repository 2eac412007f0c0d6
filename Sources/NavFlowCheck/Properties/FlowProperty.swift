import NavFlowDiagnostics

/// What every property of `verify` has: the descriptor of the rule it
/// reports. A property turns facts (the checked spec, or the facts the
/// explorer recorded) into findings of its rule; the model and the search
/// know no rule.
public protocol FlowProperty: Sendable {
    /// The rule this property reports, as data.
    static var descriptor: RuleDescriptor { get }
}

extension FlowProperty {
    public var descriptor: RuleDescriptor { Self.descriptor }
    /// The rule whose findings this property reports.
    public var rule: RuleID { Self.descriptor.id }
}
