import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The automaton `LeftTabReader` builds for the steps that left a parked
/// tab with hidden routes, against the parked cut itself: for every such
/// step and every context of its entry, reading the step's routes and the
/// context leads to one target, the one `ParkedPaths.park` gives the
/// state with that context filled in.
///
/// Whether a state reaches home seldom depends on these rules: where tabs
/// are parked, the user leaves a tab only by the tab bar, and going back
/// first and then leaving it reaches the same target (no hook may run on
/// the routes the cut drops) or one from which it is reached again. So
/// `SummaryHomeReachTests` cannot tell a wrong rule here, and the rules
/// are checked one by one against the cut.
@Suite struct LeftTabReaderTests {
    typealias Builder = SummaryReach.Builder

    /// A target as the builder's rules name it: a frame and the routes it hides, top first.
    struct Target: Hashable {
        var frame: Int32
        var hidden: [Int]
    }

    /// What the comparisons covered: rules, (rule, context) pairs, and the
    /// pairs whose path is cut through the table's nodes, to fixed routes
    /// or keeping part of the context.
    struct Tally {
        var rules = 0
        var contexts = 0
        var cutByNode = 0
        var keptByNode = 0
    }

    static func expectCutsAsParked(_ source: SourceFile, _ context: String, into tally: inout Tally) throws {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec),
              TabIndependence(model: model).holds else { return }
        var parking = ParkedPaths(model: model)
        parking.withDeepLinks = true
        let engine = SummaryEngine(model: model, deepLinks: true, parking: parking, limits: SummarySearchTests.limits)
        engine.inAppRules = InAppRules()
        guard (try? engine.run()) != nil, let steps = engine.inAppRules?.leftTab else { return }
        var builder = Builder(frameCount: engine.frames.count)
        var rules: [Builder.Rule] = []
        var reader = LeftTabReader(engine)
        // Each step from a source of its own, so that reading from it meets no other step's rules.
        var starts: [(start: Int32, step: LeftTabRule)] = []
        for step in steps {
            var own = step
            own.source = builder.newState()
            starts.append((own.source, step))
            #expect(reader.add(own, to: &rules, in: &builder), "\(context): a target is not a frame")
        }
        #expect(reader.finish(into: &rules, in: &builder), "\(context): a target is not a frame")
        let automaton = Reading(builder: builder, rules: rules, frameCount: engine.frames.count)
        let hidden = HiddenStack(model.shape)
        var contexts: [Int32: [[Int]]] = [:]
        for (start, step) in starts {
            tally.rules += 1
            let tab = model.shape.tabSlots.firstIndex { $0.contains(step.slot) }!
            for routes in Self.contexts(of: step.entry, in: engine, memo: &contexts) {
                var state = step.target
                state.paths[step.slot] = state.paths[step.slot].map { $0 < 0 ? routes[routes.count + $0] : $0 }
                parking.park(tab: tab, in: &state)
                let (frame, places) = hidden.marked(state)
                guard let number = engine.frameNumbers[frame] else {
                    Issue.record("\(context): the parked target \(state) is not a frame of the search")
                    return
                }
                let expected = Target(frame: number, hidden: places.reversed().map { state[$0] })
                let found = automaton.targets(from: start, reading: step.read + routes)
                guard found == [expected] else {
                    Issue.record("\(context): \(step.cut) with context \(routes) leads to \(found), expected \(expected)")
                    return
                }
                tally.contexts += 1
                if case .node = step.cut {
                    if state.paths[step.slot].count > step.target.paths[step.slot].count - routes.count {
                        // Longer than the real routes alone: part of the context is kept.
                        tally.keptByNode += 1
                    } else {
                        tally.cutByNode += 1
                    }
                }
            }
        }
    }

    /// Every context of `entry`, top first, from its callers down to the bottom entry.
    static func contexts(of entry: Int32, in engine: SummaryEngine, memo: inout [Int32: [[Int]]]) -> Set<[Int]> {
        if let known = memo[entry] { return Set(known) }
        var words: Set<[Int]> = entry == 0 ? [[]] : []
        for caller in engine.entries[Int(entry)].callers {
            for rest in contexts(of: caller.entry, in: engine, memo: &memo) { words.insert([caller.route] + rest) }
        }
        memo[entry] = Array(words)
        return words
    }

    /// The builder's moves and rules before saturation, read as they say:
    /// a rule with a continuation leads to its target when the
    /// continuation accepts the rest by moves alone; a rule that pushes
    /// nothing to a state that is not a frame goes on from that state; any
    /// other leads to its target when it reads the whole rest.
    struct Reading {
        let builder: Builder
        let bySource: [Int32: [Builder.Rule]]
        let accepting: Set<Int32>
        let frameCount: Int

        init(builder: Builder, rules: [Builder.Rule], frameCount: Int) {
            self.builder = builder
            bySource = Dictionary(grouping: rules, by: \.source)
            accepting = Set(builder.accepting)
            self.frameCount = frameCount
        }

        func targets(from start: Int32, reading word: [Int]) -> Set<Target> {
            var found: Set<Target> = []
            var seen: Set<[Int32]> = []
            var pending: [(state: Int32, read: Int)] = [(start, 0)]
            while let (state, read) = pending.popLast() {
                guard seen.insert([state, Int32(read)]).inserted else { continue }
                for move in builder.moves[Int(state)] where read < word.count && SummaryReach.reads(move.label, word[read]) {
                    pending.append((move.to, read + 1))
                }
                for rule in bySource[state] ?? [] {
                    let end = read + rule.labels.count
                    guard end <= word.count,
                          zip(rule.labels, word[read..<end]).allSatisfy({ SummaryReach.reads($0, $1) }) else { continue }
                    if let continuation = rule.continuation {
                        if accepts(continuation, Array(word[end...])) {
                            found.insert(Target(frame: rule.target, hidden: rule.pushed.dropLast()))
                        }
                    } else if rule.pushed.isEmpty && Int(rule.target) > frameCount {
                        pending.append((rule.target, end))
                    } else if end == word.count {
                        found.insert(Target(frame: rule.target, hidden: rule.pushed))
                    }
                }
            }
            return found
        }

        /// Whether `state` accepts `word` by moves alone, ending where the empty word is accepted.
        func accepts(_ state: Int32, _ word: [Int]) -> Bool {
            var pending: [(state: Int32, read: Int)] = [(state, 0)]
            while let (state, read) = pending.popLast() {
                if read == word.count && accepting.contains(state) { return true }
                for next in builder.epsilon[Int(state)] { pending.append((next, read)) }
                for move in builder.moves[Int(state)] where read < word.count && SummaryReach.reads(move.label, word[read]) {
                    pending.append((move.to, read + 1))
                }
            }
            return false
        }
    }

    /// Two screens the user may leave on `Y`, and a page `H` whose hook
    /// may run: leaving tab `a` cuts its path to the first route, which the
    /// root's hook keeps, so one node answers `X` or `W` by the route
    /// beneath; and keeps `H` with the route above it, `P`, whatever lies
    /// higher, so the route above is the one read two routes up.
    static let cuts = """
        app Cuts
        flag seen = false
        destinations Pages {
          X
          Y
          W
          H
          P
          Q
        }
        stack AStack root ARoot { destinations Pages; depth 4 }
        stack BStack root BRoot { depth 1 }
        tabs Main {
          tab a "A" AStack
          tab b "B" BStack
        }
        start Main
        screen ARoot {
          push X
          push W
          push H
          appear { set seen = true }
        }
        screen X { push Y }
        screen W { push Y }
        screen Y
        screen H {
          push P
          appear { set seen = true }
        }
        screen P { push Q }
        screen Q
        screen BRoot
        """

    @Test func aNodeAnswersByTheRoutesBeneathAndKeepsTheRouteAbove() throws {
        var tally = Tally()
        try Self.expectCutsAsParked(SourceFile(path: "cuts.navflow", text: Self.cuts), "cuts", into: &tally)
        #expect(tally.cutByNode >= 2 && tally.keptByNode >= 2, "\(tally)")
    }

    @Test func everySpecsLeftTabsAreCutAsParked() throws {
        var tally = Tally()
        // Mlem's summary search does not finish (docs/performance.md, "Modal layers").
        for path in Repository.specsThatFinish() {
            try Self.expectCutsAsParked(Repository.source(path), path, into: &tally)
        }
        #expect(tally.rules >= 1_000 && tally.cutByNode >= 1_000 && tally.keptByNode >= 200, "\(tally)")
    }
}
