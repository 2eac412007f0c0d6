import NavFlowModel
import NavFlowSpec

/// Reachability over *frames*: states whose paths show only their top
/// route, the routes beneath (the *context*) hidden, computed the way
/// pushdown reachability is, with entries, path edges and the callers of
/// each entry instead of every state (docs/performance.md, "The summary
/// search").
///
/// The hidden routes form one stack (`HiddenStack`): the selected tab's
/// path without its top, then the modals' paths, bottom modal first, the
/// top one without its top. A step that neither reads nor removes a hidden
/// route (a push, a presentation, a flag, a link that appends) does the
/// same from every state of a frame, whatever its context; a step that
/// pops reveals the route below the top, which the search takes from each
/// caller of the frame's entry; a dismiss removes hidden routes without
/// reading them. Every step is run by the model's own transition function
/// on a state made of the frame and the routes it reads, so the search
/// needs nothing of the statements but how many routes a step may pop.
///
/// The other tabs' paths are stored whole (parked with `parking`, as the
/// plain search parks them); a step that leaves a tab with hidden routes
/// takes the tab's cut from a table shared by the frames of an entry
/// (`LeftTabCuts`), and a deep link whose key fixes its transition is
/// worked out once per key (`KeyedDeepLinks`).
///
/// The plain search is its oracle: the frames of the states it finds are
/// the frames this search finds (`SummarySearchTests`).
public struct SummarySearch: Sendable {
    public var limits: Explorer.Limits
    /// Whether to keep every in-app step as a rule on whole states, which
    /// `Result.reachesHome` reads (`SummaryReach`); off, the search
    /// keeps only what reachability needs.
    public var recordsInAppSteps = false
    /// What to do with a deep link's transition, given with its target as
    /// the search stores it (with `parking`, its tabs that are not
    /// selected cut; nil when it has none): nil follows every one. With a judge, the search
    /// follows only the transitions it says to follow, and keeps where
    /// each finding it names was first met (`Result.linkFinding`): the
    /// search for the sources of deep-link findings, which are the states
    /// reachable in-app closed under the link steps that are no finding.
    /// A landed transition is judged on its whole target, every hidden
    /// route known.
    public var linkJudge: (@Sendable (Transition, NavState?) -> LinkJudgement)?
    /// With `linkJudge`: the judgement of a landing whose target keeps
    /// hidden routes, given with marks (negative routes) in their places,
    /// when it is the same whatever routes they stand for; nil when it
    /// depends on them. A landing it judges is not run again on whole
    /// contexts: one to follow keeps its marks, as any step does, and a
    /// finding already met adds nothing. Without it (or when it says nil),
    /// such a landing is judged on each whole context.
    public var linkContextJudge: (@Sendable (Transition, NavState) -> LinkJudgement?)?

    /// What the search does with a deep link's transition (`linkJudge`).
    public enum LinkJudgement: Hashable, Sendable {
        /// It follows the transition to its target.
        case follow
        /// It does not follow it.
        case stop
        /// It does not follow it: the transition is a finding, which the
        /// judge numbers (one origin is kept per number).
        case finding(Int)
    }

    public init(limits: Explorer.Limits = .standard) {
        self.limits = limits
    }

    /// What the search found.
    public struct Result: Sendable {
        /// Every reachable frame, its hidden routes written as 0.
        public let frames: [NavState]
        /// Entries: the bottom one, one per frame a push reaches, and one per
        /// route a step pushes beneath another.
        public let entries: Int
        /// (entry, frame) pairs: the frame reached from the entry without
        /// revealing what lies beneath it.
        public let pathEdges: Int
        /// Steps run again with every hidden route in place because their
        /// first run moved or revealed one, or left a tab holding some
        /// otherwise than `tabsLeftByTable` takes.
        public let wholeContextRuns: Int
        /// Landings that keep hidden routes which the link judge judged for
        /// every context at once (`SummarySearch.linkContextJudge`), and so
        /// were not run again on whole contexts.
        public let landingsJudgedOnFrames: Int
        /// Targets that left a tab with hidden routes on its path, cut by
        /// the table of cuts (`LeftTabCuts`).
        public let tabsLeftByTable: Int
        /// The nodes of that table: (entry, route, flags read) it answered.
        public let cutNodes: Int
        /// The facts of every step the search took, and of every launch:
        /// those of every transition of the reachable states, since each
        /// step is run on the hidden routes it may read, and a run that
        /// moved or revealed another gives its facts from its run on whole
        /// contexts.
        public let facts: Set<StepFact>
        let index: SummaryIndex
        let witnesses: SummaryWitnesses
        /// Which whole states reach a home state in-app, when the search kept its in-app steps.
        let homeReach: SummaryReach?
        /// The input valuations the search launched with, each once.
        public let inputValuations: [UInt64]
        /// The traps `trap` reports, one per frame that has some, stored as
        /// `contains` reads states; nil when the search did not keep its
        /// in-app steps (`recordsInAppSteps`).
        public let traps: [NavState]?

        /// Whether some run of in-app steps leads from `state` (stored as
        /// `contains` reads it) to a home state; nil when the search did not
        /// reach it or did not keep its in-app steps (`recordsInAppSteps`).
        public func reachesHome(_ state: NavState) -> Bool? {
            guard let homeReach, let (_, frame, chain) = index.locate(state) else { return nil }
            return homeReach.accepts(frame: frame, context: chain.map(\.route))
        }

