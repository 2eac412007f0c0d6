import NavFlowModel

/// Paths from launch to the whole states the summary search reached
/// (docs/performance.md, "Witnesses from frames").
///
/// A whole state is a path edge (entry, frame) and a chain of callers from
/// the entry down to the bottom one, whose routes are the frame's hidden
/// routes. It was reached either by a step every context of its entry
/// shares (the path edge's origin) or, for the frame a push reaches, by the
/// push that added the chain's top caller (that caller's origin). Either
/// names the path edge the step was run from and the callers its request
/// passed on the way down (a cut answer stands for the callers it came
/// through): those callers, then the target's callers beneath the entry
/// the request reached, are the source's chain (any chain, when the step
/// dropped that entry's routes). Going from state to source this way, a
/// search backwards finds a launch; each step is then run forwards on the
/// whole states, which gives the step's choices and checks the path.
final class SummaryWitnesses: Sendable {
    typealias Caller = SummaryEngine.Caller

    private let model: FlowModel
    private let deepLinks: Bool
    private let parking: ParkedPaths?
    private let hidden: HiddenStack
    /// Frames with their marks, by number.
    private let frames: [NavState]
    private let heights: [Int]
    private let callers: [[Caller]]
    /// Per entry a push reaches: the frame it reaches.
    private let pushFrames: [Int32: Int32]
    private let pathEdgeOrigins: [UInt64: StepOrigin]
    private let callerOrigins: [SummaryOrigins.CallerKey: StepOrigin]
    private let trail: [SummaryOrigins.TrailNode]
    private let launches: [UInt64]
    /// Per cut node: its entry and route, the caller a node beneath it stands for.
    private let cutCallers: [Caller]
    private let answerOrigins: [[SummaryOrigins.AnswerOrigin]]
    /// Per fact: the first step (or launch) that had it.
    private let factOrigins: [StepFact: StepOrigin]
    /// Per finding a link judge named: the step where it was first met, and the judge.
    let linkFindingOrigins: [Int: StepOrigin]
    private let linkJudge: (@Sendable (Transition, NavState?) -> SummarySearch.LinkJudgement)?

    /// How many whole states the search backwards may visit before it gives up.
    static let searchLimit = 200_000

    init(_ engine: SummaryEngine, index: SummaryIndex) {
        model = engine.model
        deepLinks = engine.deepLinks
        launches = engine.origins.launches
        parking = engine.parkingBox?.paths
        hidden = engine.hidden
        frames = engine.frames
        heights = engine.entries.map(\.height)
        callers = index.callers
        var pushFrames: [Int32: Int32] = [:]
        for (frame, entry) in engine.pushEntries { pushFrames[entry] = frame }
        self.pushFrames = pushFrames
        pathEdgeOrigins = engine.origins.pathEdges
        callerOrigins = engine.origins.callers
        trail = engine.origins.trail
        cutCallers = engine.cuts.keys.map { Caller(entry: $0.entry, route: $0.route) }
        answerOrigins = engine.cuts.answerOrigins
        factOrigins = engine.facts
        linkFindingOrigins = engine.linkFindings
        linkJudge = engine.linkJudge
    }

    /// A whole state: a path edge and a chain of callers beneath its entry, top first.
    struct Whole: Hashable {
        var entry: Int32
        var frame: Int32
        var chain: [Caller]
    }

    /// The steps from launch with `inputs` to the whole state (`entry`,
    /// `frame`, `chain`), each with the stored state it leads to; nil when
    /// no path is found (which the tests hold never happens).
    func path(to target: Whole) -> (inputs: UInt64, steps: [(step: Step, stored: NavState)])? {
        // Backwards, from the state to a launch: each state's successor on the way.
        var next: [Whole: (whole: Whole, unit: StepUnit)] = [:]
        var seen: Set<Whole> = [target]
        var queue = [target]
        var head = 0
        var launch: (whole: Whole, inputs: UInt64)?
        search: while head < queue.count, head < Self.searchLimit {
            let whole = queue[head]
            head += 1
            for origin in origins(of: whole) {
                guard !origin.isLaunch else {
                    if whole.entry == 0 {
                        launch = (whole, launches[Int(origin.frame)])
                        break search
                    }
                    continue
                }
                guard let source = source(of: whole, from: origin), seen.insert(source).inserted,
                      let unit = unit(origin.unit, of: origin.frame) else { continue }
                next[source] = (whole, unit)
                queue.append(source)
            }
        }
        guard let launch, let initial = model.initialState(inputs: launch.inputs).state,
              var current = state(of: launch.whole), stored(initial) == current else { return nil }
        // Forwards, each step run on whole states.
        var steps: [(step: Step, stored: NavState)] = []
        var whole = launch.whole
        while let (after, unit) = next[whole] {
            guard let target = state(of: after) else { return nil }
            var taken: Step?
            transitions(of: unit, from: current) { transition in
                if taken == nil, let reached = transition.target, stored(reached) == target { taken = transition.step }
            }
            guard let taken else { return nil }
            steps.append((taken, target))
            current = target
            whole = after
        }
        return (launch.inputs, steps)
    }

    /// The path to the state the first step that had `fact` was taken
    /// from, and that step (nil for a fact of a launch). The step read
    /// the callers of its trail and nothing beneath: the rest of the
    /// state's chain is any chain of the entry it reached.
    func occurrence(of fact: StepFact) -> (inputs: UInt64, steps: [(step: Step, stored: NavState)], step: Step?)? {
        guard let origin = factOrigins[fact] else { return nil }
        if origin.isLaunch { return (launches[Int(origin.frame)], [], nil) }
        return occurrence(at: origin) { $0.facts.contains(fact) }
    }

