import NavFlowSpec

/// Runs the statements of one step (an edge, `launch`, a deep link's
/// `else`) on a state, in order and atomically. A statement with a defect
/// records it and does nothing; the run goes on. A push at its stack's
/// depth or a presentation beyond the modal limit cuts the whole step off.
struct StatementRun<Decider: ConditionDecider> {
    let model: FlowModel
    /// The context the step comes from; nil for launch and deep links.
    let origin: Context?
    let decider: Decider
    private var tabHiddenAtStart: Bool?

    init(model: FlowModel, origin: Context?, decider: Decider) {
        self.model = model
        self.origin = origin
        self.decider = decider
    }

    /// The context a statement acts on now: the top modal if one is up,
    /// else the slot the step came from if it is still on screen, else the
    /// first slot of the selected tab (or of the root).
    func context(in state: NavState) -> Context {
        if !state.modals.isEmpty { return .modal }
        let active = model.shape.activeSlots(selectedTab: state.selectedTab)
        if case .slot(let slot)? = origin, active.contains(slot) { return .slot(slot) }
        return .slot(active.lowerBound)
    }

    /// Executes one statement. Returns false when the step is cut off.
    mutating func execute(_ statement: Statement, choice: [Int], on state: inout NavState,
                          events: inout [StepEvent]) -> Bool {
        if tabHiddenAtStart == nil {
            tabHiddenAtStart = model.hasTabView
                && model.isHidden(state.selectedTab, in: state, decider: decider, forReport: true)
        }
        let spec = model.spec
        let context = context(in: state)
        switch statement.kind {
        case .push:
            guard let route = choice.first else { return true }
            let screen = model.routes.screen(of: route)
            guard let stack = model.stack(of: context, in: state) else {
                let visible = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
                events.append(.defect(.pushOutsideStack, range: statement.range,
                                      detail: "'\(visible)' is not in a navigation stack, so pushing '\(spec.screens[screen].name)' does nothing"))
                return true
            }
            guard model.registered[stack].contains(screen) else {
                events.append(.defect(.unregisteredDestination, range: statement.range,
                                      detail: "stack '\(spec.stacks[stack].name)' has no destination '\(spec.screens[screen].name)', so the push does nothing"))
                return true
            }
            var path = model.path(of: context, in: state)
            guard path.count < spec.stacks[stack].depth else {
                events.append(.bounded(stack: stack, range: statement.range))
                return false
            }
            path.append(route)
            setPath(path, of: context, in: &state)
            events.append(.pushed(stack: stack, screen: screen))
        case .pushStack(let stack):
            events.append(.defect(.nestedStack, range: statement.range,
                                  detail: "stack '\(spec.stacks[stack].name)' cannot be pushed inside another stack"))
        case .present(let kind, let content):
            guard let presentable = model.shape.presentableIndex[content] else { return true }
            if state.modals.contains(where: { $0.presentable == presentable }) { return true }
            guard state.modals.count < StateShape.modalLimit else {
                events.append(.bounded(stack: nil, range: statement.range))
                return false
            }
            state.modals.append(Modal(kind: kind, presentable: presentable, path: []))
        case .dismiss:
            var path = model.path(of: context, in: state)
            if !path.isEmpty {
                path.removeLast()
                setPath(path, of: context, in: &state)
            } else if !state.modals.isEmpty {
                state.modals.removeLast()
            } else {
                let visible = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
                events.append(.defect(.dismissNoop, range: statement.range,
                                      detail: "'\(visible)' is neither pushed nor presented, so 'dismiss' does nothing"))
            }
        case .pop:
            var path = model.path(of: context, in: state)
            if !path.isEmpty {
                path.removeLast()
                setPath(path, of: context, in: &state)
            }
        case .popToRoot:
            if !model.path(of: context, in: state).isEmpty { setPath([], of: context, in: &state) }
        case .selectTab(let tab):
            guard let view = spec.rootTabView, tab < view.tabs.count else { return true }
            if model.isHidden(tab, in: state, decider: decider) {
                events.append(.defect(.hiddenTab, range: statement.range,
                                      detail: "tab '\(view.tabs[tab].id)' is hidden here, so selecting it does nothing"))
                return true
            }
            state.selectedTab = tab
        case .set(let flag, let value):
            state.setFlag(flag, value)
        case .open(let url):
            guard let path = URLPath(url),
                  let link = spec.deepLinks.firstIndex(where: { $0.pattern.match(path, in: spec) != nil }),
                  let values = spec.deepLinks[link].pattern.match(path, in: spec)
            else { return true }
            let arguments = zip(values, spec.deepLinks[link].pattern.parameters).map { value, parameter -> Int in
                if case .enumeration(let type) = parameter.type { return spec.enums[type].cases.firstIndex(of: value) ?? 0 }
                return 0
            }
            let handled = model.handleDeepLink(link, arguments: arguments, from: state, decider: decider)
            for event in handled.events {
                if case .pushed = event { events.append(event) }
            }
            if let target = handled.target { state = target }
        case .select:
            guard let selected = choice.first, case .slot(let slot) = context,
                  let split = model.shape.slots[slot].split else { return true }
            let next = slot + 1
            guard next < model.shape.slots.count, model.shape.slots[next].split == split,
                  model.shape.slots[next].tab == model.shape.slots[slot].tab else { return true }
            state.shows[next] = selected
            state.paths[next] = []
            var later = next + 1
            while later < model.shape.slots.count, model.shape.slots[later].split == split,
                  model.shape.slots[later].tab == model.shape.slots[slot].tab {
                state.shows[later] = 0
                state.paths[later] = []
                later += 1
            }
        }
        return true
    }

    /// Judges the state the step ends in: a flag change that hides the
    /// selected tab is the `selected-tab-hidden` defect.
    mutating func finish(_ state: inout NavState, events: inout [StepEvent], range: SourceRange?) {
        guard model.hasTabView, let range, tabHiddenAtStart == false, let view = model.spec.rootTabView,
              model.isHidden(state.selectedTab, in: state, decider: decider, forReport: true) else { return }
        let visible = view.tabs.indices.first { !model.isHidden($0, in: state, decider: decider, forReport: true) }
        let fix = visible.map { "; select another tab in the same step, as in 'tab \(view.tabs[$0].id)'" } ?? ""
        events.append(.defect(.selectedTabHidden, range: range,
                              detail: "this step hides the selected tab '\(view.tabs[state.selectedTab].id)'\(fix)"))
    }

    private func setPath(_ path: [Int], of context: Context, in state: inout NavState) {
        switch context {
        case .modal: state.modals[state.modals.count - 1].path = path
        case .slot(let slot): state.paths[slot] = path
        }
    }
}

extension Statement {
    /// Whether the statement can select another tab, and the statements
    /// after it then act on that tab's stack (`tab`, `open`).
    var mayLeaveItsTab: Bool {
        switch kind {
        case .selectTab, .open: true
        default: false
        }
    }
}
