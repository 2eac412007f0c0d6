/// A set of states given as pairs of numbers, `view << 32 | rest`
/// (`CompressedStateStore`), numbered in the order they are inserted.
///
/// Each rest has a hash table of its own, of 32-bit entries (a state
/// number and 5 bits of the hash of its view), kept between half and three
/// quarters full. Most steps keep the rest of the state they leave, so the
/// lookups of one state's targets fall in one small table, which stays in
/// the cache, where a table of every state would spread them over memory.
/// A state costs its 8-byte pair and 5.3 to 8 bytes of its rest's table;
/// a rest costs a 24-byte header and a table of at least 8 entries.
///
/// A value type: a copy shares the tables until one side writes, which
/// then copies them.
struct PairTable: @unchecked Sendable {
    private(set) var count = 0
    /// Per state: its pair.
    private var pairs: StateWords
    /// Per rest number: its table.
    private var tables: UnsafeMutablePointer<RestTable>
    private var tableCapacity: Int
    private var restCount = 0
    /// Entries allocated over every table.
    private var entryCount = 0
    /// Entries of the largest table.
    private var largestTableSize = 0
    /// Frees the memory when the last copy goes; its identity tells whether a copy shares it.
    private var owner: Owner

    private static let empty: UInt32 = .max
    private static let numberBits: UInt32 = (1 << 27) - 1

    /// The table of one rest; `slots` is nil until the rest has a state.
    struct RestTable {
        var slots: UnsafeMutablePointer<UInt32>?
        var size = 0
        var count = 0
    }

    init(capacity: Int) {
        pairs = StateWords(width: 1, capacity: capacity)
        tableCapacity = 16
        tables = .allocate(capacity: tableCapacity)
        owner = Owner(tables: tables)
    }

    /// Bytes in use: the pairs, the tables' entries and their headers.
    var bytes: Int { pairs.bytes + entryCount * 4 + tableCapacity * MemoryLayout<RestTable>.stride }

    /// The most bytes inserting `count` more pairs allocates beside what
    /// the table holds: a rest's table grown (at most the largest grown, or
    /// `count` new ones), the headers of new rests, and the pairs' words.
    func growthBytes(inserting count: Int) -> Int {
        let grown = max(8, largestTableSize + largestTableSize / 2) * 4
        return max(grown, count * 8 * 4) + 2 * tableCapacity * MemoryLayout<RestTable>.stride
            + pairs.growthBytes(holding: self.count + count)
    }

    /// The pair of state `index`.
    @inline(__always)
    func pair(of index: Int) -> UInt64 { pairs.chunks.pointer(to: index).pointee }

    /// The number of a pair, if stored.
    func find(_ pair: UInt64) -> Int? {
        let rest = Int(pair & 0xFFFF_FFFF)
        guard rest < restCount, let slots = tables[rest].slots else { return nil }
        let size = tables[rest].size
        let hash = Self.hash(pair >> 32)
        let tag = Self.tag(hash)
        let chunks = pairs.chunks
        var slot = Self.slot(hash, size)
        while true {
            let entry = slots[slot]
            if entry == Self.empty { return nil }
            let number = Int(entry & Self.numberBits)
            if entry & ~Self.numberBits == tag && chunks.pointer(to: number).pointee == pair { return number }
            slot += 1
            if slot == size { slot = 0 }
        }
    }

    /// Inserts a pair; returns its number and whether it is new.
    mutating func insert(_ pair: UInt64) -> (index: Int, inserted: Bool) {
        var number: Int32 = -1
        var isNew = false
        withUnsafePointer(to: pair) { pair in
            withUnsafePointer(to: true) { hasTarget in
                insert(UnsafeBufferPointer(start: pair, count: 1), hasTarget: UnsafeBufferPointer(start: hasTarget, count: 1),
                       count: 1, numbers: &number, isNew: &isNew)
            }
        }
        return (Int(number), isNew)
    }

