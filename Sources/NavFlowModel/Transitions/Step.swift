import NavFlowSource
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
    /// Tap the item of the selected tab again: its stack pops to the root.
    case retapTab(Int)
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

/// A fact about what happened while taking a step: what the app did, in
/// the model's own terms (indices into the spec and the route table, and
/// the statement's place in the spec as its identity). Facts carry no
/// verdict: properties in NavFlowCheck decide which facts are findings,
/// under which rule, and say so in words.
public enum StepFact: Hashable, Sendable {
    /// A push of `screen` while the context on screen, showing route
    /// `visibleRoute`, has no navigation stack: the push does nothing.
    case pushWithoutStack(visibleRoute: Int, screen: Int, statement: SourceRange)
    /// A push of `screen` onto `stack`, which does not register it as a
    /// destination: the push does nothing.
    case unregisteredPush(stack: Int, screen: Int, statement: SourceRange)
    /// A `dismiss` while the context on screen, showing route `visibleRoute`,
    /// has nothing pushed and no modal is up: it does nothing.
    case dismissWithNothingToClose(visibleRoute: Int, statement: SourceRange)
    /// A `tab` statement selects `tab` while it is hidden: it does nothing.
    case selectsHiddenTab(tab: Int, statement: SourceRange)
    /// A `tab` statement selects `tab` (shown) while a modal is up: the tab
    /// changes beneath it. The parked search reads it (`TabIndependence.watched`).
    case selectsTabUnderModal(tab: Int, statement: SourceRange)
    /// The step, whose statements are at `step`, ends with the selected
    /// `tab` hidden though it was shown before; `shownTab` is the first tab
    /// still shown, if any.
    case hidesSelectedTab(tab: Int, shownTab: Int?, step: SourceRange)
    /// A push of `screen` onto `stack` at its depth: the step was cut off there.
    case cutAtStackDepth(stack: Int, screen: Int, statement: SourceRange)
    /// A presentation beyond the modal limit: the step was cut off there.
    case cutAtModalLimit(statement: SourceRange)
    /// A screen was put on a stack's path (by an edge or a deep link).
    case pushed(stack: Int, screen: Int)
    /// The handlers of deep link `link` give another result when run in
    /// another order than the declared one.
    case handlerOrderMatters(link: Int)
    /// A `rebuild` ran: every view on screen at the end of the step is new.
    case rebuilt
    /// An appear hook ran, as its screen appeared.
    case appearHookRan(AppearHookID)
    /// A view appeared again in the step whose hook `hook` already ran and
    /// would run again: the step was cut off there. `ran` are the hooks the
    /// step ran before, in order.
    case appearLoop(AppearHookID, ran: [AppearHookID])
    /// A dismissal hook ran (`on dismiss`): the step closed the modal at
    /// whose root its screen is, and its condition held.
    case dismissHookRan(DismissHookID)
    /// The dismissal hook `hook` would run a second time in one step (an
    /// appear hook closed a modal a dismissal hook had shown): the step
    /// was cut off there. `ran` are the dismissal hooks the step ran before.
    case dismissLoop(DismissHookID, ran: [DismissHookID])
    /// A statement of an appear hook presented `presentable` from a view
    /// covered by the modal `coveredBy`: SwiftUI ignores it.
    case presentationFromCoveredView(presentable: Int, coveredBy: Int, statement: SourceRange)
}

/// An appear hook: its screen and its number among the screen's hooks.
public struct AppearHookID: Hashable, Sendable {
    public var screen: Int
    public var hook: Int

    public init(screen: Int, hook: Int) {
        self.screen = screen
        self.hook = hook
    }
}

/// Why handling a deep link gave no valid state.
public enum DeepLinkFailure: Hashable, Sendable {
    /// The target's tab is hidden.
    case hiddenTab(Int)
    /// The target gives a path to the content of `slot`, which is not a stack.
    case pathOutsideStack(slot: Int)
    /// The target (`*`) gives a path to the top modal, which is a screen.
    case pathOnModalScreen(presentable: Int)
    /// The target pushes `screen` onto `stack`, which does not register it.
    case unregisteredDestination(stack: Int, screen: Int)
    /// The target's path is deeper than `stack`'s depth.
    case deeperThanStack(Int)
}

/// How handling a deep link turned out.
public enum DeepLinkOutcome: Hashable, Sendable {
    /// `requires` was false: the `else` statement ran (or nothing).
    case otherwise
    /// The result is the link's target.
    case landed
    /// The result is valid but its modals are not the target's: the
    /// presentables in `extraModals` stay on top of it (when empty, the
    /// modals differ otherwise).
    case notTheTarget(extraModals: [Int])
    /// The result is valid, but the target's modals were not presented: the
    /// view the target presents them from is covered by `coveredBy`, a
    /// modal the link kept up, and a view presents one modal at a time.
    case presentationDropped(presentable: Int, coveredBy: Int)
    /// The result is invalid.
    case invalid(DeepLinkFailure)
}

/// A step from a state: its label, the state it leads to (nil when it was
/// cut off or is invalid), the facts of the way there, and for a deep link,
/// how handling it turned out.
public struct Transition: Hashable, Sendable {
    public var step: Step
    public var target: NavState?
    public var facts: [StepFact]
    public var outcome: DeepLinkOutcome?

    public init(step: Step, target: NavState?, facts: [StepFact], outcome: DeepLinkOutcome?) {
        self.step = step
        self.target = target
        self.facts = facts
        self.outcome = outcome
    }
}

/// What a transition carries besides its label: the facts of the way and,
/// for a deep link, how handling it turned out. Interned: most transitions
/// share the empty note.
public struct TransitionNote: Hashable, Sendable {
    public var facts: [StepFact]
    public var outcome: DeepLinkOutcome?

    public init(facts: [StepFact], outcome: DeepLinkOutcome?) {
        self.facts = facts
        self.outcome = outcome
    }

    public static let empty = TransitionNote(facts: [], outcome: nil)
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
