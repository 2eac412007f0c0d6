import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// Turns paths through the state graph into witnesses a tester can follow:
/// numbered steps in the app's own words and the inputs the run needs.
public struct WitnessBuilder: Sendable {
    public let model: FlowModel
    private var spec: FlowSpec { model.spec }

    public init(model: FlowModel) {
        self.model = model
    }

    /// A witness from a list of steps, each with the state it is taken in,
    /// for a run with the given inputs. The first step is the launch, or
    /// `start` when the run starts elsewhere.
    public func witness(_ steps: [(from: NavState, step: Step)], inputs bits: UInt64,
                        start: WitnessStep = WitnessStep(kind: .launch, text: "Launch the app")) -> Witness {
        var first = start
        if start.kind == .launch, model.hasHooks {
            first.text += hooksText(model.initialState(inputs: bits).facts)
        }
        return Witness(inputs: inputs(of: bits), steps: [first] + steps.map { describe($0.step, from: $0.from) })
    }

    /// `, and the appear hook of Feed runs`, for a step that runs hooks
    /// (the user sees what they do as part of the step), in the order they
    /// ran, hooks of one kind in a row named together; empty otherwise.
    private func hooksText(_ facts: [StepFact]) -> String {
        // A screen with several hooks of a kind says which by line.
        var runs: [(kind: String, names: [String])] = []
        for fact in facts {
            let kind: String
            let name: String
            switch fact {
            case .appearHookRan(let id):
                let screen = spec.screens[id.screen]
                kind = "appear"
                name = screen.hooks.count == 1 ? screen.name : "\(screen.name) (line \(screen.hooks[id.hook].keyword.start.line))"
            case .dismissHookRan(let id):
                let screen = spec.screens[id.screen]
                kind = "dismissal"
                name = screen.dismissHooks.count == 1 ? screen.name
                    : "\(screen.name) (line \(screen.dismissHooks[id.hook].keyword.start.line))"
            default:
                continue
            }
            if runs.last?.kind == kind { runs[runs.count - 1].names.append(name) } else { runs.append((kind, [name])) }
        }
        return runs.map { run in
            run.names.count == 1 ? ", and the \(run.kind) hook of \(run.names[0]) runs"
                : ", and the \(run.kind) hooks of \(run.names.joined(separator: ", then ")) run"
        }.joined()
    }

    /// The facts of taking `step` from `state`, when the model has hooks
    /// to tell about (steps are re-run only then).
    private func hookFacts(of step: Step, from state: NavState) -> [StepFact] {
        guard model.hasHooks else { return [] }
        return model.transition(taking: step, from: state)?.facts ?? []
    }

    /// The relevant inputs of a valuation, by name.
    public func inputs(of bits: UInt64) -> [InputValue] {
        model.relevantInputs.map { InputValue(name: spec.inputs[$0].name, value: bits >> UInt64($0) & 1 == 1) }
    }

    /// One step in words, judged from the state it is taken in, with the
    /// appear hooks it runs.
    public func describe(_ step: Step, from state: NavState) -> WitnessStep {
        var described = describeAction(step, from: state)
        described.text += hooksText(hookFacts(of: step, from: state))
        return described
    }

