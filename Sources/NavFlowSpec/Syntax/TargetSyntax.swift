import NavFlowSource

/// Where a deep link leads, as written after `->`:
/// `[TAB | "*"] ["/" "..."] ("/" route)* (">" route ("/" route)*)* ("+" modal NAME ("/" route)*)*`.
///
/// `*` describes the tab selected when the link arrives; `/ ...` keeps the
/// path of the stack being described, so the routes after it are appended;
/// `/ R` appends R to the path of the stack being described; `> R` moves to
/// the next column of a split view and makes it show R; `+ sheet S` presents
/// S on top, and the routes after it form that modal's path.
public struct TargetSyntax: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case push(RouteSyntax)
        case column(RouteSyntax, SourceRange)
        case modal(ModalKind, Name, SourceRange)
        /// `/ ...`: the path as it is, kept.
        case keptPath(SourceRange)
    }

    /// Which tab the target describes, when it names one.
    public enum Tab: Hashable, Sendable {
        /// `home`: that tab, selected.
        case named(Name)
        /// `*`: the tab that is selected when the link arrives.
        case selected(SourceRange)

        /// The tab's name, when the target names one.
        public var name: Name? {
            if case .named(let name) = self { name } else { nil }
        }
    }

    public var tab: Tab?
    public var segments: [Segment]
    public var range: SourceRange

    public init(tab: Tab?, segments: [Segment], range: SourceRange) {
        self.tab = tab
        self.segments = segments
        self.range = range
    }
}
