import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowTestSupport
import Testing

/// `LocalViewStore` against a dictionary, on the local views of explored
/// apps: the numbers it gives in the order views arrive, `find`, and the
/// words it gives back, which must be those inserted although it keeps
/// only the words a view's tab can set, without the zero words that end
/// them.
@Suite struct LocalViewStoreTests {
    /// Inserts the local view of every state of `model`, explored with its
    /// tabs parked, twice over; returns the views, the state's width and
    /// the words the store keeps.
    static func check(_ model: FlowModel, _ context: String) throws -> (views: Int, width: Int, kept: Int) {
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 16))
        explorer.parksInactiveTabs = true
        let graph = try explorer.explore(model)
        let view = LocalView(model: model)
        var store = LocalViewStore(view: view)
        var reference: [[UInt64]: Int] = [:]
        var mismatches: [String] = []
        for round in 0..<2 {
            for index in 0..<graph.count where mismatches.count < 3 {
                var words = graph.store.state(index)
                let state = words
                _ = state.withUnsafeBufferPointer { state in
                    words.withUnsafeMutableBufferPointer { view.project(state, into: $0) }
                }
                let expected = reference[words] ?? reference.count
                let (number, inserted) = words.withUnsafeBufferPointer { store.insert($0) }
                if number != expected || inserted != (reference[words] == nil) || (round == 1 && inserted) {
                    mismatches.append("state \(index): view \(number), inserted \(inserted); expected \(expected)")
                }
                reference[words] = expected
            }
        }
        for (words, number) in reference where mismatches.count < 3 {
            let found = words.withUnsafeBufferPointer { store.find($0) }
            let back = store.withView(number) { Array($0) }
            if found != number || back != words { mismatches.append("view \(number): found \(String(describing: found)), read back \(back), inserted \(words)") }
        }
        #expect(mismatches.isEmpty, "\(context): \(mismatches.joined(separator: "\n"))")
        #expect(store.count == reference.count, "\(context)")
        // A view that is not stored is not found: views with the highest bit
        // of their tab's mask in one word flipped.
        var probes = 0
        for some in reference.keys.prefix(20) {
            let mask = some.withUnsafeBufferPointer { view.mask(selected: view.selectedTab($0)) }
            for word in some.indices where mask[word] != 0 {
                var other = some
                other[word] ^= 1 << UInt64(63 - mask[word].leadingZeroBitCount)
                // Still a view: of a tab the app has, zero outside that tab's mask.
                let tab = other.withUnsafeBufferPointer { view.selectedTab($0) }
                guard reference[other] == nil, tab < max(1, view.tabCount),
                      zip(other, view.mask(selected: tab)).allSatisfy({ $0 & $1 == $0 }) else { continue }
                #expect(other.withUnsafeBufferPointer { store.find($0) } == nil, "\(context): word \(word)")
                probes += 1
            }
        }
        #expect(probes >= min(20, reference.count), "\(context)")
        return (reference.count, view.width, store.keptWords)
    }

    @Test func interactingAppsGiveBackTheViewsInsertedInFewerWords() throws {
        var compared = 0
        for seed in UInt64(1)...6 {
            var shape = AppShape(tabs: 2 + Int(seed % 4), screens: 40, fanOut: 2, depth: 3 + Int(seed % 2), sheets: 3,
                                 flags: 2, inputs: 1, deepLinks: 6)
            shape.interactions = seed % 2 == 0
            shape.seed = seed
            let (views, width, kept) = try Self.check(model(AppSpecGenerator.spec(shape)), "seed \(seed)")
            // Whole, the views would take their width each.
            #expect(kept * 3 < views * width * 2, "seed \(seed): \(kept) words for \(views) views of \(width) words")
            compared += views
        }
        #expect(compared >= 3_000, "\(compared) views")
    }

    @Test func anAppWithoutTabsGivesBackItsStates() throws {
        for file in ["specs/examples/recipes.navflow"] {
            let (views, _, _) = try Self.check(model(ofFile: file), file)
            #expect(views > 10, "\(file)")
        }
    }
}
