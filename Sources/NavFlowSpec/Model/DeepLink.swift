import NavFlowSource

/// A deep-link URL pattern such as `recipes://recipe/{id: RecipeID}`.
public struct DeepLinkPattern: Hashable, Sendable {
    /// What comes before the path: a custom scheme, or an http(s) host.
    public enum Origin: Hashable, Sendable {
        /// `scheme://a/b`: everything after `//` is matched as path segments.
        case scheme(String)
        /// `https://host/a/b` (or `http`): the host, lowercased.
        case host(String)
        /// Not a URL: an `entry` point of this kind and name, matched by no URL.
        case entry(EntryPointKind, String)
    }

    /// One `/`-separated part of the path, or the value of a query item.
    public enum Segment: Hashable, Sendable {
        /// Matched exactly, after percent-decoding both sides.
        case literal(String)
        /// A `{name: Type}` segment (index into `parameters`).
        case parameter(Int)
        /// `_`: any non-empty segment, bound to nothing.
        case any
        /// `{_: Type}`: a segment the type accepts, bound to nothing.
        case typed(ValueType)
        /// `**`: any number of segments, none included (path only, at most once).
        case rest
    }

    /// A `name=VALUE` query item; `name?=VALUE` when it may be absent.
    public struct QueryItem: Hashable, Sendable {
        public var name: String
        public var value: Segment
        public var optional: Bool

        public init(name: String, value: Segment, optional: Bool) {
            self.name = name
            self.value = value
            self.optional = optional
        }
    }

    public var origin: Origin
    public var segments: [Segment]
    /// The query items the URL must (or, optional, may) carry, in any order.
    public var query: [QueryItem]
    public var parameters: [PatternParameter]
    /// The pattern as written.
    public var text: String
    /// `ignoring case`: literal segments and query values, and the cases of
    /// enum parameters, are compared without case, as an app that
    /// lowercases the URL (`url.pathComponents.map { $0.lowercased() }`)
    /// compares them. The scheme and an http(s) host never have case.
    public var ignoresCase = false

    public init(origin: Origin, segments: [Segment], query: [QueryItem] = [], parameters: [PatternParameter],
                text: String) {
        self.origin = origin
        self.segments = segments
        self.query = query
        self.parameters = parameters
        self.text = text
    }
}

/// What opens the app at an `entry` point.
public enum EntryPointKind: String, CaseIterable, Hashable, Sendable {
    /// A tap on a notification (`UNUserNotificationCenterDelegate`).
    case notification
    /// An App Intent run from Shortcuts, Siri or Spotlight (`openAppWhenRun`).
    case shortcut
    /// A widget's button or configuration intent.
    case widget
    /// A Home Screen quick action (`UIApplicationShortcutItem`).
    case quickAction
    /// A continued user activity: Handoff, Spotlight (`onContinueUserActivity`).
    case handoff
    /// A button the app shows for a while over whatever screen is up: a
    /// toast's or a banner's action (usually `if` a flag).
    case toast

    /// How a user takes this kind of entry, for witnesses.
    public func step(named name: String) -> String {
        switch self {
        case .notification: "Tap the '\(name)' notification"
        case .shortcut: "Run the '\(name)' shortcut"
        case .widget: "Tap the '\(name)' widget"
        case .quickAction: "Choose the '\(name)' quick action"
        case .handoff: "Continue the '\(name)' activity"
        case .toast: "Tap the '\(name)' toast"
        }
    }
}

/// A `{name: Type}` segment of a deep-link pattern.
public struct PatternParameter: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var range: SourceRange
    /// The type as written.
    public var typeName: String
}

/// The state a deep link leads to: a tab, the paths and column selections
/// of that tab's content, and the modals on top.
public struct DeepLinkTarget: Hashable, Sendable {
    /// The tab of the root tab view to select; nil keeps the selected tab (or
    /// the root has no tabs).
    public var tab: Int?
    /// `*`: the target describes where the user is once the link has closed
    /// what it closes: the top modal when one stays up (`keep modals`), else
    /// the selected tab's content, else the root's (`tab` is nil). The
    /// modals that stay up are then part of the target.
    public var describesCurrentContext: Bool
    /// `/ ...`: the path of the first column described is kept and the
    /// routes of `columns[0].path` are appended to it; nothing else of the
    /// base content changes.
    public var appends: Bool
    /// For the base content: one entry per column described (a plain stack
    /// has one column). Empty when the target describes no base content.
    public var columns: [ColumnTarget]
    public var modals: [ModalTarget]
    public var range: SourceRange

    public init(tab: Int?, describesCurrentContext: Bool = false, appends: Bool = false, columns: [ColumnTarget],
                modals: [ModalTarget], range: SourceRange) {
        self.tab = tab
        self.describesCurrentContext = describesCurrentContext
        self.appends = appends
        self.columns = columns
        self.modals = modals
        self.range = range
    }

    /// Whether handling the link sets the base content (the paths and
    /// column selections) of a tab, or of the root when it has no tabs:
    /// false only for a target on a tab root that names no tab and no `*`,
    /// which presents modals and keeps the selected tab's content.
    public func describesBase(rootHasTabs: Bool) -> Bool {
        !rootHasTabs || tab != nil || describesCurrentContext
    }

