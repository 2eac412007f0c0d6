@testable import NavFlowSearch
import Testing

/// `PairTable` against a dictionary: numbers in order of arrival across
/// many rests and the growth of their tables, batches, and value semantics.
@Suite struct PairTableTests {
    /// Pairs over `rests` rests and `views` views, drawn deterministically, with repeats.
    private static func pairs(count: Int, rests: UInt64, views: UInt64, seed: UInt64) -> [UInt64] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let rest = (state >> 33) % rests
            let view = (state >> 13) % views
            return view << 32 | rest
        }
    }

    @Test(arguments: [(1, 5_000), (300, 200), (5_000, 3)])
    func numbersPairsInOrderOfArrival(rests: Int, views: Int) {
        var table = PairTable(capacity: 16)
        var reference: [UInt64: Int] = [:]
        for pair in Self.pairs(count: 60_000, rests: UInt64(rests), views: UInt64(views), seed: UInt64(rests)) {
            let expected = reference[pair] ?? reference.count
            let (index, inserted) = table.insert(pair)
            #expect(index == expected)
            #expect(inserted == (reference[pair] == nil))
            reference[pair] = expected
        }
        #expect(table.count == reference.count)
        for (pair, index) in reference {
            #expect(table.find(pair) == index)
            #expect(table.pair(of: index) == pair)
        }
        #expect(table.find(UInt64(views) << 32) == nil)
        #expect(table.find(UInt64(rests) + 7) == nil)
    }

    @Test func batchesSkipTransitionsWithoutTargetsAndFindRepeatsWithinThemselves() {
        var table = PairTable(capacity: 16)
        var reference: [UInt64: Int] = [:]
        let pairs = Self.pairs(count: 30_000, rests: 50, views: 400, seed: 9)
        var numbers = [Int32](repeating: 0, count: 16)
        var isNew = [Bool](repeating: false, count: 16)
        var start = 0
        while start < pairs.count {
            let count = min(1 + start % 13, pairs.count - start)
            var batch = Array(pairs[start..<(start + count)])
            if count > 3 { batch[3] = batch[0] }
            let hasTarget = (0..<count).map { $0 % 5 != 4 }
            batch.withUnsafeBufferPointer { batch in
                hasTarget.withUnsafeBufferPointer { hasTarget in
                    table.insert(batch, hasTarget: hasTarget, count: count, numbers: &numbers, isNew: &isNew)
                }
            }
            expectBatch(numbers: numbers, isNew: isNew, hasTarget: hasTarget) { position in
                let known = reference[batch[position]]
                let expected = known ?? reference.count
                reference[batch[position]] = expected
                return (expected, known == nil)
            }
            start += count
        }
        #expect(table.count == reference.count)
    }

    @Test func aCopyKeepsItsPairsWhenTheOriginalGrows() {
        var original = PairTable(capacity: 16)
        for view in 0..<UInt64(100) { _ = original.insert(view << 32 | view % 7) }
        let copy = original
        for view in 100..<UInt64(20_000) { _ = original.insert(view << 32 | view % 7) }
        #expect(copy.count == 100)
        #expect(copy.find(150 << 32 | 150 % 7) == nil)
        #expect(copy.find(99 << 32 | 99 % 7) == 99)
        #expect(original.find(150 << 32 | 150 % 7) == 150)
        var grown = copy
        #expect(grown.insert(1 << 40).inserted)
        // A rest neither had before.
        #expect(grown.insert(5 << 32 | 1_000).index == 101)
        #expect(copy.count == 100)
        #expect(copy.find(1 << 40) == nil)
        #expect(original.find(1 << 40) == nil)
        #expect(original.find(5 << 32 | 1_000) == nil)
        #expect(original.pair(of: 100) == 100 << 32 | 100 % 7)
        #expect(original.pair(of: 101) == 101 << 32 | 101 % 7)
        #expect(grown.pair(of: 100) == 1 << 40)
        #expect(copy.find(99 << 32 | 99 % 7) == 99)
    }
}
