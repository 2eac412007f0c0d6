import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Whether the memos keep what they work out per local view (`ViewMemos`)
/// changes what the explorer holds, never what it finds: with the views'
/// transitions kept and with each worked out for one state and dropped,
/// the graphs are the same, state by state and transition by transition,
/// in the same order, with the tabs stored whole and parked.
@Suite struct ViewMemosTests {
    static let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)

    struct Tally {
        var compared = 0
        var states = 0
        var parked = 0
    }

    /// Explores `source` both ways and compares the graphs.
    static func expectSameGraphs(_ source: SourceFile, _ context: String, storedWhole: Bool = true, into tally: inout Tally) {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec) else { return }
        let parks = TabIndependence(model: model).holds
        for parked in [false, true] where parked ? parks : (storedWhole || !parks) {
            func explore(_ memos: ViewMemos) -> StateGraph? {
                var explorer = Explorer(limits: limits)
                explorer.parksInactiveTabs = parked
                explorer.viewMemos = memos
                guard let graph = try? explorer.explore(model), graph.isComplete else { return nil }
                return graph
            }
            guard let kept = explore(.always), let dropped = explore(.never) else { continue }
            #expect(kept.count == dropped.count && kept.inAppCount == dropped.inAppCount, "\(context), parked \(parked)")
            guard kept.count == dropped.count else { continue }
            for index in 0..<kept.count {
                guard kept.state(index) == dropped.state(index) else {
                    Issue.record("\(context), parked \(parked): state \(index) differs")
                    break
                }
            }
            for (name, lists) in [("in-app", (kept.inAppEdges, dropped.inAppEdges)), ("links", (kept.linkEdges, dropped.linkEdges))] {
                let (left, right) = lists
                #expect(left.start == right.start && left.target == right.target, "\(context), parked \(parked): \(name) targets")
                guard left.target.count == right.target.count else { continue }
                let sameLabels = left.target.indices.allSatisfy { position in
                    kept.steps[Int(left.step(at: position))] == dropped.steps[Int(right.step(at: position))]
                        && kept.notes[Int(left.note(at: position))] == dropped.notes[Int(right.note(at: position))]
                }
                #expect(sameLabels, "\(context), parked \(parked): \(name) labels")
            }
            tally.compared += 1
            tally.states += kept.count
            if parked { tally.parked += 1 }
        }
    }

    @Test func everySpecHasTheSameGraphWithoutTheViewsMemos() {
        var tally = Tally()
        for path in Repository.specsThatFinish() {
            // The app specs' tabs stored whole take most of the time.
            Self.expectSameGraphs(Repository.source(path), path, storedWhole: !path.contains("/specs/apps/"), into: &tally)
        }
        for seed in UInt64(1)...12 {
            Self.expectSameGraphs(SourceFile(path: "interacting-\(seed).navflow", text: Fixtures.interactingApp(seed: seed)),
                                  "interacting \(seed)", into: &tally)
        }
        #expect(tally.compared >= 100 && tally.parked >= 20 && tally.states >= 150_000, "\(tally)")
        print("VIEWMEMOS specs \(tally)")
    }

    @Test func randomSpecsHaveTheSameGraphWithoutTheViewsMemos() {
        var tally = Tally()
        for (source, context) in randomSpecSources(1...120) {
            Self.expectSameGraphs(source, context, into: &tally)
        }
        #expect(tally.compared >= 120, "\(tally)")
        print("VIEWMEMOS random \(tally)")
    }
}
