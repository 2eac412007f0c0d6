import NavFlowSource

/// An `enum` type: parameters of this type range over its cases.
public struct EnumType: Hashable, Sendable {
    public var name: String
    public var cases: [String]
    public var range: SourceRange
}

/// A `choice`: data the app routes on (whose account a row shows, which
/// server a URL names), with its outcomes. Each tap or link that depends
/// on it is taken once per outcome.
public struct Choice: Hashable, Sendable {
    public var name: String
    /// What decides it, as the spec documents it.
    public var description: String
    public var outcomes: [String]
    public var range: SourceRange

    public init(name: String, description: String, outcomes: [String], range: SourceRange) {
        self.name = name
        self.description = description
        self.outcomes = outcomes
        self.range = range
    }
}

/// One outcome of a choice: `when CHOICE is OUTCOME`.
public struct ChoiceOutcome: Hashable, Sendable {
    public var choice: Int
    public var outcome: Int

    public init(choice: Int, outcome: Int) {
        self.choice = choice
        self.outcome = outcome
    }

    /// `Owner: mine`, for witnesses and traces.
    public func text(in spec: FlowSpec) -> String {
        "\(spec.choices[choice].name): \(spec.choices[choice].outcomes[outcome])"
    }
}

/// An `id` type: an opaque identifier, digits only in URLs when based on Int.
public struct IDType: Hashable, Sendable {
    public var name: String
    public var base: IDBase
    public var range: SourceRange
}

/// A `flag`: mutable app state with its launch value.
public struct Flag: Hashable, Sendable {
    public var name: String
    /// Its value at launch, before the `launch` statements run: a constant,
    /// or a condition over inputs (`flag isSetup = hasSavedServer`).
    public var initial: Condition
    public var range: SourceRange
}

/// An `input`: any value, fixed for a whole run.
public struct Input: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
}

/// A screen parameter.
public struct Parameter: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var range: SourceRange
}

/// A `screen`: a view that can be on screen, and the edges it offers.
public struct Screen: Hashable, Sendable {
    public var name: String
    public var parameters: [Parameter]
    /// `locked`, or `locked if CONDITION`: while the condition holds (always,
    /// for a plain `locked`), its modal cannot be swiped down. Nil when the
    /// screen is never locked.
    public var lock: Condition?
    /// For `locked if CONDITION`: the condition; nil for a plain `locked`
    /// and for a screen never locked.
    public var lockedWhile: Condition? { lock == .constant(true) ? nil : lock }
    /// `back hidden`, or `back hidden if CONDITION`: while the condition
    /// holds (always, for a plain `back hidden`), the screen on top of a
    /// path offers no back step (`navigationBarBackButtonHidden`, which
    /// also disables the swipe back). Nil when back is always there.
    public var backHidden: Condition?
    public var edges: [Edge]
    public var range: SourceRange
    /// `appear` hooks, in declaration order.
    public var hooks: [AppearHook] = []
    /// `on dismiss` hooks, in declaration order.
    public var dismissHooks: [DismissHook] = []

    /// Every block of statements the screen may run, with its guard: its
    /// edges', its appear hooks', then its dismissal hooks'. What a screen
    /// can do next, for the analyses that do not care whether a tap, an
    /// appearance or a dismissal runs it.
    public var statementBlocks: [(statements: [Statement], condition: Condition?)] {
        edges.map { ($0.statements, $0.condition) } + hooks.map { ($0.statements, $0.condition) }
            + dismissHooks.map { ($0.statements, $0.condition) }
    }
}

/// A `stack`: a `NavigationStack(path:)` with its root and destinations.
public struct Stack: Hashable, Sendable {
    public var name: String
    public var root: Int
    /// Screens registered with `navigationDestination`: the stack's own
    /// `destination` lines in declaration order, then the entries of each
    /// set it includes, in the order of its `destinations SET` lines.
    public var destinations: [Int]
    /// How each destination is registered, parallel to `destinations`.
    public var registrations: [DestinationRegistration]
    /// The destination sets the stack includes, where it includes them.
    public var includedSets: [DestinationSetInclusion]
    /// Stacks registered as destinations (the `nested-stack` defect).
    public var nestedDestinations: [StackReference]
    /// The longest path explored.
    public var depth: Int
    public var range: SourceRange
    /// `router path`: while the stack is presented as a modal, its path is
    /// the router's current path, which `push … under modals` and links
    /// `under modals` write (where `router path` was written).
    public var routerPath: SourceRange?
    /// Whether `depth` was set by a `DepthOverride` (`--depth`) rather than
    /// by the spec.
    public var depthOverridden = false
}

/// How a stack registers one of its destinations.
public enum DestinationRegistration: Hashable, Sendable {
    /// A `destination SCREEN` line of the stack, at this range.
    case direct(SourceRange)
    /// The entry at `entry` of the destination set `set` the stack includes.
    case shared(set: Int, entry: SourceRange)

    /// Where the registration is written.
    public var range: SourceRange {
        switch self {
        case .direct(let range): range
        case .shared(_, let entry): entry
        }
    }
}

/// A `destinations` set: a named set of destination screens that stacks
/// include, like a route enum registered by one shared view modifier.
public struct DestinationSet: Hashable, Sendable {
    public var name: String
    /// The screens of the set, in declaration order.
    public var screens: [Int]
    /// The ranges of the entries, parallel to `screens`.
    public var screenRanges: [SourceRange]
    /// Stacks listed in the set (the `nested-stack` defect).
    public var nestedStacks: [StackReference]
    public var range: SourceRange
}

/// A `destinations SET` line of a stack.
public struct DestinationSetInclusion: Hashable, Sendable {
    public var set: Int
    public var range: SourceRange
}

/// A place where a stack is named, for findings about it.
public struct StackReference: Hashable, Sendable {
    public var stack: Int
    public var range: SourceRange
}

/// A tab of a `tabs` view.
public struct Tab: Hashable, Sendable {
    public var id: String
    public var title: String
    public var content: Content
    public var hiddenIf: Condition?
    /// Whether tapping the tab's item while it is selected pops its stack
    /// to the root (the tab bar's own behaviour on iOS and iPadOS); false
    /// for `retap off`, an app that intercepts the tap.
    public var popsOnRetap = true
    public var range: SourceRange
}

/// A `tabs` view: a `TabView(selection:)`.
public struct TabView: Hashable, Sendable {
    public var name: String
    public var tabs: [Tab]
    /// The tab selected at launch, if declared.
    public var initial: Int?
    public var range: SourceRange
}

/// A `split` view: a `NavigationSplitView` with two or three columns.
public struct SplitView: Hashable, Sendable {
    public var name: String
    /// Sidebar, optional content column, detail; each a screen or a stack.
    public var columns: [Content]
    public var range: SourceRange
}

/// A `launch` statement, run once after the initial state is built.
public struct LaunchStep: Hashable, Sendable {
    public var statement: Statement
    public var condition: Condition?
}

/// An `assume`: a constraint on inputs that every run satisfies.
public struct Assumption: Hashable, Sendable {
    public var condition: Condition
    public var range: SourceRange
    /// Where it comes from when not from the spec (`--input isBeta=false`).
    public var origin: String?

    public init(condition: Condition, range: SourceRange, origin: String? = nil) {
        self.condition = condition
        self.range = range
        self.origin = origin
    }
}
