import NavFlowSpec

/// Where an edge or statement acts: a slot of the root content, or the top modal.
public enum Context: Hashable, Sendable {
    case slot(Int)
    case modal
}

/// One transition's label: what the user (or the system) did.
public enum Step: Hashable, Sendable {
    /// Take edge `edge` of the visible screen in `context`; `choices` are
    /// the route ids chosen for each push or select of the edge, in order.
    case edge(context: Context, screen: Int, edge: Int, choices: [Int])
    /// Pop the stack of `context`.
    case back(context: Context)
    case switchTab(Int)
    /// Swipe the top sheet or popover away.
    case swipeDown
    /// Open deep link `link` with argument values (enum case index; 0 for ids).
    case deepLink(link: Int, arguments: [Int])

    /// Whether the step is in-app navigation (everything but opening a link).
    public var isInApp: Bool {
        if case .deepLink = self { return false }
        return true
    }
}

/// Something that happened while taking a step, that a property may judge.
public enum StepEvent: Hashable, Sendable {
    /// A statement with a defect (push-outside-stack, unregistered-destination,
    /// dismiss-noop, hidden-tab, nested-stack) or a state defect at the end
    /// of a step (selected-tab-hidden); `range` locates the statement.
    case defect(RuleID, range: SourceRange, detail: String)
    /// A push reached its stack's depth (`stack`) or a presentation the
    /// modal limit (`stack == nil`): the step was cut off.
    case bounded(stack: Int?, range: SourceRange)
    /// A screen was put on a stack's path (by an edge or a deep link).
    case pushed(stack: Int, screen: Int)
}

/// How handling a deep link turned out.
public enum DeepLinkOutcome: Hashable, Sendable {
    /// `requires` was false: the `else` statement ran (or nothing).
    case otherwise
    /// The result is the link's target.
    case landed
    /// The result is valid but not the target (a kept modal, a path not replaced).
    case stateDependent(String)
    /// The result is invalid (a hidden tab, an unregistered destination, ...).
    case invalid(String)
}

/// A step from a state: its label, the state it leads to (nil when it was
/// cut off or is invalid), what happened on the way, and for a deep link,
/// how handling it turned out.
public struct Transition: Sendable {
    public var step: Step
    public var target: NavState?
    public var events: [StepEvent]
    public var outcome: DeepLinkOutcome?
}

/// What a transition carries besides its label: the events on the way and,
/// for a deep link, how handling it turned out. Interned: most transitions
/// share the empty note.
public struct TransitionNote: Hashable, Sendable {
    public var events: [StepEvent]
    public var outcome: DeepLinkOutcome?

    public init(events: [StepEvent], outcome: DeepLinkOutcome?) {
        self.events = events
        self.outcome = outcome
    }

    public static let empty = TransitionNote(events: [], outcome: nil)
}

/// A transition's step and note as ids (into the interned steps and notes):
/// what a stored transition carries besides its target.
public struct TransitionLabel: Hashable, Sendable {
    public var step: Int32
    public var note: Int32

    public init(step: Int32, note: Int32) {
        self.step = step
        self.note = note
    }
}
