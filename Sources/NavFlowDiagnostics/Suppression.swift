import NavFlowSource

/// How a finding was kept out of a run's verdict. A suppressed finding is
/// still reported (and counted), but it never fails the run.
public enum Suppression: Hashable, Sendable {
    /// A `// navflow:disable` or `// navflow:disable-file` comment in the
    /// spec, at `range` of `file`.
    case inSource(file: String, range: SourceRange)
    /// An entry of the baseline file at `path`, as the user named it.
    case baseline(path: String)
}

/// A finding together with what suppressed it.
public struct SuppressedDiagnostic: Hashable, Sendable {
    public var diagnostic: Diagnostic
    public var suppression: Suppression

    public init(diagnostic: Diagnostic, suppression: Suppression) {
        self.diagnostic = diagnostic
        self.suppression = suppression
    }
}
