import NavFlowSpec

/// The fixed structure every state of a spec shares: which places hold a
/// navigation path or a column selection. The root content is flattened
/// into *slots*: one per stack or screen it shows (a tab's content, a split
/// column, or the root itself). Modals are not slots: they come and go.
public struct StateShape: Sendable {
    /// One place in the root content that shows a screen or a stack.
    public struct Slot: Sendable, Equatable {
        /// The tab (of the root tab view) the slot belongs to, if any.
        public var tab: Int?
        /// The split view and column index, when the slot is a split column.
        public var split: Int?
        public var column: Int
        /// What the slot shows when nothing was selected into it.
        public var declared: Content
    }

    public let slots: [Slot]
    /// For each tab of the root tab view, the range of its slots.
    public let tabSlots: [Range<Int>]
    /// The number of tabs (0 when the root is not a tab view).
    public var tabCount: Int { tabSlots.count }
    /// The slots of the root content when it is not a tab view.
    public let rootSlots: Range<Int>
    /// What can be presented modally: every screen without parameters and every stack.
    public let presentables: [Content]
    /// The index of each presentable content.
    public let presentableIndex: [Content: Int]
    /// The most modals up at once; a presentation beyond it is cut (`bounded`).
    public static let modalLimit = 6

    public init(_ spec: FlowSpec) {
        var slots: [Slot] = []
        func add(_ content: Content, tab: Int?) -> Range<Int> {
            let start = slots.count
            if case .split(let split) = content {
                for (column, columnContent) in spec.splits[split].columns.enumerated() {
                    slots.append(Slot(tab: tab, split: split, column: column, declared: columnContent))
                }
            } else {
                slots.append(Slot(tab: tab, split: nil, column: 0, declared: content))
            }
            return start..<slots.count
        }
        var tabSlots: [Range<Int>] = []
        var rootSlots = 0..<0
        if let view = spec.rootTabView {
            for (index, tab) in view.tabs.enumerated() {
                tabSlots.append(add(tab.content, tab: index))
            }
        } else {
            rootSlots = add(spec.root, tab: nil)
        }
        self.slots = slots
        self.tabSlots = tabSlots
        self.rootSlots = rootSlots
        var presentables: [Content] = spec.stacks.indices.map { .stack($0) }
        presentables += spec.screens.indices.filter { spec.screens[$0].parameters.isEmpty }.map { .screen($0) }
        self.presentables = presentables
        self.presentableIndex = Dictionary(uniqueKeysWithValues: presentables.enumerated().map { ($1, $0) })
    }

    /// The slot of a column of the selected tab's content (the first
    /// slot when it has no such column).
    public func slot(ofColumn column: Int, selectedTab: Int) -> Int {
        let active = activeSlots(selectedTab: selectedTab)
        return active.lowerBound + column < active.upperBound ? active.lowerBound + column : active.lowerBound
    }

    /// The slots on screen when no modal is up: the selected tab's, or the root's.
    public func activeSlots(selectedTab: Int) -> Range<Int> {
        tabSlots.isEmpty ? rootSlots : tabSlots[selectedTab]
    }

    /// The stack a deep link's `*` acts on when no modal is up: the slot
    /// of the selected tab (or of the root) when it is a stack; in a split,
    /// its last column that is a stack (the detail, where a split pushes).
    /// Nil when no slot there is a stack.
    public func currentStackSlot(selectedTab: Int) -> Int? {
        activeSlots(selectedTab: selectedTab).last { slot in
            if case .stack = slots[slot].declared { true } else { false }
        }
    }
}
