#if Z3
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
@testable import NavFlowZ3
import Testing

/// The bounded checks a thread solves share one unrolling of the steps:
/// a check of k steps, whatever the checks before it on that thread, is
/// the one a new solver built for k steps answers.
@Suite struct UnrollingTests {
    /// Home, then A two ways: to B, or under a full-screen cover with no
    /// way out, so that a run into the cover cannot go on.
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

    @Test func aCheckOnAnUnrollingAnswersAsANewSolverDoes() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "trapped.navflow", text: Self.text)).spec)
        let model = try FlowModel(spec)
        let encoding = StateEncoding(model: model, bound: 8, deadline: .now + .seconds(60))
        for target in ["reach + cover Walkthrough", "reach / A / B", "reach / A"] {
            let pattern = try #require(PatternResolver.resolveQuery(target, in: spec).0)
            let query = ReachabilityQuery(target: pattern, deepLinks: false)
            // Longer, shorter, longer again: a shorter check after a longer one
            // must not keep the longer one's steps (the cover has no step after it).
            let kept = StateEncoding.UnrollingSlot()
            for length in [3, 2, 5, 1, 4, 0, 2] {
                let shared = try encoding.check(query, length: length, prefix: nil, slot: CheckSlot(), kept: kept)
                let fresh = try encoding.check(query, length: length, prefix: nil, slot: CheckSlot())
                #expect(Self.summary(shared) == Self.summary(fresh), "\(target), \(length) steps")
            }
            #expect(kept.unrolling?.frames.count == 6, "\(target): five steps unrolled")
        }
        // The cover is 2 steps away and nothing leaves it.
        let cover = try #require(PatternResolver.resolveQuery("reach + cover Walkthrough", in: spec).0)
        let kept = StateEncoding.UnrollingSlot()
        let lengths = try [3, 2, 4].map { length in
            try encoding.check(ReachabilityQuery(target: cover, deepLinks: false), length: length, prefix: nil, slot: CheckSlot(), kept: kept)
        }
        #expect(lengths.map(Self.summary) == ["none", "2 steps", "4 steps"])
    }

    private static func summary(_ outcome: (answer: QueryAnswer, trace: SymbolicQueryEngine.Trace?)?) -> String {
        guard let outcome else { return "none" }
        if case .reachable(_, let length) = outcome.answer { return "\(length) steps" }
        return "\(outcome.answer)"
    }
}
#endif
