@testable import NavFlowSearch
import Testing

/// `ResourceBudget` and the growth the stores announce to it: what a store
/// allocates never exceeds what it announced, the budget refuses growth the
/// process cannot hold (and lets it happen otherwise), and its messages.
@Suite struct ResourceBudgetTests {
    /// Inserts `count` distinct states of `width` words from `first` on.
    private static func insert(_ count: Int, from first: UInt64, into store: inout StateStore) {
        for key in first..<(first + UInt64(count)) {
            _ = store.insert((0..<store.width).map { key &* 0x9E37_79B9_7F4A_7C15 &+ UInt64($0) })
        }
    }

    /// Through many growths of the table and of the words, the bytes a batch
    /// of insertions adds stay within what `growthBytes` announced, and a
    /// batch that needs no growth announces none.
    @Test(arguments: [1, 3])
    func aStateStoreAllocatesNoMoreThanItAnnounces(width: Int) {
        var store = StateStore(width: width, capacity: 16)
        var inserted: UInt64 = 0
        var grew = 0
        for batch in [1, 5, 37, 200, 1_000, 9_000, 30_000] {
            let announced = store.growthBytes(inserting: batch)
            let before = store.bytes
            Self.insert(batch, from: inserted, into: &store)
            inserted += UInt64(batch)
            #expect(store.bytes - before <= announced, "batch of \(batch): grew \(store.bytes - before), announced \(announced)")
            if store.bytes > before { grew += 1 }
        }
        #expect(grew >= 5)
        // Room is left after a growth: one more state needs nothing new.
        var settled = StateStore(width: width, capacity: 1 << 12)
        Self.insert(10, from: 0, into: &settled)
        #expect(settled.growthBytes(inserting: 1) == 0)
    }

    @Test func pairsAllocateNoMoreThanTheyAnnounce() {
        var table = PairTable(capacity: 16)
        var state: UInt64 = 7
        for batch in [1, 10, 100, 1_000, 10_000, 50_000] {
            let announced = table.growthBytes(inserting: batch)
            let before = table.bytes
            for _ in 0..<batch {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                _ = table.insert((state >> 40) << 32 | (state >> 20) % 3)
            }
            #expect(table.bytes - before <= announced, "batch of \(batch): grew \(table.bytes - before), announced \(announced)")
        }
    }

    /// Without a limit on the process, an array grows by half its
    /// capacity; with a limit the process is already over, it does not grow
    /// and the limit says how much it held and needed.
    @Test func growthIsCheckedAgainstTheProcess() throws {
        var limits = Explorer.Limits(maxStates: 1_000, maxBytes: 1 << 30, maxValuations: 1)
        var unlimited = ResourceBudget(limits)
        var array = [Int32](repeating: 0, count: 100)
        let capacity = array.capacity
        try unlimited.reserve(capacity - array.count + 1, in: &array, states: 100)
        #expect(array.capacity >= capacity + capacity / 2 && array.capacity < 2 * capacity)
        try #require(ProcessMemory.residentBytes() > 0, "the platform tells no resident memory")
        limits.maxResidentBytes = 1 << 20
        var tight = ResourceBudget(limits)
        let full = [Int32](repeating: 0, count: 100)
        var copy = full
        // The new buffer is half as large again as the old one, of 4-byte elements.
        let needed = 4 * (full.capacity + full.capacity / 2)
        let size = needed >= 1 << 10 ? "\(needed >> 10) KiB" : "\(needed) B"
        do {
            try tight.reserve(full.capacity - full.count + 1, in: &copy, states: 100)
            Issue.record("an array grew past the process's limit")
        } catch {
            #expect(error.description.hasPrefix("the process held "))
            #expect(error.description.contains(" MiB and needed \(size) more"), "\(error.description)")
            #expect(error.description.hasSuffix(", over the memory limit of 1 MiB (--max-memory), after 100 states; lower a stack's depth or raise the limit"))
        }
        #expect(copy.capacity == full.capacity)
    }

    @Test func breachesReadAsLimits() {
        var limits = Explorer.Limits(maxStates: 1_000, maxBytes: 1 << 30, maxValuations: 1)
        limits.maxResidentBytes = 256 << 20
        limits.maxSeconds = 2
        let memory = ResourceBudget.Breach.memory(resident: 250 << 20, more: 12 << 20)
        #expect(Explorer.LimitReached(memory, limits: limits, states: 4096).description
                == "the process held 250 MiB and needed 12 MiB more, over the memory limit of 256 MiB (--max-memory), after 4096 states; lower a stack's depth or raise the limit")
        #expect(Explorer.LimitReached(.memory(resident: 257 << 20, more: 0), limits: limits, states: 9, withoutAnswer: true).description
                == "the process held 257 MiB, over the memory limit of 256 MiB (--max-memory), after 9 states without an answer; lower a stack's depth or raise the limit")
        #expect(Explorer.LimitReached(.time, limits: limits, states: 9, withoutAnswer: true).description
                == "the search ran for more than 2.0 seconds without an answer (--max-time)")
        #expect(Explorer.LimitReached(.time, limits: limits, states: 9).description
                == "the search ran for more than 2.0 seconds (--max-time) after 9 states; lower a stack's depth or raise the limit")
    }
}
