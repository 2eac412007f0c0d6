import NavFlowSource

/// A route as written: a screen name and, optionally, its arguments.
/// `Recipe` (no parentheses) means any argument values; `Recipe(_)` spells
/// that out; `Category(desserts)` names an enum case; inside a screen, a
/// parameter name passes the screen's own argument through.
public struct RouteSyntax: Hashable, Sendable {
    public var screen: Name
    /// Nil when written without parentheses.
    public var arguments: [ArgumentSyntax]?
    public var range: SourceRange

    public init(screen: Name, arguments: [ArgumentSyntax]?, range: SourceRange) {
        self.screen = screen
        self.arguments = arguments
        self.range = range
    }
}

/// One argument of a route: `_` (any value) or a name (an enum case, or a
/// parameter bound by the enclosing screen or deep-link pattern).
public enum ArgumentSyntax: Hashable, Sendable {
    case wildcard(SourceRange)
    case name(Name)

    public var range: SourceRange {
        switch self {
        case .wildcard(let range): range
        case .name(let name): name.range
        }
    }
}

/// The three ways of presenting a modal.
public enum ModalKind: String, Hashable, Sendable, CaseIterable {
    case sheet
    case cover
    case popover
}

/// A navigation statement: one step an edge, an action, `launch` or a deep
/// link's `else` performs.
public struct StatementSyntax: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case push(RouteSyntax)
        /// `push ROUTE under modals`.
        case pushUnderModals(RouteSyntax)
        /// `push ROUTE inline`: a view-destination link.
        case pushInline(RouteSyntax)
        case present(ModalKind, Name)
        case dismiss
        /// `close NAME, ...`: the first of those modals that is up closes,
        /// with every modal above it.
        case close([Name])
        case pop
        case popToRoot
        /// `rebuild`.
        case rebuild
        case selectTab(Name)
        case set(Name, Bool)
        case open(StringLiteral)
        case select(RouteSyntax)
    }

    public var kind: Kind
    /// The whole statement, keyword to last token.
    public var range: SourceRange

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// An edge of a screen: a statement or a labelled action, with an optional
/// guard.
public struct EdgeSyntax: Hashable, Sendable {
    /// The action's label; nil for a single-statement edge.
    public var label: StringLiteral?
    public var statements: [StatementSyntax]
    public var condition: ExpressionSyntax?
    /// `when CHOICE is OUTCOME`: the edge is that outcome of its tap.
    public var when: WhenSyntax?
    public var range: SourceRange

    public init(label: StringLiteral?, statements: [StatementSyntax], condition: ExpressionSyntax?,
                when: WhenSyntax? = nil, range: SourceRange) {
        self.label = label
        self.when = when
        self.statements = statements
        self.condition = condition
        self.range = range
    }
}

/// When a screen's hook runs.
public enum HookEvent: Hashable, Sendable {
    /// `appear`: each time the screen's view appears (`.onAppear`, `.task`).
    case appear
    /// `on dismiss`: each time the modal the screen is the root of closes
    /// (`.sheet(isPresented:onDismiss:)`).
    case dismiss
}

/// `appear [if CONDITION] { statements }` or `on dismiss [if CONDITION] {
/// statements }` in a screen: what the screen does each time it appears,
/// or each time its modal closes.
public struct AppearHookSyntax: Hashable, Sendable {
    public var event: HookEvent
    public var statements: [StatementSyntax]
    public var condition: ExpressionSyntax?
    /// The `appear` keyword, or `on dismiss`, for findings about the hook.
    public var keyword: SourceRange
    public var range: SourceRange

    public init(event: HookEvent = .appear, statements: [StatementSyntax], condition: ExpressionSyntax?,
                keyword: SourceRange, range: SourceRange) {
        self.event = event
        self.statements = statements
        self.condition = condition
        self.keyword = keyword
        self.range = range
    }
}
