import NavFlowSpec

/// `close NAME, ...`: closes the first (lowest) of the named modals that is
/// up, with every modal above it, and keeps the modals beneath; with none
/// of them up, nothing happens. What an app's reset that closes some sheets
/// and forgets others does (a router setting its sheet items to nil one by
/// one), and what a link's `close` does before it lands.
public struct CloseStatement: StatementMeaning {
    public let closing: [Content]

    public init(closing: [Content]) {
        self.closing = closing
    }

    public var footprint: StatementFootprint {
        StatementFootprint(reads: .modals, writes: .modals, closesModals: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        state.modals = environment.model.modals(of: state, closing: closing)
        return .done
    }
}

extension FlowModel {
    /// The modals of `state` once the first (lowest) of `closing` that is up
    /// has closed with every modal above it: a link's `close` and the
    /// statement's.
    public func modals(of state: NavState, closing: [Content]) -> [Modal] {
        guard let first = state.modals.firstIndex(where: { closing.contains(shape.presentables[$0.presentable]) })
        else { return state.modals }
        return Array(state.modals[..<first])
    }
}
