import NavFlowModel

/// The deep links whose transition the flags, inputs and selected tab of
/// their source fix (`DeepLinkTransitions.slotsReplacedByKey`), worked out
/// once per key and applied to every frame of that key, as the explorer's
/// memo does on packed states: a landed link writes the flags, the selected
/// tab, the modals and the slots it replaces, its `else` the flags alone.
/// A link whose step ran an appear hook, or whose target shows a screen
/// with a hook whose condition holds, is run on every frame of its key:
/// what a hook does depends on what the source showed.
struct KeyedDeepLinks {
    private let model: FlowModel
    private let quietHooks: QuietAppearHooks
    /// Per deep link: the slots it replaces, when its key fixes its transition.
    private let replaced: [Range<Int>?]

    struct Key: Hashable {
        var unit: StepUnit
        var flags: UInt64
        var inputs: UInt64
        var selectedTab: Int
    }

    /// What a link does from the frames of one key.
    enum Memo {
        /// It must run on each frame.
        case runEveryTime
        /// It gives no target (the transition says why).
        case noTarget(Transition)
        /// Its target, whose written fields every frame of the key takes,
        /// and the transition (its step and outcome are every frame's).
        case lands(NavState, Transition)
        /// Its `else` ran: every frame of the key takes the target's flags.
        case otherwise(NavState, Transition)
    }

    private var memos: [Key: Memo] = [:]

    init(model: FlowModel) {
        self.model = model
        quietHooks = QuietAppearHooks(model: model)
        replaced = model.spec.deepLinks.indices.map { DeepLinkTransitions.slotsReplacedByKey(link: $0, in: model) }
    }

    /// Gives `body` the target of `unit` from `state` (nil when it has
    /// none), with the transition's step and outcome, worked out by `run` (which gives the
    /// unit's transition from `state`) once per key; false when `unit` is
    /// no link its key fixes, or must run on every frame, without calling
    /// `body`.
    mutating func target(of unit: StepUnit, from state: NavState, run: () -> Transition?,
                         _ body: (NavState?, Transition) -> Void) -> Bool {
        // A link's dismissal hooks depend on the modals it closes, which the key leaves out.
        guard case .deepLink(let link, _) = unit, let slots = replaced[link], !model.hasDismissHooks else { return false }
        let key = Key(unit: unit, flags: state.flags, inputs: state.inputs, selectedTab: state.selectedTab)
        let memo: Memo
        if let known = memos[key] {
            memo = known
        } else {
            let transition = run()
            // Whether a hook's condition holds on a screen of a frame's hidden
            // routes is not known: such a frame's `else` is run, not kept.
            if model.hasAppearHooks, transition?.outcome == .otherwise, Self.hasMarks(state) { return false }
            // A hook that cut the step off leaves no fact of its run (`DeepLinkTransitions.landsWithoutHooks`).
            let cutByHook = transition.map { $0.target == nil } == true && model.hasAppearHooks
                && DeepLinkTransitions.landsWithoutHooks(unit, from: state, in: model)
            memo = cutByHook ? .runEveryTime : Self.memo(of: transition, model: model, quietHooks: quietHooks)
            memos[key] = memo
        }
        switch memo {
        case .runEveryTime:
            return false
        case .noTarget(let transition):
            body(nil, transition)
            return true
        case .lands(let target, let transition):
            var next = state
            next.flags = target.flags
            next.selectedTab = target.selectedTab
            next.modals = target.modals
            for slot in slots {
                next.paths[slot] = target.paths[slot]
                next.shows[slot] = target.shows[slot]
            }
            body(next, transition)
            return true
        case .otherwise(let target, let transition):
            var next = state
            next.flags = target.flags
            body(next, transition)
            return true
        }
    }

    private static func hasMarks(_ state: NavState) -> Bool {
        state.paths.contains { $0.contains { $0 < 0 } } || state.modals.contains { $0.path.contains { $0 < 0 } }
    }

    private static func memo(of transition: Transition?, model: FlowModel, quietHooks: QuietAppearHooks) -> Memo {
        guard let transition else { return .runEveryTime }
        let hooksRan = transition.facts.contains { if case .appearHookRan = $0 { true } else { false } }
        guard let target = transition.target else { return hooksRan ? .runEveryTime : .noTarget(transition) }
        let landed = transition.outcome != .otherwise
        // A landed link shows the views its key fixes; its `else` shows nothing anew.
        let touchesHooks = model.hasAppearHooks
            && (hooksRan || (landed ? model.showsAppearHookThatHolds(target) : quietHooks.showsHookThatHolds(target)))
        if touchesHooks { return .runEveryTime }
        return landed ? .lands(target, transition) : .otherwise(target, transition)
    }
}
