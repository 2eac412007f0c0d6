import NavFlowSpec

/// Packs a `NavState` into a fixed number of 64-bit words and back. Every
/// field gets just the bits its range needs (a route id takes
/// ⌈log2(routes + 1)⌉ bits), so equal states pack to equal words and the
/// explorer can hash and compare them as plain integers.
public struct StateCodec: Sendable {
    /// The number of words a packed state takes.
    public let words: Int
    public let bits: Int

    private let flagCount: Int
    private let inputCount: Int
    private let tabBits: Int
    private let routeBits: Int
    private let slotDepths: [Int]
    private let slotHasShows: [Bool]
    private let modalDepth: Int
    private let presentableBits: Int
    /// The bits of a modal's presenter column: none without a split view.
    private let columnBits: Int
    /// The bits of the selected tab.
    public let tabField: Range<Int>
    /// Per slot: the bits of its column selection and path.
    public let slotFields: [Range<Int>]
    /// The bits of the modals.
    public let modalField: Range<Int>

    /// Where a path lies in a packed state: its length, then its routes,
    /// bottom first, `routeBits` each.
    public struct PathField: Sendable {
        public let length: Range<Int>
        public let firstRoute: Int
        public let routeBits: Int
    }

    /// How many routes the path of a slot holds at most (0 without a stack).
    public func depth(ofSlot slot: Int) -> Int { slotDepths[slot] }

    /// The path of a slot (a slot without a stack has a path of length 0).
    public func path(ofSlot slot: Int) -> PathField {
        let start = slotFields[slot].lowerBound + (slotHasShows[slot] ? routeBits : 0)
        let lengthBits = Self.bitsFor(slotDepths[slot])
        return PathField(length: start..<(start + lengthBits), firstRoute: start + lengthBits, routeBits: routeBits)
    }

    /// The bits holding the number of modals.
    public var modalCount: Range<Int> { modalField.lowerBound..<(modalField.lowerBound + 3) }

    /// Every bit of modal `index` (0 is the bottom one): its kind, what it
    /// presents, its presenter column and its path.
    public func modalEntry(_ index: Int) -> Range<Int> {
        let entry = 2 + presentableBits + columnBits + Self.bitsFor(modalDepth) + modalDepth * routeBits
        let start = modalCount.upperBound + index * entry
        return start..<(start + entry)
    }

    /// What modal `index` presents (an index into `StateShape.presentables`).
    public func modalPresentable(_ index: Int) -> Range<Int> {
        let start = modalEntry(index).lowerBound + 2
        return start..<(start + presentableBits)
    }

    /// The path of modal `index` (0 is the bottom one).
    public func path(ofModal index: Int) -> PathField {
        let entry = 2 + presentableBits + columnBits + Self.bitsFor(modalDepth) + modalDepth * routeBits
        let start = modalCount.upperBound + index * entry + 2 + presentableBits + columnBits
        let lengthBits = Self.bitsFor(modalDepth)
        return PathField(length: start..<(start + lengthBits), firstRoute: start + lengthBits, routeBits: routeBits)
    }

    /// The value of a field of a packed state.
    @inline(__always)
    public func read(_ field: Range<Int>, in packed: UnsafeBufferPointer<UInt64>) -> Int {
        var reader = BitReader(storage: packed)
        reader.skip(field.lowerBound)
        return Int(reader.read(field.count))
    }

    public init(spec: FlowSpec, shape: StateShape, routes: RouteTable) {
        flagCount = spec.flags.count
        inputCount = spec.inputs.count
        tabBits = Self.bitsFor(max(0, shape.tabCount - 1))
        routeBits = Self.bitsFor(routes.count)
        slotDepths = shape.slots.map { slot in
            if case .stack(let stack) = slot.declared { return spec.stacks[stack].depth }
            return 0
        }
        slotHasShows = shape.slots.map { $0.split != nil && $0.column > 0 }
        modalDepth = spec.stacks.map(\.depth).max() ?? 0
        presentableBits = Self.bitsFor(max(0, shape.presentables.count - 1))
        let columns = (shape.tabSlots + [shape.rootSlots]).map(\.count).max() ?? 1
        columnBits = Self.bitsFor(max(0, columns - 1))
        var total = flagCount + inputCount + tabBits
        tabField = (flagCount + inputCount)..<total
        var slotFields: [Range<Int>] = []
        for (depth, hasShows) in zip(slotDepths, slotHasShows) {
            let start = total
            total += (hasShows ? routeBits : 0) + Self.bitsFor(depth) + depth * routeBits
            slotFields.append(start..<total)
        }
        self.slotFields = slotFields
        let modalStart = total
        total += 3 + StateShape.modalLimit
            * (2 + presentableBits + columnBits + Self.bitsFor(modalDepth) + modalDepth * routeBits)
        bits = total
        modalField = modalStart..<total
        words = max(1, (total + 63) / 64)
    }

