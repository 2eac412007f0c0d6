import NavFlowCheck
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import Testing

/// Memory and time limits hold for the whole of a run: late in a search,
/// when expansions find no new state, and for the checks after it.
@Suite struct LimitTests {
    /// 4,095 states: no count of stored states reaches a multiple of 4096,
    /// so only the expansions (each state is expanded twice: by steps,
    /// then by deep links) can reach a check.
    static let text = """
        app A
        stack S root Home { destination Home destination Other depth 11 }
        start S
        screen Home { push Home push Other }
        screen Other { push Home push Other }
        """

    private func model() throws -> FlowModel {
        try FlowModel(try #require(Frontend.load(SourceFile(path: "wide.navflow", text: Self.text)).spec))
    }

    @Test func bothExplorersCheckTheTimeWhileExpandingOnly() throws {
        let model = try model()
        var limits = Explorer.Limits(maxStates: 1_000_000, maxBytes: 1 << 30, maxValuations: 64)
        #expect(try Explorer(limits: limits).explore(model).count == 4095)
        limits.maxSeconds = 1e-9
        #expect(throws: Explorer.LimitReached.self) { try Explorer(limits: limits).explore(model) }
        #expect(throws: Explorer.LimitReached.self) { try PlainExplorer(limits: limits).explore(model) }
    }

    /// `verify` judges a graph only if the graph and the checks' own
    /// arrays fit in the memory limit, and the time is not over.
    @Test func theChecksAfterTheSearchAreHeldToTheLimits() throws {
        var limits = Explorer.Limits(maxStates: 1_000_000, maxBytes: 1 << 30, maxValuations: 64)
        let graph = try Explorer(limits: limits).explore(try model())
        let needed = graph.bytes + GraphAnalysis.bytesNeeded(for: graph)
        limits.maxBytes = needed
        var budget = ResourceBudget(limits)
        #expect(throws: Never.self) { try GraphAnalysis.checkFits(graph, within: &budget) }
        limits.maxBytes = needed - 1
        budget = ResourceBudget(limits)
        do {
            try GraphAnalysis.checkFits(graph, within: &budget)
            Issue.record("the checks' memory was not held to --max-memory")
        } catch {
            #expect(error.description == "the state graph (\(graph.bytes >> 20) MiB, 4095 states) and the checks on it (\(GraphAnalysis.bytesNeeded(for: graph) >> 20) MiB) need more than the memory limit of \((needed - 1) >> 20) MiB; lower a stack's depth or raise --max-memory")
        }
        limits.maxBytes = 1 << 30
        limits.maxSeconds = 10
        limits.startedAt = .now - .milliseconds(10_500)
        budget = ResourceBudget(limits)
        do {
            try GraphAnalysis.checkFits(graph, within: &budget)
            Issue.record("the checks were started after --max-time")
        } catch {
            #expect(error.description == "the search ran for more than 10.0 seconds (--max-time) after 4095 states; lower a stack's depth or raise the limit")
        }
    }

    /// The summary search at a limit stops there: `search` throws, and
    /// `searchUntilLimit` gives what it found without working out the
    /// traps (they are the whole search's: on Mlem that work ran 6 s past
    /// a 10 s `--max-time`).
    @Test func theSummarySearchAtALimitLeavesTheTrapsOut() throws {
        let model = try model()
        var limits = Explorer.Limits(maxStates: 1_000_000, maxBytes: 1 << 30, maxValuations: 64)
        var search = SummarySearch(limits: limits)
        search.recordsInAppSteps = true
        let (whole, none) = search.searchUntilLimit(model, deepLinks: false)
        #expect(none == nil && whole.traps != nil)
        limits.maxStates = 20
        search = SummarySearch(limits: limits)
        search.recordsInAppSteps = true
        let (part, limit) = search.searchUntilLimit(model, deepLinks: false)
        #expect(limit != nil && part.traps == nil)
        #expect(throws: Explorer.LimitReached.self) { try search.search(model, deepLinks: false) }
    }
}
