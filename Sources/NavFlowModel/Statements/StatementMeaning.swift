import NavFlowSource
import NavFlowSpec

/// What one kind of statement means, stated in one file per kind (this
/// folder): its footprint as data and how it runs on a state. `Statement`
/// dispatches to them below, in one exhaustive switch per question, so a
/// new kind of statement does not compile until it has a meaning here (and,
/// in NavFlowExport, a lowering into the exported program).
protocol StatementMeaning {
    /// What it may read and write, whatever the state.
    var footprint: StatementFootprint { get }
    /// Runs it on `state`, recording what happened in `facts`.
    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult
}

/// What a statement runs with besides the state.
struct StatementEnvironment<Decider: ConditionDecider> {
    let model: FlowModel
    /// The context it acts on (`StatementRun.context(in:)`).
    var context: Context
    let decider: Decider
    /// The route the step chose for it (`push`, `select`), if any.
    let chosenRoute: Int?
    /// The statement's place in the spec: its identity in facts.
    let range: SourceRange
    /// The modal that covers the view the statement acts for, when an
    /// appear hook acts for a covered view: it can present nothing.
    var coveredBy: Int? = nil
}

/// How running a statement ended.
enum StatementResult {
    /// It acted, or did nothing; the step goes on.
    case done
    /// It reached a limit: the whole step is cut off, with no successor.
    case cutOff
}

extension Statement {
    /// What the statement may read and write.
    public var footprint: StatementFootprint {
        switch kind {
        case .push(let route): PushStatement(route: route).footprint
        case .pushInline(let route): PushStatement(route: route, inline: true).footprint
        case .pushUnderModals(let route): PushUnderModalsStatement(route: route).footprint
        case .pushStack(let stack): PushStackStatement(stack: stack).footprint
        case .present(let kind, let content): PresentStatement(kind: kind, content: content).footprint
        case .dismiss: DismissStatement().footprint
        case .close(let closing): CloseStatement(closing: closing).footprint
        case .pop: PopStatement().footprint
        case .popToRoot: PopToRootStatement().footprint
        case .rebuild: RebuildStatement().footprint
        case .selectTab(let tab): SelectTabStatement(tab: tab).footprint
        case .set(let flag, let value): SetStatement(flag: flag, value: value).footprint
        case .open(let url): OpenStatement(url: url).footprint
        case .select(let route): SelectStatement(route: route).footprint
        }
    }

    /// Runs the statement on `state`.
    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        switch kind {
        case .push(let route): PushStatement(route: route).run(on: &state, in: environment, facts: &facts)
        case .pushInline(let route): PushStatement(route: route, inline: true).run(on: &state, in: environment, facts: &facts)
        case .pushUnderModals(let route):
            PushUnderModalsStatement(route: route).run(on: &state, in: environment, facts: &facts)
        case .pushStack(let stack): PushStackStatement(stack: stack).run(on: &state, in: environment, facts: &facts)
        case .present(let kind, let content):
            PresentStatement(kind: kind, content: content).run(on: &state, in: environment, facts: &facts)
        case .dismiss: DismissStatement().run(on: &state, in: environment, facts: &facts)
        case .close(let closing): CloseStatement(closing: closing).run(on: &state, in: environment, facts: &facts)
        case .pop: PopStatement().run(on: &state, in: environment, facts: &facts)
        case .popToRoot: PopToRootStatement().run(on: &state, in: environment, facts: &facts)
        case .rebuild: RebuildStatement().run(on: &state, in: environment, facts: &facts)
        case .selectTab(let tab): SelectTabStatement(tab: tab).run(on: &state, in: environment, facts: &facts)
        case .set(let flag, let value): SetStatement(flag: flag, value: value).run(on: &state, in: environment, facts: &facts)
        case .open(let url): OpenStatement(url: url).run(on: &state, in: environment, facts: &facts)
        case .select(let route): SelectStatement(route: route).run(on: &state, in: environment, facts: &facts)
        }
    }

    /// The route the step chooses for the statement among the values of its
    /// unspecified arguments, when its footprint `choosesRoute`.
    public var routeToChoose: Route? {
        switch kind {
        case .push(let route), .pushUnderModals(let route), .pushInline(let route), .select(let route): route
        case .pushStack, .present, .dismiss, .close, .pop, .popToRoot, .rebuild, .selectTab, .set, .open: nil
        }
    }

    /// The route ids the step can choose for the statement (one entry per
    /// choice; one empty choice when it chooses none).
    public func routeChoices(routes: RouteTable, bindings: [Int]) -> [[Int]] {
        guard let route = routeToChoose else { return [[]] }
        return routes.expand(route, bindings: bindings).map { [$0] }
    }
}

extension NavState {
    /// Replaces the path of a context's stack.
    mutating func setPath(_ path: [Int], of context: Context) {
        switch context {
        case .modal: modals[modals.count - 1].path = path
        case .slot(let slot): paths[slot] = path
        }
    }
}
