import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSpec
import NavFlowTrace

/// Writes test paths as traces, in the events an app's recorder would
/// write for the same steps, so that replaying them takes the same edges.
public struct PlanTraceWriter: Sendable {
    public let model: FlowModel
    private var spec: FlowSpec { model.spec }

    public init(model: FlowModel) {
        self.model = model
    }

    /// The lines of one test: a launch with its inputs, then one event per
    /// step, each followed by an `appear` per hook it runs (as a recorder
    /// wrapping each hook in `appear(_:perform:)` writes them).
    public func lines(for path: TestPlan.TestPath) -> [TraceLine] {
        let inputs = model.relevantInputs.map { (spec.inputs[$0].name, path.inputs >> UInt64($0) & 1 == 1) }
        var lines = [TraceLine(event: .launch, inputs.isEmpty ? [] : [("inputs", .bools(inputs))])]
        if model.hasAppearHooks { lines += appearLines(model.initialState(inputs: path.inputs).facts) }
        for (state, step) in path.steps {
            lines.append(line(for: step, from: state))
            if model.hasAppearHooks { lines += appearLines(model.transition(taking: step, from: state)?.facts ?? []) }
        }
        return lines
    }

    /// One `appear` event per hook the facts say ran.
    private func appearLines(_ facts: [StepFact]) -> [TraceLine] {
        FlowModel.hooksRan(in: facts).map { TraceLine(event: .appear, [("screen", .string(spec.screens[$0.screen].name))]) }
    }

    /// The event a recorder writes for one step.
    public func line(for step: Step, from state: NavState) -> TraceLine {
        switch step {
        case .edge(let context, let screen, let index, let choices):
            let edge = spec.screens[screen].edges[index]
            let on = spec.screens[model.routes.screen(of: model.visibleRoute(of: context, in: state))].name
            let statement = edge.statements.count == 1 ? edge.statements[0].kind : nil
            switch (edge.label, statement) {
            case (nil, .push?): return route(.push, choices[0])
            case (nil, .select?): return route(.select, choices[0])
            case (nil, .present(let kind, let content)?):
                return TraceLine(event: kind.traceEvent, [("screen", .string(spec.name(of: content)))])
            case (nil, .pop?): return TraceLine(event: .back)
            case (nil, .popToRoot?): return TraceLine(event: .popToRoot)
            case (nil, .dismiss?):
                // A dismiss inside a pushed screen pops it: the app sees a back.
                return TraceLine(event: model.path(of: context, in: state).isEmpty ? .dismiss : .back)
            case (nil, .selectTab(let tab)?): return TraceLine(event: .tab, [("tab", .string(tabID(tab)))])
            case (nil, .open(let url)?): return TraceLine(event: .deeplink, [("url", .string(url))])
            default:
                let label = edge.label ?? edge.statementText(on: screen, in: spec)
                return TraceLine(event: .action, [("screen", .string(on)), ("label", .string(label))]
                                 + outcome(edge.outcome))
            }
        case .back: return TraceLine(event: .back)
        // A recorder writes every tap on a tab's item, the selected one's included.
        case .switchTab(let tab), .retapTab(let tab): return TraceLine(event: .tab, [("tab", .string(tabID(tab)))])
        case .swipeDown: return TraceLine(event: .dismiss)
        case .deepLink(let link, let arguments):
            let taken = outcome(spec.deepLinks[link].outcome(in: arguments))
            if let entry = spec.deepLinks[link].entry {
                return TraceLine(event: .entry, [("name", .string(entry.name))] + entryArguments(link, arguments) + taken)
            }
            return TraceLine(event: .deeplink, [("url", .string(WitnessBuilder(model: model).exampleURL(link: link, arguments: arguments)))]
                             + taken)
        }
    }

    /// The `outcome` member of a step that depends on a choice.
    private func outcome(_ outcome: ChoiceOutcome?) -> [(String, TraceLine.Value)] {
        guard let outcome else { return [] }
        return [("outcome", .string(spec.choices[outcome.choice].outcomes[outcome.outcome]))]
    }

    /// An entry point's argument values.
    private func entryArguments(_ link: Int, _ arguments: [Int]) -> [(String, TraceLine.Value)] {
        let parameters = spec.deepLinks[link].pattern.parameters
        guard !parameters.isEmpty else { return [] }
        return [args(parameters.map { ($0.name, $0.type) }, values: arguments)]
    }

    /// The `args` member for parameters and their values: enum cases by
    /// name, an id as `DeepLinkPattern.examples` writes it (`1` for an
    /// `Int` id, `x` for a `String` id).
    private func args(_ parameters: [(name: String, type: ValueType)], values: [Int]) -> (String, TraceLine.Value) {
        ("args", .strings(zip(parameters, values).map { parameter, value -> (String, String) in
            switch parameter.type {
            case .enumeration(let type): (parameter.name, spec.enums[type].cases[value])
            case .identifier: (parameter.name, DeepLinkPattern.examples(of: parameter.type, in: spec).first ?? "x")
            }
        }))
    }

    private func tabID(_ tab: Int) -> String {
        spec.rootTabView?.tabs[tab].id ?? "?"
    }

    /// A push or select event for a route, with concrete arguments.
    private func route(_ event: TraceEventName, _ id: Int) -> TraceLine {
        let screen = spec.screens[model.routes.screen(of: id)]
        var members: [(String, TraceLine.Value)] = [("screen", .string(screen.name))]
        if !screen.parameters.isEmpty {
            members.append(args(screen.parameters.map { ($0.name, $0.type) }, values: model.routes.values(of: id)))
        }
        return TraceLine(event: event, members)
    }
}
