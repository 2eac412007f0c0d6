import NavFlowSpec

/// One state of the app, unpacked: flag and input values, the selected tab,
/// the path and column selection of every slot of the root content, and the
/// modal stack. The explorer stores states packed by `StateCodec`; this is
/// the form the transition function works on.
public struct NavState: Hashable, Sendable {
    /// Bit i is flag i.
    public var flags: UInt64
    /// Bit i is input i; fixed for a run.
    public var inputs: UInt64
    /// The selected tab of the root tab view (0 when there is none).
    public var selectedTab: Int
    /// Per slot: the route ids pushed on its stack, bottom first.
    public var paths: [[Int]]
    /// Per slot: the route selected into it (`select`), or 0 for its declared content.
    public var shows: [Int]
    /// Presented modals, bottom first.
    public var modals: [Modal]

    public init(flags: UInt64, inputs: UInt64, selectedTab: Int, paths: [[Int]], shows: [Int], modals: [Modal]) {
        self.flags = flags
        self.inputs = inputs
        self.selectedTab = selectedTab
        self.paths = paths
        self.shows = shows
        self.modals = modals
    }

    public func flag(_ index: Int) -> Bool { flags >> UInt64(index) & 1 == 1 }
    public func input(_ index: Int) -> Bool { inputs >> UInt64(index) & 1 == 1 }

    public mutating func setFlag(_ index: Int, _ value: Bool) {
        if value { flags |= 1 << UInt64(index) } else { flags &= ~(1 << UInt64(index)) }
    }

    /// Evaluates a condition in this state.
    public func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return condition.evaluate(flags: flag, inputs: input)
    }
}

/// A presented sheet, cover or popover and, when it shows a stack, its path.
public struct Modal: Hashable, Sendable {
    public var kind: ModalKind
    /// Index into `StateShape.presentables`.
    public var presentable: Int
    public var path: [Int]
    /// For the bottom modal: the column of the selected tab's content (0
    /// for a stack, the split's column otherwise) whose screen presented
    /// it, where statements act once it is closed. 0 for the modals above.
    public var presenterColumn: Int

    public init(kind: ModalKind, presentable: Int, path: [Int], presenterColumn: Int = 0) {
        self.kind = kind
        self.presentable = presentable
        self.path = path
        self.presenterColumn = presenterColumn
    }
}
