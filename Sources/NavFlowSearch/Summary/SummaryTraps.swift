import NavFlowModel

/// The traps of the summary search as `trap` reports them
/// (`GraphAnalysis.trapStates`): whole states from which no run of in-app
/// steps leads to a home state, nor to any state with fewer modals up
/// (every state a trap leads to is a trap too, so closing a modal over a
/// trap leads into the trap beneath, and that one is reported). One per
/// frame that has some (docs/performance.md, "Traps on frames").
///
/// Whether a frame has such a state is a question about its contexts: is
/// one of them accepted by neither the automaton of the states that reach
/// home nor (with modals up) that of the states that reach one with fewer
/// modals (`SummaryReach`). The contexts of a frame are the routes of the
/// chains of callers beneath the entries of its path edges, so the search
/// goes down those chains with the automaton states each has read so
/// far, and a chain down to the bottom entry along which neither accepts
/// is a trap's context. Entries and automaton states visited without
/// finding one are remembered: a frame's chains mostly meet those of the
/// frames beneath it, since reading a route from a frame leads where
/// going back leads.
struct SummaryTraps {
    /// One trap per frame that has some: its hidden routes, top first.
    private(set) var traps: [(frame: Int32, context: [Int])] = []

    private struct Key: Hashable {
        var entry: Int32
        var states: [Set<Int32>]
    }

    init(_ engine: SummaryEngine, index: SummaryIndex, rules: SummaryReach.Rules, home: SummaryReach) {
        var belowByCount: [Int: SummaryReach] = [:]
        var failedHome: Set<Key> = []
        var failedBoth: [Int: Set<Key>] = [:]
        for (number, frame) in engine.frames.enumerated() {
            let frameNumber = Int32(number)
            let entries = index.entriesOfFrame[number]
            // Most frames have no trap: the home automaton alone says so.
            guard let trapped = Self.unaccepted(frameNumber, entries: entries, by: [home], index: index,
                                                failed: &failedHome) else { continue }
            let count = frame.modals.count
            guard count > 0 else {
                traps.append((frameNumber, trapped))
                continue
            }
            let below = belowByCount[count] ?? SummaryReach(rules, goal: .fewerModals(than: count), in: engine)
            belowByCount[count] = below
            var failed = failedBoth[count] ?? []
            if let context = Self.unaccepted(frameNumber, entries: entries, by: [home, below], index: index, failed: &failed) {
                traps.append((frameNumber, context))
            }
            failedBoth[count] = failed
        }
    }

    /// A context of `frame` (top first) that none of `automata` accepts
    /// from it, if there is one: depth first down the callers of its
    /// entries. `failed` holds the (entry, automaton states) already
    /// searched in vain with the same automata.
    private static func unaccepted(_ frame: Int32, entries: [Int32], by automata: [SummaryReach], index: SummaryIndex,
                                   failed: inout Set<Key>) -> [Int]? {
        let start = automata.map { _ in [frame] as Set<Int32> }
        for entry in entries {
            if let context = unaccepted(Key(entry: entry, states: start), by: automata, index: index, failed: &failed) {
                return context
            }
        }
        return nil
    }

    private static func unaccepted(_ key: Key, by automata: [SummaryReach], index: SummaryIndex,
                                   failed: inout Set<Key>) -> [Int]? {
        if key.entry == 0 {
            return zip(automata, key.states).allSatisfy({ !$0.acceptsEmpty($1) }) ? [] : nil
        }
        guard !failed.contains(key) else { return nil }
        for caller in index.callers[Int(key.entry)] {
            let states = zip(automata, key.states).map { $0.after($1, reading: caller.route) }
            if let rest = unaccepted(Key(entry: caller.entry, states: states), by: automata, index: index, failed: &failed) {
                return [caller.route] + rest
            }
        }
        failed.insert(key)
        return nil
    }
}
