import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSpec
import NavFlowTrace

/// An event of a trace that the model does not allow: where it is, what it
/// was, why it does not fit, and the state the app was in.
public struct Drift: Hashable, Sendable {
    public var location: TraceLocation
    /// The event in the trace's words (`push 'Privacy'`).
    public var event: String
    /// What is wrong: `push 'Privacy' is not possible from Inbox`.
    public var message: String
    /// The state the event happened in, in words.
    public var state: String?
    /// Whether replay applied the event's effect anyway and went on from
    /// there (`true`), or ignored the event (`false`).
    public var applied: Bool
}

/// What replaying one event did.
public enum ReplayOutcome: Sendable {
    /// A run began in `state`.
    case launched(NavState)
    /// A transition of the model explained the event.
    case stepped(from: NavState, step: Step, to: NavState)
    /// The event changed nothing (a tab that was already selected, or an
    /// `appear` of a view the launch or step before showed anew).
    case unchanged
    /// The launch or step just replayed ran these appear hooks.
    case hooksRan([AppearHookID])
    /// The launch or step just replayed closed modals whose dismissal hooks ran.
    case dismissHooksRan([DismissHookID])
    /// The event does not fit the model; when replay could apply its effect
    /// anyway, `state` is where the app is now (it counts for screens only).
    case drifted(Drift, state: NavState?)
}

/// Replays trace events on the model, one run at a time: each event is
/// matched to a transition from the current state whose effect is the
/// event's (a labelled edge only to its `action` event). Where several
/// transitions fit, a declared edge wins over an implicit action (the trace
/// cannot tell a Back button from the system's), and the first declared
/// over the rest.
public struct TraceReplayer: Sendable {
    public let model: FlowModel
    public let vocabulary: FlowVocabulary
    private let witnesses: WitnessBuilder
    private let relevantInputMask: UInt64
    /// The current state, nil before the first launch of a file.
    public private(set) var state: NavState?
    /// The appear hooks the last launch or step ran, in order.
    private var lastHooks: [AppearHookID] = []
    private var lastDismissHooks: [DismissHookID] = []
    /// The screens the last launch or step showed anew (the hooks' included).
    private var lastAppeared = Set<Int>()

