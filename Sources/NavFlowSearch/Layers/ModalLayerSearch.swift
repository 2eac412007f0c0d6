import NavFlowModel

/// A search of the states reachable from launch that keeps the modals
/// apart from what lies beneath them (docs/performance.md, "Modal
/// layers").
///
/// A state with a modal up is stored as a *group*, what lies beneath (the
/// selected tab, every slot's path and selection, the flags and inputs),
/// with the set of modal stacks that are up over it in some reachable
/// state. Sets are numbered once (`ModalSets`), so groups that have the
/// same modal stacks over them share one set. The units from a state with
/// modals up are taken by their layer (`ModalLayers`):
/// - a `.beneath` unit is run once per group, from any of its modal
///   stacks, and each group it leads to gains every modal stack of the
///   group: its transitions are the same under every one, with the modals
///   left as they are;
/// - a `.modals` unit is run once per modal stack and valuation of the
///   flags and inputs, from any beneath, and the image of a set of modal
///   stacks under a valuation is worked out once per set: the group with
///   the target's flags gains each target's modal stack;
/// - a unit that closes the one modal up and leaves what lies beneath as
///   it was (`ModalLayers.joinsBeneath`) is run once per modal stack and
///   valuation, and the group's beneath (with the flags set) is found;
/// - a `.both` unit, or a `.modals` one whose target puts a cover up or
///   takes one away where appear hooks may run, is run on each state.
/// States without a modal up are searched one by one. Every state is
/// stored with its tabs that are not selected cut by `parking`, as
/// `PlainExplorer.search` stores them, and found by the same transitions
/// (`ParkedPaths.transitions`), so the two searches find the same states;
/// `ModalLayerSearchTests` checks it.
public struct ModalLayerSearch: Sendable {
    public var limits: Explorer.Limits

    public init(limits: Explorer.Limits = .standard) {
        self.limits = limits
    }

    /// The states a search found, by layer.
    public struct Result: Sendable {
        public let model: FlowModel
        /// The states with no modal up.
        public internal(set) var unlayered: [NavState] = []
        /// Per group: what lies beneath (a state with no modal up).
        public internal(set) var beneaths: [NavState] = []
        /// Per group: the number in `sets` of its modal stacks.
        var groupSets: [Int32] = []
        /// The modal stacks found, numbered.
        public internal(set) var stacks: [[Modal]] = []
        var sets = ModalSets()
        /// Units run on one state with modals up (`.both`), on a group
        /// (`.beneath`), and on a modal stack under a valuation (`.modals`).
        public internal(set) var stateRuns = 0
        public internal(set) var groupRuns = 0
        public internal(set) var stackRuns = 0

        init(model: FlowModel) {
            self.model = model
        }

        /// The modal stacks over group `group`, as numbers in `stacks`.
        public func stacks(over group: Int) -> [Int32] { sets.members(groupSets[group]) }

        /// The number of distinct sets of modal stacks over the groups.
        public var setCount: Int { Set(groupSets).count }

        /// Every state found: the unlayered ones, then each group's.
        public var count: Int { unlayered.count + groupSets.reduce(0) { $0 + sets.members($1).count } }

        /// Calls `body` with every state found.
        public func forEachState(_ body: (NavState) -> Void) {
            unlayered.forEach(body)
            for (group, beneath) in beneaths.enumerated() {
                for stack in stacks(over: group) {
                    var state = beneath
                    state.modals = stacks[Int(stack)]
                    body(state)
                }
            }
        }
    }

    /// The flags and inputs with a modal stack: what a `.modals` unit reads.
    private struct StackKey: Hashable {
        var flags: UInt64
        var inputs: UInt64
        var stack: Int32
    }

    /// What the units of one modal stack under one valuation give.
    private struct StackMoves {
        /// The targets of its `.modals` units: flags and modal stack.
        var targets: [(flags: UInt64, stack: Int32)] = []
        /// The units that must run on each state.
        var perState: [StepUnit] = []
        /// The flags with which its units that close the modal leave what
        /// lies beneath as it was (`ModalLayers.joinsBeneath`).
        var joins: [UInt64] = []
    }

