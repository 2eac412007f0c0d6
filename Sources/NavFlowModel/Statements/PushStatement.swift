import NavFlowSpec

/// `push R`: appends the chosen route of R to the context's path. Without a
/// stack there, or with R not registered on it, nothing happens (a fact
/// says which); at the stack's depth the step is cut off.
public struct PushStatement: StatementMeaning {
    public let route: Route

    public init(route: Route) { self.route = route }

    public var footprint: StatementFootprint {
        StatementFootprint(reads: StatementFootprint.Parts.context.union(.contextPath), writes: .contextPath,
                           stackOperations: .push, choosesRoute: true, mayCutOffStep: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        let model = environment.model
        let context = environment.context
        guard let route = environment.chosenRoute else { return .done }
        let screen = model.routes.screen(of: route)
        guard let stack = model.stack(of: context, in: state) else {
            facts.append(.pushWithoutStack(visibleRoute: model.visibleRoute(of: context, in: state), screen: screen,
                                           statement: environment.range))
            return .done
        }
        guard model.registered[stack].contains(screen) else {
            facts.append(.unregisteredPush(stack: stack, screen: screen, statement: environment.range))
            return .done
        }
        var path = model.path(of: context, in: state)
        guard path.count < model.spec.stacks[stack].depth else {
            facts.append(.cutAtStackDepth(stack: stack, screen: screen, statement: environment.range))
            return .cutOff
        }
        path.append(route)
        state.setPath(path, of: context)
        facts.append(.pushed(stack: stack, screen: screen))
        return .done
    }
}
