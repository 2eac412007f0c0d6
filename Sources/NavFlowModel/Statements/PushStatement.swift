import NavFlowSource
import NavFlowSpec

/// `push R`: appends the chosen route of R to the context's path. Without a
/// stack there, or with R not registered on it, nothing happens (a fact
/// says which); at the stack's depth the step is cut off. `push R inline`
/// (a view-destination link) needs no registration: the link carries its
/// destination view.
public struct PushStatement: StatementMeaning {
    public let route: Route
    /// Whether it is `push R inline`.
    public let inline: Bool

    public init(route: Route, inline: Bool = false) {
        self.route = route
        self.inline = inline
    }

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
        var path = model.path(of: context, in: state)
        let result = Self.push(route, onto: stack, path: &path, model: model, statement: environment.range,
                               needsRegistration: !inline, facts: &facts)
        state.setPath(path, of: context)
        return result
    }

    /// Appends `route` (of `screen`) to `path`, a path of `stack`: nothing
    /// when the stack does not register the screen (and the push needs it
    /// registered), a cut at its depth.
    static func push(_ route: Int, onto stack: Int, path: inout [Int], model: FlowModel, statement: SourceRange,
                     needsRegistration: Bool = true, facts: inout [StepFact]) -> StatementResult {
        let screen = model.routes.screen(of: route)
        guard !needsRegistration || model.registered[stack].contains(screen) else {
            facts.append(.unregisteredPush(stack: stack, screen: screen, statement: statement))
            return .done
        }
        guard path.count < model.spec.stacks[stack].depth else {
            facts.append(.cutAtStackDepth(stack: stack, screen: screen, statement: statement))
            return .cutOff
        }
        path.append(route)
        facts.append(.pushed(stack: stack, screen: screen))
        return .done
    }
}