    /// A mask of `words` words with the given bits set.
    public func mask(_ fields: [Range<Int>]) -> [UInt64] {
        var mask = [UInt64](repeating: 0, count: words)
        for field in fields {
            for bit in field { mask[bit >> 6] |= 1 << UInt64(bit & 63) }
        }
        return mask
    }

    /// The bits of the flags: flag i is bit i.
    public var flagField: Range<Int> { 0..<flagCount }
    /// The bits of the inputs: input i is bit `inputField.lowerBound + i`.
    public var inputField: Range<Int> { flagCount..<(flagCount + inputCount) }

    /// Whether a slot has a column selection (`select`): its route, in the
    /// `routeBits` bits before its path.
    public func hasShows(slot: Int) -> Bool { slotHasShows[slot] }

    /// Clears a field of a packed state and writes `value` (which must fit) into it.
    @inline(__always)
    public func write(_ value: Int, to field: Range<Int>, in packed: UnsafeMutableBufferPointer<UInt64>) {
        guard !field.isEmpty else { return }
        var bit = field.lowerBound
        while bit < field.upperBound {
            let word = bit >> 6
            let offset = bit & 63
            let width = min(64 - offset, field.upperBound - bit)
            let ones: UInt64 = width == 64 ? .max : (1 << UInt64(width)) - 1
            let part = UInt64(truncatingIfNeeded: value) >> UInt64(bit - field.lowerBound) & ones
            packed[word] = packed[word] & ~(ones << UInt64(offset)) | part << UInt64(offset)
            bit += width
        }
    }

    /// The selected tab of a packed state.
    @inline(__always)
    public func selectedTab(_ packed: UnsafeBufferPointer<UInt64>) -> Int {
        guard !tabField.isEmpty else { return 0 }
        var reader = BitReader(storage: packed)
        reader.skip(tabField.lowerBound)
        return Int(reader.read(tabField.count))
    }

    /// The bits needed to hold every value in 0...maximum.
    static func bitsFor(_ maximum: Int) -> Int {
        maximum <= 0 ? 0 : Int.bitWidth - maximum.leadingZeroBitCount
    }

