import NavFlowModel

/// The part of `SummaryReach`'s automaton that reads, for the steps
/// that left a parked tab with hidden routes (`LeftTabRule`), the context
/// beneath as the table of cuts decides it (docs/performance.md, "Traps
/// on frames").
///
/// The table (`LeftTabCuts`) is itself an automaton over the routes
/// beneath: a node (an entry and the route above its context) reads the
/// top route of the context, a caller's, and either moves to the node of
/// that caller (the node's route can be pushed again there, so the cut
/// goes on down) or stops (it cannot: the path keeps that caller's route,
/// the node's, and the caller's whole context beneath). A node at the
/// bottom entry reads nothing more and is answered on the root.
///
/// A context whose answer cuts the path to fixed routes (`.cut`) gives a
/// target that does not depend on it: the contexts of a node with one such
/// answer are read by states shared by every step (`cutState`), and a step
/// whose target with that answer reaches home, with nothing beneath what
/// it hides, is given a path to them (a rule with a continuation). A
/// context whose answer keeps part of it gives a target per context: those
/// are read by states of the step's own target (`keptState`), with a
/// rule per kept context, as many as the targets the search stored.
struct LeftTabReader {
    private let engine: SummaryEngine
    /// Per node: the nodes of the callers beneath on which its route can be pushed again.
    private let children: [[Int32]]
    /// Per node: whether some context beneath keeps part of itself.
    private let keepsSome: [Bool]

    private struct CutKey: Hashable {
        var node: Int32
        var answer: LeftTabCuts.Answer
    }

    private struct KeptKey: Hashable {
        var target: NavState
        var slot: Int
        var node: Int32
        var above: Int?
    }

    private var cutStates: [CutKey: Int32] = [:]
    private var keptStates: [KeptKey: Int32] = [:]
    private var pendingCuts: [(key: CutKey, state: Int32)] = []
    private var pendingKept: [(key: KeptKey, state: Int32)] = []
    /// Per entry: its contexts, top first.
    private var contexts: [Int32: [[Int]]] = [:]

    init(_ engine: SummaryEngine) {
        self.engine = engine
        var children = [[Int32]](repeating: [], count: engine.cuts.keys.count)
        for (child, parents) in engine.cuts.dependents.enumerated() {
            for (parent, _) in parents { children[Int(parent)].append(Int32(child)) }
        }
        self.children = children
        keepsSome = engine.cuts.answers.map { answers in
            answers.contains { if case .keeps = $0 { true } else { false } }
        }
    }

    /// Adds the rules and states that say `rule`; false when one of its
    /// targets is not a frame of the search.
    mutating func add(_ rule: LeftTabRule, to rules: inout [SummaryReach.Builder.Rule],
                      in builder: inout SummaryReach.Builder) -> Bool {
        switch rule.cut {
        case .keeps(let length):
            var path = rule.target.paths[rule.slot]
            path.removeLast(path.count - length)
            return addKept(path, into: rule.target, slot: rule.slot, from: rule.source, reading: rule.read,
                           context: rule.entry, to: &rules)
        case .node(let node, let above):
            for answer in engine.cuts.answers[Int(node)] {
                guard case .cut(let path) = answer else { continue }
                var state = rule.target
                state.paths[rule.slot] = path
                guard let (target, pushed) = frameAndHidden(of: state) else { return false }
                rules.append(.init(source: rule.source, labels: rule.read, target: target,
                                   pushed: pushed + [SummaryReach.bottom],
                                   continuation: cutState(node, answer, in: &builder)))
            }
            if keepsSome[Int(node)] {
                let start = keptState(KeptKey(target: rule.target, slot: rule.slot, node: node, above: above), in: &builder)
                rules.append(.init(source: rule.source, labels: rule.read, target: start, pushed: []))
            }
            return true
        }
    }

