/// What a container shows: the root content, a tab, a split column or a
/// modal each show one of these.
public enum Content: Hashable, Sendable {
    case screen(Int)
    case stack(Int)
    case tabs(Int)
    case split(Int)
}
