@testable import NavFlowSearch
import Testing

/// `StateStore` against a dictionary: the numbers it gives, across the
/// growth of its table and of its chunks of words, and its value semantics.
@Suite struct StateStoreTests {
    /// A deterministic stream of states with many repeats.
    private struct States {
        var seed: UInt64
        let width: Int
        let distinct: UInt64

        mutating func next() -> [UInt64] {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = (seed >> 20) % distinct
            return (0..<width).map { word in key &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(word) }
        }
    }

    @Test(arguments: [1, 3])
    func singleInsertsNumberStatesInOrderOfArrival(width: Int) {
        var store = StateStore(width: width, capacity: 16)
        var reference: [[UInt64]: Int] = [:]
        var states = States(seed: UInt64(width), width: width, distinct: 3 * UInt64(StateWords.chunkStates))
        for _ in 0..<(8 * StateWords.chunkStates) {
            let state = states.next()
            let expected = reference[state] ?? reference.count
            let (index, inserted) = store.insert(state)
            #expect(index == expected)
            #expect(inserted == (reference[state] == nil))
            reference[state] = expected
        }
        #expect(store.count == reference.count)
        #expect(store.count > 2 * StateWords.chunkStates, "the states span several chunks")
        for (state, index) in reference {
            #expect(store.find(state) == index)
            #expect(store.withState(index) { Array($0) } == state)
        }
        #expect(store.find([UInt64](repeating: .max, count: width)) == nil)
    }

    @Test(arguments: [1, 2])
    func batchInsertsAgreeWithSingleInserts(width: Int) {
        var batched = StateStore(width: width, capacity: 16)
        var single = StateStore(width: width, capacity: 16)
        var states = States(seed: 7, width: width, distinct: 2 * UInt64(StateWords.chunkStates))
        var numbers: [Int32] = []
        var isNew: [Bool] = []
        for round in 0..<4000 {
            // Batches of up to 12 targets, some without a target, some repeated within the batch.
            let count = 1 + round % 12
            var words: [UInt64] = []
            var hasTarget: [Bool] = []
            for position in 0..<count {
                let state = position % 5 == 4 ? Array(words.suffix(width)) : states.next()
                words += state.isEmpty ? [UInt64](repeating: 0, count: width) : state
                hasTarget.append(position % 7 != 6 && !state.isEmpty)
            }
            words.withUnsafeBufferPointer { targets in
                hasTarget.withUnsafeBufferPointer { hasTarget in
                    batched.insert(targets, hasTarget: hasTarget, count: count, numbers: &numbers, isNew: &isNew)
                }
            }
            expectBatch(numbers: numbers, isNew: isNew, hasTarget: hasTarget) { position in
                single.insert(Array(words[(position * width)..<((position + 1) * width)]))
            }
        }
        #expect(batched.count == single.count)
        #expect(batched.count > StateWords.chunkStates)
    }

    @Test func aCopyAndTheOriginalDoNotSeeEachOthersStates() {
        var original = StateStore(width: 2, capacity: 16)
        for value in 0..<UInt64(100) { _ = original.insert([value, value + 1]) }
        let copy = original
        // The original grows past its first chunk and its directory doubles, several times.
        let count = UInt64(6 * StateWords.chunkStates)
        for value in 100..<count { _ = original.insert([value, value + 1]) }
        #expect(copy.count == 100)
        #expect(copy.find([150, 151]) == nil)
        #expect(copy.withState(99) { Array($0) } == [99, 100])
        #expect(original.find([150, 151]) == 150)
        var grown = copy
        _ = grown.insert([7, 7])
        #expect(copy.count == 100)
        #expect(grown.count == 101)
        #expect(grown.withState(100) { Array($0) } == [7, 7])
        #expect(original.withState(100) { Array($0) } == [100, 101])
        for value in stride(from: 0, to: count, by: 997) {
            #expect(original.withState(Int(value)) { Array($0) } == [value, value + 1], "state \(value)")
        }
        // A batch insert into a copy leaves the original as it was.
        var batched = original
        let targets: [UInt64] = [1, 2, 5, 6, count, count + 1]
        var numbers: [Int32] = []
        var isNew: [Bool] = []
        targets.withUnsafeBufferPointer { targets in
            [true, true, true].withUnsafeBufferPointer { hasTarget in
                batched.insert(targets, hasTarget: hasTarget, count: 3, numbers: &numbers, isNew: &isNew)
            }
        }
        #expect(Array(numbers.prefix(3)) == [1, 5, Int32(count)])
        #expect(isNew.prefix(3) == [false, false, true])
        #expect(original.count == Int(count))
        #expect(original.find([count, count + 1]) == nil)
        #expect(batched.withState(Int(count)) { Array($0) } == [count, count + 1])
    }

    @Test func storageCostsItsStatesPlusOneChunkAndTheTable() {
        var store = StateStore(width: 1)
        let count = 10 * StateWords.chunkStates + 1
        for value in 0..<UInt64(count) { _ = store.insert([value]) }
        let words = 11 * StateWords.chunkStates * 8
        // The table is at least half full.
        let tableAtMost = count * 2 * 4
        #expect(store.bytes <= words + tableAtMost + 64 * 8)
        #expect(Double(store.bytes) / Double(count) <= 16.9)
    }
}
