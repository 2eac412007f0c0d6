import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `verify`'s graph properties judged on the summary search's frames
/// find what they find on the explorer's graph: the same rules, places
/// and messages, each with a witness when the explorer's has one. On every
/// spec and random spec with its deep links, from `GraphAnalysis.ofFrames`
/// (the tabs parked where `TabIndependence` holds, as `verify` parks
/// them); and with its deep links left out, from one search
/// (`GraphAnalysis(frames:model:parked:)`), the tabs stored whole and
/// parked.
@Suite struct FramesAnalysisTests {
    static let limits = SummarySearchTests.limits

    struct Tally {
        var compared = 0
        var findings = 0
        var traps = 0
        var statementDefects = 0
        var links = 0
    }

    static func expectSameFindings(_ source: SourceFile, _ context: String, into tally: inout Tally) throws {
        guard var spec = Frontend.load(source).spec else { return }
        // Frames do not judge deep links yet: the spec's are left out.
        spec.deepLinks = []
        guard let model = try? FlowModel(spec) else { return }
        let parked = TabIndependence(model: model).holds
        for parks in parked ? [false, true] : [false] {
            var explorer = Explorer(limits: limits)
            explorer.parksInactiveTabs = parks
            // The same cuts as the summary search's, `ParkedPaths(model:)`.
            explorer.checksTabSelections = false
            guard let graph = try? explorer.explore(model) else { continue }
            var search = SummarySearch(limits: limits)
            search.recordsInAppSteps = true
            let parking = parks ? ParkedPaths(model: model) : nil
            guard let summary = try? search.search(model, deepLinks: false, parking: parking) else { continue }
            guard let frames = GraphAnalysis(frames: summary, model: model, parked: parks) else {
                Issue.record("\(context), parked \(parks): no analysis from frames")
                continue
            }
            expectSameFindings(frames, as: graph, "\(context), parked \(parks)", into: &tally)
        }
    }

    /// Compares `verify`'s graph properties on `frames` and on the explorer's `graph`.
    static func expectSameFindings(_ frames: GraphAnalysis, as graph: StateGraph, _ context: String, into tally: inout Tally) {
        let expected = Verifier.Options().graph.flatMap { $0.check(GraphAnalysis(graph)) }
        let found = Verifier.Options().graph.flatMap { $0.check(frames) }
        let (expectedLines, foundLines) = (ExplorationOrderTests.lines(expected), ExplorationOrderTests.lines(found))
        #expect(foundLines == expectedLines, "\(context): \(Set(foundLines).symmetricDifference(expectedLines).sorted())")
        let witnessed = { (findings: [Diagnostic]) in
            findings.filter { $0.witness != nil }.map { "\($0.rule) \($0.range.start) \($0.message)" }.sorted()
        }
        #expect(witnessed(found) == witnessed(expected), "\(context): witnesses")
        tally.compared += 1
        tally.findings += found.count
        tally.traps += found.filter { $0.rule == .trap }.count
        tally.statementDefects += found.filter { $0.witness != nil && $0.rule != .trap }.count
        tally.links += found.filter { $0.rule.rawValue.hasPrefix("deeplink") || $0.rule.rawValue == "presentation-dropped" }.count
    }

    /// Compares `verify`'s graph properties on `GraphAnalysis.ofFrames`
    /// and on the explorer's graph, deep links included, the tabs parked
    /// where `TabIndependence` holds (as `verify` parks them).
    static func expectSameFindingsWithLinks(_ source: SourceFile, _ context: String, into tally: inout Tally) throws {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec) else { return }
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = TabIndependence(model: model).holds
        guard let graph = try? explorer.explore(model), graph.isComplete else { return }
        // Without the links the explorer finds the in-app states of the full search, in its order.
        explorer.followsDeepLinks = false
        let inApp = try explorer.explore(model)
        #expect(inApp.count == graph.inAppCount && inApp.inAppCount == inApp.count, "\(context): in-app states")
        #expect((0..<min(inApp.count, graph.inAppCount)).allSatisfy { inApp.state($0) == graph.state($0) }, "\(context)")
        guard let frames = GraphAnalysis.ofFrames(model, limits: limits) else {
            Issue.record("\(context): no analysis from frames")
            return
        }
        expectSameFindings(frames, as: graph, context, into: &tally)
    }

    @Test func everySpecHasTheSameFindingsOnFramesWithItsLinks() throws {
        var tally = Tally()
        for path in Repository.specsThatFinish() {
            try Self.expectSameFindingsWithLinks(Repository.source(path), path, into: &tally)
        }
        #expect(tally.compared >= 60 && tally.findings >= 80 && tally.links >= 30 && tally.traps >= 3, "\(tally)")
    }

    @Test func randomSpecsHaveTheSameFindingsOnFramesWithTheirLinks() throws {
        var tally = Tally()
        for (source, context) in randomSpecSources(1...120) {
            try Self.expectSameFindingsWithLinks(source, context, into: &tally)
        }
        #expect(tally.compared >= 100 && tally.findings >= 1_400 && tally.links >= 130 && tally.traps >= 30, "\(tally)")
    }

    @Test func everySpecWithoutLinksHasTheSameFindingsOnFrames() throws {
        var tally = Tally()
        // Mlem's in-app states go past the limit.
        for path in Repository.specsThatFinish() {
            try Self.expectSameFindings(Repository.source(path), path, into: &tally)
        }
        #expect(tally.compared >= 90 && tally.findings >= 100 && tally.traps >= 3 && tally.statementDefects >= 10, "\(tally)")
    }

    @Test func randomSpecsHaveTheSameFindingsOnFrames() throws {
        var tally = Tally()
        for (source, context) in randomSpecSources(1...120) {
            try Self.expectSameFindings(source, context, into: &tally)
        }
        #expect(tally.compared >= 120 && tally.findings >= 1_500 && tally.traps >= 30 && tally.statementDefects >= 150, "\(tally)")
    }
}
