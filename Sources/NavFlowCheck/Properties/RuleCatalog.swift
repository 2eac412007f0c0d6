import NavFlowDiagnostics
import NavFlowSpec

/// Every rule NavFlow knows, in documentation order: the front end's, then
/// those of the properties `verify` checks, then those about suppression
/// comments. Renderers use it for SARIF rule
/// metadata and JUnit suites; `docs/diagnostics.md`'s table and the
/// per-rule tests are checked against it.
public enum RuleCatalog {
    /// Every property `verify` checks, in the order its rule is documented.
    /// A rule found both from the spec alone and by exploration has a
    /// property for each part, listed together.
    public static let properties: [any FlowProperty] = [
        OrphanScreenProperty(),
        DeepLinkOnlyScreenProperty(),
        DeepLinkTargetProperty(),
        DeepLinkInvalidProperty(),
        DeepLinkStateDependentProperty(),
        DeepLinkUnreachableProperty(),
        DeepLinkOutOfContextProperty(),
        DeepLinkAmbiguityProperty(),
        DeepLinkHandlerOrderProperty(),
        PresentationDroppedProperty(),
        HookPresentationDroppedProperty(),
        AppearLoopProperty(),
        TrapProperty(),
        PushOutsideStackProperty(),
        UnregisteredDestinationProperty(),
        NestedStackProperty(),
        MixedNavigationLinksProperty(),
        DismissNoopProperty(),
        HiddenTabProperty(),
        SelectedTabHiddenProperty(),
        DeadEdgeProperty(),
        UnusedDestinationProperty(),
        TabNeverVisibleProperty(),
        UnusedFlagProperty(),
        UnusedInputProperty(),
        OpenUnmatchedProperty(),
        BoundedProperty(),
    ]

    /// Every rule's descriptor, in documentation order.
    public static let all: [RuleDescriptor] = {
        var seen = Set<RuleID>()
        return (FrontEndRules.all + properties.map(\.descriptor) + SuppressionRules.all).filter { seen.insert($0.id).inserted }
    }()

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.id, $0) }
    )

    /// The descriptor of a rule, or nil for an id NavFlow does not define.
    public static func rule(_ id: RuleID) -> RuleDescriptor? { byID[id] }
}
