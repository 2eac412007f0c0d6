/// The stable identifier of a rule. Ids never change once released: tools
/// and CI configurations match on them.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The severity a finding of this rule has unless a caller overrides it.
    public var defaultSeverity: Severity {
        RuleCatalog.rule(self)?.severity ?? .error
    }
}

extension RuleID {
    // Front end: the spec cannot be checked until these are fixed (exit 2).
    public static let syntax = RuleID(rawValue: "syntax")
    public static let unknownName = RuleID(rawValue: "unknown-name")
    public static let duplicateName = RuleID(rawValue: "duplicate-name")
    public static let wrongKind = RuleID(rawValue: "wrong-kind")
    public static let arguments = RuleID(rawValue: "arguments")
    public static let rootParameters = RuleID(rawValue: "root-parameters")
    public static let startRequired = RuleID(rawValue: "start-required")
    public static let invalidExpression = RuleID(rawValue: "invalid-expression")
    public static let invalidStatement = RuleID(rawValue: "invalid-statement")
    public static let invalidDeclaration = RuleID(rawValue: "invalid-declaration")
    public static let deeplinkPattern = RuleID(rawValue: "deeplink-pattern")
    public static let deeplinkTarget = RuleID(rawValue: "deeplink-target")
    public static let invalidPattern = RuleID(rawValue: "invalid-pattern")
    public static let inputLimit = RuleID(rawValue: "input-limit")

    // Flow properties (flow-language section 5).
    public static let orphanScreen = RuleID(rawValue: "orphan-screen")
    public static let deeplinkOnlyScreen = RuleID(rawValue: "deeplink-only-screen")
    public static let deeplinkInvalid = RuleID(rawValue: "deeplink-invalid")
    public static let deeplinkStateDependent = RuleID(rawValue: "deeplink-state-dependent")
    public static let deeplinkUnreachable = RuleID(rawValue: "deeplink-unreachable")
    public static let deeplinkAmbiguous = RuleID(rawValue: "deeplink-ambiguous")
    public static let trap = RuleID(rawValue: "trap")
    public static let pushOutsideStack = RuleID(rawValue: "push-outside-stack")
    public static let unregisteredDestination = RuleID(rawValue: "unregistered-destination")
    public static let nestedStack = RuleID(rawValue: "nested-stack")
    public static let dismissNoop = RuleID(rawValue: "dismiss-noop")
    public static let hiddenTab = RuleID(rawValue: "hidden-tab")
    public static let selectedTabHidden = RuleID(rawValue: "selected-tab-hidden")
    public static let deadEdge = RuleID(rawValue: "dead-edge")
    public static let unusedDestination = RuleID(rawValue: "unused-destination")
    public static let tabNeverVisible = RuleID(rawValue: "tab-never-visible")
    public static let unusedFlag = RuleID(rawValue: "unused-flag")
    public static let unusedInput = RuleID(rawValue: "unused-input")
    public static let bounded = RuleID(rawValue: "bounded")
    public static let openUnmatched = RuleID(rawValue: "open-unmatched")
}
