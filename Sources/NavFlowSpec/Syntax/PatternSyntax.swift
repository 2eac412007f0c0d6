import NavFlowSource

/// A state pattern as written in a query: the target syntax with wildcards.
/// `[TAB | *] ("/" (route | ...))* (">" route ...)* ("+" (modal NAME | ...) ("/" ...)*)* [where EXPR]`
public struct PatternSyntax: Hashable, Sendable {
    public enum Tab: Hashable, Sendable {
        /// No tab written: any tab, and the base is not constrained unless segments follow.
        case omitted
        /// `*`: any tab.
        case any(SourceRange)
        case named(Name)
    }

    public enum Segment: Hashable, Sendable {
        /// `/ Route`: the next entry of the path.
        case push(RouteSyntax)
        /// `/ ...`: any run of entries, possibly none.
        case anyRun(SourceRange)
        /// `> Route`: the next column shows Route.
        case column(RouteSyntax, SourceRange)
        /// `+ sheet NAME`: the next modal.
        case modal(ModalKind, Name, SourceRange)
        /// `+ ...`: any further modals, possibly none.
        case anyModals(SourceRange)
    }

    public var tab: Tab
    public var segments: [Segment]
    public var condition: ExpressionSyntax?
    public var range: SourceRange

    public init(tab: Tab, segments: [Segment], condition: ExpressionSyntax?, range: SourceRange) {
        self.tab = tab
        self.segments = segments
        self.condition = condition
        self.range = range
    }
}

/// A query: `reach PATTERN`.
public struct QuerySyntax: Hashable, Sendable {
    public var pattern: PatternSyntax
    public var range: SourceRange

    public init(pattern: PatternSyntax, range: SourceRange) {
        self.pattern = pattern
        self.range = range
    }
}