        /// Whether the search reached `state` (stored as it stores states:
        /// the tabs that are not selected cut, with `parking`): some entry
        /// has its frame, and its hidden routes are a context of that entry,
        /// which the entry's callers decide route by route from the top.
        public func contains(_ state: NavState) -> Bool {
            index.locate(state) != nil
        }

        /// The steps from a launch with `inputs` to `state`, which the
        /// search reached (stored as `contains` reads it), each with the
        /// stored state it leads to: with `parking`, a path of the parked
        /// search, which `ParkedPathLifter` lifts to one of the app. Nil
        /// when the search did not reach `state`.
        public func path(to state: NavState) -> (inputs: UInt64, steps: [(step: Step, stored: NavState)])? {
            guard let (entry, frame, chain) = index.locate(state) else { return nil }
            return witnesses.path(to: SummaryWitnesses.Whole(entry: entry, frame: frame, chain: chain))
        }

        /// The findings the link judge named (`SummarySearch.linkJudge`).
        public var linkFindingKeys: [Int] { witnesses.linkFindingOrigins.keys.sorted() }

        /// Where the link judge first named finding `key`: the steps from a
        /// launch with `inputs` to a state (as `path(to:)` gives them), and
        /// the link's transition from it, with its target stored. Nil for a
        /// finding it did not name.
        public func linkFinding(_ key: Int)
            -> (inputs: UInt64, steps: [(step: Step, stored: NavState)], transition: Transition, target: NavState?)? {
            witnesses.linkFinding(key)
        }

        /// Where `fact` happened: the steps from a launch with `inputs` to
        /// a state (each with the stored state it leads to, as `path(to:)`
        /// gives them) and the step from that state that had the fact, or
        /// no step for a fact of the launch. Nil for a fact no step had.
        public func occurrence(of fact: StepFact)
            -> (inputs: UInt64, steps: [(step: Step, stored: NavState)], step: Step?)? {
            witnesses.occurrence(of: fact)
        }
    }

    /// The frames reachable from launch by in-app steps, and deep links
    /// when `deepLinks` is set; with `parking`, the states are cut as the
    /// parked search cuts them (`parking.withDeepLinks` set only with `deepLinks`).
    public func search(_ model: FlowModel, deepLinks: Bool, parking: ParkedPaths? = nil) throws(Explorer.LimitReached) -> Result {
        let engine = engine(model, deepLinks: deepLinks, parking: parking)
        try engine.run()
        return engine.result(complete: true)
    }

    /// Searches as `search` does, but at a limit returns what was found so
    /// far with the limit, without the traps and the home reach (they are
    /// the whole search's, and working them out would overrun the limit).
    public func searchUntilLimit(_ model: FlowModel, deepLinks: Bool, parking: ParkedPaths? = nil)
        -> (result: Result, limit: Explorer.LimitReached?) {
        let engine = engine(model, deepLinks: deepLinks, parking: parking)
        var limit: Explorer.LimitReached?
        do {
            try engine.run()
        } catch {
            limit = error
        }
        return (engine.result(complete: limit == nil), limit)
    }

    private func engine(_ model: FlowModel, deepLinks: Bool, parking: ParkedPaths?) -> SummaryEngine {
        let engine = SummaryEngine(model: model, deepLinks: deepLinks, parking: parking, limits: limits)
        if recordsInAppSteps { engine.inAppRules = InAppRules() }
        engine.linkJudge = linkJudge
        engine.linkContextJudge = linkContextJudge
        return engine
    }

    /// A state's frame: its hidden routes written as 0 (the selected tab's
    /// path but its top, every route of the modals beneath the top one, and
    /// of the top one's path all but its top).
    public static func frame(of state: NavState, in model: FlowModel) -> NavState {
        var frame = state
        for place in HiddenStack(model.shape).places(in: state) { frame[place] = 0 }
        return frame
    }
}

/// Where the hidden routes of a state lie, lowest first: the path of the
/// selected tab but its top (when the tab shows one stack), then the whole
/// path of each modal beneath the top one, bottom modal first, then the
/// top modal's path but its top.
struct HiddenStack {
    let shape: StateShape

    init(_ shape: StateShape) {
        self.shape = shape
    }

    enum Place: Hashable {
        case slot(Int, index: Int)
        case modal(Int, index: Int)
    }

    /// The slot of the selected tab whose path is hidden: its only slot, when it shows a stack.
    func hiddenSlot(of state: NavState) -> Int? {
        let slots = shape.activeSlots(selectedTab: state.selectedTab)
        guard slots.count == 1, case .stack = shape.slots[slots.lowerBound].declared else { return nil }
        return slots.lowerBound
    }

    func places(in state: NavState) -> [Place] {
        var places: [Place] = []
        _ = allPlaces(in: state) { place in
            places.append(place)
            return true
        }
        return places
    }

    /// Whether `body` holds for every place of a hidden route of `state`,
    /// lowest first (it stops at the first where it does not): what
    /// `places` lists, without the array.
    func allPlaces(in state: NavState, _ body: (Place) -> Bool) -> Bool {
        if let slot = hiddenSlot(of: state), state.paths[slot].count > 1 {
            for index in 0..<(state.paths[slot].count - 1) where !body(.slot(slot, index: index)) { return false }
        }
        for (modal, entry) in state.modals.enumerated() {
            let shown = modal == state.modals.count - 1 ? 1 : 0
            guard entry.path.count > shown else { continue }
            for index in 0..<(entry.path.count - shown) where !body(.modal(modal, index: index)) { return false }
        }
        return true
    }

