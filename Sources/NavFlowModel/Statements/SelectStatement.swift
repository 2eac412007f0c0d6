import NavFlowSpec

/// `select R`: in a split column, makes the next column show the chosen
/// route of R with an empty path, and puts every later column back to its
/// declared content and an empty path. Outside a split column (or in its
/// last column), nothing happens.
public struct SelectStatement: StatementMeaning {
    public let route: Route

    public init(route: Route) { self.route = route }

    public var footprint: StatementFootprint {
        StatementFootprint(reads: .context, writes: .laterColumns, stackOperations: .selectIntoNextColumn, choosesRoute: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        let slots = environment.model.shape.slots
        guard let selected = environment.chosenRoute, case .slot(let slot) = environment.context,
              let split = slots[slot].split else { return .done }
        let next = slot + 1
        guard next < slots.count, slots[next].split == split, slots[next].tab == slots[slot].tab else { return .done }
        state.shows[next] = selected
        state.paths[next] = []
        var later = next + 1
        while later < slots.count, slots[later].split == split, slots[later].tab == slots[slot].tab {
            state.shows[later] = 0
            state.paths[later] = []
            later += 1
        }
        return .done
    }
}
