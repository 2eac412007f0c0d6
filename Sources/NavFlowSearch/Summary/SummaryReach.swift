import NavFlowModel

/// An in-app step of the summary search as a rule on whole states: from a
/// state of frame `source` whose hidden routes are `read` (top first),
/// then `dropped` routes of any kind, then a rest, to the state of frame
/// `target` (its hidden routes written as marks) whose hidden routes are
/// `pushed` (top first) on that same rest. The step was run on `source`
/// with `read` in place and marks beneath, and kept the marks of the rest
/// in place and in order, so it does the same whatever they stand for
/// (docs/performance.md, "Why it is exact").
struct InAppRule: Hashable {
    var source: Int32
    var read: [Int]
    var dropped: Int
    var target: NavState
    var pushed: [Int]
}

/// An in-app step of the summary search that left a parked tab with hidden
/// routes, as a rule on whole states: from a state of frame `source` whose
/// hidden routes are `read` (top first), then a context of `entry`, to
/// `target` with the left tab's path on `slot` cut as the parked search
/// cuts it, which depends on that context. The target hides no route of
/// the source: its hidden routes are those of the tab it selects and of
/// the modals it keeps, all in `target`.
struct LeftTabRule: Hashable {
    var source: Int32
    var read: [Int]
    var entry: Int32
    /// The target, stored, but for the left tab's path: the entry's marks
    /// under real routes.
    var target: NavState
    var slot: Int
    var cut: Cut

    /// How the left tab's path is cut.
    enum Cut: Hashable {
        /// To its first `length` routes, every mark among them: the context whole, under some real routes.
        case keeps(length: Int)
        /// As the table of cuts answers for the context beneath `node`'s
        /// route, the lowest real one; `above` is the real route above it.
        case node(Int32, above: Int?)
    }
}

/// The in-app steps the summary search kept as rules on whole states.
struct InAppRules {
    var rules: Set<InAppRule> = []
    var leftTab: Set<LeftTabRule> = []
}

/// Which whole states of the summary search reach a goal by in-app steps
/// (the home states, or every state with fewer modals up than some
/// count): the states backwards reachable from the goal, computed on
/// frames as pushdown systems compute it (docs/performance.md, "Traps on
/// frames").
///
/// A whole state is a frame and its hidden routes, read as a word from
/// the top one down. The set of whole states that reach the goal is kept
/// as a finite automaton over routes (`pre*`): its states are the frames,
/// each accepting the hidden routes with which it reaches the goal, and
/// states in between for rules that read more than one route; a home
/// frame accepts the empty word, a frame with fewer modals every word of
/// its height. For each rule (frame F reading u, then d routes of any
/// kind, to frame T pushing v), whenever T reading v can end in an
/// automaton state q, F reading u and then any d routes is given a path to
/// q: then F with u, any d routes and a rest that q accepts reaches the
/// goal, through T with v on that rest. Adding paths until none is new
/// gives exactly the states that reach the goal (the saturation of
/// Bouajjani, Esparza and Maler; Schwoon's worklist), since a rule holds
/// for every rest, and the search kept a rule for every in-app step from
/// every reachable whole state.
final class SummaryReach: Sendable {
    /// Labels of the automaton's transitions: a route, any route, or the
    /// end of the hidden routes (the bottom of the stack), which only the
    /// rules of steps that left a tab read (`LeftTabReader`).
    static let anyRoute = -1
    static let bottom = -2

    /// The whole states to reach.
    enum Goal: Hashable, Sendable {
        /// The home states: no modal up, the selected tab at its root.
        case home
        /// Every state with fewer than this many modals up.
        case fewerModals(than: Int)
    }

    /// The rules of every in-app step, and the states that read the routes
    /// beneath the tabs steps left, before any goal: what each goal's
    /// automaton starts from.
    struct Rules {
        let builder: Builder
        let rules: [Builder.Rule]

        /// Nil when a rule's target is not one of the search's frames, which
        /// the search's construction rules out: no verdict rather than a wrong one.
        init?(_ engine: SummaryEngine, steps: InAppRules) {
            var builder = Builder(frameCount: engine.frames.count)
            var rules: [Builder.Rule] = []
            for rule in steps.rules {
                guard let target = engine.frameNumbers[rule.target] else { return nil }
                rules.append(Builder.Rule(source: rule.source,
                                          labels: rule.read + Array(repeating: SummaryReach.anyRoute, count: rule.dropped),
                                          target: target, pushed: rule.pushed))
            }
            var reader = LeftTabReader(engine)
            for rule in steps.leftTab {
                guard reader.add(rule, to: &rules, in: &builder) else { return nil }
            }
            guard reader.finish(into: &rules, in: &builder) else { return nil }
            self.builder = builder
            self.rules = rules
        }
    }

    /// Per automaton state: its transitions on routes, and its ε-moves.
    private let moves: [[(label: Int, to: Int32)]]
    private let epsilon: [[Int32]]
    /// Per automaton state: whether its ε-moves lead to a state that accepts the empty word.
    private let acceptsEmpty: [Bool]

