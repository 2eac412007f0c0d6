import NavFlowModel
import NavFlowSpec

/// A trace event with its names resolved against the spec: what effect a
/// transition must have to explain it.
enum EventShape: Sendable {
    case tab(Int)
    case push(screen: Int, arguments: [Int?])
    case select(screen: Int, arguments: [Int?])
    case present(ModalKind, presentable: Int)
    case back
    case popToRoot
    case dismiss
    /// `match` is why no pattern matches the URL when none does (an `open`
    /// edge may still handle it).
    /// `outcome` names the outcome of the link's choice, when recorded.
    case deepLink(match: Result<DeepLinkMatch, DriftReason>, url: String, outcome: String?)
    /// `outcome` names the outcome of the action's choice, when recorded.
    case action(screen: Int?, label: String, outcome: String?)

    /// Resolves the names of an event (not a launch), or says which is unknown.
    static func make(_ event: TraceEvent, vocabulary: FlowVocabulary) -> Result<EventShape, DriftReason> {
        switch event {
        case .launch: return .failure(DriftReason("a launch is not a step"))
        case .appear: return .failure(DriftReason("an appear hook runs within the step before it"))
        case .tab(let name): return vocabulary.tab(named: name).map { .tab($0) }
        case .push(let name, let given), .select(let name, let given):
            return vocabulary.screen(named: name).flatMap { screen in
                vocabulary.arguments(given, of: screen).map { arguments in
                    if case .push = event { return .push(screen: screen, arguments: arguments) }
                    return .select(screen: screen, arguments: arguments)
                }
            }
        case .present(let kind, let name): return vocabulary.presentable(named: name).map { .present(kind, presentable: $0) }
        case .back: return .success(.back)
        case .popToRoot: return .success(.popToRoot)
        case .dismiss: return .success(.dismiss)
        case .deepLink(let url, let outcome):
            return .success(.deepLink(match: vocabulary.deepLink(for: url), url: url, outcome: outcome))
        case .entry(let name, let given, let outcome):
            // An entry point is handled like a link; no `open` edge opens it.
            return vocabulary.entry(named: name, arguments: given).map {
                .deepLink(match: .success($0), url: "", outcome: outcome)
            }
        case .action(let screen, let label, let outcome):
            guard let screen else { return .success(.action(screen: nil, label: label, outcome: outcome)) }
            return vocabulary.screen(named: screen).map { .action(screen: $0, label: label, outcome: outcome) }
        }
    }

    /// Whether taking `edge` has this event's effect (guards and argument
    /// values aside). A labelled edge fits only an `action` with its label;
    /// an unlabelled one fits the event its statement makes, or an `action`
    /// labelled with its statement.
    /// `screen` is the screen that declares the edge.
    func fits(_ edge: Edge, on screen: Int, model: FlowModel) -> Bool {
        if case .action(_, let label, let outcome) = self {
            // A recorded outcome picks among the outcomes of one tap.
            if let outcome, let taken = edge.outcome,
               model.spec.choices[taken.choice].outcomes[taken.outcome] != outcome { return false }
            if let declared = edge.label { return declared == label }
            return edge.statementText(on: screen, in: model.spec) == label
        }
        // A labelled edge is one `action` event, however it navigates; an
        // unlabelled edge is one statement.
        guard edge.label == nil, let statement = edge.statements.first else { return false }
        switch (self, statement.kind) {
        case (.push(let screen, _), .push(let route)), (.push(let screen, _), .pushUnderModals(let route)),
             (.push(let screen, _), .pushInline(let route)),
             (.select(let screen, _), .select(let route)):
            return route.screen == screen
        case (.present(let kind, let presentable), .present(let declared, let content)):
            return kind == declared && model.shape.presentableIndex[content] == presentable
        case (.back, .pop), (.back, .dismiss), (.popToRoot, .popToRoot), (.dismiss, .dismiss):
            return true
        case (.tab(let tab), .selectTab(let declared)):
            return tab == declared
        default:
            return false
        }
    }

