import NavFlowSpec

/// `push R under modals`: a push onto the router's current path while the
/// modals stay up: the path of the topmost presented stack declared
/// `router path`, else the stack beneath every modal, the one the
/// selected tab (or the root) shows. It is what sheet content does when
/// it navigates with the router of the view that presented it: the screen
/// is pushed, and appears once the modals above it are closed. With no
/// modal up it is a plain push. Everything else (registration, depth,
/// facts) is `push`'s, on that stack.
public struct PushUnderModalsStatement: StatementMeaning {
    public let route: Route

    public init(route: Route) { self.route = route }

    /// It may write a path other than its context's, the base slot's under
    /// a modal or a `router path` modal's beneath the top: the search runs
    /// it on every state and does not park tabs.
    public var footprint: StatementFootprint {
        StatementFootprint(reads: StatementFootprint.Parts.context.union([.contextPath, .slots]),
                           writes: [.contextPath, .slots, .modals],
                           stackOperations: .push, choosesRoute: true, mayCutOffStep: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        if let index = environment.model.routerPathModal(in: state),
           case .stack(let stack) = environment.model.shape.presentables[state.modals[index].presentable] {
            guard let route = environment.chosenRoute else { return .done }
            return PushStatement.push(route, onto: stack, path: &state.modals[index].path, model: environment.model,
                                      statement: environment.range, facts: &facts)
        }
        var beneath = environment
        if let bottom = state.modals.first {
            beneath.context = .slot(environment.model.shape.slot(ofColumn: bottom.presenterColumn,
                                                                 selectedTab: state.selectedTab))
        }
        return PushStatement(route: route).run(on: &state, in: beneath, facts: &facts)
    }
}