    /// `state` with each hidden route replaced by its mark (-1 for the
    /// lowest, -2 for the next, and so on), and the places of those routes,
    /// lowest first.
    func marked(_ state: NavState) -> (frame: NavState, places: [Place]) {
        let places = places(in: state)
        var frame = state
        for (number, place) in places.enumerated() { frame[place] = -(number + 1) }
        return (frame, places)
    }

    /// `frame` with its hidden routes (marks, in a frame) replaced by
    /// `context`, top first; nil when it hides another number of routes.
    func filled(_ frame: NavState, with context: [Int]) -> NavState? {
        let places = places(in: frame)
        guard places.count == context.count else { return nil }
        var state = frame
        for (number, place) in places.enumerated() { state[place] = context[context.count - 1 - number] }
        return state
    }

    func count(in state: NavState) -> Int {
        var count = 0
        if let slot = hiddenSlot(of: state) { count += max(0, state.paths[slot].count - 1) }
        guard let top = state.modals.last else { return count }
        return count + state.modals.dropLast().reduce(0) { $0 + $1.path.count } + max(0, top.path.count - 1)
    }
}

extension NavState {
    subscript(place: HiddenStack.Place) -> Int {
        get {
            switch place {
            case .slot(let slot, let index): paths[slot][index]
            case .modal(let modal, let index): modals[modal].path[index]
            }
        }
        set {
            switch place {
            case .slot(let slot, let index): paths[slot][index] = newValue
            case .modal(let modal, let index): modals[modal].path[index] = newValue
            }
        }
    }
}

/// The search's bookkeeping. A frame is kept with each hidden route
/// replaced by a *mark*, -1 for the lowest hidden route, -2 for the next,
/// and so on: a step run on it that removes hidden routes leaves the marks
/// of the ones it kept, and one that reveals a hidden route leaves a mark
/// on top of a path or out of order, which `keptMarks` finds. What keeps
/// a step from reading a mark in between is `PopBounds`: the model would
/// take a negative route id for a route of the first screen.
final class SummaryEngine {
    let model: FlowModel
    let deepLinks: Bool
    /// Boxed, so that reading it costs one retain, not one per array it holds.
    let parkingBox: ParkingBox?
    let limits: Explorer.Limits
    var budget: ResourceBudget
    /// The requests handled so far; the limits are checked every 4,096,
    /// the time alone every 256.
    var requestsHandled = 0

    /// Frames, with marks, numbered in the order found.
    var frames: [NavState] = []
    var frameNumbers: [NavState: Int32] = [:]

    struct Caller: Hashable {
        var entry: Int32
        var route: Int
    }

    /// What reaches an entry from one of the entries it was pushed from.
    enum Request: Hashable {
        /// Run `unit` from `frame` once `remaining` more hidden routes are
        /// known; `revealed` are those known so far, the top one first.
        case reveal(frame: Int32, unit: StepUnit, revealed: [Int], remaining: Int)
        /// Place `state`, whose lowest `kept` hidden routes are marks, in the
        /// entry whose height is `kept`.
        case place(state: NavState, kept: Int)
        /// Place `state`, a tab's path left on `slot` with its lowest routes
        /// marks, once the `remaining` routes they stand for are known;
        /// `revealed` are those known so far, the top one first.
        case fill(state: NavState, slot: Int, revealed: [Int], remaining: Int)
    }

    struct Entry {
        /// How many hidden routes its frames have.
        var height: Int
        var callers: [Caller] = []
        var callerSet: Set<Caller> = []
        /// Requests that wait for the entry's callers, present and future,
        /// each with where it came from.
        var waiting: [(request: Request, origin: StepOrigin)] = []
        var seen: Set<Request> = []
    }

    var entries: [Entry] = [Entry(height: 0)]
    /// The entry a push reaches, per frame.
    var pushEntries: [Int32: Int32] = [:]
    /// The entry beneath a route pushed under another in one step, per (entry, route).
    var pushedBeneath: [Caller: Int32] = [:]
    var pathEdges: Set<UInt64> = []
    var queue: [(entry: Int32, frame: Int32)] = []
    /// Requests handed to entries and not yet handled: a list rather than
    /// calls, so that a chain of entries costs no depth of the call stack.
    var requests: [(entry: Int32, request: Request, origin: StepOrigin)] = []
    /// Where each path edge, caller and cut answer came from: what witnesses read.
    var origins = SummaryOrigins()
    var wholeContextRuns = 0
    /// The cuts of tabs left with hidden routes, per entry (`LeftTabCuts`).
    var cuts = LeftTabCuts()
    /// The deep links whose key fixes their transition, worked out once per key.
    var keyedLinks: KeyedDeepLinks
    var tabsLeftByTable = 0
    /// Every in-app step as a rule on whole states, when kept (nil otherwise).
    var inAppRules: InAppRules?
    /// The input valuations launched with.
    var valuations: [UInt64] = []
    /// What to do with a deep link's transitions (`SummarySearch.linkJudge`).
    var linkJudge: (@Sendable (Transition, NavState?) -> SummarySearch.LinkJudgement)?
    /// The judgement of a landing for every context (`SummarySearch.linkContextJudge`).
    var linkContextJudge: (@Sendable (Transition, NavState) -> SummarySearch.LinkJudgement?)?
    /// Landings that keep hidden routes judged for every context at once.
    var landingsJudgedOnFrames = 0
    /// Per finding the judge named: where it was first met.
    var linkFindings: [Int: StepOrigin] = [:]
    /// The facts of every step taken and of every launch, each with the
    /// origin of the first step (or launch) that had it.
    var facts: [StepFact: StepOrigin] = [:]