    /// Whether the result depends on the selected tab or on a path of the
    /// source state (`*`, `/ ...`, or a tab root's target naming no tab).
    public func dependsOnWhereTheUserIs(rootHasTabs: Bool) -> Bool {
        appends || (rootHasTabs && tab == nil)
    }
}

/// What a target puts in one column (or in a plain stack): the route the
/// column shows instead of its declared content (`> R`), and the path.
public struct ColumnTarget: Hashable, Sendable {
    public var shows: Route?
    public var path: [Route]
}

/// A modal a target presents, with its path when it is a stack.
public struct ModalTarget: Hashable, Sendable {
    public var kind: ModalKind
    public var content: Content
    public var path: [Route]
    public var range: SourceRange
}

/// A `deeplink` declaration: a pattern and the handlers a matching URL
/// runs, in declaration order, in one step.
public struct DeepLink: Hashable, Sendable {
    public var pattern: DeepLinkPattern
    public var patternRange: SourceRange
    /// At least one.
    public var handlers: [DeepLinkHandler]
    public var range: SourceRange
    /// For an entry point written `if CONDITION`: it is offered only while
    /// the condition holds (a toast's button while the toast is up); else
    /// it is not a step at all. Nil: always offered.
    public var offeredIf: Condition?

    public init(pattern: DeepLinkPattern, patternRange: SourceRange, handlers: [DeepLinkHandler], range: SourceRange) {
        self.pattern = pattern
        self.patternRange = patternRange
        self.handlers = handlers
        self.range = range
    }

    /// The choice the handlers depend on (`when CHOICE is ...`): the link
    /// is handled once per outcome, the outcome after the pattern's values.
    public var choice: Int? { handlers.lazy.compactMap(\.outcome?.choice).first }

    /// Whether a handler runs for the outcome given after the pattern's
    /// values (always, for a handler without `when`); values without an
    /// outcome take the first.
    public func runs(_ handler: DeepLinkHandler, arguments: [Int]) -> Bool {
        guard let outcome = handler.outcome else { return true }
        let given = arguments.count > pattern.parameters.count ? arguments[pattern.parameters.count] : 0
        return given == outcome.outcome
    }

    /// The handlers a URL with these values runs, in declaration order.
    public func handlers(running arguments: [Int]) -> [DeepLinkHandler] {
        handlers.filter { runs($0, arguments: arguments) }
    }

    /// The outcome of the choice a step takes: the value after the
    /// pattern's; nil for a link without a choice.
    public func outcome(in arguments: [Int]) -> ChoiceOutcome? {
        guard let choice, arguments.count > pattern.parameters.count else { return nil }
        return ChoiceOutcome(choice: choice, outcome: arguments[pattern.parameters.count])
    }

    /// Whether any handler keeps the modals up.
    public var keepsModals: Bool { handlers.contains { $0.keepModals } }

    /// The entry point, when the link is an `entry` and not a URL pattern.
    public var entry: (kind: EntryPointKind, name: String)? {
        if case .entry(let kind, let name) = pattern.origin { (kind, name) } else { nil }
    }

    /// The link in messages: `deep link "x://a/{id: T}"`, or `notification
    /// entry 'mention'`.
    public var subject: String {
        if let entry { "\(entry.kind.rawValue) entry '\(entry.name)'" } else { "deep link \"\(pattern.text)\"" }
    }
}

/// What one registered URL handler does with a URL its link matches
/// (`-> TARGET [requires EXPR [else STMT]] [close ...] [keep ... | under modals]`).
public struct DeepLinkHandler: Hashable, Sendable {
    public var target: DeepLinkTarget
    public var requires: Condition?
    /// What runs when `requires` is false.
    public var otherwise: Statement?
    /// Whether modals stay up (`keep modals`, or `close` for the others).
    public var keepModals: Bool
    /// `close NAME, ...`: the screens or stacks whose modal the handler
    /// closes, with the modals above it, before the rest (`keepModals` is
    /// then true). Empty for `keep modals` and for closing every modal.
    public var closing: [Content] = []
    /// `under modals`: every modal stays up and the target's path is
    /// written to the router's current path beneath them: the path of the
    /// topmost presented stack declared `router path`, else the stack of
    /// the (target's or selected) tab (`keepModals` is then true).
    public var underModals = false
    /// `anywhere`: the modals the target presents may be presented over
    /// any state, including those where the app itself never presents them
    /// (no `deeplink-out-of-context`).
    public var anywhere = false
    /// `keep tab`: the target's tab is changed but not selected.
    public var keepsTab: Bool
    /// `when CHOICE is OUTCOME`: the handler runs only for that outcome.
    public var outcome: ChoiceOutcome?
    public var range: SourceRange

    public init(target: DeepLinkTarget, requires: Condition?, otherwise: Statement?, keepModals: Bool,
                keepsTab: Bool = false, outcome: ChoiceOutcome? = nil, range: SourceRange) {
        self.target = target
        self.outcome = outcome
        self.requires = requires
        self.otherwise = otherwise
        self.keepModals = keepModals
        self.keepsTab = keepsTab
        self.range = range
    }
}
