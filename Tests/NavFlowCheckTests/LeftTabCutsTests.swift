import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The table of cuts against the parked cut itself: for every tab a step
/// left with hidden routes, the paths the table's answers give, their marks
/// replaced by each context of their entry, are exactly the paths
/// `ParkedPaths.park` cuts the left path to, its marks replaced by each
/// context of the asking entry.
@Suite struct LeftTabCutsTests {
    /// Every context of `entry`: its callers' routes, bottom first.
    static func contexts(of entry: Int32, in engine: SummaryEngine, memo: inout [Int32: [[Int]]]) -> [[Int]] {
        if let known = memo[entry] { return known }
        guard entry != 0 else { return [[]] }
        var result: [[Int]] = []
        for caller in engine.entries[Int(entry)].callers {
            result += contexts(of: caller.entry, in: engine, memo: &memo).map { $0 + [caller.route] }
        }
        memo[entry] = result
        return result
    }

    /// `path` with its marks -1 ... -n replaced by `context`.
    static func filled(_ path: [Int], with context: [Int]) -> [Int] {
        path.enumerated().map { position, route in route < 0 ? context[position] : route }
    }

    /// The mismatches between the table and the parked cut on one spec, and how many askers were checked.
    static func mismatches(_ text: String, deepLinks: Bool) throws -> (failures: [String], askers: Int) {
        let spec = try #require(Frontend.load(SourceFile(path: "spec.navflow", text: text)).spec)
        let model = try FlowModel(spec)
        guard TabIndependence(model: model).holds else { return ([], 0) }
        var parking = ParkedPaths(model: model)
        parking.withDeepLinks = deepLinks
        let engine = SummaryEngine(model: model, deepLinks: deepLinks, parking: parking, limits: SummarySearchTests.limits)
        try engine.run()
        var memo: [Int32: [[Int]]] = [:]
        var failures: [String] = []
        var checked = 0
        for (node, key) in engine.cuts.keys.enumerated() {
            for asker in engine.cuts.askers[node] {
                checked += 1
                let tab = try #require(model.shape.tabSlots.firstIndex { $0.contains(asker.slot) })
                var expected = Set<[Int]>()
                for context in contexts(of: key.entry, in: engine, memo: &memo) {
                    var state = asker.target
                    state.paths[asker.slot] = filled(state.paths[asker.slot], with: context)
                    var words = model.codec.encode(state)
                    let whole = words
                    whole.withUnsafeBufferPointer { whole in
                        words.withUnsafeMutableBufferPointer { parking.park(tab: tab, in: $0, of: whole) }
                    }
                    expected.insert(model.codec.decode(words).paths[asker.slot])
                }
                var found = Set<[Int]>()
                for answer in engine.cuts.answers[node] {
                    let (entry, path) = engine.cutPath(answer, for: asker)
                    for context in contexts(of: entry, in: engine, memo: &memo) {
                        found.insert(filled(path, with: context))
                    }
                }
                if found != expected {
                    failures.append("\(asker.target) on slot \(asker.slot): table \(found.sorted { $0.lexicographicallyPrecedes($1) }), "
                        + "parked \(expected.sorted { $0.lexicographicallyPrecedes($1) })")
                }
            }
        }
        return (failures, checked)
    }

    @Test func theTableCutsLeftTabsAsTheParkedSearchDoes() throws {
        for deepLinks in [false, true] {
            let (failures, askers) = try Self.mismatches(SummarySearchTests.leftTabs, deepLinks: deepLinks)
            #expect(failures.count == 0, "links \(deepLinks): \(failures.prefix(3))")
            #expect(askers > 100, "\(askers) tabs left")
        }
    }

    @Test func theTableCutsLeftTabsAsTheParkedSearchDoesOnInteractingApps() throws {
        var askers = 0
        for seed in UInt64(1)...12 {
            for deepLinks in [false, true] {
                let result = try Self.mismatches(Fixtures.interactingApp(seed: seed), deepLinks: deepLinks)
                #expect(result.failures.count == 0, "seed \(seed), links \(deepLinks): \(result.failures.prefix(3))")
                askers += result.askers
            }
        }
        #expect(askers > 100, "\(askers) tabs left")
    }
}
