import NavFlowCheck
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The bundled examples verify clean (notes such as `bounded` allowed), and
/// their state counts are pinned so a change in the explorer or the
/// semantics shows at once.
@Suite struct ExampleSpecTests {
    struct Golden: Sendable, CustomTestStringConvertible {
        var name: String
        /// The counts of every state (`--exploration full`).
        var states: Int
        var inAppStates: Int
        var transitions: Int
        /// The counts `verify` gives with the tabs parked, when they are.
        var parked: [Int]? = nil
        var testDescription: String { name }
    }

    static let golden: [Golden] = [
        Golden(name: "accounts", states: 38, inAppStates: 38, transitions: 164, parked: [13, 13, 54]),
        Golden(name: "back-hidden", states: 24, inAppStates: 24, transitions: 100, parked: [24, 24, 100]),
        Golden(name: "appear-hooks", states: 29, inAppStates: 28, transitions: 109, parked: [18, 17, 66]),
        Golden(name: "entry-points", states: 34, inAppStates: 34, transitions: 316, parked: [13, 13, 121]),
        Golden(name: "container-toasts", states: 60, inAppStates: 60, transitions: 340, parked: [40, 40, 240]),
        Golden(name: "data-choices", states: 30, inAppStates: 30, transitions: 164, parked: [8, 8, 44]),
        Golden(name: "dismissal-hooks", states: 18, inAppStates: 18, transitions: 88, parked: [9, 9, 44]),
        // Parked since a URL opened from a step no longer keeps the tabs whole.
        Golden(name: "messenger", states: 576, inAppStates: 540, transitions: 5517, parked: [21, 18, 190]),
        Golden(name: "recipes", states: 25, inAppStates: 25, transitions: 560),
        Golden(name: "router-tabs", states: 2430, inAppStates: 2430, transitions: 28143, parked: [36, 36, 417]),
        Golden(name: "server-setup", states: 22, inAppStates: 22, transitions: 46, parked: [14, 14, 34]),
        Golden(name: "sheet-router", states: 199, inAppStates: 199, transitions: 1483, parked: [161, 161, 1197]),
        Golden(name: "tab-links", states: 555, inAppStates: 555, transitions: 4290, parked: [345, 345, 2638]),
        Golden(name: "tab-retap", states: 84, inAppStates: 84, transitions: 332, parked: [19, 19, 76]),
    ]

    @Test(arguments: golden) func exampleVerifiesCleanWithPinnedStateCounts(_ golden: Golden) throws {
        let source = Repository.source(Repository.path("specs/examples/\(golden.name).navflow"))
        var full = Verifier.Options()
        full.exploration = .full
        let every = Verifier.verify(source, options: full)
        let problems = every.diagnostics.filter { $0.severity != .note }
        #expect(problems.isEmpty, "\(problems.map { "\($0.range.start) \($0.rule): \($0.message)" })")
        let stats = try #require(every.statistics)
        #expect(stats.states == golden.states && stats.inAppStates == golden.inAppStates
                && stats.transitions == golden.transitions,
                "\(golden.name): states \(stats.states), in-app \(stats.inAppStates), transitions \(stats.transitions)")
        // What `verify` runs: the tabs parked where they can be, with the same findings.
        let result = Verifier.verify(source)
        let counts = try #require(result.statistics)
        #expect(counts.parkedInactiveTabs == (golden.parked != nil))
        #expect([counts.states, counts.inAppStates, counts.transitions] == (golden.parked ?? [golden.states, golden.inAppStates, golden.transitions]),
                "\(golden.name): \([counts.states, counts.inAppStates, counts.transitions])")
        #expect(result.diagnostics == every.diagnostics)
    }

    @Test func everyExampleHasPinnedCounts() {
        let names = Repository.specs(in: "examples").map { String($0.split(separator: "/").last!.dropLast(".navflow".count)) }
        #expect(Set(names) == Set(Self.golden.map(\.name)))
    }
}
