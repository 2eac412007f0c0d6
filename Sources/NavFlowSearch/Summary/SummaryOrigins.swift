import NavFlowModel

/// Where a derivation of the summary search came from: a launch, or
/// the step unit numbered `unit` (in `FlowModel.forEachUnit`'s order) run
/// from the path edge (`entry`, `frame`), whose request then passed
/// through the callers and cut answers of `trail` (an index into
/// `SummaryOrigins.trail`, -1 for none). Four numbers, since every request
/// waiting at an entry carries one.
struct StepOrigin: Sendable {
    var entry: Int32
    /// The frame, or for a launch the index of its inputs in `SummaryOrigins.launches`.
    var frame: Int32
    /// The unit's number among the frame's, or -1 for a launch.
    var unit: Int32
    var trail: Int32

    init(entry: Int32, frame: Int32, unit: Int32) {
        self.entry = entry
        self.frame = frame
        self.unit = unit
        trail = -1
    }

    var isLaunch: Bool { unit < 0 }
}

/// What the summary search keeps of how it found things, for witnesses:
/// the first origin of each path edge reached by every context of its
/// entry, the origin of each caller (the push that added it), and for
/// each cut answer the caller it came through. A request's trail is kept
/// as a list of nodes, each pointing to the one before, so that passing a
/// caller costs one node.
struct SummaryOrigins: Sendable {
    enum TrailStep {
        /// The request passed from an entry to this caller's entry.
        case caller(SummaryEngine.Caller)
        /// The request was answered by answer `index` of cut node `node`,
        /// which stands for the callers that answer came through.
        case answer(node: Int32, index: Int32)
    }

    /// A step of a trail in three numbers: a caller's entry and route, or
    /// -1 - node and the answer's index; and the node before it.
    struct TrailNode: Sendable {
        private var first: Int32
        private var second: Int32
        var up: Int32

        init(_ step: TrailStep, up: Int32) {
            switch step {
            case .caller(let caller):
                first = caller.entry
                second = Int32(truncatingIfNeeded: caller.route)
            case .answer(let node, let index):
                first = -1 - node
                second = index
            }
            self.up = up
        }

        var step: TrailStep {
            first >= 0 ? .caller(SummaryEngine.Caller(entry: first, route: Int(second))) : .answer(node: -1 - first, index: second)
        }
    }

    /// How a cut answer was found.
    enum AnswerOrigin: Sendable {
        /// At the bottom of the path, over the root.
        case root
        /// On a caller's route: the path keeps it.
        case through(SummaryEngine.Caller)
        /// Passed up from answer `index` of node `child`, the node of the caller beneath.
        case passed(child: Int32, index: Int32)
    }

    struct CallerKey: Hashable, Sendable {
        var entry: Int32
        var caller: SummaryEngine.Caller
    }

    var trail: [TrailNode] = []
    /// The inputs of each launch.
    var launches: [UInt64] = []
    /// Per path edge (as `SummaryEngine.pathEdges` keys it): its first
    /// origin that holds for every context of its entry. A path edge a push
    /// reached has none until another step reaches it.
    var pathEdges: [UInt64: StepOrigin] = [:]
    /// Per caller of an entry: the push that added it.
    var callers: [CallerKey: StepOrigin] = [:]

    /// The origin of a launch with `inputs`.
    mutating func launch(inputs: UInt64) -> StepOrigin {
        launches.append(inputs)
        return StepOrigin(entry: -1, frame: Int32(launches.count - 1), unit: -1)
    }

    mutating func passed(_ origin: StepOrigin, through caller: SummaryEngine.Caller) -> StepOrigin {
        extended(origin, by: .caller(caller))
    }

    mutating func passed(_ origin: StepOrigin, throughAnswer index: Int32, of node: Int32) -> StepOrigin {
        extended(origin, by: .answer(node: node, index: index))
    }

    private mutating func extended(_ origin: StepOrigin, by step: TrailStep) -> StepOrigin {
        var next = origin
        next.trail = Int32(trail.count)
        trail.append(TrailNode(step, up: origin.trail))
        return next
    }
}
