import NavFlowSpec

/// The static shape of an app's navigation: screens and containers as
/// nodes, the ways to get from one to another as edges, and deep links as
/// entry points. It is what `navflow graph` draws; it says what a spec
/// declares, not which states are reachable.
public struct ScreenGraph: Sendable, Equatable {
    public enum NodeKind: String, Sendable {
        case screen, stack, tabs, split
    }

    public struct Node: Sendable, Equatable {
        /// A stable id, unique in the graph (`screen.Home`, `stack.HomeStack`).
        public var id: String
        public var kind: NodeKind
        public var name: String
        /// Parameter names and types, for screens (`id: RecipeID`).
        public var parameters: [String]
        /// Whether the screen's modal cannot be swiped down: always, or
        /// while `lockCondition` holds.
        public var locked: Bool
        /// For `locked if CONDITION`: the condition, in spec syntax.
        public var lockCondition: String? = nil
        /// Whether this is the app's root content.
        public var isRoot: Bool
    }

    public enum EdgeKind: String, Sendable {
        /// A container shows this content: a stack's root, a tab, a column.
        case root, tab, column
        /// A destination registered in a stack.
        case destination
        /// Navigation a screen offers.
        case push, sheet, cover, popover, select
        case selectTab = "switch-tab"
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        /// The action's label, a tab's title, or a column's role.
        public var label: String?
        /// The edge's guard (or a tab's `hidden if`) in spec syntax.
        public var condition: String?
        /// The screen edge it draws (screen index, edge index), for edges a screen declares.
        public var declared: DeclaredEdge? = nil
    }

    /// A screen's edge, by index: screen `screen`, its edge number `edge`.
    public struct DeclaredEdge: Hashable, Sendable {
        public var screen: Int
        public var edge: Int

        public init(screen: Int, edge: Int) {
            self.screen = screen
            self.edge = edge
        }
    }

    /// A deep link, drawn as an entry arrow into the screen it shows.
    public struct EntryPoint: Sendable, Equatable {
        public var id: String
        public var pattern: String
        public var to: String
        public var requires: String?
    }

    public var app: String
    public var nodes: [Node]
    public var edges: [Edge]
    public var entryPoints: [EntryPoint]

    public init(_ spec: FlowSpec) {
        app = spec.appName
        nodes = []
        edges = []
        entryPoints = []
        func id(_ content: Content) -> String {
            switch content {
            case .screen(let index): "screen.\(spec.screens[index].name)"
            case .stack(let index): "stack.\(spec.stacks[index].name)"
            case .tabs(let index): "tabs.\(spec.tabViews[index].name)"
            case .split(let index): "split.\(spec.splits[index].name)"
            }
        }
        for (index, view) in spec.tabViews.enumerated() {
            nodes.append(Node(id: id(.tabs(index)), kind: .tabs, name: view.name, parameters: [], locked: false,
                              isRoot: spec.root == .tabs(index)))
            for tab in view.tabs {
                edges.append(Edge(from: id(.tabs(index)), to: id(tab.content), kind: .tab, label: tab.title,
                                  condition: tab.hiddenIf.map { "hidden if " + spec.text(of: $0) }))
            }
        }
        for (index, split) in spec.splits.enumerated() {
            nodes.append(Node(id: id(.split(index)), kind: .split, name: split.name, parameters: [], locked: false,
                              isRoot: spec.root == .split(index)))
            for (position, column) in split.columns.enumerated() {
                let role = position == 0 ? "sidebar" : position == split.columns.count - 1 ? "detail" : "content"
                edges.append(Edge(from: id(.split(index)), to: id(column), kind: .column, label: role, condition: nil))
            }
        }
        for (index, stack) in spec.stacks.enumerated() {
            nodes.append(Node(id: id(.stack(index)), kind: .stack, name: stack.name, parameters: [], locked: false,
                              isRoot: spec.root == .stack(index)))
            edges.append(Edge(from: id(.stack(index)), to: id(.screen(stack.root)), kind: .root, label: nil, condition: nil))
            for destination in stack.destinations {
                edges.append(Edge(from: id(.stack(index)), to: id(.screen(destination)), kind: .destination,
                                  label: nil, condition: nil))
            }
        }
        for (index, screen) in spec.screens.enumerated() {
            nodes.append(Node(id: id(.screen(index)), kind: .screen, name: screen.name,
                              parameters: screen.parameters.map { "\($0.name): \(spec.name(of: $0.type))" },
                              locked: screen.lock != nil, lockCondition: screen.lockedWhile.map(spec.text(of:)),
                              isRoot: spec.root == .screen(index)))
            /// Draws what a block of statements shows next.
            func draw(_ statements: [Statement], label: String?, condition: Condition?, declared: DeclaredEdge?) {
                let condition = condition.map { spec.text(of: $0) }
                for statement in statements {
                    let drawn: (String, EdgeKind)?
                    switch statement.kind {
                    case .push(let route), .pushUnderModals(let route), .pushInline(let route):
                        drawn = (id(.screen(route.screen)), .push)
                    case .pushStack(let stack): drawn = (id(.stack(stack)), .push)
                    case .select(let route): drawn = (id(.screen(route.screen)), .select)
                    case .present(let kind, let content):
                        drawn = (id(content), EdgeKind(rawValue: kind.rawValue) ?? .sheet)
                    case .selectTab(let tab):
                        if let view = spec.rootTabView { drawn = (id(view.tabs[tab].content), .selectTab) } else { drawn = nil }
                    case .dismiss, .close, .pop, .popToRoot, .rebuild, .set, .open:
                        drawn = nil
                    }
                    if let (target, kind) = drawn {
                        edges.append(Edge(from: id(.screen(index)), to: target, kind: kind, label: label,
                                          condition: condition, declared: declared))
                    }
                }
            }
            for (edgeIndex, edge) in screen.edges.enumerated() {
                draw(edge.statements, label: edge.label, condition: edge.condition,
                     declared: DeclaredEdge(screen: index, edge: edgeIndex))
            }
            // What an appear hook shows is drawn from its screen, labelled as the hook.
            for hook in screen.hooks {
                draw(hook.statements, label: "appear", condition: hook.condition, declared: nil)
            }
            // What a dismissal hook shows once its modal has closed, likewise.
            for hook in screen.dismissHooks {
                draw(hook.statements, label: "on dismiss", condition: hook.condition, declared: nil)
            }
        }
        for (index, link) in spec.deepLinks.enumerated() {
            // One entry per handler: a link handled twice leads to two places.
            for (number, handler) in link.handlers.enumerated() {
                entryPoints.append(EntryPoint(id: number == 0 ? "deeplink.\(index)" : "deeplink.\(index).\(number)",
                                              pattern: link.pattern.text,
                                              to: Self.landing(of: handler.target, in: spec, id: id),
                                              requires: handler.requires.map { spec.text(of: $0) }))
            }
        }
    }

    /// The node a deep link shows on top: the last route or modal of its
    /// target, else the selected tab's content, else the root.
    private static func landing(of target: DeepLinkTarget, in spec: FlowSpec, id: (Content) -> String) -> String {
        if let modal = target.modals.last {
            if let route = modal.path.last { return id(.screen(route.screen)) }
            return id(modal.content)
        }
        if let column = target.columns.last {
            if let route = column.path.last ?? column.shows { return id(.screen(route.screen)) }
        }
        if let tab = target.tab, let view = spec.rootTabView { return id(view.tabs[tab].content) }
        return id(spec.root)
    }
}
