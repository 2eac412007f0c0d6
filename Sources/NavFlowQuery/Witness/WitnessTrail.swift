import NavFlowModel

/// The concrete run behind a witness: the state each step is taken from,
/// the transition it takes, with its facts, and the state it ends in. What
/// the run passes through is judged from it (see NavFlowCheck's
/// `WitnessAudit`); the witness itself is only its description.
public struct WitnessTrail: Sendable {
    /// One step of the run.
    public struct Step: Sendable {
        public var from: NavState
        public var transition: Transition
    }

    /// Whether the run starts at launch (step 1 of the witness is the
    /// launch) rather than at a `--from` state.
    public var startsAtLaunch: Bool
    /// The facts of the launch, when the run starts there.
    public var launchFacts: [StepFact]
    /// The steps, in order; witness step `index + 2` describes `steps[index]`.
    public var steps: [Step]
    /// Every state of the run, the start first and the end last.
    public var states: [NavState] { (steps.map(\.from)) + [end] }
    public var end: NavState

    public init(startsAtLaunch: Bool, launchFacts: [StepFact], steps: [Step], end: NavState) {
        self.startsAtLaunch = startsAtLaunch
        self.launchFacts = launchFacts
        self.steps = steps
        self.end = end
    }

    /// Recovers each step's transition by taking the step again from its
    /// state: the one that reaches the next state of the path.
    init(model: FlowModel, launchFacts: [StepFact], path: [(from: NavState, step: NavFlowModel.Step)], end: NavState,
         startsAtLaunch: Bool) {
        var steps: [Step] = []
        for (index, taken) in path.enumerated() {
            let next = index + 1 < path.count ? path[index + 1].from : end
            var chosen: Transition?
            model.successors(of: taken.from, deepLinks: true) { transition in
                guard chosen == nil, transition.step == taken.step, transition.target == next else { return }
                chosen = transition
            }
            steps.append(Step(from: taken.from,
                              transition: chosen ?? Transition(step: taken.step, target: next, facts: [], outcome: nil)))
        }
        self.init(startsAtLaunch: startsAtLaunch, launchFacts: launchFacts, steps: steps, end: end)
    }
}