    private struct ImageKey: Hashable {
        var flags: UInt64
        var inputs: UInt64
        var set: Int32
    }

    /// The search's working state.
    private struct Run {
        let model: FlowModel
        let layers: ModalLayers
        let parking: ParkedPaths?
        let deepLinks: Bool
        let limits: Explorer.Limits
        let started = ContinuousClock.now
        var result: Result
        var unlayeredIndex: [NavState: Int] = [:]
        var groupIndex: [NavState: Int] = [:]
        var stackIndex: [[Modal]: Int32] = [:]
        /// Per group: the set whose units were taken, and the groups its
        /// `.beneath` units lead to (nil until worked out).
        var groupDone: [Int32] = []
        var beneathTargets: [[Int]?] = []
        var queued: [Bool] = []
        /// Groups waiting to be taken, from `head` on.
        var queue: [Int] = []
        var head = 0
        var moves: [StackKey: StackMoves] = [:]
        var images: [ImageKey: [(flags: UInt64, set: Int32)]] = [:]
        var count = 0
        /// The `.beneath` units: the same from every state with a modal up.
        let beneathUnits: [StepUnit]

        init(model: FlowModel, parking: ParkedPaths?, deepLinks: Bool, limits: Explorer.Limits) {
            self.model = model
            let layers = ModalLayers(model: model)
            self.layers = layers
            beneathUnits = deepLinks ? model.spec.deepLinks.indices.filter { layers.staysBeneath(link: $0) }.flatMap { link in
                model.deepLinkArguments[link].map { StepUnit.deepLink(link: link, arguments: $0) }
            } : []
            self.parking = parking
            self.deepLinks = deepLinks
            self.limits = limits
            result = Result(model: model)
        }

        /// The state with its tabs that are not selected cut.
        func parked(_ state: NavState) -> NavState {
            parking?.parked(state) ?? state
        }

        mutating func checkLimits() throws(Explorer.LimitReached) {
            if count > limits.maxStates { throw .tooManyStates(limits, count: count) }
            if limits.maxSeconds.isFinite, ContinuousClock.now - started > .seconds(limits.maxSeconds) {
                throw .tooLong(limits, count: count)
            }
        }

        mutating func stackID(_ modals: [Modal]) -> Int32 {
            if let id = stackIndex[modals] { return id }
            let id = Int32(result.stacks.count)
            result.stacks.append(modals)
            stackIndex[modals] = id
            return id
        }

        mutating func group(_ beneath: NavState) -> Int {
            if let group = groupIndex[beneath] { return group }
            let group = result.beneaths.count
            result.beneaths.append(beneath)
            result.groupSets.append(ModalSets.empty)
            groupDone.append(ModalSets.empty)
            beneathTargets.append(nil)
            queued.append(false)
            groupIndex[beneath] = group
            return group
        }

        /// Adds the modal stacks of `set` over `group`.
        mutating func add(_ set: Int32, to group: Int) {
            let old = result.groupSets[group]
            let new = result.sets.union(old, set)
            guard new != old else { return }
            count += result.sets.size(new) - result.sets.size(old)
            result.groupSets[group] = new
            if !queued[group] {
                queued[group] = true
                queue.append(group)
            }
        }

        /// Stores a state found (cut as `parking` cuts it).
        mutating func insert(_ found: NavState) {
            let state = parked(found)
            if state.modals.isEmpty {
                guard unlayeredIndex[state] == nil else { return }
                unlayeredIndex[state] = result.unlayered.count
                result.unlayered.append(state)
                count += 1
                return
            }
            var beneath = state
            beneath.modals = []
            let group = group(beneath)
            let stack = stackID(state.modals)
            add(result.sets.singleton(stack), to: group)
        }

        /// Calls `body` with the transitions of `unit` from `state`.
        func transitions(of unit: StepUnit, from state: NavState, _ body: (Transition) -> Void) {
            if let parking {
                parking.transitions(of: unit, from: state, body)
            } else {
                model.run(unit, from: state, decider: ConcreteDecider(), body)
            }
        }