    /// The path to the state where the link judge first named finding
    /// `key`, and the link's step there.
    func linkFinding(_ key: Int)
        -> (inputs: UInt64, steps: [(step: Step, stored: NavState)], transition: Transition, target: NavState?)? {
        guard let origin = linkFindingOrigins[key], let judge = linkJudge else { return nil }
        var taken: (transition: Transition, target: NavState?)?
        guard let found = occurrence(at: origin, taking: { transition in
            let target = transition.target.map(stored)
            guard judge(transition, target) == .finding(key) else { return false }
            taken = (transition, target)
            return true
        }), let taken else { return nil }
        return (found.inputs, found.steps, taken.transition, taken.target)
    }

    /// The path to the whole state `origin`'s step was run from, and the
    /// first transition of that step `accepts` takes (nil when none does).
    private func occurrence(at origin: StepOrigin, taking accepts: (Transition) -> Bool)
        -> (inputs: UInt64, steps: [(step: Step, stored: NavState)], step: Step?)? {
        let read = callers(of: origin.trail)
        let source = Whole(entry: origin.entry, frame: origin.frame,
                           chain: read + firstChain(of: read.last?.entry ?? origin.entry))
        guard let unit = unit(origin.unit, of: origin.frame), let state = state(of: source),
              let path = path(to: source) else { return nil }
        var taken: Step?
        transitions(of: unit, from: state) { transition in
            if taken == nil, accepts(transition) { taken = transition.step }
        }
        guard let taken else { return nil }
        return (path.inputs, path.steps, taken)
    }

    /// Unit number `ordinal` of `frame`, in `FlowModel.forEachUnit`'s order.
    private func unit(_ ordinal: Int32, of frame: Int32) -> StepUnit? {
        var found: StepUnit?
        var index: Int32 = 0
        model.forEachUnit(of: frames[Int(frame)], deepLinks: deepLinks) { unit in
            if index == ordinal { found = unit }
            index += 1
        }
        return found
    }

    /// The origins that may have reached `whole`: its path edge's, and for
    /// the frame a push reaches, the origin of the chain's top caller.
    private func origins(of whole: Whole) -> [StepOrigin] {
        var found: [StepOrigin] = []
        let key = UInt64(UInt32(bitPattern: whole.entry)) << 32 | UInt64(UInt32(bitPattern: whole.frame))
        if let origin = pathEdgeOrigins[key] { found.append(origin) }
        if let top = whole.chain.first, pushFrames[whole.entry] == whole.frame,
           let origin = callerOrigins[SummaryOrigins.CallerKey(entry: whole.entry, caller: top)] {
            found.append(origin)
        }
        return found
    }

    /// The whole state `origin`'s step was run from to reach `whole`: the
    /// callers its request passed, then the chain beneath the entry it
    /// reached, taken from `whole` when the step kept that entry's routes.
    private func source(of whole: Whole, from origin: StepOrigin) -> Whole? {
        let passed = callers(of: origin.trail)
        let reached = passed.last?.entry ?? origin.entry
        let height = heights[Int(reached)]
        let above = whole.chain.count - height
        let beneath: [Caller]
        if above >= 0, (above == 0 ? whole.entry : whole.chain[above - 1].entry) == reached {
            beneath = Array(whole.chain.suffix(height))
        } else {
            beneath = firstChain(of: reached)
        }
        let chain = passed + beneath
        guard chain.count == heights[Int(origin.entry)] else { return nil }
        return Whole(entry: origin.entry, frame: origin.frame, chain: chain)
    }

    /// The callers of a request's trail, top first.
    private func callers(of index: Int32) -> [Caller] {
        var steps: [SummaryOrigins.TrailStep] = []
        var index = index
        while index >= 0 {
            steps.append(trail[Int(index)].step)
            index = trail[Int(index)].up
        }
        var chain: [Caller] = []
        for step in steps.reversed() {
            switch step {
            case .caller(let caller):
                chain.append(caller)
            case .answer(var node, var answer):
                answers: while true {
                    switch answerOrigins[Int(node)][Int(answer)] {
                    case .root:
                        break answers
                    case .through(let caller):
                        chain.append(caller)
                        break answers
                    case .passed(let child, let index):
                        chain.append(cutCallers[Int(child)])
                        node = child
                        answer = index
                    }
                }
            }
        }
        return chain
    }

    /// A chain beneath `entry`: its first caller's, all the way down.
    private func firstChain(of entry: Int32) -> [Caller] {
        var chain: [Caller] = []
        var entry = entry
        while heights[Int(entry)] > 0 {
            let caller = callers[Int(entry)][0]
            chain.append(caller)
            entry = caller.entry
        }
        return chain
    }

    /// The stored state `whole` stands for: its frame with the chain's routes in place of the marks.
    private func state(of whole: Whole) -> NavState? {
        hidden.filled(frames[Int(whole.frame)], with: whole.chain.map(\.route))
    }

    /// A state as the search stores it: the tabs that are not selected cut.
    private func stored(_ state: NavState) -> NavState {
        parking?.parked(state) ?? state
    }

    private func transitions(of unit: StepUnit, from state: NavState, _ body: (Transition) -> Void) {
        if let parking {
            parking.transitions(of: unit, from: state, body)
        } else {
            model.run(unit, from: state, decider: ConcreteDecider(), body)
        }
    }
}
