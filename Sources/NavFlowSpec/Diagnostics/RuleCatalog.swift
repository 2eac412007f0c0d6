/// What a rule is: its id, default severity, the phase that reports it and a
/// one-line summary. Renderers use the catalog for SARIF rule metadata and
/// `docs/diagnostics.md` documents every entry.
public struct RuleDescriptor: Hashable, Sendable {
    /// When a rule's findings are produced.
    public enum Phase: String, Sendable, Hashable {
        /// While reading the spec; findings stop the run with exit 2.
        case frontEnd = "front-end"
        /// On the checked model without exploring it.
        case structural
        /// On the explored state graph.
        case exploration
    }

    public let id: RuleID
    public let severity: Severity
    public let phase: Phase
    public let summary: String
}

/// Every rule NavFlow knows, in documentation order.
public enum RuleCatalog {
    public static let all: [RuleDescriptor] = [
        .init(id: .syntax, severity: .error, phase: .frontEnd,
              summary: "The text does not follow the flow-spec grammar."),
        .init(id: .inputLimit, severity: .error, phase: .frontEnd,
              summary: "The spec is larger than NavFlow reads: file size, identifier length or number of declarations."),
        .init(id: .unknownName, severity: .error, phase: .frontEnd,
              summary: "A name is used that nothing declares."),
        .init(id: .duplicateName, severity: .error, phase: .frontEnd,
              summary: "A name is declared twice in the same namespace."),
        .init(id: .wrongKind, severity: .error, phase: .frontEnd,
              summary: "A name refers to a declaration of the wrong kind (a flag where a screen is expected, ...)."),
        .init(id: .arguments, severity: .error, phase: .frontEnd,
              summary: "A route's arguments do not match the screen's parameters."),
        .init(id: .rootParameters, severity: .error, phase: .frontEnd,
              summary: "A screen that is a root (of a stack, tab, column, modal or the app) takes parameters nothing can supply."),
        .init(id: .startRequired, severity: .error, phase: .frontEnd,
              summary: "The root content is missing or ambiguous: the spec needs a `start` declaration."),
        .init(id: .invalidExpression, severity: .error, phase: .frontEnd,
              summary: "A condition reads something it may not (a screen, or a flag in an `assume`)."),
        .init(id: .invalidStatement, severity: .error, phase: .frontEnd,
              summary: "A statement is not allowed where it stands (`open` in a deep link's `else`, `select` outside a split, ...)."),
        .init(id: .invalidDeclaration, severity: .error, phase: .frontEnd,
              summary: "A declaration is malformed (a missing `app`, a repeated `scheme`, an empty enum, a depth out of range, ...)."),
        .init(id: .deeplinkPattern, severity: .error, phase: .frontEnd,
              summary: "A deep-link URL pattern is malformed, uses an undeclared scheme or host, or binds parameters badly."),
        .init(id: .deeplinkTarget, severity: .error, phase: .frontEnd,
              summary: "A deep-link target does not describe a place in the app (no such tab, a column out of range, ...)."),
        .init(id: .invalidPattern, severity: .error, phase: .frontEnd,
              summary: "A query's state pattern does not describe states of the app (a column out of range, a push onto a screen, ...)."),
        .init(id: .orphanScreen, severity: .error, phase: .exploration,
              summary: "A declared screen is visible in no reachable state."),
        .init(id: .deeplinkOnlyScreen, severity: .warning, phase: .exploration,
              summary: "A screen is visible only after a deep link."),
        .init(id: .deeplinkInvalid, severity: .error, phase: .exploration,
              summary: "Handling a deep link yields an invalid state."),
        .init(id: .deeplinkStateDependent, severity: .error, phase: .exploration,
              summary: "Handling a deep link yields a valid state that is not its target."),
        .init(id: .deeplinkUnreachable, severity: .error, phase: .exploration,
              summary: "A deep link lands on a state that no in-app navigation reaches."),
        .init(id: .deeplinkAmbiguous, severity: .error, phase: .structural,
              summary: "Two deep-link patterns can match the same URL."),
        .init(id: .trap, severity: .error, phase: .exploration,
              summary: "A reachable state from which no home state can be reached in-app."),
        .init(id: .pushOutsideStack, severity: .error, phase: .exploration,
              summary: "A push where the active context has no navigation stack."),
        .init(id: .unregisteredDestination, severity: .error, phase: .exploration,
              summary: "A push of a screen that is not a destination of the active stack."),
        .init(id: .nestedStack, severity: .error, phase: .structural,
              summary: "A navigation stack pushed onto, or registered in, another stack."),
        .init(id: .dismissNoop, severity: .error, phase: .exploration,
              summary: "A dismiss with nothing to dismiss."),
        .init(id: .hiddenTab, severity: .error, phase: .exploration,
              summary: "A statement selects a tab that is hidden."),
        .init(id: .selectedTabHidden, severity: .error, phase: .exploration,
              summary: "A flag change hides the selected tab."),
        .init(id: .deadEdge, severity: .warning, phase: .exploration,
              summary: "An edge whose guard is false wherever its screen is visible."),
        .init(id: .unusedDestination, severity: .warning, phase: .exploration,
              summary: "A registered destination that nothing ever puts on its stack."),
        .init(id: .tabNeverVisible, severity: .warning, phase: .exploration,
              summary: "A tab hidden in every reachable state."),
        .init(id: .unusedFlag, severity: .warning, phase: .structural,
              summary: "A flag that no expression reads."),
        .init(id: .unusedInput, severity: .warning, phase: .structural,
              summary: "An input that no condition reads."),
        .init(id: .openUnmatched, severity: .warning, phase: .structural,
              summary: "An `open` statement's URL matches no deep-link pattern."),
        .init(id: .bounded, severity: .note, phase: .exploration,
              summary: "Exploration cut a path at its stack depth or the modal limit: results hold up to that bound."),
    ]

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.id, $0) }
    )

    /// The descriptor of a rule, or nil for an id NavFlow does not define.
    public static func rule(_ id: RuleID) -> RuleDescriptor? { byID[id] }
}
