/// Findings accepted as they are: `verify --baseline` suppresses a finding
/// that matches an entry, so that only new findings fail the run. An entry
/// matches on the spec's path, the rule id and the message, never on a
/// line, so edits that move a finding keep it matched; each entry absorbs
/// at most one finding (two identical entries, two findings).
public struct Baseline: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// The spec's path as it was named on the command line (see `normalizedPath`).
        public var file: String
        public var rule: RuleID
        public var message: String
        /// Where the finding was when the baseline was written: for people
        /// reading the file, not for matching.
        public var severity: Severity
        public var line: Int

        public init(file: String, rule: RuleID, message: String, severity: Severity, line: Int) {
            self.file = file
            self.rule = rule
            self.message = message
            self.severity = severity
            self.line = line
        }

        init(_ diagnostic: Diagnostic) {
            self.init(file: Baseline.normalizedPath(diagnostic.file), rule: diagnostic.rule,
                      message: diagnostic.message, severity: diagnostic.severity, line: diagnostic.range.start.line)
        }

        fileprivate var key: Key { Key(file: file, rule: rule, message: message) }
    }

    fileprivate struct Key: Hashable {
        var file: String
        var rule: RuleID
        var message: String
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// A baseline that accepts every one of `findings`.
    public init(findings: [Diagnostic]) {
        entries = findings.sortedByLocation().map(Entry.init)
    }

    /// A path without `./` segments or doubled slashes, so `./specs/a.navflow`
    /// and `specs//a.navflow` match `specs/a.navflow`.
    public static func normalizedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// Matches findings against the entries, in order.
    public struct Matcher: Sendable {
        private var remaining: [Key: Int] = [:]

        public init(_ baseline: Baseline) {
            for entry in baseline.entries { remaining[entry.key, default: 0] += 1 }
        }

        /// Whether an entry absorbs `diagnostic`; the entry is used up.
        public mutating func absorbs(_ diagnostic: Diagnostic) -> Bool {
            let key = Entry(diagnostic).key
            guard let count = remaining[key], count > 0 else { return false }
            remaining[key] = count - 1
            return true
        }

        /// How many entries absorbed no finding: fixed since the baseline was written.
        public var unmatched: Int { remaining.values.reduce(0, +) }
    }
}
