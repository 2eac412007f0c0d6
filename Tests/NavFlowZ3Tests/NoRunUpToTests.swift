#if Z3
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
@testable import NavFlowZ3
import Testing

/// The check for no run up to a length, which answers "no witness up to
/// K" in one solve: it finds a run that ends in a state with no step at
/// all (it does not ask the run to go on to K steps), and it proves no run
/// exactly up to the length before the shortest.
@Suite struct NoRunUpToTests {
    /// Home, then A two ways: to B, or under a full-screen cover with no
    /// way out (a state no step leaves, deep links aside).
    static let text = """
    app Trapped
    stack Main root Home {
      destination A
      destination B
      depth 3
    }
    start Main
    screen Home { push A }
    screen A {
      push B
      cover Walkthrough
    }
    screen B
    screen Walkthrough
    """

    private func query(_ text: String, in spec: FlowSpec) throws -> ReachabilityQuery {
        ReachabilityQuery(target: try #require(PatternResolver.resolveQuery(text, in: spec).0), deepLinks: false)
    }

    @Test func aRunIntoAStateWithNoStepIsFound() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "trapped.navflow", text: Self.text)).spec)
        let model = try FlowModel(spec)
        let trapped = try query("reach + cover Walkthrough", in: spec)
        // The explicit engine agrees that nothing leaves the cover: its run is 2 steps and the state has no successor.
        guard case .reachable(_, let length) = try ExplicitQueryEngine().answer(trapped, model: model) else {
            Issue.record("the cover is not reached")
            return
        }
        #expect(length == 2)
        let encoding = StateEncoding(model: model, bound: 8, deadline: .now + .seconds(60))
        for upTo in [2, 3, 5, 8] {
            let none = try encoding.noRun(trapped, upTo: upTo, prefix: nil, slot: CheckSlot())
            #expect(!none, "up to \(upTo)")
        }
        #expect(try encoding.noRun(trapped, upTo: 1, prefix: nil, slot: CheckSlot()))
        // The engine, which runs the check among the bounded ones, finds the 2-step run.
        let (answer, _) = try SymbolicQueryEngine(bound: 8, timeout: 60, encoding: .navigationState).solve(trapped, model: model)
        guard case .reachable(_, let symbolicLength) = answer else {
            Issue.record("z3: \(answer)")
            return
        }
        #expect(symbolicLength == 2)
    }

    @Test func noRunUpToTheLengthBeforeTheShortestIsProved() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "trapped.navflow", text: Self.text)).spec)
        let model = try FlowModel(spec)
        let deep = try query("reach / A / B", in: spec)
        let encoding = StateEncoding(model: model, bound: 8, deadline: .now + .seconds(60))
        #expect(try encoding.noRun(deep, upTo: 1, prefix: nil, slot: CheckSlot()))
        #expect(try !encoding.noRun(deep, upTo: 2, prefix: nil, slot: CheckSlot()))
        // A target no run reaches at all.
        let never = try query("reach / A / B / A", in: spec)
        #expect(try encoding.noRun(never, upTo: 8, prefix: nil, slot: CheckSlot()))
    }
}
#endif
