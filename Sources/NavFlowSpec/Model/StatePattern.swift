/// A resolved state pattern: which states a query asks about.
public struct StatePattern: Hashable, Sendable {
    /// A route with each argument fixed (an enum case or 0 for an id) or open (nil).
    public struct RoutePattern: Hashable, Sendable {
        public var screen: Int
        public var arguments: [Int?]
    }

    /// One element of a path pattern.
    public enum PathElement: Hashable, Sendable {
        case route(RoutePattern)
        /// `...`: any run of routes, possibly none.
        case anyRun
    }

    /// What a described column must show and hold.
    public struct ColumnPattern: Hashable, Sendable {
        /// The route selected into the column (`> R`), or nil for its declared content.
        public var shows: RoutePattern?
        public var path: [PathElement]
    }

    /// One element of the modal-stack pattern.
    public enum ModalElement: Hashable, Sendable {
        case modal(kind: ModalKind, content: Content, path: [PathElement])
        /// `+ ...`: any modals, possibly none.
        case anyModals
    }

    /// The tab that must be selected; nil for any.
    public var tab: Int?
    /// The columns of the selected tab's content (or of the root), first
    /// column first; nil when the pattern says nothing of them. Columns
    /// beyond those described are not constrained.
    public var columns: [ColumnPattern]?
    /// The modal stack, bottom first; it must match exactly.
    public var modals: [ModalElement]
    /// `where`: a condition over flags and inputs.
    public var condition: Condition?
    /// The pattern as written.
    public var text: String

    public init(tab: Int?, columns: [ColumnPattern]?, modals: [ModalElement], condition: Condition?, text: String) {
        self.tab = tab
        self.columns = columns
        self.modals = modals
        self.condition = condition
        self.text = text
    }
}
