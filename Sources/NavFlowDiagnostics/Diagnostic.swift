import NavFlowSource

/// One finding about a spec: what rule it breaks, how serious it is, where it
/// is, and what would help. Diagnostics are plain data; renderers in
/// `NavFlowReport` turn them into text, JSON or SARIF.
public struct Diagnostic: Hashable, Sendable {
    /// The stable rule id (`syntax`, `unknown-name`, `deeplink-ambiguous`, ...).
    public var rule: RuleID
    public var severity: Severity
    /// One sentence saying what is wrong, naming the things involved.
    public var message: String
    /// The file the finding is in, as the user named it.
    public var file: String
    /// The span to highlight.
    public var range: SourceRange
    /// Related places and explanations ("first declared here", "did you mean").
    public var notes: [DiagnosticNote]
    /// Edits that would fix the problem, when one is obvious.
    public var fixIts: [FixIt]
    /// The steps from launch that show the finding, for findings of the explorer.
    public var witness: Witness?

    public init(
        rule: RuleID,
        severity: Severity,
        message: String,
        file: String,
        range: SourceRange,
        notes: [DiagnosticNote] = [],
        fixIts: [FixIt] = [],
        witness: Witness? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
        self.witness = witness
    }
}

/// A secondary message attached to a diagnostic, optionally pointing at
/// another place in the same file.
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?

    public init(message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// A suggested edit: replace the text in `range` with `replacement`.
public struct FixIt: Hashable, Sendable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics in reading order: by file, position, then rule id.
    public func sortedByLocation() -> [Diagnostic] {
        sorted {
            if $0.file != $1.file { return $0.file < $1.file }
            if $0.range.start != $1.range.start { return $0.range.start < $1.range.start }
            if $0.rule != $1.rule { return $0.rule.rawValue < $1.rule.rawValue }
            return $0.message < $1.message
        }
    }
}
