import NavFlowModel
import NavFlowSpec

/// Turns paths through the state graph into witnesses a tester can follow:
/// numbered steps in the app's own words and the inputs the run needs.
public struct WitnessBuilder: Sendable {
    public let graph: StateGraph
    private var model: FlowModel { graph.model }
    private var spec: FlowSpec { graph.model.spec }

    public init(graph: StateGraph) {
        self.graph = graph
    }

    /// The witness that reaches state `index`, then takes `extra` from it.
    public func witness(to index: Int, then extra: Step? = nil) -> Witness {
        var steps = [WitnessStep(kind: .launch, text: "Launch the app")]
        for (from, step) in graph.path(to: index) {
            steps.append(describe(step, from: graph.state(from)))
        }
        if let extra {
            steps.append(describe(extra, from: graph.state(index)))
        }
        return Witness(inputs: inputs(of: graph.state(index).inputs), steps: steps)
    }

    /// A witness for something that happens while launching.
    public func launchWitness(inputs bits: UInt64) -> Witness {
        Witness(inputs: inputs(of: bits), steps: [WitnessStep(kind: .launch, text: "Launch the app")])
    }

    /// The relevant inputs of a valuation, by name.
    public func inputs(of bits: UInt64) -> [InputValue] {
        model.relevantInputs.map { InputValue(name: spec.inputs[$0].name, value: bits >> UInt64($0) & 1 == 1) }
    }

    /// One step in words, judged from the state it is taken in.
    public func describe(_ step: Step, from state: NavState) -> WitnessStep {
        switch step {
        case .edge(let context, let screen, let edgeIndex, let choices):
            let route = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
            let edge = spec.screens[screen].edges[edgeIndex]
            if let label = edge.label {
                return WitnessStep(kind: .tap, text: "Tap “\(label)” on \(route)", screen: route)
            }
            let statement = edge.statements.first
            let action: String
            switch statement?.kind {
            case .push: action = "open \(choices.first.map { model.routes.text(of: $0, in: spec) } ?? "?")"
            case .select: action = "select \(choices.first.map { model.routes.text(of: $0, in: spec) } ?? "?")"
            case .pushStack(let stack): action = "open \(spec.stacks[stack].name)"
            case .present(let kind, let content): action = "open the \(spec.name(of: content)) \(kind.rawValue)"
            case .dismiss: action = "dismiss"
            case .pop: action = "go back"
            case .popToRoot: action = "go back to the root"
            case .selectTab(let tab): action = "go to the \(tabTitle(tab)) tab"
            case .set(let flag, let value): action = "set \(spec.flags[flag].name) to \(value)"
            case .open(let url): action = "open \(url)"
            case nil: action = "continue"
            }
            return WitnessStep(kind: .tap, text: "On \(route), \(action)", screen: route)
        case .back(let context):
            let route = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
            return WitnessStep(kind: .back, text: "Go back from \(route)", screen: route)
        case .switchTab(let tab):
            return WitnessStep(kind: .switchTab, text: "Switch to the \(tabTitle(tab)) tab")
        case .swipeDown:
            let top = state.modals.last
            let name = top.map { spec.name(of: model.shape.presentables[$0.presentable]) } ?? "?"
            return WitnessStep(kind: .swipeDown, text: "Swipe down the \(name) \(top?.kind.rawValue ?? "sheet")", screen: name)
        case .deepLink(let link, let arguments):
            let url = exampleURL(link: link, arguments: arguments)
            return WitnessStep(kind: .openURL, text: "Open \(url)", url: url)
        }
    }

    private func tabTitle(_ tab: Int) -> String {
        guard let view = spec.rootTabView, tab < view.tabs.count else { return "?" }
        return view.tabs[tab].title
    }

    /// A URL the link's pattern matches, with the given argument values:
    /// enum cases by name, `1` for an Int id, `x` for a String id.
    public func exampleURL(link: Int, arguments: [Int]) -> String {
        let pattern = spec.deepLinks[link].pattern
        let parts = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .parameter(let index):
                switch pattern.parameters[index].type {
                case .enumeration(let type):
                    let value = index < arguments.count ? arguments[index] : 0
                    return spec.enums[type].cases[value]
                case .identifier(let type):
                    return spec.idTypes[type].base == .int ? "1" : "x"
                }
            }
        }
        switch pattern.origin {
        case .scheme(let scheme): return "\(scheme)://" + parts.joined(separator: "/")
        case .host(let host): return "https://\(host)" + (parts.isEmpty ? "" : "/" + parts.joined(separator: "/"))
        }
    }
}
