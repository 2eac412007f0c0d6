/// Word-level updates `next = state & ~mask | value` of packed states,
/// kept small: each distinct mask is stored once, as the indices and bits
/// of its nonzero words, and an update keeps its value only for those
/// words. The memos give an update the bits a step changes within a part
/// of the state that is the same in every state it is applied to (a
/// footprint, a local view), so a mask is a word or two where the state is
/// a dozen: a push writes the path's length and its top, a tab switch the
/// selected tab.
struct SparseUpdates {
    /// One stored update: its mask's number and where its value's words start.
    struct Update {
        var mask: Int32
        var value: Int32
    }

    let width: Int
    private var numbers: StateStore
    /// Mask `m` is `maskWords[maskStart[m]..<maskStart[m + 1]]` at the word
    /// indices `maskWordIndex` gives there; its other words are zero.
    private var maskStart: [Int32] = [0]
    private var maskWordIndex: [Int32] = []
    private var maskWords: [UInt64] = []
    /// Per update, one word for each nonzero word of its mask.
    private var values: [UInt64] = []

    init(width: Int) {
        self.width = width
        numbers = StateStore(width: width, capacity: 64)
    }

    var bytes: Int {
        numbers.bytes + (maskStart.capacity + maskWordIndex.capacity) * 4 + (maskWords.capacity + values.capacity) * 8
    }

    /// Stores the update that writes `target`'s bits under `mask`.
    mutating func append(mask: UnsafeBufferPointer<UInt64>, target: UnsafeBufferPointer<UInt64>) -> Update {
        let (number, inserted) = numbers.insert(mask)
        if inserted {
            for word in 0..<width where mask[word] != 0 {
                maskWordIndex.append(Int32(word))
                maskWords.append(mask[word])
            }
            maskStart.append(Int32(maskWords.count))
        }
        let value = Int32(values.count)
        for word in 0..<width where mask[word] != 0 {
            values.append(target[word] & mask[word])
        }
        return Update(mask: Int32(number), value: value)
    }

    /// How many value words the updates hold: where the next one's start.
    var valueCount: Int { values.count }

    /// Forgets the updates whose values start at `count` or later (their
    /// masks stay numbered: distinct masks are few).
    mutating func removeValues(from count: Int) {
        values.removeSubrange(count...)
    }

    /// The updates as they are now, for the hot loops (read through one
    /// value taken once per state, as `FootprintTransitions.table` is).
    var table: Table {
        Table(width: width, maskStart: maskStart, maskWordIndex: maskWordIndex, maskWords: maskWords, values: values)
    }

    struct Table {
        let width: Int
        let maskStart: [Int32]
        let maskWordIndex: [Int32]
        let maskWords: [UInt64]
        let values: [UInt64]

        /// Writes `update` applied to `state` into `output`.
        @inline(__always)
        func apply(_ update: Update, to state: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt64>) {
            for word in 0..<width { output[word] = state[word] }
            let number = Int(update.mask)
            let first = Int(maskStart[number])
            let value = Int(update.value) - first
            maskWordIndex.withUnsafeBufferPointer { indices in
                maskWords.withUnsafeBufferPointer { masks in
                    values.withUnsafeBufferPointer { values in
                        for position in first..<Int(maskStart[number + 1]) {
                            let word = Int(indices[position])
                            output[word] = state[word] & ~masks[position] | values[value + position]
                        }
                    }
                }
            }
        }
    }
}
