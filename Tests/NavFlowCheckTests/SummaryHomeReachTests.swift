import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Which whole states reach a home state in-app, from the summary search's
/// rules, against the explorer's graph searched backwards from its home
/// states: on every state of the graph, with deep links, the two say the
/// same; and the traps `trap` reports (`GraphAnalysis.trapStates`, the
/// trap with fewest modals up) are on the same frames, the summary
/// search's one per frame and each one of the explorer's.
@Suite struct SummaryHomeReachTests {
    static let limits = SummarySearchTests.limits

    /// What the comparisons covered.
    struct Tally {
        /// Searches compared, and the states judged.
        var compared = 0
        var states = 0
        /// Judged states that hide a route: their verdict reads the automaton's moves on routes.
        var hidingStates = 0
        /// States that reach no home state, and of those the ones that hide a route.
        var traps = 0
        var hidingTraps = 0
        /// Frames some of whose states reach home and some not: the verdict
        /// depends on the hidden routes.
        var splitFrames = 0
        /// Searches that left a tab with hidden routes whose cut the table
        /// of cuts decided, and the states they judged.
        var leavingSearches = 0
        var leavingStates = 0
        /// The traps `trap` reports (one per frame), and those that hide a route.
        var reportedTraps = 0
        var hidingReportedTraps = 0

    }

    /// Compares the verdicts on `source`, with the tabs that are not
    /// selected stored whole (unless `storedWhole` is off), and parked
    /// where `TabIndependence` holds, counting what was compared in `tally`.
    static func expectAgreement(_ source: SourceFile, _ context: String, storedWhole: Bool = true,
                                into tally: inout Tally) throws {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec) else { return }
        let parked = TabIndependence(model: model).holds
        for parks in [false, true] where parks ? parked : (storedWhole || !parked) {
            var explorer = Explorer(limits: limits)
            explorer.parksInactiveTabs = parks
            // The same cuts as the summary search's, `ParkedPaths(model:)`.
            explorer.checksTabSelections = false
            guard let graph = try? explorer.explore(model) else { continue }
            var parking = parks ? ParkedPaths(model: model) : nil
            parking?.withDeepLinks = true
            var search = SummarySearch(limits: limits)
            search.recordsInAppSteps = true
            guard let summary = try? search.search(model, deepLinks: true, parking: parking) else { continue }
            let expected = GraphAnalysis.statesReachingHome(graph)
            tally.compared += 1
            if summary.tabsLeftByTable > 0 {
                tally.leavingSearches += 1
                tally.leavingStates += graph.count
            }
            let hidden = HiddenStack(model.shape)
            var verdicts: [NavState: Set<Bool>] = [:]
            for index in 0..<graph.count {
                let state = graph.state(index)
                let verdict = summary.reachesHome(state)
                guard verdict == expected[index] else {
                    Issue.record("\(context), parked \(parks): \(state) reaches home \(String(describing: verdict)), expected \(expected[index])")
                    return
                }
                tally.states += 1
                if hidden.count(in: state) > 0 { tally.hidingStates += 1 }
                if !expected[index] {
                    tally.traps += 1
                    if hidden.count(in: state) > 0 { tally.hidingTraps += 1 }
                }
                verdicts[SummarySearch.frame(of: state, in: model), default: []].insert(expected[index])
            }
            tally.splitFrames += verdicts.values.filter { $0.count == 2 }.count
            // The traps `trap` reports: one per frame that has some, each one of the explorer's.
            let analysis = GraphAnalysis(graph)
            let expectedTraps = Set(analysis.trapStates.map { graph.state($0) })
            let expectedFrames = Set(expectedTraps.map { SummarySearch.frame(of: $0, in: model) })
            let traps = summary.traps ?? []
            #expect(traps.allSatisfy(expectedTraps.contains), "\(context), parked \(parks): \(traps) among \(expectedTraps)")
            #expect(Set(traps.map { SummarySearch.frame(of: $0, in: model) }) == expectedFrames,
                    "\(context), parked \(parks): the frames of \(traps), expected \(expectedFrames)")
            #expect(traps.count == expectedFrames.count)
            tally.reportedTraps += traps.count
            tally.hidingReportedTraps += traps.filter { hidden.count(in: $0) > 0 }.count
        }
    }

    @Test func everySpecsStatesReachHomeAsTheGraphSays() throws {
        var tally = Tally()
        // Mlem's searches do not finish (docs/performance.md, "Modal layers").
        for path in Repository.specsThatFinish() {
            // The app specs' tabs stored whole take most of the time, and the
            // summary search of Nos stored whole goes past the limit.
            try Self.expectAgreement(Repository.source(path), path, storedWhole: !path.contains("/specs/apps/"), into: &tally)
        }
        #expect(tally.compared >= 90, "\(tally.compared) searches compared")
        #expect(tally.states >= 50_000 && tally.hidingStates >= 20_000 && tally.traps >= 1, "\(tally)")
        // Parked tab apps leave their tabs with hidden routes, which the table of cuts decides.
        #expect(tally.leavingSearches >= 10 && tally.leavingStates >= 30_000, "\(tally)")
    }

    /// `C`'s hook covers the app with a cover that has no way out once `B`
    /// has appeared, so the user who pushed `B` on `C` is trapped, and the
    /// one who pushed it on `A` is not: the same frame (`B` on top, one
    /// route hidden, `seen` set) reaches home with one route beneath and
    /// not with the other.
    static let hiddenRouteDecides = """
        app Trail
        flag seen = false
        destinations Pages {
          A
          B
          C
        }
        stack Main root Home { destinations Pages; depth 3 }
        start Main
        screen Home {
          push A
          push C
        }
        screen A { push B }
        screen B { appear { set seen = true } }
        screen C {
          push B
          appear if seen { cover Jail }
        }
        screen Jail
        """

    @Test func theRoutesBeneathDecide() throws {
        var tally = Tally()
        try Self.expectAgreement(SourceFile(path: "trail.navflow", text: Self.hiddenRouteDecides), "trail", into: &tally)
        #expect(tally.compared == 1 && tally.states > 0)
        #expect(tally.splitFrames >= 1, "a frame reaches home with some routes beneath and not with others")
        #expect(tally.hidingTraps >= 1)
        #expect(tally.hidingReportedTraps >= 1, "the trap reported for the split frame hides a route")
    }

    @Test func layeredSheetsReachHomeAsTheGraphSays() throws {
        var tally = Tally()
        try Self.expectAgreement(SourceFile(path: "layers.navflow", text: SummarySearchTests.layers), "layers", into: &tally)
        #expect(tally.compared == 1 && tally.traps > 0 && tally.hidingTraps > 0, "\(tally)")
        // Most traps there are under a sheet that can be closed onto a trap beneath, which is the one reported.
        #expect(tally.reportedTraps >= 5 && tally.reportedTraps * 100 < tally.traps && tally.hidingReportedTraps >= 1, "\(tally)")
    }

    @Test(arguments: Array(UInt64(0)..<2)) func randomSpecsReachHomeAsTheGraphSays(batch: UInt64) throws {
        var tally = Tally()
        for offset in UInt64(0)..<60 {
            let seed = batch * 60 + offset + 1
            var generator = SpecGenerator(seed: seed, appearHooks: offset % 3 == 0)
            let text = generator.spec()
            try Self.expectAgreement(SourceFile(path: "generated-\(seed).navflow", text: text), "seed \(seed)\n\(text)", into: &tally)
        }
        #expect(tally.compared >= 60, "\(tally.compared) searches compared")
        #expect(tally.traps > 0 && tally.reportedTraps > 0, "\(tally)")
    }
}
