import NavFlowModel

/// The part of a packed state that the steps from it can read: the flags,
/// inputs, selected tab, modals and the slots of the selected tab, that is
/// everything but the slots of the other tabs. What is on screen, which
/// steps are enabled and what they do depend on this part alone, so
/// states that share it can share the work (docs/performance.md).
///
/// Only an app whose root is a tab view of two tabs or more has states
/// that differ outside their local views; `isShared` says so.
public struct LocalView: Sendable {
    public let width: Int
    public let tabCount: Int
    /// Whether two distinct states can have the same local view.
    public let isShared: Bool
    /// Per selected tab: the mask of its local view, `width` words each
    /// (one mask when nothing is shared).
    public let masks: [UInt64]
    /// Per tab: the bits of its slots, `width` words each (shared states only).
    public let slotMasks: [UInt64]
    private let codec: StateCodec

    public init(model: FlowModel) {
        codec = model.codec
        width = model.codec.words
        tabCount = model.shape.tabCount
        isShared = model.hasTabView && tabCount >= 2
        var masks: [UInt64] = []
        var slotMasks: [UInt64] = []
        if isShared {
            let tabSlots = model.shape.tabSlots
            for selected in 0..<tabCount {
                var hidden: [Range<Int>] = []
                for tab in 0..<tabCount where tab != selected {
                    hidden += tabSlots[tab].map { model.codec.slotFields[$0] }
                }
                masks += model.codec.mask(hidden).map { ~$0 }
                slotMasks += model.codec.mask(tabSlots[selected].map { model.codec.slotFields[$0] })
            }
        } else {
            masks = [UInt64](repeating: ~0, count: width)
        }
        self.masks = masks
        self.slotMasks = slotMasks
    }

    /// Whether `target` has the same slots of tab `tab` as `source` (shared states only).
    public func keepsSlots(of tab: Int, from source: UnsafeBufferPointer<UInt64>, in target: UnsafeBufferPointer<UInt64>) -> Bool {
        guard isShared else { return false }
        let base = tab * width
        return (0..<width).allSatisfy { word in (source[word] ^ target[word]) & slotMasks[base + word] == 0 }
    }

    /// The selected tab of a packed state.
    @inline(__always)
    public func selectedTab(_ state: UnsafeBufferPointer<UInt64>) -> Int {
        isShared ? codec.selectedTab(state) : 0
    }

    /// The index of the local-view mask of a selected tab.
    @inline(__always)
    public func maskIndex(selected: Int) -> Int {
        isShared ? selected : 0
    }

    /// The mask of the local view when `selected` is the selected tab.
    public func mask(selected: Int) -> [UInt64] {
        let base = maskIndex(selected: selected) * width
        return Array(masks[base..<(base + width)])
    }

    /// Writes the local view of `state` into `view` and returns the selected tab.
    @inline(__always)
    @discardableResult
    public func project(_ state: UnsafeBufferPointer<UInt64>, into view: UnsafeMutableBufferPointer<UInt64>) -> Int {
        let selected = selectedTab(state)
        let base = maskIndex(selected: selected) * width
        masks.withUnsafeBufferPointer { masks in
            for word in 0..<width { view[word] = state[word] & masks[base + word] }
        }
        return selected
    }

    /// The local view of an unpacked state, as words.
    public func projection(of state: NavState) -> [UInt64] {
        let packed = codec.encode(state)
        var view = [UInt64](repeating: 0, count: width)
        packed.withUnsafeBufferPointer { packed in view.withUnsafeMutableBufferPointer { _ = project(packed, into: $0) } }
        return view
    }

    /// Applies an update: the bits of mask `index` from `value`, the others from `state`.
    @inline(__always)
    public func apply(_ state: UnsafeBufferPointer<UInt64>, mask index: Int, value: UnsafeBufferPointer<UInt64>,
                      into output: UnsafeMutableBufferPointer<UInt64>) {
        let base = index * width
        masks.withUnsafeBufferPointer { masks in
            for word in 0..<width { output[word] = state[word] & ~masks[base + word] | value[word] }
        }
    }

    /// The bits of `state` under mask `index`, appended to `output`.
    public func masked(_ state: UnsafeBufferPointer<UInt64>, mask index: Int, appendingTo output: inout [UInt64]) {
        let base = index * width
        for word in 0..<width { output.append(state[word] & masks[base + word]) }
    }
}

/// Whether the memos keep what they work out per local view for the other
/// states of that view. It pays where states share views (tabs stored
/// whole, or parked tabs that keep part of their paths); where every state
/// is its own view (parked tabs that are cut to their roots), a view's
/// transitions are worked out for one state and would be held for none.
/// Kept or not, they are the same transitions: the search finds the same
/// graph whichever is chosen, in the same order.
public enum ViewMemos: Sendable {
    /// Keep them while at least one view in eight worked out is met again
    /// (judged once 8,192 views were worked out). A view whose transitions
    /// were dropped and that is met again is worked out again, and counted
    /// as worked out: once dropping starts, it goes on.
    case adaptive
    case always
    case never
}

/// How often the transitions worked out for a view were met again, and
/// whether to keep the next ones (`ViewMemos`).
struct ViewMemoUse {
    var policy: ViewMemos = .adaptive
    private(set) var workedOut = 0
    private(set) var metAgain = 0

    /// Whether to keep the transitions of the view worked out next.
    var keeps: Bool {
        switch policy {
        case .always: true
        case .never: false
        case .adaptive: workedOut < 8_192 || metAgain * 8 >= workedOut
        }
    }

    mutating func countWorkedOut() { workedOut += 1 }
    mutating func countMetAgain() { metAgain += 1 }
}