    public init(model: FlowModel) {
        self.model = model
        vocabulary = FlowVocabulary(model: model)
        witnesses = WitnessBuilder(model: model)
        relevantInputMask = model.relevantInputs.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// Forgets the current run: the next file starts afresh.
    public mutating func beginFile() {
        state = nil
        lastHooks = []
        lastAppeared = []
    }

    /// Replays one event; a file whose first event is not a launch is
    /// launched with every input false first (and that is reported).
    public mutating func replay(_ event: TraceEvent, at location: TraceLocation) -> [ReplayOutcome] {
        if case .launch(let inputs) = event {
            return launch(inputs, at: location)
        }
        var outcomes: [ReplayOutcome] = []
        if state == nil {
            outcomes += launch([:], at: location)
            let drift = Drift(location: location, event: event.summary,
                              message: "the run does not begin with a launch event; replay launches the app with every input false",
                              state: state.map(witnesses.describe), applied: true)
            outcomes.insert(.drifted(drift, state: nil), at: 0)
        }
        guard let current = state else { return outcomes }
        if case .appear(let screen) = event {
            outcomes.append(appeared(screen, in: current, at: location))
            return outcomes
        }
        lastHooks = []
        lastDismissHooks = []
        lastAppeared = []
        outcomes.append(step(event, from: current, at: location))
        if !lastDismissHooks.isEmpty { outcomes.append(.dismissHooksRan(lastDismissHooks)) }
        if !lastHooks.isEmpty { outcomes.append(.hooksRan(lastHooks)) }
        return outcomes
    }

    /// An `appear` event: the launch or step before must have shown a view
    /// of the screen anew (its onAppear ran); it changes nothing more.
    private func appeared(_ name: String, in current: NavState, at location: TraceLocation) -> ReplayOutcome {
        let event = TraceEvent.appear(screen: name).summary
        func drift(_ message: String) -> ReplayOutcome {
            .drifted(Drift(location: location, event: event, message: "\(event): \(message)",
                           state: witnesses.describe(current), applied: false), state: nil)
        }
        let screen: Int
        switch vocabulary.screen(named: name) {
        case .success(let found): screen = found
        case .failure(let reason): return drift(reason.text)
        }
        if lastAppeared.contains(screen) { return .unchanged }
        return drift("'\(name)' did not appear anew in the launch or step before, so its onAppear could not run there")
    }

    /// What replaying `event` (not a launch) in `state` does, leaving this
    /// replayer as it is.
    public func outcome(of event: TraceEvent, in state: NavState) -> ReplayOutcome {
        var copy = self
        copy.state = state
        return copy.step(event, from: state, at: TraceLocation(file: "", line: 0))
    }

    private mutating func launch(_ given: [String: Bool], at location: TraceLocation) -> [ReplayOutcome] {
        var inputs: UInt64 = 0
        var problems: [String] = []
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let index = vocabulary.inputs[name] else {
                problems.append("unknown input '\(name)'\(vocabulary.hint(name, among: model.spec.inputs.map(\.name)))")
                continue
            }
            if value { inputs |= 1 << UInt64(index) }
        }
        let valuation = inputs
        // Inputs no condition reads cannot change the flow; the model fixes them to false.
        inputs &= relevantInputMask
        for assumption in model.spec.assumptions where !assumption.condition.evaluate(
            flags: { _ in false }, inputs: { valuation >> UInt64($0) & 1 == 1 }) {
            problems.append(assumption.origin.map { "the inputs break `\($0)`" }
                ?? "the inputs break `assume \(model.spec.text(of: assumption.condition))` (line \(assumption.range.start.line))")
        }
        let (initial, launchFacts) = model.initialState(inputs: inputs)
        state = initial ?? model.blankState(inputs: inputs)
        // A launch cut off runs nothing: replay starts before it.
        lastHooks = initial == nil ? [] : FlowModel.hooksRan(in: launchFacts)
        lastDismissHooks = initial == nil ? [] : FlowModel.dismissHooksRan(in: launchFacts)
        lastAppeared = initial.map { model.appearedScreens(from: nil, to: $0, facts: launchFacts) } ?? []
        var outcomes: [ReplayOutcome] = []
        if !problems.isEmpty {
            outcomes.append(.drifted(Drift(location: location, event: TraceEventName.launch.rawValue, message: "launch: " + problems.joined(separator: "; "),
                                           state: nil, applied: true), state: nil))
        }
        if initial == nil {
            outcomes.append(.drifted(Drift(location: location, event: TraceEventName.launch.rawValue,
                                           message: "launch: the spec's launch is cut off (at a limit, or by an appear loop); replay starts before it",
                                           state: nil, applied: true), state: nil))
        }
        outcomes.append(.launched(state!))
        if !lastDismissHooks.isEmpty { outcomes.append(.dismissHooksRan(lastDismissHooks)) }
        if !lastHooks.isEmpty { outcomes.append(.hooksRan(lastHooks)) }
        return outcomes
    }

    /// Remembers what the step from `current` to `next` ran and showed anew,
    /// for the `appear` events that follow it.
    private mutating func remember(_ transition: Transition, from current: NavState, to next: NavState) {
        lastHooks = FlowModel.hooksRan(in: transition.facts)
        lastDismissHooks = FlowModel.dismissHooksRan(in: transition.facts)
        lastAppeared = model.appearedScreens(from: current, to: next, facts: transition.facts)
    }

    private mutating func step(_ event: TraceEvent, from current: NavState, at location: TraceLocation) -> ReplayOutcome {
        func drift(_ message: String, applied next: NavState? = nil) -> ReplayOutcome {
            if let next { state = next }
            return .drifted(Drift(location: location, event: event.summary, message: message,
                                  state: witnesses.describe(current), applied: next != nil), state: next)
        }
        let wanted: EventShape
        switch EventShape.make(event, vocabulary: vocabulary) {
        case .success(let shape): wanted = shape
        case .failure(let reason): return drift("\(event.summary): \(reason.text)")
        }
        if case .deepLink(let match, let url, let outcome) = wanted {
            let transition: Transition
            switch (declaredOpen(url, from: current), match) {
            case (let declared?, _): transition = declared
            case (nil, .success(let match)):
                switch handle(match, outcome: outcome, from: current) {
                case .success(let handled): transition = handled
                case .failure(let reason): return drift("\(event.summary): \(reason.text)")
                }
            case (nil, .failure(let reason)): return drift("\(event.summary): \(reason.text)")
            }
            guard let next = transition.target else {
                var reason = "the link cannot be handled in this state"
                if case .invalid(let failure) = transition.outcome { reason = failure.reason(in: model) }
                return drift("\(event.summary) leads to no valid state: \(reason)")
            }
            state = next
            remember(transition, from: current, to: next)
            return .stepped(from: current, step: transition.step, to: next)
        }
        var fits: [(rank: Int, transition: Transition)] = []
        model.successors(of: current, deepLinks: false) { transition in
            guard let target = transition.target,
                  let rank = wanted.rank(of: transition.step, from: current, to: target, model: model) else { return }
            fits.append((rank, transition))
        }
        if let best = fits.min(by: { $0.rank < $1.rank }), let next = best.transition.target {
            state = next
            remember(best.transition, from: current, to: next)
            return .stepped(from: current, step: best.transition.step, to: next)
        }
        // A tab bar tap on the tab already selected changes nothing.
        if case .tab(let tab) = wanted, current.modals.isEmpty, current.selectedTab == tab {
            return .unchanged
        }
        let visible = model.visibleRoutes(of: current).map { model.routes.text(of: $0, in: model.spec) }.joined(separator: " | ")
        var message = "\(event.summary) is not possible from \(visible)"
        if let why = blocked(wanted, from: current) { message += " (\(why))" }
        return drift(message, applied: wanted.forced(on: current, model: model))
    }

