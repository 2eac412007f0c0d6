import NavFlowModel

/// The cuts of the paths of tabs a step leaves while their routes beneath
/// the top are hidden, shared by every frame that leaves a tab from the
/// same entry (docs/performance.md, "Leaving a tab").
///
/// The parked search cuts a tab that is not selected after its highest
/// route that could not be pushed again (`ParkedPaths.park`). Read from the
/// top down, that cut is decided by pairs of routes: a route that can be
/// pushed again on the one beneath it (and whose hook may not run) is cut,
/// so the question moves one route down; the first one that cannot be is
/// kept with everything beneath it. For a route directly above the context
/// of an entry, the routes beneath are given by the entry's callers, one
/// per caller, so the answers for (entry, route) are the union over the
/// callers: the path is cut whole (to nothing, or to its first route when
/// the root's hook may run), or some route is kept on the caller's route
/// that lies beneath it, with the whole context of the caller's entry. A *node* of this table holds those answers and
/// takes the callers the entry gains later; a frame that leaves a tab asks
/// the node of its entry and its path's lowest route, and receives every
/// answer, present and future.
struct LeftTabCuts {
    /// What a node answers for: the route directly above the context of
    /// `entry` on stack slot `slot`, beneath which the slot shows `root`,
    /// in a state whose flags and inputs the cut reads are `valuation`.
    struct Key: Hashable {
        var entry: Int32
        var route: Int
        var slot: Int
        var root: Int
        var linked: Bool
        var valuation: FlagValuation
    }

    /// One way the path of a node's contexts is cut.
    enum Answer: Hashable {
        /// Every route down to the root can be pushed again: the path is cut to this.
        case cut([Int])
        /// The last of `routes`, which lie directly above the context of
        /// `entry`, cannot be pushed again on the one beneath it (the route
        /// before it, or the root): the path keeps that context and those
        /// routes, and when the last one's hook may run (`hook`) the route
        /// above it too, `above` (nil while it is the route of the node
        /// answered, whose route above the asker knows).
        case keeps(entry: Int32, routes: [Int], hook: Bool, above: Int?)
    }

    /// A target that left a tab, waiting for the answers of a node: its
    /// path on `slot` is marks under real routes, `above` the real route
    /// above the lowest one.
    struct Asker: Hashable {
        var target: NavState
        var slot: Int
        var above: Int?
        /// Where the target came from: not part of what the asker asks.
        var origin: StepOrigin

        static func == (lhs: Asker, rhs: Asker) -> Bool {
            lhs.target == rhs.target && lhs.slot == rhs.slot && lhs.above == rhs.above
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(slot)
            hasher.combine(above)
        }
    }

    var numbers: [Key: Int32] = [:]
    var keys: [Key] = []
    var answers: [[Answer]] = []
    /// Per node, per answer: how it was found.
    var answerOrigins: [[SummaryOrigins.AnswerOrigin]] = []
    var answerSets: [Set<Answer>] = []
    /// Per node: the nodes whose route lies directly above its own, each
    /// with that route.
    var dependents: [[(node: Int32, route: Int)]] = []
    /// Per node: the callers on whose route the node's route cannot be
    /// pushed again, so that the path is kept there (`resolve`): with the
    /// node's children (`dependents` read backwards), what
    /// `SummaryReach` needs to read the table as an automaton over the
    /// routes beneath.
    var keptThrough: [[SummaryEngine.Caller]] = []
    var askers: [[Asker]] = []
    /// Per node: its askers, each once (frames of an entry often leave the tab to the same target).
    var askerSets: [Set<Asker>] = []
    /// Per entry: the nodes that take each of its callers, present and future.
    var waiting: [Int32: [Int32]] = [:]
}

