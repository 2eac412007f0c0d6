/// A set of packed states: the states stored back to back in one array of
/// words, indexed by an open-addressing hash table of 32-bit entries, each
/// a state number and 5 bits of its hash. A state is its number; looking
/// one up costs one hash of its words and, usually, one comparison: the
/// hash bits skip the entries of other states without reading their words.
/// The table is kept between half and three quarters full (it grows by
/// half), so it costs 5.3 to 8 bytes per state.
/// `CompressedStateStore` keeps the explorer's states in three of these;
/// `PackedSuccessors` keeps its local views in one.
public struct StateStore: Sendable {
    /// Words per state.
    public let width: Int
    /// The states, `width` words each.
    public private(set) var words: [UInt64] = []
    public private(set) var count = 0
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
        words.reserveCapacity(capacity * width)
    }

    /// The hash bits kept in a table entry.
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash & 31) << 27 }

    /// The home slot of a hash: its high bits scaled to the table size.
    @inline(__always)
    private static func slot(_ hash: UInt64, _ size: Int) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(size)).high)
    }

    /// Bytes in use by the store.
    public var bytes: Int { words.capacity * 8 + table.count * 4 }

    /// Whether state `index` has the words of `state`.
    @inline(__always)
    public func holds(_ index: Int, _ state: UnsafeBufferPointer<UInt64>) -> Bool {
        words.withUnsafeBufferPointer { Self.equals($0, index * width, state, width) }
    }

    /// Copies the words of state `index` into `output` (at least `width` words).
    @inline(__always)
    public func copy(_ index: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        words.withUnsafeBufferPointer { buffer in
            let base = index * width
            for offset in 0..<width { output[offset] = buffer[base + offset] }
        }
    }

    /// Inserts a packed state; returns its number and whether it is new.
    public mutating func insert(_ state: [UInt64]) -> (index: Int, inserted: Bool) {
        state.withUnsafeBufferPointer { insert($0) }
    }

    /// Inserts a packed state of `width` words; returns its number and whether it is new.
    public mutating func insert(_ state: UnsafeBufferPointer<UInt64>) -> (index: Int, inserted: Bool) {
        let (slot, found) = probe(state)
        if let found { return (found, false) }
        precondition(count < Self.maximumCount, "a state store holds at most \(Self.maximumCount) states")
        let index = count
        table[slot] = UInt32(truncatingIfNeeded: index) | Self.tag(Self.hash(state, width))
        words.append(contentsOf: state[0..<width])
        count += 1
        if count * 4 > size * 3 { grow() }
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
    public mutating func insert(_ targets: UnsafeBufferPointer<UInt64>, hasTarget: UnsafeBufferPointer<Bool>, count: Int,
                                numbers: inout [Int32], isNew: inout [Bool]) {
        if numbers.count < count {
            numbers = [Int32](repeating: -1, count: count * 2)
            isNew = [Bool](repeating: false, count: count * 2)
        }
        let width = self.width
        let size = self.size
        // The first probes of every target, in two passes so that the loads
        // of a pass do not wait on one another: most targets are found there.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, count)) { tags in
            numbers.withUnsafeMutableBufferPointer { numbers in
                table.withUnsafeBufferPointer { table in
                    for position in 0..<count {
                        let state = UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)])
                        let hash = Self.hash(state, width)
                        tags[position] = Self.tag(hash)
                        numbers[position] = hasTarget[position] ? Int32(truncatingIfNeeded: Self.slot(hash, size)) : -1
                    }
                    words.withUnsafeBufferPointer { words in
                        for position in 0..<count where numbers[position] >= 0 {
                            let state = UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)])
                            var slot = Int(numbers[position])
                            numbers[position] = -1
                            for _ in 0..<4 {
                                let entry = table[slot]
                                if entry == Self.empty { break }
                                let number = Int(entry & Self.numberBits)
                                if entry & ~Self.numberBits == tags[position] && Self.equals(words, number * width, state, width) {
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
        for position in 0..<count {
            isNew[position] = false
            guard hasTarget[position], numbers[position] < 0 else { continue }
            let (index, inserted) = insert(UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)]))
            numbers[position] = Int32(truncatingIfNeeded: index)
            isNew[position] = inserted
        }
    }

    /// The number of a packed state, if stored.
    public func find(_ state: [UInt64]) -> Int? {
        state.withUnsafeBufferPointer { find($0) }
    }

    /// The number of a packed state of `width` words, if stored.
    public func find(_ state: UnsafeBufferPointer<UInt64>) -> Int? {
        probe(state).found
    }

    /// The number of a state if stored, else the free slot where it goes.
    @inline(__always)
    private func probe(_ state: UnsafeBufferPointer<UInt64>) -> (slot: Int, found: Int?) {
        let hash = Self.hash(state, width)
        var slot = Self.slot(hash, size)
        let tag = Self.tag(hash)
        let size = self.size
        let width = self.width
        return table.withUnsafeBufferPointer { table in
            words.withUnsafeBufferPointer { words in
                while true {
                    let entry = table[slot]
                    if entry == Self.empty { return (slot, nil) }
                    let number = Int(entry & Self.numberBits)
                    if entry & ~Self.numberBits == tag && Self.equals(words, number * width, state, width) {
                        return (slot, number)
                    }
                    slot += 1
                    if slot == size { slot = 0 }
                }
            }
        }
    }

    @inline(__always)
    private static func equals(_ words: UnsafeBufferPointer<UInt64>, _ base: Int,
                               _ state: UnsafeBufferPointer<UInt64>, _ width: Int) -> Bool {
        for offset in 0..<width where words[base + offset] != state[offset] { return false }
        return true
    }

    private mutating func grow() {
        let size = self.size + self.size / 2
        var table = [UInt32](repeating: Self.empty, count: size)
        let width = self.width
        table.withUnsafeMutableBufferPointer { table in
            words.withUnsafeBufferPointer { words in
                for index in 0..<count {
                    let state = UnsafeBufferPointer(rebasing: words[(index * width)..<((index + 1) * width)])
                    let hash = Self.hash(state, width)
                    var slot = Self.slot(hash, size)
                    while table[slot] != Self.empty {
                        slot += 1
                        if slot == size { slot = 0 }
                    }
                    table[slot] = UInt32(truncatingIfNeeded: index) | Self.tag(hash)
                }
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