    /// Inserts `count` pairs, skipping those without `hasTarget`, in order;
    /// writes each one's number into `numbers` (-1 without a target) and
    /// whether it was inserted into `isNew`. The table must have room for
    /// all `count` (`StateStore.maximumCount`), found or not.
    mutating func insert(_ batch: UnsafeBufferPointer<UInt64>, hasTarget: UnsafeBufferPointer<Bool>, count: Int,
                         numbers: UnsafeMutablePointer<Int32>, isNew: UnsafeMutablePointer<Bool>) {
        precondition(self.count + count <= StateStore.maximumCount, "a state store holds at most \(StateStore.maximumCount) states")
        makeUnique()
        pairs.reserve(self.count + count)
        let chunks = pairs.chunks
        for position in 0..<count {
            isNew[position] = false
            guard hasTarget[position] else {
                numbers[position] = -1
                continue
            }
            let pair = batch[position]
            let rest = Int(pair & 0xFFFF_FFFF)
            if rest >= restCount { addTables(through: rest) }
            if (tables[rest].count + 1) * 4 > tables[rest].size * 3 { grow(rest) }
            let slots = tables[rest].slots!
            let size = tables[rest].size
            let hash = Self.hash(pair >> 32)
            let tag = Self.tag(hash)
            var slot = Self.slot(hash, size)
            while true {
                let entry = slots[slot]
                if entry == Self.empty {
                    let number = self.count
                    chunks.pointer(to: number).pointee = pair
                    slots[slot] = UInt32(truncatingIfNeeded: number) | tag
                    tables[rest].count += 1
                    self.count += 1
                    numbers[position] = Int32(truncatingIfNeeded: number)
                    isNew[position] = true
                    break
                }
                let number = Int(entry & Self.numberBits)
                if entry & ~Self.numberBits == tag && chunks.pointer(to: number).pointee == pair {
                    numbers[position] = Int32(truncatingIfNeeded: number)
                    break
                }
                slot += 1
                if slot == size { slot = 0 }
            }
        }
    }

    /// Adds empty tables for the rests up to `rest`.
    private mutating func addTables(through rest: Int) {
        if rest >= tableCapacity {
            let capacity = max(rest + 1, tableCapacity * 2)
            let grown = UnsafeMutablePointer<RestTable>.allocate(capacity: capacity)
            grown.moveInitialize(from: tables, count: restCount)
            tables.deallocate()
            tables = grown
            tableCapacity = capacity
            owner.tables = tables
        }
        (tables + restCount).initialize(repeating: RestTable(), count: rest + 1 - restCount)
        restCount = rest + 1
        owner.restCount = restCount
    }

    /// Gives the table of `rest` room for half as many entries again (8 at first).
    private mutating func grow(_ rest: Int) {
        let old = tables[rest]
        let size = max(8, old.size + old.size / 2)
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        slots.initialize(repeating: Self.empty, count: size)
        let chunks = pairs.chunks
        if let oldSlots = old.slots {
            for index in 0..<old.size where oldSlots[index] != Self.empty {
                let number = Int(oldSlots[index] & Self.numberBits)
                let hash = Self.hash(chunks.pointer(to: number).pointee >> 32)
                var slot = Self.slot(hash, size)
                while slots[slot] != Self.empty {
                    slot += 1
                    if slot == size { slot = 0 }
                }
                slots[slot] = oldSlots[index]
            }
            oldSlots.deallocate()
        }
        tables[rest].slots = slots
        tables[rest].size = size
        entryCount += size - old.size
        largestTableSize = max(largestTableSize, size)
    }

    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&owner) else { return }
        let copy = UnsafeMutablePointer<RestTable>.allocate(capacity: tableCapacity)
        for rest in 0..<restCount {
            var table = tables[rest]
            if let slots = table.slots {
                let copied = UnsafeMutablePointer<UInt32>.allocate(capacity: table.size)
                copied.initialize(from: slots, count: table.size)
                table.slots = copied
            }
            (copy + rest).initialize(to: table)
        }
        tables = copy
        owner = Owner(tables: copy)
        owner.restCount = restCount
    }

    /// The hash of a view number.
    @inline(__always)
    private static func hash(_ view: UInt64) -> UInt64 {
        var hash = (view ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return hash &* 0x94D0_49BB_1331_11EB
    }

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash & 31) << 27 }

    @inline(__always)
    private static func slot(_ hash: UInt64, _ size: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(size)).high)
    }

    private final class Owner {
        var tables: UnsafeMutablePointer<RestTable>
        var restCount = 0

        init(tables: UnsafeMutablePointer<RestTable>) {
            self.tables = tables
        }

        deinit {
            for rest in 0..<restCount { tables[rest].slots?.deallocate() }
            tables.deinitialize(count: restCount)
            tables.deallocate()
        }
    }
}
