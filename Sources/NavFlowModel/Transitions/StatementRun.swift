import NavFlowSource
import NavFlowSpec

/// Runs the statements of one step (an edge, `launch`, a deep link's
/// `else`) on a state, in order and atomically. A statement that cannot
/// act (a push without a stack, a dismiss with nothing to close) records
/// the fact and does nothing; the run goes on. A push at its stack's
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
                          facts: inout [StepFact]) -> Bool {
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
                facts.append(.pushWithoutStack(visibleRoute: model.visibleRoute(of: context, in: state), screen: screen,
                                               statement: statement.range))
                return true
            }
            guard model.registered[stack].contains(screen) else {
                facts.append(.unregisteredPush(stack: stack, screen: screen, statement: statement.range))
                return true
            }
            var path = model.path(of: context, in: state)
            guard path.count < spec.stacks[stack].depth else {
                facts.append(.cutAtStackDepth(stack: stack, statement: statement.range))
                return false
            }
            path.append(route)
            setPath(path, of: context, in: &state)
            facts.append(.pushed(stack: stack, screen: screen))
        case .pushStack:
            // Not a navigation of the app: `nested-stack` reports it from the spec alone.
            break
        case .present(let kind, let content):
            guard let presentable = model.shape.presentableIndex[content] else { return true }
            if state.modals.contains(where: { $0.presentable == presentable }) { return true }
            guard state.modals.count < StateShape.modalLimit else {
                facts.append(.cutAtModalLimit(statement: statement.range))
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
                facts.append(.dismissWithNothingToClose(visibleRoute: model.visibleRoute(of: context, in: state),
                                                        statement: statement.range))
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
                facts.append(.selectsHiddenTab(tab: tab, statement: statement.range))
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
            for fact in handled.facts {
                if case .pushed = fact { facts.append(fact) }
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

    /// Looks at the state the step ends in: records a flag change that hid
    /// the selected tab.
    mutating func finish(_ state: inout NavState, facts: inout [StepFact], range: SourceRange?) {
        guard model.hasTabView, let range, tabHiddenAtStart == false, let view = model.spec.rootTabView,
              model.isHidden(state.selectedTab, in: state, decider: decider, forReport: true) else { return }
        let shown = view.tabs.indices.first { !model.isHidden($0, in: state, decider: decider, forReport: true) }
        facts.append(.hidesSelectedTab(tab: state.selectedTab, shownTab: shown, step: range))
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
    public var mayLeaveItsTab: Bool {
        switch kind {
        case .selectTab, .open: true
        default: false
        }
    }
}
