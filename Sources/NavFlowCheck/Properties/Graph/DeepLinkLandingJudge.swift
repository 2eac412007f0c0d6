import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Judges a deep link by what it builds. A link that lands on a state no
/// in-app navigation reaches is a finding only for the part it wrote: the
/// tab it selects, the paths it writes, the modals it closes or presents.
/// What it leaves as it was (the paths of other tabs, a path it appends to,
/// the modals it keeps) is where the user is, which the app reached.
///
/// The part a link writes is a set of fields of the packed state, always
/// with the flags and inputs (the gates a link can skip). It is reachable
/// when some state reachable in-app has the same bits in those fields.
struct DeepLinkLandingJudge {
    let graph: StateGraph
    /// The masks judged under, numbered in the order they were first met.
    private var maskNumbers: [[UInt64]: Int] = [:]
    private var masks: [[UInt64]] = []
    /// Per mask number: the in-app states, masked, each once; nil until
    /// a landing is first judged under that mask.
    private var projections: [StateStore?] = []
    /// What landings are judged under, per link, arguments and what of the
    /// landing the masks read (`Plan`).
    private var plans: [PlanKey: Plan] = [:]
    /// Whether plans are kept (off: worked out for every landing, the
    /// plain judgement the tests compare the kept plans with).
    var keepsPlans = true
    /// Every modal up in some in-app state: what it presents, then its path.
    private var modalsInApp: Set<[Int]>?
    /// The verdicts of `judge(step:link:arguments:target:stop:)` given
    /// last, in a table of `verdictSlots` slots indexed by a hash of
    /// (step, target): each slot holds the last key that fell in it and its
    /// verdict. Empty until the first verdict.
    private var verdictKeys: [UInt64] = []
    private var verdicts: [Verdict] = []
    private static let verdictSlots = 1 << 16

    init(_ graph: StateGraph) {
        self.graph = graph
    }

    /// How a landing outside the in-app states is judged.
    enum Verdict: Equatable {
        /// What the link wrote is reachable in-app: the landing is fine.
        case builtPartReachable
        /// What it wrote is reachable in-app, and it presents `presentable`
        /// over a state the app never presents it in.
        case presentsOutOfContext(presentable: Int)
        /// What it wrote is not reachable in-app.
        case unreachable

        /// Whether the sources of link findings go on through the landing,
        /// state `landing`, and the problem it is otherwise.
        func judgement(landing: Int) -> (follows: Bool, problem: GraphAnalysis.LinkProblem?) {
            switch self {
            case .builtPartReachable: (true, nil)
            case .presentsOutOfContext(let presentable): (false, .presentsOutOfContext(presentable: presentable, landing: landing))
            case .unreachable: (false, .landsUnreachable)
            }
        }
    }

