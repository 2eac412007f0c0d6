import NavFlowCheck
import NavFlowDiagnostics
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `verify --exploration plain` is the oracle of the fast paths: it finds
/// the same diagnostics, byte for byte and witnesses included, and numbers
/// the same states. Where the default parks the tabs that are not
/// selected (`TabIndependence`), its witnesses are lifted from parked paths
/// and may take other steps: there the plain findings are compared whole
/// with `--exploration full`, and with the default without their witnesses.
@Suite struct PlainExplorerTests {
    /// Verifies one spec with the plain explorer and with the fast one,
    /// and checks that they agree. Returns whether the spec was explored.
    @discardableResult
    static func expectAgreement(_ source: SourceFile, _ context: String) -> Bool {
        func run(_ exploration: Verifier.Exploration) -> Verifier.Result {
            var options = Verifier.Options()
            options.exploration = exploration
            return Verifier.verify(source, options: options)
        }
        let plain = run(.plain)
        let automatic = run(.automatic)
        let full = run(.full)
        #expect(plain.limit == automatic.limit, "\(context)")
        #expect(plain.limit == full.limit, "\(context)")
        #expect(plain.diagnostics == full.diagnostics, "\(context): plain and full differ")
        if automatic.statistics?.parkedInactiveTabs == true {
            // Parked witnesses are lifted to paths of the app: compare all but them.
            func unwitnessed(_ result: Verifier.Result) -> [Diagnostic] {
                result.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.witness = nil
                    return diagnostic
                }
            }
            #expect(unwitnessed(plain) == unwitnessed(automatic), "\(context): plain and parked differ")
        } else {
            #expect(plain.diagnostics == automatic.diagnostics, "\(context): plain and default differ")
        }
        guard let stats = plain.statistics else {
            #expect(full.statistics == nil, "\(context)")
            return false
        }
        let fast = full.statistics
        #expect(stats.search == .plain)
        #expect(fast?.search == .full)
        #expect(stats.states == fast?.states, "\(context): states")
        #expect(stats.inAppStates == fast?.inAppStates, "\(context): in-app states")
        #expect(stats.transitions == fast?.transitions, "\(context): transitions")
        #expect(stats.valuations == fast?.valuations, "\(context): valuations")
        return true
    }

    @Test func plainAgreesWithTheDefaultOnEverySpec() {
        // Real apps' specs run to tens of millions of states; AppSpecTests
        // pins what fits (docs/apps.md).
        let paths = Repository.allSpecs().filter { !$0.contains("/specs/apps/") }
        #expect(paths.count >= 30, "\(paths.count) specs found")
        var explored = 0
        for path in paths where Self.expectAgreement(Repository.source(path), path) {
            explored += 1
        }
        #expect(explored >= 20, "\(explored) specs explored")
    }

    /// The 360 random specs of `ReferenceAgreementTests`.
    @Test(arguments: ReferenceAgreementTests.batches) func plainAgreesWithTheDefaultOnRandomSpecs(batch: UInt64) {
        var explored = 0
        for offset in 0..<ReferenceAgreementTests.specsPerBatch {
            let seed = batch * ReferenceAgreementTests.specsPerBatch + offset + 1
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            if Self.expectAgreement(SourceFile(path: "generated-\(seed).navflow", text: text), "seed \(seed)\n\(text)") {
                explored += 1
            }
        }
        #expect(explored >= Int(ReferenceAgreementTests.specsPerBatch) * 3 / 4, "too few generated specs explored: \(explored)")
    }

    /// The graph the plain explorer builds is the fast explorer's: the same
    /// states in the same order, parents and transitions.
    @Test func plainNumbersStatesAsTheFastExplorer() throws {
        for path in Repository.specs(in: "examples") {
            let spec = try #require(Frontend.load(Repository.source(path)).spec, "\(path)")
            let model = try FlowModel(spec)
            let fast = try Explorer().explore(model)
            let plain = try PlainExplorer().explore(model)
            #expect(plain.count == fast.count, "\(path)")
            #expect(plain.inAppCount == fast.inAppCount, "\(path)")
            #expect(plain.initialStates == fast.initialStates, "\(path)")
            #expect(plain.tree.parent == fast.tree.parent, "\(path)")
            #expect((0..<plain.count).allSatisfy { plain.state($0) == fast.state($0) }, "\(path)")
            #expect((0..<plain.count).allSatisfy { plain.path(to: $0).map(\.step) == fast.path(to: $0).map(\.step) }, "\(path)")
            #expect(plain.inAppEdges.start == fast.inAppEdges.start && plain.inAppEdges.target == fast.inAppEdges.target, "\(path)")
            #expect(plain.linkEdges.start == fast.linkEdges.start && plain.linkEdges.target == fast.linkEdges.target, "\(path)")
        }
    }

    @Test func plainHonoursEveryLimit() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "deep.navflow", text: """
            app A
            screen Home { push Home }
            stack S root Home { destination Home depth 8 }
            """)).spec)
        let model = try FlowModel(spec)
        #expect(throws: Explorer.LimitReached.self) {
            try PlainExplorer(limits: Explorer.Limits(maxStates: 3, maxBytes: 1 << 30, maxValuations: 64)).explore(model)
        }
        do {
            _ = try PlainExplorer(limits: Explorer.Limits(maxStates: 3, maxBytes: 1 << 30, maxValuations: 64)).explore(model)
        } catch {
            #expect(error.description == "the search stored 3 states without finishing (--max-states); lower a stack's depth or raise the limit")
            #expect(error.states == 4)
        }
        let initial = try #require(model.initialState(inputs: 0).state)
        do {
            _ = try PlainExplorer(limits: Explorer.Limits(maxStates: 3, maxBytes: 1 << 30, maxValuations: 64))
                .search(model, from: [initial], deepLinks: false)
            Issue.record("the goal search ignored --max-states")
        } catch {
            #expect(error.description == "the search stored 3 states without an answer (--max-states)")
        }
        var limits = Explorer.Limits(maxStates: 1_000, maxBytes: 1 << 30, maxValuations: 0)
        #expect(throws: Explorer.LimitReached.self) { try PlainExplorer(limits: limits).explore(model) }
        limits.maxValuations = 64
        #expect(try PlainExplorer(limits: limits).explore(model).count == 9)
    }

    /// Memory and time are checked every 4096 states, as the explorer checks them.
    @Test func plainHonoursTheMemoryAndTimeLimits() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "wide.navflow", text: """
            app A
            screen Home { push Home push Other }
            screen Other { push Home push Other }
            stack S root Home { destination Home destination Other depth 13 }
            """)).spec)
        let model = try FlowModel(spec)
        var limits = Explorer.Limits(maxStates: 1_000_000, maxBytes: 1 << 30, maxValuations: 64)
        let fastCount = try Explorer(limits: limits).explore(model).count
        #expect(try PlainExplorer(limits: limits).explore(model).count == fastCount)
        #expect(fastCount > 4096)
        limits.maxBytes = 1 << 10
        do {
            _ = try PlainExplorer(limits: limits).explore(model)
            Issue.record("the plain explorer ignored --max-memory")
        } catch {
            #expect(error.description.hasPrefix("the search used 0 MiB, over the memory limit of 0 MiB, after 4096 states"))
        }
        limits.maxBytes = 1 << 30
        limits.maxSeconds = 1e-9
        do {
            _ = try PlainExplorer(limits: limits).explore(model)
            Issue.record("the plain explorer ignored --max-time")
        } catch {
            #expect(error.description.hasPrefix("the search ran for more than 1e-09 seconds (--max-time) after 16 states"))
        }
    }

    /// A goal search stops at the first state that meets the goal, in
    /// breadth-first order, with a shortest path to it.
    @Test func theGoalSearchStopsAtTheFirstMatch() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "deep.navflow", text: """
            app A
            screen Home { push Home }
            stack S root Home { destination Home depth 8 }
            """)).spec)
        let model = try FlowModel(spec)
        let initial = try #require(model.initialState(inputs: 0).state)
        let search = try PlainExplorer().search(model, from: [initial], deepLinks: false) { $0.paths[0].count == 3 }
        let found = try #require(search.found)
        #expect(search.path(to: found).count == 3)
        #expect(search.root(of: found) == 0)
        #expect(search.count == found + 1, "the search judges a state before it expands it")
        let all = try PlainExplorer().search(model, from: [initial], deepLinks: false)
        #expect(all.found == nil)
        #expect(all.count == 9)
    }
}
