import NavFlowDiagnostics

// The front end's rules: the spec cannot be checked until these are fixed
// (exit 2). Every one is an error.
extension RuleID {
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
}

/// The descriptors of the front end's rules, in documentation order.
public enum FrontEndRules {
    public static let all: [RuleDescriptor] = [
        rule(.syntax, "The text does not follow the flow-spec grammar."),
        rule(.inputLimit, "The spec is larger than NavFlow reads: file size, identifier length or number of declarations."),
        rule(.unknownName, "A name is used that nothing declares."),
        rule(.duplicateName, "A name is declared twice in the same namespace."),
        rule(.wrongKind, "A name refers to a declaration of the wrong kind (a flag where a screen is expected, ...)."),
        rule(.arguments, "A route's arguments do not match the screen's parameters."),
        rule(.rootParameters, "A screen that is a root (of a stack, tab, column, modal or the app) takes parameters nothing can supply."),
        rule(.startRequired, "The root content is missing or ambiguous: the spec needs a `start` declaration."),
        rule(.invalidExpression, "A condition reads something it may not (a screen, or a flag in an `assume`)."),
        rule(.invalidStatement, "A statement is not allowed where it stands (`open` in a deep link's `else`, `select` outside a split, ...)."),
        rule(.invalidDeclaration, "A declaration is malformed (a missing `app`, a repeated `scheme`, an empty enum, a depth out of range, ...)."),
        rule(.deeplinkPattern, "A deep-link URL pattern is malformed, uses an undeclared scheme or host, or binds parameters badly."),
        rule(.deeplinkTarget, "A deep-link target does not describe a place in the app (no such tab, a column out of range, ...)."),
        rule(.invalidPattern, "A query's state pattern does not describe states of the app (a column out of range, a push onto a screen, ...)."),
    ]

    private static func rule(_ id: RuleID, _ summary: String) -> RuleDescriptor {
        RuleDescriptor(id: id, severity: .error, phase: .frontEnd, summary: summary)
    }
}