    /// How many hidden routes, from the top, each step may read.
    let popBounds: PopBounds
    let hidden: HiddenStack
    /// Per screen, per edge: whether the parked search lifts a tab before it
    /// (`ParkedPaths.transitions`), which reads the selected tab's whole path.
    let lifts: [[Bool]]
    /// The flags and inputs the parked cut reads.
    let cutMasks: (flags: UInt64, inputs: UInt64)

    init(model: FlowModel, deepLinks: Bool, parking: ParkedPaths?, limits: Explorer.Limits) {
        self.model = model
        self.deepLinks = deepLinks
        parkingBox = parking.map(ParkingBox.init)
        self.limits = limits
        budget = ResourceBudget(limits)
        popBounds = PopBounds(model.spec)
        hidden = HiddenStack(model.shape)
        lifts = parking.map { parking in parking.liftedTabs.map { $0.map { !$0.isEmpty } } } ?? []
        cutMasks = parking?.flagsRead ?? (0, 0)
        keyedLinks = KeyedDeepLinks(model: model)
    }

    /// What the search found; the traps and the home reach only when it is `complete`.
    func result(complete: Bool) -> SummarySearch.Result {
        let index = SummaryIndex(self)
        var homeReach: SummaryReach?
        var traps: [NavState]?
        if complete, let steps = inAppRules, let rules = SummaryReach.Rules(self, steps: steps) {
            let home = SummaryReach(rules, goal: .home, in: self)
            homeReach = home
            traps = SummaryTraps(self, index: index, rules: rules, home: home).traps.compactMap { trap in
                hidden.filled(frames[Int(trap.frame)], with: trap.context)
            }
        }
        return SummarySearch.Result(frames: frames.map { SummarySearch.frame(of: $0, in: model) }, entries: entries.count,
                             pathEdges: pathEdges.count, wholeContextRuns: wholeContextRuns,
                             landingsJudgedOnFrames: landingsJudgedOnFrames,
                             tabsLeftByTable: tabsLeftByTable, cutNodes: cuts.keys.count,
                             facts: Set(facts.keys), index: index, witnesses: SummaryWitnesses(self, index: index),
                             homeReach: homeReach, inputValuations: valuations, traps: traps)
    }

    func run() throws(Explorer.LimitReached) {
        valuations = try limits.inputValuations(of: model)
        for inputs in valuations {
            let (launched, launchFacts) = model.initialState(inputs: inputs)
            let origin = origins.launch(inputs: inputs)
            record(launchFacts, from: origin)
            guard let initial = launched else { continue }
            guard case .state(let stored) = store(initial, from: nil) else { continue }
            dispatch(0, .place(state: stored, kept: 0), origin)
        }
        try handleRequests()
        var next = 0
        while next < queue.count {
            let (entry, frame) = queue[next]
            next += 1
            let state = frames[Int(frame)]
            let height = hidden.count(in: state)
            let hiddenInTopModal = max(0, (state.modals.last?.path.count ?? 0) - 1)
            var ordinal: Int32 = 0
            model.forEachUnit(of: state, deepLinks: deepLinks) { unit in
                defer { ordinal += 1 }
                var reads = popBounds.routesRead(by: unit, hiddenInTopModal: hiddenInTopModal)
                if case .edge(_, let screen, let edge) = unit, !lifts.isEmpty, lifts[screen][edge] { reads = .max }
                reads = min(reads, height)
                dispatch(entry, .reveal(frame: frame, unit: unit, revealed: [], remaining: reads),
                         StepOrigin(entry: entry, frame: frame, unit: ordinal))
            }
            try handleRequests()
            if next % 1024 == 0 {
                try check()
            } else if next % ResourceBudget.unitsBetweenTimeChecks == 0 {
                try budget.checkTime(states: frames.count)
            }
        }
        try check()
    }

    func check() throws(Explorer.LimitReached) {
        let count = frames.count + pathEdges.count
        if count > limits.maxStates { throw .tooManyStates(limits, count: count) }
        if let breach = budget.breach(allocating: 0) {
            throw Explorer.LimitReached(breach, limits: limits, states: frames.count, withoutAnswer: false)
        }
    }

    // MARK: - Requests

    /// Hands `request` to `entry`, once `handleRequests` comes to it.
    func dispatch(_ entry: Int32, _ request: Request, _ origin: StepOrigin) {
        requests.append((entry, request, origin))
    }

    /// Handles the requests dispatched, and those they dispatch, until
    /// none is left. One frame's requests can climb many callers, so the
    /// limits are checked here too, every 4,096 requests handled in the
    /// search (`requestsHandled`), and the time every 256.
    func handleRequests() throws(Explorer.LimitReached) {
        while let (entry, request, origin) = requests.popLast() {
            handle(request, from: origin, at: entry)
            requestsHandled += 1
            if requestsHandled % 4096 == 0 {
                try check()
            } else if requestsHandled % 256 == 0 {
                try budget.checkTime(states: frames.count)
            }
        }
    }