    /// What the user (or the system) does in a step, in words.
    private func describeAction(_ step: Step, from state: NavState) -> WitnessStep {
        switch step {
        case .edge(let context, let screen, let edgeIndex, let choices):
            let route = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
            let edge = spec.screens[screen].edges[edgeIndex]
            // The outcome of a data-dependent tap: ` (Owner: mine)`.
            let outcome = edge.outcome.map { " (\($0.text(in: spec)))" } ?? ""
            if let label = edge.label {
                return WitnessStep(kind: .tap, text: "Tap “\(label)” on \(route)\(outcome)", screen: route)
            }
            let statement = edge.statements.first
            let action: String
            switch statement?.kind {
            case .push, .pushUnderModals, .pushInline: action = "open \(choices.first.map { model.routes.text(of: $0, in: spec) } ?? "?")"
            case .select: action = "select \(choices.first.map { model.routes.text(of: $0, in: spec) } ?? "?")"
            case .pushStack(let stack): action = "open \(spec.stacks[stack].name)"
            case .present(let kind, let content): action = "open the \(spec.name(of: content)) \(kind.rawValue)"
            case .dismiss: action = "dismiss"
            case .close(let closing): action = "close " + closing.map { spec.name(of: $0) }.joined(separator: " or ") + " and what is above it"
            case .pop: action = "go back"
            case .popToRoot: action = "go back to the root"
            case .rebuild: action = "start over (every tab at its root, no modal)"
            case .selectTab(let tab): action = "go to the \(tabTitle(tab)) tab"
            case .set(let flag, let value): action = "set \(spec.flags[flag].name) to \(value)"
            case .open(let url): action = "open \(url)"
            case nil: action = "continue"
            }
            return WitnessStep(kind: .tap, text: "On \(route), \(action)\(outcome)", screen: route)
        case .back(let context):
            let route = model.routes.text(of: model.visibleRoute(of: context, in: state), in: spec)
            return WitnessStep(kind: .back, text: "Go back from \(route)", screen: route)
        case .switchTab(let tab):
            return WitnessStep(kind: .switchTab, text: "Switch to the \(tabTitle(tab)) tab")
        case .retapTab(let tab):
            let route = model.routes.text(of: model.visibleRoute(of: .slot(model.retapSlots[tab] ?? 0), in: state), in: spec)
            return WitnessStep(kind: .retapTab, text: "Tap the \(tabTitle(tab)) tab again", screen: route)
        case .swipeDown:
            let top = state.modals.last
            let name = top.map { spec.name(of: model.shape.presentables[$0.presentable]) } ?? "?"
            return WitnessStep(kind: .swipeDown, text: "Swipe down the \(name) \(top?.kind.rawValue ?? "sheet")", screen: name)
        case .deepLink(let link, let arguments):
            let url = exampleURL(link: link, arguments: arguments)
            let outcome = spec.deepLinks[link].outcome(in: arguments).map { " (\($0.text(in: spec)))" } ?? ""
            if let entry = spec.deepLinks[link].entry {
                let shown = spec.deepLinks[link].pattern.parameters.isEmpty
                    ? "" : " with " + url.drop { $0 != "(" }.dropFirst().dropLast()
                return WitnessStep(kind: .entry, text: entry.kind.step(named: entry.name) + shown + outcome, url: url)
            }
            return WitnessStep(kind: .openURL, text: "Open \(url)\(outcome)", url: url)
        }
    }

    /// The first step of a `--from` witness: the pattern it starts where,
    /// and the state it starts in.
    public func start(where pattern: StatePattern, in state: NavState) -> WitnessStep {
        WitnessStep(kind: .launch, text: "Start where \(pattern.text) holds: " + describe(state))
    }

    /// A state in words: the selected tab and its paths, the paths other
    /// tabs keep, and the modals.
    public func describe(_ state: NavState) -> String {
        func paths(_ slots: Range<Int>) -> String {
            slots.map { slot in
                ([model.rootRoute(ofSlot: slot, in: state)] + state.paths[slot])
                    .map { model.routes.text(of: $0, in: spec) }.joined(separator: " > ")
            }.joined(separator: " | ")
        }
        var parts: [String] = []
        if spec.rootTabView != nil {
            parts.append("\(tabTitle(state.selectedTab)) tab: \(paths(model.shape.tabSlots[state.selectedTab]))")
            for (tab, slots) in model.shape.tabSlots.enumerated() where tab != state.selectedTab {
                if slots.contains(where: { !state.paths[$0].isEmpty || state.shows[$0] != 0 }) {
                    parts.append("\(tabTitle(tab)) tab kept at \(paths(slots))")
                }
            }
        } else {
            parts.append(paths(model.shape.rootSlots))
        }
        for modal in state.modals {
            let content = model.shape.presentables[modal.presentable]
            var text = "\(spec.name(of: content)) \(modal.kind.rawValue) up"
            if !modal.path.isEmpty { text += " at " + modal.path.map { model.routes.text(of: $0, in: spec) }.joined(separator: " > ") }
            parts.append(text)
        }
        return parts.joined(separator: "; ")
    }

    private func tabTitle(_ tab: Int) -> String {
        guard let view = spec.rootTabView, tab < view.tabs.count else { return "?" }
        return view.tabs[tab].title
    }

    /// A URL the link's pattern matches, with the given argument values:
    /// enum cases by name, `1` for an Int id, `x` for a String id (see
    /// `DeepLinkPattern.exampleURL`).
    public func exampleURL(link: Int, arguments: [Int]) -> String {
        spec.deepLinks[link].pattern.exampleURL(arguments: arguments, in: spec)
    }
}