    init(_ rules: Rules, goal: Goal, in engine: SummaryEngine) {
        var builder = rules.builder
        for (frame, state) in engine.frames.enumerated() {
            switch goal {
            case .home:
                if engine.model.isHome(state) { builder.accept(Int32(frame)) }
            case .fewerModals(let count):
                // Every context of the frame: as many routes as it hides, whatever they are.
                if state.modals.count < count {
                    builder.addEpsilon(from: Int32(frame), to: builder.acceptingAnyRoutes(engine.hidden.count(in: state)))
                }
            }
        }
        builder.saturate(rules.rules)
        moves = builder.moves
        epsilon = builder.epsilon
        // Backwards over the ε-moves from the states that accept the empty word.
        var backwards = [[Int32]](repeating: [], count: epsilon.count)
        for (state, targets) in epsilon.enumerated() {
            for target in targets { backwards[Int(target)].append(Int32(state)) }
        }
        var acceptsEmpty = [Bool](repeating: false, count: epsilon.count)
        var pending: [Int32] = []
        for state in builder.accepting where !acceptsEmpty[Int(state)] {
            acceptsEmpty[Int(state)] = true
            pending.append(state)
        }
        while let state = pending.popLast() {
            for source in backwards[Int(state)] where !acceptsEmpty[Int(source)] {
                acceptsEmpty[Int(source)] = true
                pending.append(source)
            }
        }
        self.acceptsEmpty = acceptsEmpty
    }

    /// Whether a transition labelled `label` reads `route` (a route, or the bottom).
    static func reads(_ label: Int, _ route: Int) -> Bool {
        label == route || (label == anyRoute && route != bottom)
    }

    /// The automaton states `states` lead to reading `route`, ε-moves
    /// followed before it (not after: `acceptsEmpty` reads them already,
    /// and the next route read follows them).
    func after(_ states: Set<Int32>, reading route: Int) -> Set<Int32> {
        var seen = states
        var pending = Array(states)
        var next: Set<Int32> = []
        while let state = pending.popLast() {
            for move in moves[Int(state)] where Self.reads(move.label, route) { next.insert(move.to) }
            for following in epsilon[Int(state)] where seen.insert(following).inserted { pending.append(following) }
        }
        return next
    }

    /// Whether one of `states` accepts the empty word (through its ε-moves or not).
    func acceptsEmpty(_ states: Set<Int32>) -> Bool {
        states.contains { acceptsEmpty[Int($0)] }
    }

    /// Whether the state of `frame` whose hidden routes are `context`
    /// (top first) reaches the goal.
    func accepts(frame: Int32, context: [Int]) -> Bool {
        // Depth first over (state, routes read), until a state that has read
        // the whole context accepts the empty word.
        var seen: Set<Int64> = []
        var pending: [(state: Int32, read: Int)] = [(frame, 0)]
        while let (state, read) = pending.popLast() {
            guard seen.insert(Int64(state) << 20 | Int64(read)).inserted else { continue }
            if read == context.count && acceptsEmpty[Int(state)] { return true }
            for next in epsilon[Int(state)] { pending.append((next, read)) }
            guard read < context.count else { continue }
            for move in moves[Int(state)] where Self.reads(move.label, context[read]) {
                pending.append((move.to, read + 1))
            }
        }
        return false
    }

    /// The saturation, incremental: for each target frame and word it
    /// pushes (a *group* of rules), the automaton states reached after
    /// reading each prefix of the word grow as moves are added, each
    /// (group, prefix, state) looked at once; a state reached after the
    /// whole word gives every rule of the group its path there.
    struct Builder {
        /// From `source` reading `labels`, to `target` reading `pushed`:
        /// `source` is given a path reading `labels` to each state `target`
        /// reaches reading `pushed`, or, with a `continuation`, a path to
        /// the continuation once `target` reads `pushed`, which then ends
        /// with the bottom (to `afterBottom`).
        struct Rule {
            var source: Int32
            var labels: [Int]
            var target: Int32
            var pushed: [Int]
            var continuation: Int32? = nil
        }

        var moves: [[(label: Int, to: Int32)]]
        var epsilon: [[Int32]]
        /// The states that accept the empty word by themselves: each reads
        /// the bottom to `afterBottom`.
        private(set) var accepting: [Int32] = []
        /// Where the bottom leads.
        let afterBottom: Int32
        /// States in between, per (state, label): rules that read the same
        /// routes from the same frame share them, which accepts nothing
        /// more (each path through them is one rule's).
        private var between: [Pair: Int32] = [:]
        /// Per count: the state that accepts every word of that many routes.
        private var anyRoutes: [Int32] = []
        private var added: Set<Triple> = []
        /// Per automaton state: the (group, prefix length) items that reached it.
        private var watchers: [[(group: Int32, position: Int32)]]
        private var reached: Set<Item> = []
        private var pending: [Item] = []

        struct Pair: Hashable {
            var state: Int32
            var label: Int
        }