    /// Runs or places `request` at `entry` when it can, else keeps it for
    /// the entry's callers and passes it on to each.
    func handle(_ request: Request, from origin: StepOrigin, at entry: Int32) {
        // A state placed where it belongs is emitted without being
        // remembered: emitting it again adds nothing. One that keeps no
        // hidden route belongs to the bottom entry, which every chain of
        // callers reaches (each entry has a caller from the moment it is made).
        if case .place(let state, let kept) = request {
            if kept == 0 {
                emit(state, at: 0, from: origin)
                return
            }
            if kept == entries[Int(entry)].height {
                emit(state, at: entry, from: origin)
                return
            }
        }
        // A step from a path edge is asked once per edge, where it starts:
        // only a request that climbed can arrive twice (by two entries of
        // its frame with the same caller).
        let startsHere = if case .reveal(_, _, let revealed, _) = request { revealed.isEmpty } else { false }
        if !startsHere {
            guard entries[Int(entry)].seen.insert(request).inserted else { return }
        }
        switch request {
        case .reveal(let frame, let unit, let revealed, let remaining) where remaining == 0:
            execute(unit, from: frame, revealed: revealed, at: entry, origin: origin)
            return
        case .fill(var state, let slot, let revealed, let remaining) where remaining == 0:
            for (offset, route) in revealed.enumerated() {
                state.paths[slot][revealed.count - 1 - offset] = route
            }
            emit(state, at: 0, from: origin)
            return
        default:
            break
        }
        entries[Int(entry)].waiting.append((request, origin))
        for caller in entries[Int(entry)].callers {
            dispatch(caller.entry, Self.passed(request, through: caller), origins.passed(origin, through: caller))
        }
    }

    /// A request as the entry a caller comes from receives it.
    static func passed(_ request: Request, through caller: Caller) -> Request {
        switch request {
        case .reveal(let frame, let unit, let revealed, let remaining):
            .reveal(frame: frame, unit: unit, revealed: revealed + [caller.route], remaining: remaining - 1)
        case .place:
            request
        case .fill(let state, let slot, let revealed, let remaining):
            .fill(state: state, slot: slot, revealed: revealed + [caller.route], remaining: remaining - 1)
        }
    }

    /// Adds `caller` to `entry`; `origin` is the push that reaches the
    /// entry's frame through it (nil for an entry made beneath a push,
    /// whose one caller is that push's too and whose frames are not a push's).
    func addCaller(_ caller: Caller, to entry: Int32, from origin: StepOrigin?) {
        guard entries[Int(entry)].callerSet.insert(caller).inserted else { return }
        entries[Int(entry)].callers.append(caller)
        if let origin { origins.callers[SummaryOrigins.CallerKey(entry: entry, caller: caller)] = origin }
        for (request, waitingOrigin) in entries[Int(entry)].waiting {
            dispatch(caller.entry, Self.passed(request, through: caller), origins.passed(waitingOrigin, through: caller))
        }
        for node in cuts.waiting[entry] ?? [] {
            resolve(node, through: caller)
        }
    }

    /// Runs `unit` from `frame` with its top hidden routes set to
    /// `revealed`, the rest of its context that of `entry`'s frames.
    func execute(_ unit: StepUnit, from frame: Int32, revealed: [Int], at entry: Int32, origin: StepOrigin) {
        var state = frames[Int(frame)]
        let kept: Int
        if revealed.isEmpty {
            // Most steps read nothing: the places of the hidden routes are not needed.
            kept = hidden.count(in: state)
        } else {
            let positions = hidden.places(in: state)
            for (offset, route) in revealed.enumerated() {
                state[positions[positions.count - 1 - offset]] = route
            }
            kept = positions.count - revealed.count
        }
        var reorders = false
        let recordsRule = inAppRules != nil && !unit.isDeepLink
        let judge = unit.isDeepLink ? linkJudge : nil
        /// Whether the judge lets the search follow `transition` to `stored`.
        func follows(_ transition: Transition, to stored: NavState?) -> Bool {
            guard let judge else { return true }
            switch judge(transition, stored) {
            case .follow:
                return true
            case .stop:
                return false
            case .finding(let key):
                if linkFindings[key] == nil { linkFindings[key] = origin }
                return false
            }
        }
        /// Whether to follow a landing whose stored target keeps marks:
        /// nil when it must be judged on whole contexts.
        func followsEveryContext(_ transition: Transition, to stored: NavState) -> Bool? {
            guard let judgement = linkContextJudge?(transition, stored) else { return nil }
            switch judgement {
            case .follow:
                landingsJudgedOnFrames += 1
                return true
            case .stop:
                landingsJudgedOnFrames += 1
                return false
            case .finding(let key):
                // A finding's first origin is a whole context, which a witness replays.
                guard linkFindings[key] != nil else { return nil }
                landingsJudgedOnFrames += 1
                return false
            }
        }
        func place(_ target: NavState?, by transition: Transition) {
            guard let target else {
                _ = follows(transition, to: nil)
                return
            }
            let judgesWhole = judge != nil && transition.outcome == .landed
            /// Whether to follow the transition to `stored`, whose target
            /// holds `marks` marks; nil when it must run on whole contexts
            /// (a landing judged whole that keeps marks, unless judged for
            /// every context).
            func takes(_ stored: NavState, holding marks: Int) -> Bool? {
                judgesWhole && marks > 0 ? followsEveryContext(transition, to: stored) : follows(transition, to: stored)
            }
            switch store(target, from: state) {
            case .state(let stored):
                guard let marks = keptMarks(in: stored, of: kept), let taken = takes(stored, holding: marks) else {
                    reorders = true
                    return
                }
                guard taken else { return }
                if recordsRule { recordRule(from: frame, read: revealed, dropped: kept - marks, to: stored, keeping: marks) }
                dispatch(entry, .place(state: stored, kept: marks), origin)
            case .leftTab(let stored, let tab, let slot, let marks) where marks == kept:
                guard let taken = takes(stored, holding: marks) else {
                    reorders = true
                    return
                }
                guard taken else { return }
                leave(stored, tab: tab, slot: slot, marks: marks, at: entry, origin: origin,
                      recording: recordsRule ? (frame, revealed) : nil)
            case .leftTab, .whole:
                reorders = true
            }
        }
        // A link its key fixes has the facts of its first run on every frame of the key.
        let memoized = keyedLinks.target(of: unit, from: state, run: {
            var first: Transition?
            transitions(of: unit, from: state) { transition in
                record(transition.facts, from: origin)
                first = first ?? transition
            }
            return first
        }, place)
        if !memoized {
            var stepFacts: [StepFact] = []
            transitions(of: unit, from: state) { transition in
                stepFacts += transition.facts
                if transition.target != nil || judge != nil { place(transition.target, by: transition) }
            }
            // A step that moved or revealed a hidden route may have read a
            // mark: its facts are those of its run on whole contexts.
            if !reorders { record(stepFacts, from: origin) }
        }
        if reorders {
            // The step moved or revealed a hidden route: run it again with every one known.
            wholeContextRuns += 1
            dispatch(entry, .reveal(frame: frame, unit: unit, revealed: revealed, remaining: kept), origin)
        }
    }

