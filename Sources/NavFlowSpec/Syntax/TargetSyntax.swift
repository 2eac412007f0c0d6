import NavFlowSource

/// Where a deep link leads, as written after `->`:
/// `[TAB] ("/" route)* (">" route ("/" route)*)* ("+" modal NAME ("/" route)*)*`.
///
/// `/ R` appends R to the path of the stack being described; `> R` moves to
/// the next column of a split view and makes it show R; `+ sheet S` presents
/// S on top, and the routes after it form that modal's path.
public struct TargetSyntax: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case push(RouteSyntax)
        case column(RouteSyntax, SourceRange)
        case modal(ModalKind, Name, SourceRange)
    }

    public var tab: Name?
    public var segments: [Segment]
    public var range: SourceRange

    public init(tab: Name?, segments: [Segment], range: SourceRange) {
        self.tab = tab
        self.segments = segments
        self.range = range
    }
}
