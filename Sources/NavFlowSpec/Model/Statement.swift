import NavFlowSource

/// A resolved navigation statement.
public struct Statement: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Append a route to the active stack.
        case push(Route)
        /// Append a route to the stack beneath every modal (the selected
        /// tab's, or the root's), leaving the modals up: sheet content using
        /// the router of the view that presented it.
        case pushUnderModals(Route)
        /// Append a route to the active stack by a view-destination link
        /// (`NavigationLink { Destination() }`): no registration needed, and
        /// the entry stays outside the path the app's router holds.
        case pushInline(Route)
        /// Push a screen that is itself a stack (the `nested-stack` defect).
        case pushStack(Int)
        /// Present a screen or stack modally.
        case present(ModalKind, Content)
        case dismiss
        /// Close the first (lowest) of these modals that is up, with every
        /// modal above it; keep the modals beneath. Nothing when none is up.
        case close([Content])
        case pop
        case popToRoot
        /// Empty every path and reset every column, close every modal, keep
        /// the selected tab and the flags: the root content built anew
        /// (`TabView` given a new `.id`, on sign-in, sign-out, account switch).
        case rebuild
        /// Select a tab of the root tab view (index into its tabs).
        case selectTab(Int)
        case set(flag: Int, value: Bool)
        /// Handle a URL from inside the app.
        case open(String)
        /// Show a route in the next column of a split view.
        case select(Route)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A resolved edge of a screen: one statement, or a labelled action whose
/// statements run atomically, taken only when its condition holds.
public struct Edge: Hashable, Sendable {
    public var label: String?
    public var statements: [Statement]
    public var condition: Condition?
    /// `when CHOICE is OUTCOME`: the edge is one outcome of a tap that
    /// depends on data; the others are the screen's other edges of the choice.
    public var outcome: ChoiceOutcome?
    public var range: SourceRange

    public init(label: String?, statements: [Statement], condition: Condition?, outcome: ChoiceOutcome? = nil,
                range: SourceRange) {
        self.label = label
        self.outcome = outcome
        self.statements = statements
        self.condition = condition
        self.range = range
    }
}

/// A resolved `on dismiss` hook: statements run each time the modal whose
/// root is the screen closes, however it closes (docs/semantics.md,
/// "Dismissal hooks"), when its condition holds then.
public struct DismissHook: Hashable, Sendable {
    public var statements: [Statement]
    public var condition: Condition?
    /// `on dismiss`.
    public var keyword: SourceRange
    public var range: SourceRange

    public init(statements: [Statement], condition: Condition?, keyword: SourceRange, range: SourceRange) {
        self.statements = statements
        self.condition = condition
        self.keyword = keyword
        self.range = range
    }
}

/// A resolved `appear` hook: statements a screen runs each time it appears
/// (docs/semantics.md, "Appear hooks"), when its condition holds.
public struct AppearHook: Hashable, Sendable {
    public var statements: [Statement]
    public var condition: Condition?
    /// The `appear` keyword.
    public var keyword: SourceRange
    public var range: SourceRange

    public init(statements: [Statement], condition: Condition?, keyword: SourceRange, range: SourceRange) {
        self.statements = statements
        self.condition = condition
        self.keyword = keyword
        self.range = range
    }
}