    /// Keeps an in-app step as a rule: from `source` with `read` on top of
    /// its hidden routes and `dropped` more beneath, to `target`, whose
    /// lowest `marks` hidden routes are the marks of the rest.
    func recordRule(from source: Int32, read: [Int], dropped: Int, to target: NavState, keeping marks: Int) {
        let (frame, positions) = hidden.marked(target)
        let pushed = positions[marks...].reversed().map { target[$0] }
        inAppRules?.rules.insert(InAppRule(source: source, read: read, dropped: dropped, target: frame, pushed: pushed))
    }

    /// Keeps the facts of a step (or launch) from `origin`, with the first origin of each.
    func record(_ stepFacts: [StepFact], from origin: StepOrigin) {
        for fact in stepFacts where facts[fact] == nil { facts[fact] = origin }
    }

    /// Puts `state`, whose lowest hidden routes are `entry`'s marks and the
    /// others real routes, in the entries it belongs to: the entry itself
    /// when no route is hidden above its marks, else the entry a push of
    /// its top hidden route reaches, beneath which each other real hidden
    /// route is pushed.
    func emit(_ state: NavState, at entry: Int32, from origin: StepOrigin) {
        let kept = entries[Int(entry)].height
        // Most states hide nothing but the entry's marks, already in place:
        // the state is its own frame.
        if hidden.count(in: state) == kept {
            addPathEdge(entry, number(state), from: origin)
            return
        }
        let (frame, positions) = hidden.marked(state)
        let frameNumber = number(frame)
        guard positions.count > kept else {
            addPathEdge(entry, frameNumber, from: origin)
            return
        }
        var beneath = entry
        for place in positions[kept..<(positions.count - 1)] {
            let caller = Caller(entry: beneath, route: state[place])
            if let existing = pushedBeneath[caller] {
                beneath = existing
            } else {
                let new = Int32(entries.count)
                entries.append(Entry(height: entries[Int(beneath)].height + 1))
                pushedBeneath[caller] = new
                addCaller(caller, to: new, from: nil)
                beneath = new
            }
        }
        let pushEntry: Int32
        if let existing = pushEntries[frameNumber] {
            pushEntry = existing
        } else {
            pushEntry = Int32(entries.count)
            entries.append(Entry(height: positions.count))
            pushEntries[frameNumber] = pushEntry
        }
        addCaller(Caller(entry: beneath, route: state[positions[positions.count - 1]]), to: pushEntry, from: origin)
        addPathEdge(pushEntry, frameNumber, from: nil)
    }

    /// Adds the path edge (`entry`, `frame`), reached by every context of
    /// the entry from `origin`; a push reaches it through the caller it
    /// adds (`origin` nil), whose own origin says how.
    func addPathEdge(_ entry: Int32, _ frame: Int32, from origin: StepOrigin?) {
        let key = UInt64(UInt32(bitPattern: entry)) << 32 | UInt64(UInt32(bitPattern: frame))
        if let origin, origins.pathEdges[key] == nil { origins.pathEdges[key] = origin }
        guard pathEdges.insert(key).inserted else { return }
        queue.append((entry, frame))
    }

    func number(_ frame: NavState) -> Int32 {
        if let existing = frameNumbers[frame] { return existing }
        let new = Int32(frames.count)
        frames.append(frame)
        frameNumbers[frame] = new
        return new
    }

    // MARK: - Steps