extension SummaryEngine {
    /// Stores the targets `target` stands for: it left tab `tab`, whose
    /// path on `slot` is `marks` marks (the context of `entry`) under real
    /// routes, the rest of the state stored. With `source`, the in-app step
    /// from that frame with those routes read on top is kept as a rule
    /// (`LeftTabRule`) that says how the cut is decided.
    func leave(_ target: NavState, tab: Int, slot: Int, marks: Int, at entry: Int32, origin: StepOrigin,
               recording source: (frame: Int32, read: [Int])? = nil) {
        guard let box = parkingBox else { return }
        let path = target.paths[slot]
        let valuation = FlagValuation(flags: target.flags & cutMasks.flags, inputs: target.inputs & cutMasks.inputs)
        func record(_ cut: LeftTabRule.Cut) {
            guard let source else { return }
            inAppRules?.leftTab.insert(LeftTabRule(source: source.frame, read: source.read, entry: entry, target: target,
                                                   slot: slot, cut: cut))
        }
        guard box.paths.cuts(tab: tab, slot: slot) else {
            record(.keeps(length: path.count))
            keep(path.count, of: target, slot: slot, marks: marks, at: entry, origin: origin)
            return
        }
        let linked = box.paths.linked(tab: tab, slot: slot)
        // The real routes above the lowest one are read here: the highest
        // that cannot be pushed again keeps everything beneath it.
        for position in stride(from: path.count - 1, to: marks, by: -1) {
            let route = path[position]
            if box.paths.stays(route, on: path[position - 1], slot: slot, linked: linked, in: valuation) {
                let hook = position + 1 < path.count && box.paths.hookMayRun(route, in: valuation)
                record(.keeps(length: position + (hook ? 2 : 1)))
                keep(position + (hook ? 2 : 1), of: target, slot: slot, marks: marks, at: entry, origin: origin)
                return
            }
        }
        let key = LeftTabCuts.Key(entry: entry, route: path[marks], slot: slot,
                                  root: model.rootRoute(ofSlot: slot, in: target), linked: linked, valuation: valuation)
        let node = cutNode(key)
        tabsLeftByTable += 1
        let above = marks + 1 < path.count ? path[marks + 1] : nil
        record(.node(node, above: above))
        let asker = LeftTabCuts.Asker(target: target, slot: slot, above: above, origin: origin)
        guard cuts.askerSets[Int(node)].insert(asker).inserted else { return }
        cuts.askers[Int(node)].append(asker)
        for (index, answer) in cuts.answers[Int(node)].enumerated() {
            apply(answer, to: asker, answered: (node, Int32(index)))
        }
    }

    /// Stores `target` with the path on `slot` cut to its first `length`
    /// routes, the lowest `marks` of them the context of `entry`.
    private func keep(_ length: Int, of target: NavState, slot: Int, marks: Int, at entry: Int32, origin: StepOrigin) {
        var state = target
        state.paths[slot].removeLast(state.paths[slot].count - length)
        dispatch(entry, .fill(state: state, slot: slot, revealed: [], remaining: marks), origin)
    }

    /// Stores what `answer`, answer `answered.index` of node
    /// `answered.node`, makes of the asker's target.
    private func apply(_ answer: LeftTabCuts.Answer, to asker: LeftTabCuts.Asker, answered: (node: Int32, index: Int32)) {
        let (entry, path) = cutPath(answer, for: asker)
        var state = asker.target
        state.paths[asker.slot] = path
        let origin = origins.passed(asker.origin, throughAnswer: answered.index, of: answered.node)
        if entry == 0 {
            dispatch(0, .place(state: state, kept: 0), origin)
        } else {
            dispatch(entry, .fill(state: state, slot: asker.slot, revealed: [], remaining: entries[Int(entry)].height), origin)
        }
    }

    /// The path `answer` cuts the asker's to: marks standing for the
    /// context of `entry` (none at the bottom entry) under real routes.
    func cutPath(_ answer: LeftTabCuts.Answer, for asker: LeftTabCuts.Asker) -> (entry: Int32, path: [Int]) {
        cutPath(answer, under: asker.above)
    }

    /// The path `answer` cuts a path to whose route above the node's is
    /// `routeAbove`, as `cutPath(_:for:)`.
    func cutPath(_ answer: LeftTabCuts.Answer, under routeAbove: Int?) -> (entry: Int32, path: [Int]) {
        switch answer {
        case .cut(let path):
            return (0, path)
        case .keeps(let entry, let routes, let hook, let above):
            var path = (0..<entries[Int(entry)].height).map { -($0 + 1) } + routes
            if hook, let next = above ?? routeAbove { path.append(next) }
            return (entry, path)
        }
    }