    /// Gives the shared and the steps' own states their moves, and the
    /// latter their rules; false when a target is not a frame of the search.
    mutating func finish(into rules: inout [SummaryReach.Builder.Rule],
                         in builder: inout SummaryReach.Builder) -> Bool {
        while !pendingCuts.isEmpty || !pendingKept.isEmpty {
            while let (key, state) = pendingCuts.popLast() {
                // At the bottom entry the node's one answer is this one.
                if engine.cuts.keys[Int(key.node)].entry == 0 { builder.accept(state) }
                for child in children[Int(key.node)] where engine.cuts.answerSets[Int(child)].contains(key.answer) {
                    builder.addStaticMove(from: state, label: engine.cuts.keys[Int(child)].route,
                                          to: cutState(child, key.answer, in: &builder))
                }
            }
            while let (key, state) = pendingKept.popLast() {
                let node = engine.cuts.keys[Int(key.node)]
                if node.entry == 0 {
                    if let answer = engine.rootAnswer(node), case .keeps = answer,
                       !addKept(engine.cutPath(answer, under: key.above).path, into: key.target, slot: key.slot,
                                from: state, reading: [], context: 0, to: &rules) { return false }
                    continue
                }
                for child in children[Int(key.node)] where keepsSome[Int(child)] {
                    let next = KeptKey(target: key.target, slot: key.slot, node: child, above: node.route)
                    builder.addStaticMove(from: state, label: engine.cuts.keys[Int(child)].route,
                                          to: keptState(next, in: &builder))
                }
                for caller in engine.cuts.keptThrough[Int(key.node)] {
                    let (entry, path) = engine.cutPath(engine.keptAnswer(key.node, through: caller), under: key.above)
                    guard addKept(path, into: key.target, slot: key.slot, from: state, reading: [caller.route],
                                  context: entry, to: &rules) else { return false }
                }
            }
        }
        return true
    }

    /// A rule per context of `entry`: from `source` reading `read` and the
    /// context, to `target` with the left tab's path on `slot` set to
    /// `path`, its marks standing for that context.
    private mutating func addKept(_ path: [Int], into target: NavState, slot: Int, from source: Int32, reading read: [Int],
                                  context entry: Int32, to rules: inout [SummaryReach.Builder.Rule]) -> Bool {
        for context in contexts(of: entry) {
            var state = target
            state.paths[slot] = path.map { $0 < 0 ? context[context.count + $0] : $0 }
            guard let (frame, pushed) = frameAndHidden(of: state) else { return false }
            rules.append(.init(source: source, labels: read + context, target: frame, pushed: pushed))
        }
        return true
    }

    /// The state that reads the contexts beneath `node`'s route whose answer is `answer`, a cut.
    private mutating func cutState(_ node: Int32, _ answer: LeftTabCuts.Answer,
                                   in builder: inout SummaryReach.Builder) -> Int32 {
        let key = CutKey(node: node, answer: answer)
        if let known = cutStates[key] { return known }
        let state = builder.newState()
        cutStates[key] = state
        pendingCuts.append((key, state))
        return state
    }

    /// The state of a step's target that reads the contexts beneath a
    /// node's route whose answer keeps part of them.
    private mutating func keptState(_ key: KeptKey, in builder: inout SummaryReach.Builder) -> Int32 {
        if let known = keptStates[key] { return known }
        let state = builder.newState()
        keptStates[key] = state
        pendingKept.append((key, state))
        return state
    }

    /// Every context of `entry`, top first: the routes of each chain of callers down to the bottom entry.
    private mutating func contexts(of entry: Int32) -> [[Int]] {
        if let known = contexts[entry] { return known }
        var words: [[Int]] = entry == 0 ? [[]] : []
        var seen: Set<[Int]> = []
        for caller in engine.entries[Int(entry)].callers {
            for rest in contexts(of: caller.entry) where seen.insert([caller.route] + rest).inserted {
                words.append([caller.route] + rest)
            }
        }
        contexts[entry] = words
        return words
    }

    /// A whole state's frame, which must be one of the search's, and its hidden routes, top first.
    private func frameAndHidden(of state: NavState) -> (frame: Int32, hidden: [Int])? {
        let (frame, places) = engine.hidden.marked(state)
        guard let number = engine.frameNumbers[frame] else { return nil }
        return (number, places.reversed().map { state[$0] })
    }
}