    func transitions(of unit: StepUnit, from state: NavState, _ body: (Transition) -> Void) {
        if let parkingBox {
            parkingBox.paths.transitions(of: unit, from: state, body)
        } else {
            model.run(unit, from: state, decider: ConcreteDecider(), body)
        }
    }

    /// What a step's target is once stored.
    enum StoredTarget {
        /// The state, its tabs that are not selected cut.
        case state(NavState)
        /// The state, its tabs that are not selected cut but `tab`, whose
        /// path on `slot` is `marks` marks (the lowest, in order) under real
        /// routes: the step left that tab, whose cut depends on the routes
        /// the marks stand for (`leave`).
        case leftTab(NavState, tab: Int, slot: Int, marks: Int)
        /// A tab the step left holds marks otherwise: the step must be run
        /// with every hidden route known.
        case whole
    }

    /// The state as the search stores it: the tabs that are not selected
    /// cut, with `parking`. The cut reads the paths of the tabs it cuts and
    /// the flags, never the modals nor the selected tab's path. A tab that
    /// was not selected in `source` either, whose paths and the flags the
    /// step left as they were, is cut already. A tab left with marks on its
    /// path is put back uncut (`StoredTarget.leftTab`) when nothing else
    /// outside the selected tab's path holds a mark.
    func store(_ state: NavState, from source: NavState?) -> StoredTarget {
        let kept = hidden.hiddenSlot(of: state)
        var left: (slot: Int, marks: Int)?
        for slot in state.paths.indices where slot != kept && state.paths[slot].contains(where: { $0 < 0 }) {
            guard parkingBox != nil, left == nil, let marks = Self.lowestMarks(in: state.paths[slot]) else { return .whole }
            left = (slot, marks)
        }
        guard let parkingBox else { return .state(state) }
        var stored = state
        // `park` leaves a tab stored whole as it is.
        for (tab, slots) in model.shape.tabSlots.enumerated() where tab != state.selectedTab {
            if let left, slots.contains(left.slot) { continue }
            if let source, source.selectedTab != tab, source.flags == state.flags,
               slots.allSatisfy({ source.paths[$0] == state.paths[$0] && source.shows[$0] == state.shows[$0] }) { continue }
            parkingBox.paths.park(tab: tab, in: &stored)
        }
        guard let left else { return .state(stored) }
        guard !state.modals.contains(where: { $0.path.contains { $0 < 0 } }),
              let tab = model.shape.tabSlots.firstIndex(where: { $0.contains(left.slot) }) else { return .whole }
        return .leftTab(stored, tab: tab, slot: left.slot, marks: left.marks)
    }

    /// How many marks `path` starts with when they are -1, -2, ... in order
    /// under at least one real route and no other; nil otherwise.
    static func lowestMarks(in path: [Int]) -> Int? {
        let marks = path.prefix { $0 < 0 }.count
        guard marks < path.count, !path[marks...].contains(where: { $0 < 0 }),
              path.prefix(marks).enumerated().allSatisfy({ $1 == -($0 + 1) }) else { return nil }
        return marks
    }

    // MARK: - Hidden routes

    /// How many of the marks -1 ... -`kept` a step's target still holds,
    /// when it holds the lowest ones in place and nothing else: the
    /// hidden routes it kept are those beneath every route it put in.
    /// Nil when a mark is on top of the top modal's path, out of order, or
    /// above a real route: the step read a hidden route or moved one.
    func keptMarks(in state: NavState, of kept: Int) -> Int? {
        if let top = state.modals.last?.path.last, top < 0 { return nil }
        if let slot = hidden.hiddenSlot(of: state), let top = state.paths[slot].last, top < 0 { return nil }
        var count = 0
        var sawRoute = false
        let ordered = hidden.allPlaces(in: state) { place in
            let route = state[place]
            if route < 0 {
                guard !sawRoute, route == -(count + 1), count < kept else { return false }
                count += 1
            } else {
                sawRoute = true
            }
            return true
        }
        return ordered ? count : nil
    }
}

/// How many hidden routes a step may read, counted from the top of the
/// hidden stack: one per `pop` it may run, counting appear hooks; when it
/// may close the top modal, the routes of that modal's path it discards
/// and the top of the modal beneath, which it reveals; every one when it
/// may close more than one modal and keep some, close one and pop after,
/// or open a URL. A push beneath the modals reads nothing, but moves what
/// is hidden: the search finds it so and runs it again on whole contexts.
struct PopBounds {
    /// What a list of statements may do to the hidden stack.
    struct Reads {
        /// The `pop`s it runs (`Int.max`: read every hidden route).
        var pops: Int
        /// Whether it may close the top modal and keep the ones beneath.
        var closesTop: Bool

        static let every = Reads(pops: .max, closesTop: false)

        /// The hidden routes read, given how many the top modal's path hides.
        func routes(hiddenInTopModal: Int) -> Int {
            guard pops != .max else { return .max }
            guard closesTop else { return pops }
            return pops == 0 ? hiddenInTopModal + 1 : .max
        }

        /// The reads of one list run after another.
        func then(_ next: Reads) -> Reads {
            if pops == .max || next.pops == .max { return .every }
            if closesTop && next.pops > 0 { return .every }
            if closesTop && next.closesTop { return .every }
            return Reads(pops: pops + next.pops, closesTop: closesTop || next.closesTop)
        }
    }

    private let edges: [[Reads]]
    private let links: [Reads]
    /// What every appear hook of the spec may read in one step, together
    /// (nothing in a spec without hooks).
    private let hooks: Reads

