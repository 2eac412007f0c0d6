import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The parked search (`ParkedPaths`) against the plainest search of the
/// same reduced graph: every target of `FlowModel.successors` parked and
/// looked up whole. The fast explorer gives targets by view numbers and
/// rests through its memos; both must store the same states, in-app and
/// overall, and every stored state must already be in its parked form.
@Suite struct ParkedPathsTests {
    /// The parked states reachable in-app, and reachable at all, found the plainest way.
    /// `cuts` are the explorer's (`TabIndependence.watched` may park more
    /// than the spec alone lets `ParkedPaths(model:)` park).
    static func plainParked(_ model: FlowModel, cuts: ParkedPaths) throws -> (inApp: Set<[UInt64]>, all: Set<[UInt64]>) {
        var parking = cuts
        parking.withDeepLinks = false
        func parked(_ state: NavState) -> [UInt64] {
            var words = model.codec.encode(state)
            let copy = words
            copy.withUnsafeBufferPointer { state in words.withUnsafeMutableBufferPointer { parking.park($0, of: state) } }
            return words
        }
        func closure(from start: [[UInt64]], deepLinks: Bool) -> Set<[UInt64]> {
            var seen = Set(start)
            var queue = start
            var next = 0
            while next < queue.count {
                let state = model.codec.decode(queue[next])
                next += 1
                parking.successors(of: state, deepLinks: deepLinks) { transition in
                    guard let target = transition.target else { return }
                    let words = parked(target)
                    if seen.insert(words).inserted { queue.append(words) }
                }
                if deepLinks {
                    parking.successors(of: state, deepLinks: false) { transition in
                        guard let target = transition.target else { return }
                        let words = parked(target)
                        if seen.insert(words).inserted { queue.append(words) }
                    }
                }
            }
            return seen
        }
        let initial = try model.inputValuations(limit: 64).compactMap { model.initialState(inputs: $0).state.map(parked) }
        let inApp = closure(from: initial, deepLinks: false)
        // The states found with deep links are cut with them allowed.
        parking.withDeepLinks = true
        return (inApp, closure(from: Array(inApp), deepLinks: true))
    }

    static func compare(_ text: String, name: String) throws {
        let spec = try #require(Frontend.load(SourceFile(path: name, text: text)).spec, "\(name) does not resolve")
        try #require(TabIndependence(spec).holds, "\(name): \(TabIndependence(spec).reasons)")
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        let plain = try plainParked(model, cuts: try #require(graph.store.parkedPaths, "\(name) is not parked"))
        let inApp = Set((0..<graph.inAppCount).map { graph.store.state($0) })
        let all = Set((0..<graph.count).map { graph.store.state($0) })
        #expect(inApp == plain.inApp, "\(name): in-app \(inApp.count) states, plain \(plain.inApp.count)")
        #expect(all == plain.all, "\(name): \(all.count) states, plain \(plain.all.count)")
        #expect(graph.count == all.count, "\(name): a state is stored twice")
    }

    @Test(arguments: ["accounts", "appear-hooks", "data-choices", "entry-points", "router-tabs", "server-setup", "sheet-router",
                      "tab-links"])
    func exampleAgrees(name: String) throws {
        let path = "specs/examples/\(name).navflow"
        try Self.compare(String(decoding: Repository.source(Repository.path(path)).bytes, as: UTF8.self), name: path)
    }

    /// A link to a gated screen in another tab, taken from its key's memo
    /// from states with no modal up, runs a hook that sets a flag; the tab
    /// it leaves is cut under the target's flags, not the source's, as a
    /// review found: once `seen`, `Page`'s hook can no longer run, and the
    /// page is cut.
    @Test func aLinkWhoseHookSetsAFlagLeavesItsTabCutUnderTheTargetsFlags() throws {
        let text = """
        app P
        scheme "p"
        flag seen = false
        flag visited = false
        stack A root Home { destination Gate; depth 2 }
        stack B root Other { destination Page; depth 2 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Gate }
        screen Gate { appear if !seen { set seen = true } }
        screen Other { push Page }
        screen Page { appear if !seen { set visited = true } }
        deeplink "p://gate" -> a / Gate
        """
        try Self.compare(text, name: "gate-sets-a-flag.navflow")
    }

    @Test(arguments: Array(UInt64(1)...UInt64(16)))
    func generatedAppAgrees(seed: UInt64) throws {
        let text = AppSpecGenerator.spec(TabReductionTests.shape(seed))
        try Self.compare(text, name: "app-\(seed)")
    }
}