        struct Triple: Hashable {
            var from: Int32
            var label: Int
            var to: Int32
        }

        struct Item: Hashable {
            var group: Int32
            var position: Int32
            var state: Int32
        }

        init(frameCount: Int) {
            moves = Array(repeating: [], count: frameCount + 1)
            epsilon = Array(repeating: [], count: frameCount + 1)
            watchers = Array(repeating: [], count: frameCount + 1)
            afterBottom = Int32(frameCount)
        }

        /// A new state, with no move yet.
        mutating func newState() -> Int32 {
            moves.append([])
            epsilon.append([])
            watchers.append([])
            return Int32(moves.count - 1)
        }

        /// A move the automaton has from the start, before any rule is saturated.
        mutating func addStaticMove(from: Int32, label: Int, to: Int32) {
            if added.insert(Triple(from: from, label: label, to: to)).inserted {
                addMove(from: from, label: label, to: to, words: [])
            }
        }

        /// Makes `state` accept the empty word.
        mutating func accept(_ state: Int32) {
            accepting.append(state)
            addStaticMove(from: state, label: SummaryReach.bottom, to: afterBottom)
        }

        /// An ε-move the automaton has from the start.
        mutating func addEpsilon(from: Int32, to: Int32) {
            addPath(from: from, reading: [], to: to, words: [])
        }

        /// A state that accepts every word of `count` routes.
        mutating func acceptingAnyRoutes(_ count: Int) -> Int32 {
            while anyRoutes.count <= count {
                let state = newState()
                if let shorter = anyRoutes.last {
                    addStaticMove(from: state, label: SummaryReach.anyRoute, to: shorter)
                } else {
                    accept(state)
                }
                anyRoutes.append(state)
            }
            return anyRoutes[count]
        }

        mutating func saturate(_ rules: [Rule]) {
            struct GroupKey: Hashable {
                var target: Int32
                var pushed: [Int]
            }
            var numbers: [GroupKey: Int32] = [:]
            var words: [[Int]] = []
            var members: [[Int]] = []
            // A rule that pushes nothing leads to its target with the same
            // rest: its path ends at the target itself, which accepts
            // whatever rest reaches home from there, now and later.
            for rule in rules where rule.pushed.isEmpty {
                addPath(from: rule.source, reading: rule.labels, to: rule.target, words: words)
            }
            for (index, rule) in rules.enumerated() where !rule.pushed.isEmpty {
                let key = GroupKey(target: rule.target, pushed: rule.pushed)
                let group: Int32
                if let known = numbers[key] {
                    group = known
                } else {
                    group = Int32(words.count)
                    numbers[key] = group
                    words.append(rule.pushed)
                    members.append([])
                    reach(Item(group: group, position: 0, state: rule.target))
                }
                members[Int(group)].append(index)
            }
            while let item = pending.popLast() {
                let word = words[Int(item.group)]
                // At the end of the word a path to the state is enough: what
                // its ε-moves lead to, it accepts too.
                if Int(item.position) < word.count {
                    watchers[Int(item.state)].append((item.group, item.position))
                    for next in epsilon[Int(item.state)] { reach(Item(group: item.group, position: item.position, state: next)) }
                    let route = word[Int(item.position)]
                    for move in moves[Int(item.state)] where SummaryReach.reads(move.label, route) {
                        reach(Item(group: item.group, position: item.position + 1, state: move.to))
                    }
                } else {
                    for index in members[Int(item.group)] {
                        addPath(from: rules[index].source, reading: rules[index].labels,
                                to: rules[index].continuation ?? item.state, words: words)
                    }
                }
            }
        }

        private mutating func reach(_ item: Item) {
            if reached.insert(item).inserted { pending.append(item) }
        }

        /// Gives `source` a path reading `labels` to `end`, and moves on
        /// the items that wait at each state that gained a move.
        private mutating func addPath(from source: Int32, reading labels: [Int], to end: Int32, words: [[Int]]) {
            guard let last = labels.last else {
                if added.insert(Triple(from: source, label: Int.min, to: end)).inserted {
                    epsilon[Int(source)].append(end)
                    for (group, position) in watchers[Int(source)] { reach(Item(group: group, position: position, state: end)) }
                }
                return
            }
            var at = source
            for label in labels.dropLast() {
                let key = Pair(state: at, label: label)
                if let known = between[key] {
                    at = known
                    continue
                }
                let new = newState()
                between[key] = new
                addMove(from: at, label: label, to: new, words: words)
                at = new
            }
            if added.insert(Triple(from: at, label: last, to: end)).inserted {
                addMove(from: at, label: last, to: end, words: words)
            }
        }

        private mutating func addMove(from: Int32, label: Int, to: Int32, words: [[Int]]) {
            moves[Int(from)].append((label, to))
            for (group, position) in watchers[Int(from)] {
                let word = words[Int(group)]
                if Int(position) < word.count, SummaryReach.reads(label, word[Int(position)]) {
                    reach(Item(group: group, position: position + 1, state: to))
                }
            }
        }
    }
}