        /// Whether the parked search must lift a tab before `unit`: it then
        /// reads a tab beneath the modals.
        func lifts(_ unit: StepUnit) -> Bool {
            guard let parking, case .edge(_, let screen, let edge) = unit else { return false }
            return !parking.liftedTabs[screen][edge].isEmpty
        }

        /// What the units of modal stack `stack` give under the valuation of
        /// `beneath`, worked out on the state of the two.
        mutating func moves(of stack: Int32, over beneath: NavState) -> StackMoves {
            let key = StackKey(flags: beneath.flags, inputs: beneath.inputs, stack: stack)
            if let known = moves[key] { return known }
            var state = beneath
            state.modals = result.stacks[Int(stack)]
            var found = StackMoves()
            var units: [StepUnit] = []
            model.forEachUnit(of: state, deepLinks: deepLinks) { units.append($0) }
            for unit in units {
                switch layers.layer(of: unit, from: state) {
                case .beneath:
                    continue
                case .both where layers.joinsBeneath(unit, from: state):
                    var targets: [NavState] = []
                    model.run(unit, from: state, decider: ConcreteDecider()) { if let target = $0.target { targets.append(target) } }
                    result.stackRuns += 1
                    found.joins += targets.map(\.flags)
                case .both:
                    found.perState.append(unit)
                case .modals:
                    guard !lifts(unit) else {
                        found.perState.append(unit)
                        continue
                    }
                    var targets: [NavState] = []
                    model.run(unit, from: state, decider: ConcreteDecider()) { if let target = $0.target { targets.append(target) } }
                    result.stackRuns += 1
                    guard targets.allSatisfy({ layers.keepsCoverState(from: state, to: $0) }) else {
                        found.perState.append(unit)
                        continue
                    }
                    for target in targets {
                        found.targets.append((target.flags, stackID(target.modals)))
                    }
                }
            }
            moves[key] = found
            return found
        }

        /// The image of the modal stacks of `set` under the `.modals` units,
        /// by the flags of the targets.
        mutating func image(of set: Int32, over beneath: NavState) -> [(flags: UInt64, set: Int32)] {
            let key = ImageKey(flags: beneath.flags, inputs: beneath.inputs, set: set)
            if let known = images[key] { return known }
            var byFlags: [UInt64: [Int32]] = [:]
            for stack in result.sets.members(set) {
                for target in moves(of: stack, over: beneath).targets {
                    byFlags[target.flags, default: []].append(target.stack)
                }
            }
            let image = byFlags.sorted { $0.key < $1.key }.map { (flags: $0.key, set: result.sets.id(of: $0.value)) }
            images[key] = image
            return image
        }

        /// Takes the units of the modal stacks `group` gained since it was last taken.
        mutating func expand(group: Int) throws(Explorer.LimitReached) {
            queued[group] = false
            let current = result.groupSets[group]
            let added = result.sets.difference(current, groupDone[group])
            groupDone[group] = current
            guard added != ModalSets.empty else { return }
            let beneath = result.beneaths[group]
            // `.beneath` units: once per group, from any of its modal stacks.
            if beneathTargets[group] == nil {
                var state = beneath
                state.modals = result.stacks[Int(result.sets.members(added)[0])]
                var targets: [Int] = []
                // Targets are gathered first: a closure that changed `self`
                // would copy the search's tables.
                var found: [NavState] = []
                for unit in beneathUnits {
                    result.groupRuns += 1
                    transitions(of: unit, from: state) { if let target = $0.target { found.append(target) } }
                }
                for target in found {
                    var below = parked(target)
                    below.modals = []
                    targets.append(self.group(below))
                }
                beneathTargets[group] = targets
            }
            for target in beneathTargets[group] ?? [] {
                add(added, to: target)
            }
            // `.modals` units: once per set and valuation.
            for (flags, set) in image(of: added, over: beneath) {
                var below = beneath
                below.flags = flags
                add(set, to: flags == beneath.flags ? group : self.group(parked(below)))
            }
            // Closing the one modal up: the beneath, with the flags set.
            var joins = Set<UInt64>()
            for stack in result.sets.members(added) { joins.formUnion(moves(of: stack, over: beneath).joins) }
            for flags in joins {
                var below = beneath
                below.flags = flags
                insert(below)
            }
            // The rest, state by state.
            for stack in result.sets.members(added) {
                let perState = moves(of: stack, over: beneath).perState
                guard !perState.isEmpty else { continue }
                var state = beneath
                state.modals = result.stacks[Int(stack)]
                var found: [NavState] = []
                for unit in perState {
                    result.stateRuns += 1
                    transitions(of: unit, from: state) { if let target = $0.target { found.append(target) } }
                }
                for target in found { insert(target) }
                try checkLimits()
            }
            try checkLimits()
        }

