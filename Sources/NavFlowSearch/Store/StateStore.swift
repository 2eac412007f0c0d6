/// A set of packed states: the states stored back to back in chunks of
/// words (`StateWords`), indexed by an open-addressing hash table of 32-bit
/// entries, each a state number and 5 bits of its hash. A state is its
/// number; looking one up costs one hash of its words and, usually, one
/// comparison: the hash bits skip the entries of other states without
/// reading their words. The table is kept between half and three quarters
/// full (it grows by half when it passes three quarters), so it costs 5.3
/// to 8 bytes per state. `CompressedStateStore` keeps the rests of a tab
/// app's states in one of these and its local views in several (one per
/// selected tab and length, `LocalViewStore`), and the states of other
/// apps in one; the memos of `PackedSuccessors` keep their keys in others.
public struct StateStore: Sendable {
    /// Words per state.
    public let width: Int
    public private(set) var count = 0
    private var words: StateWords
    private var table: [UInt32]
    private var size: Int

    /// The most states a store holds (27 bits of a table entry).
    public static let maximumCount = (1 << 27) - 1
    private static let empty: UInt32 = .max
    private static let numberBits: UInt32 = (1 << 27) - 1

    public init(width: Int, capacity: Int = 1 << 12) {
        self.width = width
        size = max(16, capacity * 2)
        table = [UInt32](repeating: Self.empty, count: size)
        words = StateWords(width: width, capacity: capacity)
    }

