/// Graphviz, which lays out the screen graph the HTML coverage report shows.
/// This module only writes DOT; running `dot` is the I/O layer's work
/// (NavFlowIO), which hands the drawing, or this reason for none, to the
/// renderer.
public enum Graphviz {
    /// Why no SVG came out.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }
}
