import NavFlowSource

/// A screen parameter, `name: Type`.
public struct ParameterSyntax: Hashable, Sendable {
    public var name: Name
    public var type: Name

    public init(name: Name, type: Name) {
        self.name = name
        self.type = type
    }
}

/// The base type of an `id` declaration.
public enum IDBase: String, Hashable, Sendable {
    case int = "Int"
    case string = "String"
}

/// A tab of a `tabs` declaration.
public struct TabSyntax: Hashable, Sendable {
    public var id: Name
    public var title: StringLiteral
    public var content: Name
    public var hiddenIf: ExpressionSyntax?
    /// `retap off`: the app intercepts a tap on the selected tab's item,
    /// which then does not pop the tab's stack to its root.
    public var retapOff: Bool
    public var range: SourceRange

    public init(id: Name, title: StringLiteral, content: Name, hiddenIf: ExpressionSyntax?, retapOff: Bool = false,
                range: SourceRange) {
        self.id = id
        self.title = title
        self.content = content
        self.hiddenIf = hiddenIf
        self.retapOff = retapOff
        self.range = range
    }
}

/// A top-level declaration, with the range of its keyword (`keyword`) and of
/// the whole declaration.
public struct DeclarationSyntax: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case scheme(StringLiteral)
        case host(StringLiteral)
        case enumeration(name: Name, cases: [Name])
        case identifier(name: Name, base: IDBase)
        /// `initial` is `true`, `false` or a condition over inputs.
        case flag(name: Name, initial: ExpressionSyntax)
        case input(name: Name)
        case assume(ExpressionSyntax)
        /// `lock` is `locked` (a `true` literal) or `locked if CONDITION`; nil without.
        /// `backHidden` is `back hidden` (a `true` literal) or `back hidden if CONDITION`.
        case screen(name: Name, parameters: [ParameterSyntax], lock: ExpressionSyntax?, backHidden: ExpressionSyntax? = nil,
                    edges: [EdgeSyntax], hooks: [AppearHookSyntax] = [])
        /// `sets` are the `destinations SET` lines: the shared sets the stack includes;
        /// `routerPath` is where `router path` was written.
        case stack(name: Name, root: Name, destinations: [Name], sets: [Name], depth: IntegerLiteral?,
                   routerPath: SourceRange?)
        /// `destinations NAME { SCREEN ... }`: a named set of destinations
        /// that stacks include.
        case destinationSet(name: Name, screens: [Name])
        case tabs(name: Name, tabs: [TabSyntax], initial: Name?)
        case split(name: Name, columns: [Name])
        case start(Name)
        case launch(StatementSyntax, condition: ExpressionSyntax?)
        case deeplink(DeepLinkSyntax)
        case entry(EntrySyntax)
        /// `choice NAME "what decides it" { OUTCOME, ... }`: data the app
        /// routes on, with its outcomes.
        case choice(name: Name, description: StringLiteral, outcomes: [Name])
    }

    public var kind: Kind
    public var keyword: SourceRange
    public var range: SourceRange

    public init(kind: Kind, keyword: SourceRange, range: SourceRange) {
        self.kind = kind
        self.keyword = keyword
        self.range = range
    }
}

/// `deeplink "PATTERN" HANDLER...`: one handler, or several that each run.
public struct DeepLinkSyntax: Hashable, Sendable {
    public var pattern: StringLiteral
    /// `ignoring case` after the pattern, where it is written.
    public var ignoringCase: SourceRange?
    public var handlers: [DeepLinkHandlerSyntax]

    public init(pattern: StringLiteral, ignoringCase: SourceRange? = nil, handlers: [DeepLinkHandlerSyntax]) {
        self.pattern = pattern
        self.ignoringCase = ignoringCase
        self.handlers = handlers
    }
}

/// `entry KIND NAME [(PARAMETERS)] HANDLER...`: a notification, shortcut,
/// widget, quick action or Handoff activity that opens the app somewhere.
public struct EntrySyntax: Hashable, Sendable {
    public var kind: Name
    public var name: Name
    public var parameters: [ParameterSyntax]
    /// `if CONDITION` before the handlers: offered only while it holds.
    public var offeredIf: ExpressionSyntax?
    public var handlers: [DeepLinkHandlerSyntax]

    public init(kind: Name, name: Name, parameters: [ParameterSyntax], offeredIf: ExpressionSyntax? = nil,
                handlers: [DeepLinkHandlerSyntax]) {
        self.kind = kind
        self.name = name
        self.parameters = parameters
        self.offeredIf = offeredIf
        self.handlers = handlers
    }
}

/// `-> TARGET [requires EXPR [else STMT]] [close NAME, ...] [keep modals | keep tab | keep tab, modals | under modals] [anywhere]`.
public struct DeepLinkHandlerSyntax: Hashable, Sendable {
    public var target: TargetSyntax
    public var requires: ExpressionSyntax?
    public var otherwise: StatementSyntax?
    public var keepModals: Bool
    /// `close NAME, ...`: the modals it closes (keeping the others).
    public var closing: [Name] = []
    /// `keep tab`: where it was written.
    public var keepTab: SourceRange?
    /// `under modals`: where it was written (`keepModals` is then true).
    public var underModals: SourceRange?
    /// `anywhere`: where it was written.
    public var anywhere: SourceRange?
    /// `when CHOICE is OUTCOME`: the handler runs only for that outcome.
    public var when: WhenSyntax?
    public var range: SourceRange

    public init(target: TargetSyntax, requires: ExpressionSyntax?, otherwise: StatementSyntax?, keepModals: Bool,
                keepTab: SourceRange? = nil, when: WhenSyntax? = nil, range: SourceRange) {
        self.target = target
        self.when = when
        self.requires = requires
        self.otherwise = otherwise
        self.keepModals = keepModals
        self.keepTab = keepTab
        self.range = range
    }
}

/// A parsed spec file: the app's name and its declarations in source order.
public struct SpecSyntax: Hashable, Sendable {
    public var app: Name?
    public var declarations: [DeclarationSyntax]

    public init(app: Name?, declarations: [DeclarationSyntax]) {
        self.app = app
        self.declarations = declarations
    }
}


/// `when CHOICE is OUTCOME` on an edge or a deep-link handler.
public struct WhenSyntax: Hashable, Sendable {
    public var choice: Name
    public var outcome: Name
    public var range: SourceRange

    public init(choice: Name, outcome: Name, range: SourceRange) {
        self.choice = choice
        self.outcome = outcome
        self.range = range
    }
}
