/// The visited set of the explorer: packed states stored back to back in
/// one array of words, indexed by an open-addressing hash table of 32-bit
/// state numbers. A state is its number; looking one up costs one hash of
/// its words and, usually, one comparison.
public struct StateStore: Sendable {
    /// Words per state.
    public let width: Int
    /// The states, `width` words each.
    public private(set) var words: [UInt64] = []
    public private(set) var count = 0
    private var table: [Int32]
    private var mask: Int

    public init(width: Int, capacity: Int = 1 << 12) {
        self.width = width
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        table = [Int32](repeating: -1, count: size)
        mask = size - 1
        words.reserveCapacity(capacity * width)
    }

    /// Bytes the store holds per state: the words, and the hash table share.
    public var bytesPerState: Double {
        count == 0 ? 0 : Double(words.capacity * 8 + table.count * 4) / Double(count)
    }

    /// Bytes in use by the store.
    public var bytes: Int { words.capacity * 8 + table.count * 4 }

    /// The words of state `index`.
    public func state(_ index: Int) -> ArraySlice<UInt64> {
        words[(index * width)..<((index + 1) * width)]
    }

    /// Inserts a packed state; returns its number and whether it is new.
    public mutating func insert(_ state: [UInt64]) -> (index: Int, inserted: Bool) {
        var slot = Self.hash(state) & mask
        while true {
            let entry = Int(table[slot])
            if entry < 0 { break }
            if equals(entry, state) { return (entry, false) }
            slot = (slot + 1) & mask
        }
        let index = count
        table[slot] = Int32(index)
        words.append(contentsOf: state)
        count += 1
        if count * 2 > table.count { grow() }
        return (index, true)
    }

    /// The number of a packed state, if stored.
    public func find(_ state: [UInt64]) -> Int? {
        var slot = Self.hash(state) & mask
        while true {
            let entry = Int(table[slot])
            if entry < 0 { return nil }
            if equals(entry, state) { return entry }
            slot = (slot + 1) & mask
        }
    }

    private func equals(_ index: Int, _ state: [UInt64]) -> Bool {
        let base = index * width
        for offset in 0..<width where words[base + offset] != state[offset] { return false }
        return true
    }

    private mutating func grow() {
        let size = table.count * 2
        table = [Int32](repeating: -1, count: size)
        mask = size - 1
        for index in 0..<count {
            var slot = Self.hash(words[(index * width)..<((index + 1) * width)]) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index)
        }
    }

    static func hash<Words: Collection>(_ state: Words) -> Int where Words.Element == UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for word in state {
            hash ^= word
            hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 32
        }
        return Int(truncatingIfNeeded: hash & 0x7FFF_FFFF_FFFF_FFFF)
    }
}
