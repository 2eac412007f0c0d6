import NavFlowModel
import NavFlowSearch

/// The facts of `GraphAnalysis` that the summary search gives from its
/// frames and steps alone, without a whole state: what is on screen
/// (`ScreenFacts`, which reads only what a frame keeps), which facts the
/// steps had and which screens were put on which stacks. The in-app search
/// gives what is visible in-app, the search with deep links the rest.
///
/// What still needs whole states or paths (where a fact first happened,
/// the deep-link sources and the landings' judgement, traps) is not here
/// (docs/performance.md, "The summary search", item 3 of what it does not
/// do yet).
public struct SummaryFacts: Sendable {
    public let screens: ScreenFacts
    /// Every fact of a step or a launch.
    public let facts: Set<StepFact>
    /// Every (stack, screen) put on a stack by an edge or a deep link.
    public let pushed: Set<GraphAnalysis.StackScreen>

    /// The facts of the frames `inApp` found in-app and `anywhere` found
    /// with deep links (the same search when the spec has no link).
    public init(inApp: SummarySearch.Result, anywhere: SummarySearch.Result, model: FlowModel) {
        self.init(inApp: inApp.frames, facts: inApp.facts, anywhere: anywhere, model: model)
    }

    /// The facts of `anywhere`'s frames and steps, with what is visible
    /// in-app read from `inApp`, the frames or states reachable in-app (an
    /// explorer's states keep what a frame keeps), and `facts` of in-app steps.
    init(inApp: some Sequence<NavState>, facts inAppFacts: Set<StepFact>, anywhere: SummarySearch.Result, model: FlowModel) {
        var screens = ScreenFacts(spec: model.spec)
        for state in inApp { screens.observe(state, inApp: true, model: model) }
        for frame in anywhere.frames { screens.observe(frame, inApp: false, model: model) }
        self.screens = screens
        facts = inAppFacts.union(anywhere.facts)
        var pushed = Set<GraphAnalysis.StackScreen>()
        for case .pushed(let stack, let screen) in facts { pushed.insert(GraphAnalysis.StackScreen(stack: stack, screen: screen)) }
        self.pushed = pushed
    }
}