    /// Packs a state into `output`, which is resized to `words` words.
    public func encode(_ state: NavState, into output: inout [UInt64]) {
        if output.count != words {
            output = [UInt64](repeating: 0, count: words)
        }
        output.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = 0 }
            var writer = BitWriter(storage: buffer)
            writer.write(state.flags, flagCount)
            writer.write(state.inputs, inputCount)
            writer.write(UInt64(state.selectedTab), tabBits)
            for slot in slotDepths.indices {
                if slotHasShows[slot] { writer.write(UInt64(state.shows[slot]), routeBits) }
                let depth = slotDepths[slot]
                let path = state.paths[slot]
                writer.write(UInt64(path.count), Self.bitsFor(depth))
                for route in path { writer.write(UInt64(route), routeBits) }
                writer.skip((depth - path.count) * routeBits)
            }
            writer.write(UInt64(state.modals.count), 3)
            for modal in state.modals {
                writer.write(UInt64(Self.kindCode(modal.kind)), 2)
                writer.write(UInt64(modal.presentable), presentableBits)
                writer.write(UInt64(modal.presenterColumn), columnBits)
                writer.write(UInt64(modal.path.count), Self.bitsFor(modalDepth))
                for route in modal.path { writer.write(UInt64(route), routeBits) }
                writer.skip((modalDepth - modal.path.count) * routeBits)
            }
        }
    }

    /// Whether a state fits the encoding: every path within its stack's
    /// depth and at most `StateShape.modalLimit` modals. Every state the
    /// model produces fits; a state built from outside (a replayed trace
    /// that left the model) may not.
    public func canEncode(_ state: NavState) -> Bool {
        guard state.paths.count == slotDepths.count, state.shows.count == slotDepths.count,
              state.modals.count <= StateShape.modalLimit else { return false }
        for (path, depth) in zip(state.paths, slotDepths) where path.count > depth { return false }
        return state.modals.allSatisfy { $0.path.count <= modalDepth && $0.presenterColumn < 1 << columnBits }
    }

    public func encode(_ state: NavState) -> [UInt64] {
        var output: [UInt64] = []
        encode(state, into: &output)
        return output
    }

    /// Unpacks the state stored at word `offset` of `storage`.
    public func decode(_ storage: [UInt64], at offset: Int = 0) -> NavState {
        storage.withUnsafeBufferPointer { buffer in
            decode(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + words)]))
        }
    }

    /// Unpacks a state from exactly `words` words.
    public func decode(_ packed: UnsafeBufferPointer<UInt64>) -> NavState {
        var reader = BitReader(storage: packed)
        let flags = reader.read(flagCount)
        let inputs = reader.read(inputCount)
        let tab = Int(reader.read(tabBits))
        var paths: [[Int]] = []
        paths.reserveCapacity(slotDepths.count)
        var shows: [Int] = []
        shows.reserveCapacity(slotDepths.count)
        let routeBits = self.routeBits
        for slot in slotDepths.indices {
            shows.append(slotHasShows[slot] ? Int(reader.read(routeBits)) : 0)
            let depth = slotDepths[slot]
            let count = Int(reader.read(Self.bitsFor(depth)))
            var path: [Int] = []
            if count > 0 {
                path.reserveCapacity(count)
                for _ in 0..<count { path.append(Int(reader.read(routeBits))) }
            }
            reader.skip((depth - count) * routeBits)
            paths.append(path)
        }
        let modalCount = Int(reader.read(3))
        var modals: [Modal] = []
        for _ in 0..<modalCount {
            let kind = Self.kind(Int(reader.read(2)))
            let presentable = Int(reader.read(presentableBits))
            let column = Int(reader.read(columnBits))
            let count = Int(reader.read(Self.bitsFor(modalDepth)))
            var path: [Int] = []
            for _ in 0..<count { path.append(Int(reader.read(routeBits))) }
            reader.skip((modalDepth - count) * routeBits)
            modals.append(Modal(kind: kind, presentable: presentable, path: path, presenterColumn: column))
        }
        return NavState(flags: flags, inputs: inputs, selectedTab: tab, paths: paths, shows: shows, modals: modals)
    }

    private static func kindCode(_ kind: ModalKind) -> Int {
        switch kind {
        case .sheet: 0
        case .cover: 1
        case .popover: 2
        }
    }

    private static func kind(_ code: Int) -> ModalKind {
        switch code {
        case 1: .cover
        case 2: .popover
        default: .sheet
        }
    }
}

struct BitWriter {
    let storage: UnsafeMutableBufferPointer<UInt64>
    private var position = 0

    init(storage: UnsafeMutableBufferPointer<UInt64>) {
        self.storage = storage
    }

    @inline(__always)
    mutating func skip(_ width: Int) {
        position += width
    }

    @inline(__always)
    mutating func write(_ value: UInt64, _ width: Int) {
        guard width > 0 else { return }
        let masked = width == 64 ? value : value & ((1 << UInt64(width)) - 1)
        let word = position >> 6
        let offset = position & 63
        storage[word] |= masked << UInt64(offset)
        if offset + width > 64 {
            storage[word + 1] |= masked >> UInt64(64 - offset)
        }
        position += width
    }
}

struct BitReader {
    let storage: UnsafeBufferPointer<UInt64>
    private var position = 0

    init(storage: UnsafeBufferPointer<UInt64>) {
        self.storage = storage
    }

    @inline(__always)
    mutating func skip(_ width: Int) {
        position += width
    }

    @inline(__always)
    mutating func read(_ width: Int) -> UInt64 {
        guard width > 0 else { return 0 }
        let word = position >> 6
        let offset = position & 63
        var value = storage[word] >> UInt64(offset)
        if offset + width > 64 {
            value |= storage[word + 1] << UInt64(64 - offset)
        }
        position += width
        return width == 64 ? value : value & ((1 << UInt64(width)) - 1)
    }
}