    /// Judges deep-link step `step` of the graph (link `link`, taken with
    /// `arguments`), which landed on `target`, a state outside the in-app
    /// ones, as `judge(link:arguments:target:stop:)` does. The verdict is a
    /// function of the link, its arguments and the landing, and a link
    /// that closes the modals lands on the same state from every state
    /// with its key: a verdict given for (step, target) is kept and given
    /// again, unless a limit was reached while it was worked out.
    mutating func judge(step: Int32, link: Int, arguments: [Int], target: Int,
                        stop: inout GraphAnalysis.LimitWatch) -> Verdict {
        if verdictKeys.isEmpty {
            verdictKeys = [UInt64](repeating: .max, count: Self.verdictSlots)
            verdicts = [Verdict](repeating: .unreachable, count: Self.verdictSlots)
        }
        let key = UInt64(UInt32(bitPattern: step)) << 32 | UInt64(UInt32(truncatingIfNeeded: target))
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 48)
        if verdictKeys[slot] == key { return verdicts[slot] }
        let verdict = judge(link: link, arguments: arguments, target: target, stop: &stop)
        if stop.reached == nil {
            verdictKeys[slot] = key
            verdicts[slot] = verdict
        }
        return verdict
    }

    /// Judges link `link`, taken with `arguments`, which
    /// landed on `target`, a state outside the in-app ones.
    /// A limit reached while the in-app states are read (`stop`) leaves
    /// the verdict meaningless: the analysis is then stopped.
    /// The landing is read as the graph stores it (its canonical packing):
    /// it is unpacked only when its plan is worked out.
    mutating func judge(link: Int, arguments: [Int], target: Int, stop: inout GraphAnalysis.LimitWatch) -> Verdict {
        let model = graph.model
        let codec = model.codec
        let packed = graph.store.state(target)
        let key = packed.withUnsafeBufferPointer { words in
            PlanKey(link: link, arguments: arguments, selectedTab: codec.read(codec.tabField, in: words),
                    modalUp: codec.read(codec.modalCount, in: words) > 0, routerPathModal: model.routerPathModal(inPacked: words))
        }
        let plan = plans[key] ?? plan(key, landing: graph.state(target))
        return judge(packed, plan: plan, arguments: arguments, stop: &stop)
    }

    /// Judges link `link`, taken with `arguments`, which landed on
    /// `landing` (stored as the graph stores states), a state outside the
    /// in-app ones, as `judge(link:arguments:target:stop:)` does.
    mutating func judge(link: Int, arguments: [Int], landing: NavState, stop: inout GraphAnalysis.LimitWatch) -> Verdict {
        let key = PlanKey(link: link, arguments: arguments, selectedTab: landing.selectedTab, modalUp: !landing.modals.isEmpty,
                          routerPathModal: graph.model.routerPathModal(in: landing))
        let plan = plans[key] ?? plan(key, landing: landing)
        return judge(graph.model.codec.encode(landing), plan: plan, arguments: arguments, stop: &stop)
    }

    /// Judges the landing packed as `packed` under `plan`.
    private mutating func judge(_ packed: [UInt64], plan: Plan, arguments: [Int], stop: inout GraphAnalysis.LimitWatch) -> Verdict {
        guard let written = plan.written else {
            return reachesInApp(packed, projection: plan.viewWithKeptTabs, stop: &stop) ? .builtPartReachable : .unreachable
        }
        guard reachesInApp(packed, projection: written, stop: &stop),
              presentedModalsReachInApp(plan.handlers, arguments: arguments, stop: &stop) else { return .unreachable }
        // A presented modal is the link's, but where it is presented from is the user's.
        guard let presentable = plan.presentable,
              !reachesInApp(packed, projection: plan.view, stop: &stop) else { return .builtPartReachable }
        return .presentsOutOfContext(presentable: presentable)
    }

    /// What of a landing the masks of `judge` read besides the link and
    /// its arguments: the selected tab, whether a modal is up, and which
    /// modal holds the router path (`localView` and `writtenFields` read
    /// nothing else of it).
    private struct PlanKey: Hashable {
        let link: Int
        let arguments: [Int]
        let selectedTab: Int
        let modalUp: Bool
        let routerPathModal: Int?
    }

    /// How landings of one `PlanKey` are judged: the handlers that run,
    /// the numbers of the masks of what they wrote (nil when they may
    /// write anything), of the local view and of the local view with the
    /// tabs `keep tab` wrote, and the presentable the first handler that
    /// presents (not `anywhere`) puts up first.
    private struct Plan {
        let handlers: [DeepLinkHandler]
        let written: Int?
        let view: Int
        let viewWithKeptTabs: Int
        let presentable: Int?
    }

    /// Works out the plan of `key` from `landing`, one of its landings.
    private mutating func plan(_ key: PlanKey, landing: NavState) -> Plan {
        let model = graph.model
        let handlers = model.spec.deepLinks[key.link].handlers(running: key.arguments)
        let presenting = handlers.first { !$0.target.modals.isEmpty && !$0.anywhere }
        var written: Int?
        if let mask = writtenFields(by: handlers, landing: landing) { written = maskNumber(mask) }
        let plan = Plan(handlers: handlers, written: written,
                        view: maskNumber(localView(of: landing)),
                        viewWithKeptTabs: maskNumber(localView(of: landing, keptTabsOf: handlers)),
                        presentable: presenting?.target.modals.first.flatMap { model.shape.presentableIndex[$0.content] })
        if keepsPlans { plans[key] = plan }
        return plan
    }

    /// The number of `mask`, given it when it is new.
    private mutating func maskNumber(_ mask: [UInt64]) -> Int {
        if let number = maskNumbers[mask] { return number }
        maskNumbers[mask] = masks.count
        masks.append(mask)
        projections.append(nil)
        return masks.count - 1
    }

    /// The bits of what is on screen in `landing`: every field but the
    /// slots of the tabs not selected, which show nothing until the user
    /// selects them. A landing is judged whole by these, as every
    /// property is judged by the local view: whether the app presents a
    /// modal there (`deeplink-out-of-context`), and where a handler with
    /// an `else` may have written anything.
    /// With `handlers`, the slots of the tabs their `keep tab` targets
    /// write besides: what a link wrote is compared wherever it is.
    private func localView(of landing: NavState, keptTabsOf handlers: [DeepLinkHandler] = []) -> [UInt64] {
        let codec = graph.model.codec
        let shape = graph.model.shape
        var fields = [0..<codec.tabField.lowerBound, codec.tabField, codec.modalField]
        fields += shape.rootSlots.map { codec.slotFields[$0] }
        if !shape.tabSlots.isEmpty { fields += shape.tabSlots[landing.selectedTab].map { codec.slotFields[$0] } }
        for handler in handlers where handler.keepsTab {
            if let tab = handler.target.tab, shape.tabSlots.indices.contains(tab) {
                fields += shape.tabSlots[tab].map { codec.slotFields[$0] }
            }
        }
        return codec.mask(fields)
    }

    /// The judgement of link `link`, taken with `arguments`, that landed on
    /// `landing` (stored as the graph stores states) where some routes are
    /// marks (negative: routes not known, as the summary search hides
    /// them), when it is the same whatever routes the marks stand for:
    /// whether the landing is a state reachable in-app, then as `judge`
    /// does (an out-of-context landing's state is not numbered: -1). Nil
    /// when it depends on them, or a limit was reached.
    ///
    /// Each test is made on the bits the marks do not cover: when no
    /// in-app state has the landing's bits there, none has them for any
    /// routes in the marks' places; when the written fields hold no mark,
    /// the test on them is exact.
    mutating func judgeEveryContext(link: Int, arguments: [Int], landing: NavState,
                                    stop: inout GraphAnalysis.LimitWatch) -> (follows: Bool, problem: GraphAnalysis.LinkProblem?)? {
        let model = graph.model
        let codec = model.codec
        var known = landing
        var marks: [Range<Int>] = []
        func unmark(_ path: inout [Int], _ field: StateCodec.PathField) {
            for (position, route) in path.enumerated() where route < 0 {
                let start = field.firstRoute + position * field.routeBits
                marks.append(start..<(start + field.routeBits))
                path[position] = 0
            }
        }
        for slot in known.paths.indices { unmark(&known.paths[slot], codec.path(ofSlot: slot)) }
        for index in known.modals.indices { unmark(&known.modals[index].path, codec.path(ofModal: index)) }
        let packed = codec.encode(known)
        let marked = codec.mask(marks)
        func unmarked(_ mask: [UInt64]) -> [UInt64] { zip(mask, marked).map { $0 & ~$1 } }
        func holdsNoMark(_ mask: [UInt64]) -> Bool { zip(mask, marked).allSatisfy { $0 & $1 == 0 } }
        // Whether what is on screen may be an in-app state's: false for every context when no in-app state has
        // its known bits (an in-app landing has them too); true for every context when it holds no mark.
        let view = localView(of: known)
        let viewMayBeInApp = reachesInApp(packed, mask: unmarked(view), stop: &stop)
        guard stop.reached == nil else { return nil }
        let viewIsInApp = viewMayBeInApp && holdsNoMark(view)
        let declaration = model.spec.deepLinks[link]
        let handlers = declaration.handlers(running: arguments)
        guard let mask = writtenFields(by: handlers, landing: known) else {
            // An `else` may have written anything: compared on the view, and on what `keep tab` wrote.
            let compared = localView(of: known, keptTabsOf: handlers)
            let mayBeInApp = reachesInApp(packed, mask: unmarked(compared), stop: &stop)
            guard stop.reached == nil else { return nil }
            return mayBeInApp && holdsNoMark(compared) ? (true, nil) : mayBeInApp ? nil : (false, .landsUnreachable)
        }
        // An in-app landing has every bit of an in-app state, the written ones included.
        let partMayBeReachable = reachesInApp(packed, mask: unmarked(mask), stop: &stop)
        guard stop.reached == nil else { return nil }
        guard partMayBeReachable else { return (false, .landsUnreachable) }
        guard presentedModalsReachInApp(handlers, arguments: arguments, stop: &stop), stop.reached == nil else {
            return stop.reached == nil && !viewMayBeInApp ? (false, .landsUnreachable) : nil
        }
        guard holdsNoMark(mask) else { return nil }
        let presenting = handlers.filter { !$0.target.modals.isEmpty && !$0.anywhere }
        // In-app or not, a landing whose written part is reachable is followed, unless it presents out of context.
        guard let first = presenting.first?.target.modals.first,
              let presentable = model.shape.presentableIndex[first.content], !viewIsInApp else { return (true, nil) }
        return viewMayBeInApp ? nil : (false, .presentsOutOfContext(presentable: presentable, landing: -1))
    }

    /// The fields of the packed state the handlers write, with the flags
    /// and inputs; nil when they may write anything (an `else` statement).
    private func writtenFields(by handlers: [DeepLinkHandler], landing: NavState) -> [UInt64]? {
        let model = graph.model
        let codec = model.codec
        let shape = model.shape
        var fields = [0..<codec.tabField.lowerBound]
        for handler in handlers {
            guard handler.otherwise == nil else { return nil }
            let target = handler.target
            if !handler.keepModals { fields.append(codec.modalField) }
            if target.tab != nil && !handler.keepsTab { fields.append(codec.tabField) }
            let described = target.tab ?? landing.selectedTab
            if handler.underModals {
                if let index = model.routerPathModal(in: landing) {
                    fields.append(codec.modalEntry(index))
                } else if let slot = shape.currentStackSlot(selectedTab: described) {
                    fields.append(codec.slotFields[slot])
                }
            } else if target.describesCurrentContext {
                if handler.keepModals && !landing.modals.isEmpty {
                    // The top modal kept took the path: which one depends on what was presented after.
                    fields.append(codec.modalField)
                } else if let slot = shape.currentStackSlot(selectedTab: described) {
                    fields.append(codec.slotFields[slot])
                }
            } else if target.appends {
                fields.append(codec.slotFields[shape.activeSlots(selectedTab: described).lowerBound])
            } else if target.describesBase(rootHasTabs: model.hasTabView) {
                fields += shape.activeSlots(selectedTab: described).map { codec.slotFields[$0] }
            }
        }
        return codec.mask(fields)
    }

    /// Whether each modal a handler that keeps modals presents, with its
    /// path, is up in some in-app state (a handler that closes every modal
    /// has the whole modal stack in its written fields instead).
    private mutating func presentedModalsReachInApp(_ handlers: [DeepLinkHandler], arguments: [Int],
                                                    stop: inout GraphAnalysis.LimitWatch) -> Bool {
        let model = graph.model
        let presented = handlers.filter(\.keepModals).flatMap(\.target.modals)
        guard !presented.isEmpty else { return true }
        if modalsInApp == nil {
            var found = Set<[Int]>()
            let codec = model.codec
            let width = codec.words
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { buffer in
                let packed = UnsafeBufferPointer(buffer)
                for index in 0..<graph.inAppCount {
                    if stop.isDue() { return }
                    graph.store.copy(index, into: buffer)
                    for modal in 0..<codec.read(codec.modalCount, in: packed) {
                        let path = codec.path(ofModal: modal)
                        let length = codec.read(path.length, in: packed)
                        var key = [codec.read(codec.modalPresentable(modal), in: packed)]
                        for route in 0..<length {
                            let start = path.firstRoute + route * path.routeBits
                            key.append(codec.read(start..<(start + path.routeBits), in: packed))
                        }
                        found.insert(key)
                    }
                }
            }
            if stop.reached != nil { return false }
            modalsInApp = found
        }
        return presented.allSatisfy { modal in
            guard let presentable = model.shape.presentableIndex[modal.content] else { return true }
            let path = modal.path.compactMap { model.routes.expand($0, bindings: arguments).first }
            return modalsInApp!.contains([presentable] + path)
        }
    }

    /// Whether some in-app state has `state`'s bits under `mask`.
    private mutating func reachesInApp(_ state: [UInt64], mask: [UInt64], stop: inout GraphAnalysis.LimitWatch) -> Bool {
        reachesInApp(state, projection: maskNumber(mask), stop: &stop)
    }

    /// Whether some in-app state has `state`'s bits under mask number `number`.
    private mutating func reachesInApp(_ state: [UInt64], projection number: Int, stop: inout GraphAnalysis.LimitWatch) -> Bool {
        let mask = masks[number]
        let width = mask.count
        if projections[number] == nil {
            var masked = StateStore(width: width)
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { buffer in
                for index in 0..<graph.inAppCount {
                    if stop.isDue() { return }
                    graph.store.copy(index, into: buffer)
                    for word in 0..<width { buffer[word] &= mask[word] }
                    _ = masked.insert(UnsafeBufferPointer(buffer))
                }
            }
            if stop.reached != nil { return false }
            projections[number] = masked
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { buffer in
            for word in 0..<width { buffer[word] = state[word] & mask[word] }
            return projections[number]!.find(UnsafeBufferPointer(buffer)) != nil
        }
    }
}