        mutating func expand(unlayered index: Int) throws(Explorer.LimitReached) {
            let state = result.unlayered[index]
            var targets: [NavState] = []
            if let parking {
                parking.successors(of: state, deepLinks: deepLinks) { if let target = $0.target { targets.append(target) } }
            } else {
                model.successors(of: state, deepLinks: deepLinks) { if let target = $0.target { targets.append(target) } }
            }
            for target in targets { insert(target) }
            try checkLimits()
        }
    }

    /// Every state reachable from the launch states of every valuation of
    /// the inputs, by in-app steps, and deep links with `deepLinks`, each
    /// stored with its tabs cut by `parking` (whose `withDeepLinks` must
    /// then match `deepLinks`).
    public func search(_ model: FlowModel, deepLinks: Bool, parking: ParkedPaths? = nil) throws(Explorer.LimitReached) -> Result {
        var run = Run(model: model, parking: parking, deepLinks: deepLinks, limits: limits)
        for inputs in try limits.inputValuations(of: model) {
            if let start = model.initialState(inputs: inputs).state { run.insert(start) }
        }
        var next = 0
        while next < run.result.unlayered.count || run.head < run.queue.count {
            while next < run.result.unlayered.count {
                try run.expand(unlayered: next)
                next += 1
            }
            if run.head < run.queue.count {
                let group = run.queue[run.head]
                run.head += 1
                try run.expand(group: group)
            }
            // A group comes back each time its set grows: drop what was taken.
            if run.head >= 1 << 16, run.head * 2 >= run.queue.count {
                run.queue.removeFirst(run.head)
                run.head = 0
            }
        }
        return run.result
    }
}

/// Sets of modal stacks (numbers), each numbered once: a set is a sorted
/// array of members; unions and differences of two numbered sets are kept.
struct ModalSets: Sendable {
    static let empty: Int32 = 0
    private var members: [[Int32]] = [[]]
    private var ids: [[Int32]: Int32] = [[]: 0]
    private var unions: [UInt64: Int32] = [:]
    private var differences: [UInt64: Int32] = [:]

    func members(_ set: Int32) -> [Int32] { members[Int(set)] }
    func size(_ set: Int32) -> Int { members[Int(set)].count }

    /// The number of the set of `values` (in any order, repeats allowed).
    mutating func id(of values: [Int32]) -> Int32 {
        let sorted = Array(Set(values)).sorted()
        if let id = ids[sorted] { return id }
        let id = Int32(members.count)
        members.append(sorted)
        ids[sorted] = id
        return id
    }

    mutating func singleton(_ value: Int32) -> Int32 { id(of: [value]) }

    mutating func union(_ a: Int32, _ b: Int32) -> Int32 {
        if a == b || b == Self.empty { return a }
        if a == Self.empty { return b }
        let key = UInt64(UInt32(min(a, b))) << 32 | UInt64(UInt32(max(a, b)))
        if let known = unions[key] { return known }
        let result = id(of: members[Int(a)] + members[Int(b)])
        unions[key] = result
        return result
    }

    /// The members of `a` that are not members of `b`.
    mutating func difference(_ a: Int32, _ b: Int32) -> Int32 {
        if b == Self.empty { return a }
        if a == b { return Self.empty }
        let key = UInt64(UInt32(a)) << 32 | UInt64(UInt32(b))
        if let known = differences[key] { return known }
        let removed = Set(members[Int(b)])
        let result = id(of: members[Int(a)].filter { !removed.contains($0) })
        differences[key] = result
        return result
    }
}
