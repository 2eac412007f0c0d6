import NavFlowSpec

/// `open "url"`: handles the URL like a deep link, within the step: the
/// first pattern that matches handles it, and the state becomes the link's
/// result when it has one (an invalid result leaves the state as it was).
/// A URL no pattern matches does nothing. Of the link's facts only the
/// pushes are kept (what a stack has had pushed onto it); the rest is
/// judged where the link is opened as a step of its own.
public struct OpenStatement: StatementMeaning {
    public let url: String

    public init(url: String) { self.url = url }

    /// What a deep link may do: anything but change the inputs.
    public var footprint: StatementFootprint {
        StatementFootprint(reads: .all, writes: [.flags, .selectedTab, .contextPath, .laterColumns, .slots, .modals],
                           mayLeaveItsTab: true, presents: true, closesModals: true, mayClearFlag: true)
    }

    /// The deep link that handles the URL and its argument values, if a pattern matches.
    public func link(in spec: FlowSpec) -> (link: Int, arguments: [Int])? {
        guard let path = URLPath(url) else { return nil }
        return spec.deepLink(handling: path)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        let model = environment.model
        guard let (link, arguments) = link(in: model.spec) else { return .done }
        let handled = model.handleDeepLink(link, arguments: arguments, from: state, decider: environment.decider)
        for fact in handled.facts {
            // What the link put on stacks, and a rebuild its `else` did (every view is then new).
            if case .pushed = fact { facts.append(fact) }
            if fact == .rebuilt { facts.append(fact) }
        }
        if let target = handled.target { state = target }
        return .done
    }
}