    /// A matched link handled from `current`. A link that depends on a
    /// choice takes the recorded outcome, or else the first outcome that
    /// lands on its target (the first outcome when none does).
    private func handle(_ match: DeepLinkMatch, outcome name: String?, from current: NavState)
        -> Result<Transition, DriftReason> {
        let link = model.spec.deepLinks[match.link]
        if let offered = link.offeredIf, !current.holds(offered) {
            return .failure(DriftReason("not offered here: it needs `\(model.spec.text(of: offered))`"))
        }
        guard let choice = link.choice else {
            return .success(model.handleDeepLink(match.link, arguments: match.arguments, from: current))
        }
        let outcomes = model.spec.choices[choice].outcomes
        if let name {
            guard let outcome = outcomes.firstIndex(of: name) else {
                return .failure(DriftReason("choice '\(model.spec.choices[choice].name)' has no outcome '\(name)'"
                    + vocabulary.hint(name, among: outcomes)))
            }
            return .success(model.handleDeepLink(match.link, arguments: match.arguments + [outcome], from: current))
        }
        let tries = outcomes.indices.map { model.handleDeepLink(match.link, arguments: match.arguments + [$0], from: current) }
        return .success(tries.first { $0.outcome == .landed } ?? tries[0])
    }

    /// The transition of an `open` edge of a visible screen with this very
    /// URL: the declared way the app handles it, preferred to the deep link.
    private func declaredOpen(_ url: String, from current: NavState) -> Transition? {
        var declared: Transition?
        model.successors(of: current, deepLinks: false) { transition in
            guard declared == nil, transition.target != nil, case .edge(_, let screen, let index, _) = transition.step else { return }
            let edge = model.spec.screens[screen].edges[index]
            if edge.label == nil, edge.statements.count == 1, case .open(let target) = edge.statements[0].kind, target == url {
                declared = transition
            }
        }
        return declared
    }

    /// Why a matching edge exists but cannot be taken, when that is the reason.
    private func blocked(_ wanted: EventShape, from state: NavState) -> String? {
        for context in model.activeContexts(of: state) {
            let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
            for edge in model.spec.screens[screen].edges where wanted.fits(edge, on: screen, model: model) {
                if let condition = edge.condition, !state.holds(condition) {
                    return "the edge at line \(edge.range.start.line) needs `\(model.spec.text(of: condition))`"
                }
            }
        }
        // A dismiss the app recorded where the sheet on top cannot be swiped away.
        if case .dismiss = wanted, !state.modals.isEmpty {
            let screen = model.routes.screen(of: model.visibleRoute(of: .modal, in: state))
            if let lock = model.spec.screens[screen].lock, state.holds(lock) {
                let name = model.spec.screens[screen].name
                return model.spec.screens[screen].lockedWhile.map { "'\(name)' is locked while `\(model.spec.text(of: $0))`" }
                    ?? "'\(name)' is locked"
            }
        }
        // A back the app recorded where the screen on top hides its back button.
        if case .back = wanted,
           let context = model.activeContexts(of: state).last(where: { !model.path(of: $0, in: state).isEmpty }) {
            let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
            if let hidden = model.spec.screens[screen].backHidden, state.holds(hidden) {
                let name = model.spec.screens[screen].name
                return hidden == .constant(true) ? "'\(name)' hides its back button"
                    : "'\(name)' hides its back button while `\(model.spec.text(of: hidden))`"
            }
        }
        if case .tab(let tab) = wanted, !state.modals.isEmpty || model.isHidden(tab, in: state) {
            return state.modals.isEmpty ? "the tab is hidden" : "a modal is up"
        }
        return nil
    }
}