    /// How well `step` explains the event (lower is better): 0 an
    /// unlabelled edge, 1 a labelled one (for an `action`), 2 an implicit
    /// action; nil when it does not.
    func rank(of step: Step, from state: NavState, to target: NavState, model: FlowModel) -> Int? {
        guard hasItsEffect(from: state, to: target, model: model) else { return nil }
        switch step {
        case .edge(_, let screen, let index, let choices):
            let edge = model.spec.screens[screen].edges[index]
            guard fits(edge, on: screen, model: model) else { return nil }
            switch self {
            case .action(let wanted, _, _):
                if let wanted, wanted != screen { return nil }
            case .push(let target, let arguments), .select(let target, let arguments):
                guard let route = choices.first, FlowVocabulary.route(route, matches: target, arguments, routes: model.routes)
                else { return nil }
            default:
                break
            }
            return edge.label == nil ? 0 : 1
        case .back:
            if case .back = self { return 2 }
        case .switchTab(let tab):
            if case .tab(tab) = self { return 2 }
        case .retapTab(let tab):
            // A tap on the selected tab's item, or the emptied stack a router records.
            if case .tab(tab) = self { return 2 }
            if case .popToRoot = self { return 2 }
        case .swipeDown:
            if case .dismiss = self { return 2 }
        case .deepLink:
            break
        }
        return nil
    }

    /// Whether going from `state` to `target` is what the event says
    /// happened: back, popToRoot and dismiss must change the navigation
    /// exactly as they do on their own (a `dismiss` that pops a screen is a
    /// `back`); a push, select or presentation must change something. Tabs
    /// and labelled actions may leave the state as it was.
    func hasItsEffect(from state: NavState, to target: NavState, model: FlowModel) -> Bool {
        switch self {
        case .back, .popToRoot, .dismiss:
            // The hooks of the view that appears run within the step.
            guard let forced = forced(on: state, model: model),
                  let expected = model.withHooks(on: forced, from: state) else { return false }
            return expected.selectedTab == target.selectedTab && expected.paths == target.paths
                && expected.shows == target.shows && expected.modals == target.modals
        case .push, .select, .present:
            return target != state
        case .tab, .action, .deepLink:
            return true
        }
    }

    /// The state the event leaves the app in when no transition explains
    /// it, where its effect is plain (a push on the visible stack, a
    /// presentation, back, dismiss, a tab); nil when it is not.
    func forced(on state: NavState, model: FlowModel) -> NavState? {
        var next = state
        let topSlot = model.activeContexts(of: state).last { context in
            model.stack(of: context, in: state) != nil
        }
        switch self {
        case .push(let screen, let arguments):
            guard let context = topSlot else { return nil }
            let route = model.routes.id(screen: screen, values: arguments.map { $0 ?? 0 })
            switch context {
            case .modal: next.modals[next.modals.count - 1].path.append(route)
            case .slot(let slot): next.paths[slot].append(route)
            }
        case .present(let kind, let presentable):
            next.modals.append(Modal(kind: kind, presentable: presentable, path: []))
        case .back, .popToRoot:
            let context = model.activeContexts(of: state).last { !model.path(of: $0, in: state).isEmpty }
            guard let context else { return nil }
            switch (context, self) {
            case (.modal, .back): next.modals[next.modals.count - 1].path.removeLast()
            case (.modal, _): next.modals[next.modals.count - 1].path.removeAll()
            case (.slot(let slot), .back): next.paths[slot].removeLast()
            case (.slot(let slot), _): next.paths[slot].removeAll()
            }
        case .dismiss:
            guard !next.modals.isEmpty else { return nil }
            next.modals.removeLast()
        case .tab(let tab):
            next.selectedTab = tab
        case .select, .deepLink, .action:
            return nil
        }
        return next
    }
}