    init(_ spec: FlowSpec) {
        func reads(_ statements: [Statement]) -> Reads {
            var total = Reads(pops: 0, closesTop: false)
            for statement in statements {
                let one: Reads = switch statement.kind {
                case .pop: Reads(pops: 1, closesTop: false)
                case .dismiss: Reads(pops: 0, closesTop: true)
                // `close` may close modals beneath the top one and keep others,
                // revealing any hidden route, as a link's `close` does.
                case .open, .close: .every
                // `rebuild` closes every modal and empties every path, revealing
                // nothing; the other statements keep what is hidden.
                default: Reads(pops: 0, closesTop: false)
                }
                total = total.then(one)
            }
            return total
        }
        edges = spec.screens.map { screen in screen.edges.map { reads($0.statements) } }
        links = spec.deepLinks.map { link in
            var most = Reads(pops: 0, closesTop: false)
            for handler in link.handlers {
                // A handler that keeps every modal and one that closes them
                // all reveal nothing; one that closes some, or writes beneath
                // the modals, may reveal any.
                var own = handler.closing.isEmpty && !handler.underModals ? Reads(pops: 0, closesTop: false) : .every
                if let otherwise = handler.otherwise { own = own.then(reads([otherwise])) }
                most = Reads(pops: max(most.pops, own.pops), closesTop: most.closesTop || own.closesTop)
            }
            return most
        }
        // Any step may run hooks after its own statements: appear hooks, and
        // the dismissal hooks of the modals it closes.
        let hookBlocks = spec.screens.flatMap { $0.hooks.map(\.statements) + $0.dismissHooks.map(\.statements) }
        hooks = hookBlocks.reduce(Reads(pops: 0, closesTop: false)) { total, statements in
            total.then(reads(statements))
        }
    }

    func routesRead(by unit: StepUnit, hiddenInTopModal: Int) -> Int {
        let own: Reads
        switch unit {
        case .edge(_, let screen, let edge): own = edges[screen][edge]
        case .back: own = Reads(pops: 1, closesTop: false)
        case .switchTab: own = Reads(pops: 0, closesTop: false)
        // Empties the selected tab's path (no modal is up): its hidden
        // routes are dropped, not read.
        case .retapTab: own = Reads(pops: 0, closesTop: false)
        case .swipeDown: own = Reads(pops: 0, closesTop: true)
        case .deepLink(let link, _): own = links[link]
        }
        // Hooks run after the step's own statements.
        return own.then(hooks).routes(hiddenInTopModal: hiddenInTopModal)
    }
}

/// The parked cut, shared by reference.
final class ParkingBox {
    let paths: ParkedPaths

    init(_ paths: ParkedPaths) {
        self.paths = paths
    }
}

/// What `SummarySearch.Result.contains` reads: the frames with their marks,
/// the entries of each frame's path edges, and each entry's callers.
final class SummaryIndex: Sendable {
    private let hidden: HiddenStack
    private let frameNumbers: [NavState: Int32]
    /// Per frame: the entries whose path edges hold it.
    let entriesOfFrame: [[Int32]]
    /// Per entry: its callers, each the entry beneath and the route.
    let callers: [[SummaryEngine.Caller]]

    init(_ engine: SummaryEngine) {
        hidden = engine.hidden
        frameNumbers = engine.frameNumbers
        var entriesOfFrame = [[Int32]](repeating: [], count: engine.frames.count)
        for key in engine.pathEdges {
            entriesOfFrame[Int(UInt32(truncatingIfNeeded: key))].append(Int32(bitPattern: UInt32(key >> 32)))
        }
        self.entriesOfFrame = entriesOfFrame
        callers = engine.entries.map(\.callers)
    }

    /// Where the search holds `state`: a path edge with its frame, and the
    /// chain of callers beneath its entry (top first) whose routes are the
    /// state's hidden routes; nil when it holds none.
    func locate(_ state: NavState) -> (entry: Int32, frame: Int32, chain: [SummaryEngine.Caller])? {
        let (frame, places) = hidden.marked(state)
        guard let number = frameNumbers[frame] else { return nil }
        let context = places.map { state[$0] }
        for entry in entriesOfFrame[Int(number)] {
            if let chain = chain(context, at: entry) { return (entry, number, chain) }
        }
        return nil
    }

    /// A chain of callers beneath `entry` (top first) whose routes are
    /// `context` (lowest first, as long as the entry's height), if any:
    /// the callers decide it route by route from the top.
    private func chain(_ context: [Int], at entry: Int32) -> [SummaryEngine.Caller]? {
        // The caller taken to reach each entry, and the entry it was taken from.
        var taken: [Int32: (from: Int32, caller: SummaryEngine.Caller)] = [:]
        var pending: [(entry: Int32, height: Int)] = [(entry, context.count)]
        while let (current, height) = pending.popLast() {
            if height == 0 {
                guard current == 0 else { continue }
                var chain: [SummaryEngine.Caller] = []
                var at = current
                while at != entry, let (from, caller) = taken[at] {
                    chain.append(caller)
                    at = from
                }
                return chain.reversed()
            }
            for caller in callers[Int(current)] where caller.route == context[height - 1] && taken[caller.entry] == nil {
                taken[caller.entry] = (current, caller)
                pending.append((caller.entry, height - 1))
            }
        }
        return nil
    }
}
