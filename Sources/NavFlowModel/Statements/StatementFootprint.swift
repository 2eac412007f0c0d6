/// What a statement may read and write of a state, and how it may change
/// it: the facts about a statement that the search relies on (which steps
/// it can memoize, whether the tabs of an app interact), stated as data by
/// each statement kind next to how it runs. "May": a statement that does
/// nothing in a state (a `pop` on an empty path) still has its footprint.
public struct StatementFootprint: Hashable, Sendable {
    /// Parts of a state, as seen from the context a statement acts on.
    public struct Parts: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let flags = Parts(rawValue: 1 << 0)
        /// Read only: inputs are fixed for a run.
        public static let inputs = Parts(rawValue: 1 << 1)
        public static let selectedTab = Parts(rawValue: 1 << 2)
        /// The path of the context's stack (the top modal's when a modal
        /// is up, else the slot's) as its stack operations see it: its
        /// length and top route.
        public static let contextPath = Parts(rawValue: 1 << 3)
        /// The selections and paths of the columns after the context's, in its split view.
        public static let laterColumns = Parts(rawValue: 1 << 4)
        /// The path and selection of every slot, whole. A statement that
        /// reads or writes paths other than through its stack operations
        /// says so with this part: the search then runs it on every state
        /// and does not park tabs.
        public static let slots = Parts(rawValue: 1 << 5)
        /// Which modals are up, in order, with their paths.
        public static let modals = Parts(rawValue: 1 << 6)

        /// Whether a modal is up, and the selected tab: what decides the
        /// context a statement acts on (with the slot the step came from).
        public static let context: Parts = [.modals, .selectedTab]
        public static let all: Parts = [.flags, .inputs, .selectedTab, .contextPath, .laterColumns, .slots, .modals]
    }

    /// The stack operations a statement performs itself on the context it
    /// acts on. A statement that writes `slots` may replace any path besides.
    public struct StackOperations: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Appends one route to the context's path.
        public static let push = StackOperations(rawValue: 1 << 0)
        /// Removes the top route of the context's path.
        public static let popTop = StackOperations(rawValue: 1 << 1)
        /// Empties the context's path.
        public static let popAll = StackOperations(rawValue: 1 << 2)
        /// Shows a route in the column after the context's, and puts the
        /// later columns back to their declared content and empty paths.
        public static let selectIntoNextColumn = StackOperations(rawValue: 1 << 3)
    }

    /// The parts of a state what the statement does may depend on.
    public var reads: Parts
    /// The parts it may change.
    public var writes: Parts
    public var stackOperations: StackOperations
    /// Whether it takes one route per run, chosen by the step among the
    /// values of the route's unspecified arguments (`push`, `select`).
    public var choosesRoute: Bool
    /// Whether it may select another tab, so that the statements after it
    /// act on that tab's slots.
    public var mayLeaveItsTab: Bool
    /// Whether it may put a modal on top.
    public var presents: Bool
    /// Whether it may close the top modal (or all of them).
    public var closesModals: Bool
    /// Whether it may set a flag to false.
    public var mayClearFlag: Bool
    /// Whether it may cut the whole step off (a limit reached: no successor).
    public var mayCutOffStep: Bool

    public init(reads: Parts, writes: Parts, stackOperations: StackOperations = [], choosesRoute: Bool = false,
                mayLeaveItsTab: Bool = false, presents: Bool = false, closesModals: Bool = false,
                mayClearFlag: Bool = false, mayCutOffStep: Bool = false) {
        self.reads = reads
        self.writes = writes
        self.stackOperations = stackOperations
        self.choosesRoute = choosesRoute
        self.mayLeaveItsTab = mayLeaveItsTab
        self.presents = presents
        self.closesModals = closesModals
        self.mayClearFlag = mayClearFlag
        self.mayCutOffStep = mayCutOffStep
    }

    /// Whether it may change the path of the stack it acts on, or the columns after it.
    public var actsOnStack: Bool { !stackOperations.isEmpty }

    /// Whether it may change a path: by its stack operations, or whole.
    public var mayChangeAPath: Bool { actsOnStack || writes.contains(.slots) }

    /// Whether it may read or write the paths other than through its stack operations.
    public var seesWholePaths: Bool { reads.union(writes).contains(.slots) }
}
