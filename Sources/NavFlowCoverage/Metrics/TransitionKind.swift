import NavFlowModel
import NavFlowSpec

/// What coverage counts a transition as: a declared edge, an implicit
/// action on a screen, or a deep link. Argument values and the state the
/// step is taken in do not matter.
public enum TransitionKind: Hashable, Sendable, Comparable {
    case edge(screen: Int, edge: Int)
    case implicit(screen: Int, ImplicitAction)
    case deepLink(Int)

    /// The kind of `step` taken from `state`. An implicit action belongs to
    /// the screen it is taken on: the one popped, swiped away, on top of
    /// the stack a tab re-tap pops, or (for a tab switch) the screen on top
    /// of the tab being left.
    public init(_ step: Step, from state: NavState, model: FlowModel) {
        func screen(_ context: Context) -> Int {
            model.routes.screen(of: model.visibleRoute(of: context, in: state))
        }
        switch step {
        case .edge(_, let screen, let edge, _): self = .edge(screen: screen, edge: edge)
        case .back(let context): self = .implicit(screen: screen(context), .back)
        case .switchTab:
            let contexts = model.activeContexts(of: state)
            self = .implicit(screen: contexts.last.map(screen) ?? 0, .tabSwitch)
        case .retapTab(let tab): self = .implicit(screen: screen(.slot(model.retapSlots[tab] ?? 0)), .tabRetap)
        case .swipeDown: self = .implicit(screen: screen(.modal), .swipeDown)
        case .deepLink(let link, _): self = .deepLink(link)
        }
    }

    /// The kind in the spec's words: `Feed: push Post`, `SignIn: “Sign in”`,
    /// `Privacy: back`, `messenger://inbox`.
    public func text(in spec: FlowSpec) -> String {
        switch self {
        case .edge(let screen, let edge):
            return "\(spec.screens[screen].name): \(spec.screens[screen].edges[edge].summary(in: spec, bindings: spec.screens[screen].parameters.map(\.name)))"
        case .implicit(let screen, let action):
            return "\(spec.screens[screen].name): \(action.rawValue)"
        case .deepLink(let link):
            return spec.deepLinks[link].pattern.text
        }
    }
}

/// An action SwiftUI offers without the spec declaring it.
public enum ImplicitAction: String, Hashable, Sendable, Comparable, CaseIterable {
    case back
    case tabSwitch = "tab switch"
    /// A tap on the selected tab's item: its stack pops to the root.
    case tabRetap = "tab re-tap"
    case swipeDown = "swipe-down"

    public static func < (lhs: ImplicitAction, rhs: ImplicitAction) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Edge {
    /// The edge in the spec's words: its label in quotes, or its statement
    /// (`push Post`, `sheet ComposeStack`, `tab home`), with its guard.
    /// `bindings` names the screen's parameters, which routes may pass on.
    public func summary(in spec: FlowSpec, bindings: [String] = []) -> String {
        var text = label.map { "“\($0)”" } ?? statements.map { $0.text(in: spec, bindings: bindings) }.joined(separator: "; ")
        if let condition { text += " if \(spec.text(of: condition))" }
        return text
    }
}

extension Edge {
    /// The edge's statements as the spec writes them, the screen's
    /// parameters passed on by name: the label an `action` event gives an
    /// unlabelled edge that records no event of its own (`set f = true`).
    public func statementText(on screen: Int, in spec: FlowSpec) -> String {
        statements.map { $0.text(in: spec, bindings: spec.screens[screen].parameters.map(\.name)) }.joined(separator: "; ")
    }
}

extension Statement {
    /// The statement as a spec would write it.
    public func text(in spec: FlowSpec, bindings: [String] = []) -> String {
        switch kind {
        case .push(let route): "push \(spec.text(of: route, bindings: bindings))"
        case .pushUnderModals(let route): "push \(spec.text(of: route, bindings: bindings)) under modals"
        case .pushInline(let route): "push \(spec.text(of: route, bindings: bindings)) inline"
        case .pushStack(let stack): "push \(spec.stacks[stack].name)"
        case .present(let kind, let content): "\(kind.rawValue) \(spec.name(of: content))"
        case .dismiss: "dismiss"
        case .close(let closing): "close " + closing.map { spec.name(of: $0) }.joined(separator: ", ")
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .rebuild: "rebuild"
        case .selectTab(let tab): "tab \(spec.rootTabView?.tabs[tab].id ?? "?")"
        case .set(let flag, let value): "set \(spec.flags[flag].name) = \(value)"
        case .open(let url): "open \"\(url)\""
        case .select(let route): "select \(spec.text(of: route, bindings: bindings))"
        }
    }
}