    /// The node of `key`, made and given the answers of the entry's
    /// callers (or of the root, at the bottom entry) if new.
    private func cutNode(_ key: LeftTabCuts.Key) -> Int32 {
        if let existing = cuts.numbers[key] { return existing }
        let node = Int32(cuts.keys.count)
        cuts.numbers[key] = node
        cuts.keys.append(key)
        cuts.answers.append([])
        cuts.answerOrigins.append([])
        cuts.answerSets.append([])
        cuts.dependents.append([])
        cuts.keptThrough.append([])
        cuts.askers.append([])
        cuts.askerSets.append([])
        if key.entry == 0 {
            resolveOnRoot(node)
        } else {
            cuts.waiting[key.entry, default: []].append(node)
            for caller in entries[Int(key.entry)].callers { resolve(node, through: caller) }
        }
        return node
    }

    /// Answers `node` for the contexts whose top route is `caller.route`.
    func resolve(_ node: Int32, through caller: Caller) {
        let key = cuts.keys[Int(node)]
        guard let box = parkingBox else { return }
        if !box.paths.stays(key.route, on: caller.route, slot: key.slot, linked: key.linked, in: key.valuation) {
            var below = key
            below.entry = caller.entry
            below.route = caller.route
            let child = cutNode(below)
            cuts.dependents[Int(child)].append((node, key.route))
            for (index, answer) in cuts.answers[Int(child)].enumerated() {
                add(answer, passedUpTo: node, over: key.route, from: .passed(child: child, index: Int32(index)))
            }
        } else {
            cuts.keptThrough[Int(node)].append(caller)
            add(keptAnswer(node, through: caller), to: node, from: .through(caller))
        }
    }

    /// The answer of `node` for the contexts whose top route is
    /// `caller.route`, on which the node's route cannot be pushed again.
    func keptAnswer(_ node: Int32, through caller: Caller) -> LeftTabCuts.Answer {
        let key = cuts.keys[Int(node)]
        let hook = parkingBox?.paths.hookMayRun(key.route, in: key.valuation) ?? false
        return .keeps(entry: caller.entry, routes: [caller.route, key.route], hook: hook, above: nil)
    }

    /// Answers `node`, whose route lies at the bottom of the path, on the root.
    private func resolveOnRoot(_ node: Int32) {
        guard let answer = rootAnswer(cuts.keys[Int(node)]) else { return }
        add(answer, to: node, from: .root)
    }

    /// The one answer of a node at the bottom entry, whose route lies on the root.
    func rootAnswer(_ key: LeftTabCuts.Key) -> LeftTabCuts.Answer? {
        guard let box = parkingBox else { return nil }
        if !box.paths.stays(key.route, on: key.root, slot: key.slot, linked: key.linked, in: key.valuation) {
            // The parked cut keeps the first route when the root's hook may run.
            return .cut(box.paths.hookMayRun(key.root, in: key.valuation) ? [key.route] : [])
        }
        return .keeps(entry: 0, routes: [key.route], hook: box.paths.hookMayRun(key.route, in: key.valuation), above: nil)
    }

    /// Gives `node` an answer of the node beneath it, whose route lies directly under `route`.
    private func add(_ answer: LeftTabCuts.Answer, passedUpTo node: Int32, over route: Int,
                     from origin: SummaryOrigins.AnswerOrigin) {
        if case .keeps(let entry, let kept, true, nil) = answer {
            add(.keeps(entry: entry, routes: kept, hook: true, above: route), to: node, from: origin)
        } else {
            add(answer, to: node, from: origin)
        }
    }

    private func add(_ answer: LeftTabCuts.Answer, to node: Int32, from origin: SummaryOrigins.AnswerOrigin) {
        guard cuts.answerSets[Int(node)].insert(answer).inserted else { return }
        let index = Int32(cuts.answers[Int(node)].count)
        cuts.answers[Int(node)].append(answer)
        cuts.answerOrigins[Int(node)].append(origin)
        for asker in cuts.askers[Int(node)] { apply(answer, to: asker, answered: (node, index)) }
        for (dependent, route) in cuts.dependents[Int(node)] {
            add(answer, passedUpTo: dependent, over: route, from: .passed(child: node, index: index))
        }
    }
}