    /// The hash bits kept in a table entry.
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash & 31) << 27 }

    /// The home slot of a hash: its high bits scaled to the table size.
    @inline(__always)
    private static func slot(_ hash: UInt64, _ size: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(size)).high)
    }

    /// Whether the table must grow to hold `count` states.
    @inline(__always)
    private static func isOverfull(_ count: Int, _ size: Int) -> Bool { count * 4 > size * 3 }

    /// Bytes in use by the store.
    public var bytes: Int { words.bytes + table.count * 4 }

    /// The most bytes inserting `count` more states allocates beside what
    /// the store holds: the last table it grows to (tables grow one after
    /// the other, each freeing the one before), and the chunks of words.
    public func growthBytes(inserting count: Int) -> Int {
        var size = self.size
        var table = 0
        while Self.isOverfull(self.count + count, size) {
            size += size / 2
            table = size * 4
        }
        return table + words.growthBytes(holding: self.count + count)
    }

    /// Whether state `index` has the words of `state`.
    @inline(__always)
    public func holds(_ index: Int, _ state: UnsafeBufferPointer<UInt64>) -> Bool {
        Self.equals(words.pointer(to: index), state, width)
    }

    /// Copies the words of state `index` into `output` (at least `width` words).
    @inline(__always)
    public func copy(_ index: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        let stored = words.pointer(to: index)
        for offset in 0..<width { output[offset] = stored[offset] }
    }

    /// Calls `body` with the words of state `index`.
    public func withState<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: words.pointer(to: index), count: width))
    }

    /// Inserts a packed state; returns its number and whether it is new.
    public mutating func insert(_ state: [UInt64]) -> (index: Int, inserted: Bool) {
        state.withUnsafeBufferPointer { insert($0) }
    }

    /// Inserts a packed state of `width` words; returns its number and whether it is new.
    public mutating func insert(_ state: UnsafeBufferPointer<UInt64>) -> (index: Int, inserted: Bool) {
        let hash = Self.hash(state, width)
        let (slot, found) = probe(state, hash: hash)
        if let found { return (found, false) }
        precondition(count < Self.maximumCount, "a state store holds at most \(Self.maximumCount) states")
        let index = count
        words.reserve(index + 1)
        let stored = words.pointer(to: index)
        for offset in 0..<width { stored[offset] = state[offset] }
        table[slot] = UInt32(truncatingIfNeeded: index) | Self.tag(hash)
        count += 1
        if Self.isOverfull(count, size) { grow() }
        return (index, true)
    }

    /// Inserts the targets of a batch of transitions, in order, and writes
    /// each one's number into `numbers` (-1 for a transition without a
    /// target); `isNew` tells whether it was inserted. The lookups are
    /// started together, so that their memory accesses overlap.
    public mutating func insert(_ batch: SuccessorBatch, numbers: inout [Int32], isNew: inout [Bool]) {
        precondition(batch.width == width)
        batch.words.withUnsafeBufferPointer { targets in
            batch.hasTarget.withUnsafeBufferPointer { hasTarget in
                insert(targets, hasTarget: hasTarget, count: batch.count, numbers: &numbers, isNew: &isNew)
            }
        }
    }

    /// Inserts `count` packed states stored back to back in `targets`,
    /// skipping those without `hasTarget`; see `insert(_:numbers:isNew:)`.
    /// The store must have room for all `count` (`maximumCount`), found or not.
    public mutating func insert(_ targets: UnsafeBufferPointer<UInt64>, hasTarget: UnsafeBufferPointer<Bool>, count: Int,
                                numbers: inout [Int32], isNew: inout [Bool]) {
        if numbers.count < count {
            numbers = [Int32](repeating: -1, count: count * 2)
            isNew = [Bool](repeating: false, count: count * 2)
        }
        precondition(self.count + count <= Self.maximumCount, "a state store holds at most \(Self.maximumCount) states")
        // Room for every target first, so that nothing moves during the batch.
        while Self.isOverfull(self.count + count, size) { grow() }
        words.reserve(self.count + count)
        let width = self.width
        let size = self.size
        let words = self.words.chunks
        var stored = self.count
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, count)) { tags in
            numbers.withUnsafeMutableBufferPointer { numbers in
                isNew.withUnsafeMutableBufferPointer { isNew in
                    table.withUnsafeMutableBufferPointer { table in
                        // Every target's home slot first, so that the loads
                        // of the probes below do not wait on one another.
                        for position in 0..<count {
                            isNew[position] = false
                            guard hasTarget[position] else {
                                numbers[position] = -1
                                continue
                            }
                            let state = UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)])
                            let hash = Self.hash(state, width)
                            tags[position] = Self.tag(hash)
                            numbers[position] = Int32(truncatingIfNeeded: Self.slot(hash, size))
                        }
                        for position in 0..<count where hasTarget[position] {
                            let state = UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)])
                            let tag = tags[position]
                            var slot = Int(numbers[position])
                            while true {
                                let entry = table[slot]
                                if entry == Self.empty {
                                    let target = words.pointer(to: stored)
                                    for offset in 0..<width { target[offset] = state[offset] }
                                    table[slot] = UInt32(truncatingIfNeeded: stored) | tag
                                    numbers[position] = Int32(truncatingIfNeeded: stored)
                                    isNew[position] = true
                                    stored += 1
                                    break
                                }
                                let number = Int(entry & Self.numberBits)
                                if entry & ~Self.numberBits == tag && Self.equals(words.pointer(to: number), state, width) {
                                    numbers[position] = Int32(truncatingIfNeeded: number)
                                    break
                                }
                                slot += 1
                                if slot == size { slot = 0 }
                            }
                        }
                    }
                }
            }
        }
        self.count = stored
    }

    /// The number of a packed state, if stored.
    public func find(_ state: [UInt64]) -> Int? {
        state.withUnsafeBufferPointer { find($0) }
    }

    /// The number of a packed state of `width` words, if stored.
    public func find(_ state: UnsafeBufferPointer<UInt64>) -> Int? {
        probe(state, hash: Self.hash(state, width)).found
    }

    /// The number of a state if stored, else the free slot where it goes.
    @inline(__always)
    private func probe(_ state: UnsafeBufferPointer<UInt64>, hash: UInt64) -> (slot: Int, found: Int?) {
        var slot = Self.slot(hash, size)
        let tag = Self.tag(hash)
        let size = self.size
        let width = self.width
        let words = self.words.chunks
        return table.withUnsafeBufferPointer { table in
            while true {
                let entry = table[slot]
                if entry == Self.empty { return (slot, nil) }
                let number = Int(entry & Self.numberBits)
                if entry & ~Self.numberBits == tag && Self.equals(words.pointer(to: number), state, width) {
                    return (slot, number)
                }
                slot += 1
                if slot == size { slot = 0 }
            }
        }
    }

    @inline(__always)
    private static func equals(_ stored: UnsafeMutablePointer<UInt64>, _ state: UnsafeBufferPointer<UInt64>, _ width: Int) -> Bool {
        for offset in 0..<width where stored[offset] != state[offset] { return false }
        return true
    }

    private mutating func grow() {
        let size = self.size + self.size / 2
        var table = [UInt32](repeating: Self.empty, count: size)
        let width = self.width
        let words = self.words.chunks
        table.withUnsafeMutableBufferPointer { table in
            for index in 0..<count {
                let hash = Self.hash(UnsafeBufferPointer(start: words.pointer(to: index), count: width), width)
                var slot = Self.slot(hash, size)
                while table[slot] != Self.empty {
                    slot += 1
                    if slot == size { slot = 0 }
                }
                table[slot] = UInt32(truncatingIfNeeded: index) | Self.tag(hash)
            }
        }
        self.table = table
        self.size = size
    }

    @inline(__always)
    static func hash(_ state: UnsafeBufferPointer<UInt64>, _ width: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<width {
            hash ^= state[index]
            hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 32
        }
        return hash
    }
}
