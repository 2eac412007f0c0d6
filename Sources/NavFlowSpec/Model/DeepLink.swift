import NavFlowSource

/// A deep-link URL pattern such as `recipes://recipe/{id: RecipeID}`.
public struct DeepLinkPattern: Hashable, Sendable {
    /// What comes before the path: a custom scheme, or an http(s) host.
    public enum Origin: Hashable, Sendable {
        /// `scheme://a/b`: everything after `//` is matched as path segments.
        case scheme(String)
        /// `https://host/a/b` (or `http`): the host, lowercased.
        case host(String)
    }

    /// One `/`-separated part of the path.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        /// A `{name: Type}` segment (index into `parameters`).
        case parameter(Int)
    }

    public var origin: Origin
    public var segments: [Segment]
    public var parameters: [PatternParameter]
    /// The pattern as written.
    public var text: String

    public init(origin: Origin, segments: [Segment], parameters: [PatternParameter], text: String) {
        self.origin = origin
        self.segments = segments
        self.parameters = parameters
        self.text = text
    }
}

/// A `{name: Type}` segment of a deep-link pattern.
public struct PatternParameter: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var range: SourceRange
}

/// The state a deep link leads to: a tab, the paths and column selections
/// of that tab's content, and the modals on top.
public struct DeepLinkTarget: Hashable, Sendable {
    /// The tab of the root tab view to select; nil keeps the selected tab (or
    /// the root has no tabs).
    public var tab: Int?
    /// For the base content: one entry per column described (a plain stack
    /// has one column). Empty when the target describes no base content.
    public var columns: [ColumnTarget]
    public var modals: [ModalTarget]
    public var range: SourceRange
}

/// What a target puts in one column (or in a plain stack): the route the
/// column shows instead of its declared content (`> R`), and the path.
public struct ColumnTarget: Hashable, Sendable {
    public var shows: Route?
    public var path: [Route]
}

/// A modal a target presents, with its path when it is a stack.
public struct ModalTarget: Hashable, Sendable {
    public var kind: ModalKind
    public var content: Content
    public var path: [Route]
    public var range: SourceRange
}

/// A `deeplink` declaration.
public struct DeepLink: Hashable, Sendable {
    public var pattern: DeepLinkPattern
    public var patternRange: SourceRange
    public var target: DeepLinkTarget
    public var requires: Condition?
    /// What runs when `requires` is false.
    public var otherwise: Statement?
    public var keepModals: Bool
    public var range: SourceRange
}
