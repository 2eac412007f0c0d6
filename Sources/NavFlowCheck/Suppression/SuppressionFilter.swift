import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// The rules about suppression comments themselves. They are reported by
/// `SuppressionFilter`, after the properties, and cannot be suppressed by
/// a comment (a baseline may hold them).
public enum SuppressionRules {
    /// `invalid-suppression`: a `navflow:` comment that names a rule no
    /// property reports, names no rule, or is not a directive.
    public static let invalid = RuleDescriptor(
        id: .invalidSuppression, severity: .warning, phase: .structural,
        summary: "A suppression comment names an unknown rule, names no rule, or is not a directive.",
        examples: .defects(.invalidSuppression))

    /// `superfluous-suppression`: a rule named by a suppression comment
    /// that had no finding of that rule to suppress, in a complete run.
    public static let superfluous = RuleDescriptor(
        id: .superfluousSuppression, severity: .warning, phase: .exploration,
        summary: "A suppression comment names a rule with no finding where the comment applies.",
        examples: .defects(.superfluousSuppression))

    public static let all = [invalid, superfluous]
}

extension RuleID {
    public static let invalidSuppression = RuleID(rawValue: "invalid-suppression")
    public static let superfluousSuppression = RuleID(rawValue: "superfluous-suppression")
}

/// Applies a spec's suppression comments to the findings of a run: a
/// finding of a named rule whose primary location lies where a comment
/// applies is moved aside as suppressed. It also judges the comments: a
/// malformed one is an `invalid-suppression` finding and, when the run
/// checked a named rule to the end, a rule that suppressed nothing is a
/// `superfluous-suppression` finding.
public enum SuppressionFilter {
    /// What filtering left.
    public struct Outcome: Sendable {
        /// The findings that stand, with the findings about the comments, in source order.
        public var diagnostics: [Diagnostic]
        public var suppressed: [SuppressedDiagnostic]
    }

    /// - Parameters:
    ///   - checked: the rules whose findings are all in `diagnostics`: a
    ///     comment naming one of them that suppressed nothing is
    ///     superfluous. Empty when the run cannot tell (it stopped at a limit).
    ///   - catalog: the rules a comment may name; those of `verify` unless
    ///     the findings come from elsewhere (`lint`'s rules).
    public static func apply(_ directives: [SuppressionDirective], to diagnostics: [Diagnostic],
                             file: String, checked: Set<RuleID>, catalog: [RuleDescriptor] = RuleCatalog.all) -> Outcome {
        guard !directives.isEmpty else { return Outcome(diagnostics: diagnostics, suppressed: []) }
        var findings: [Diagnostic] = []
        // The rules each directive suppresses, by index; nil for a name that is not one.
        var named: [[RuleID?]] = []
        for directive in directives {
            var rules: [RuleID?] = []
            switch directive.scope {
            case .unrecognized(let word):
                findings.append(unrecognized(word, file: file))
            case .file, .item:
                if directive.rules.isEmpty {
                    let keyword = directive.scope == .file ? SuppressionDirective.disableFile : SuppressionDirective.disable
                    findings.append(Diagnostic(
                        rule: .invalidSuppression, severity: .warning,
                        message: "'\(keyword)' names no rule; write the ids of the rules to suppress after it",
                        file: file, range: directive.keyword,
                        notes: [DiagnosticNote(message: "for example '// \(keyword) dead-edge'")]))
                }
                for name in directive.rules {
                    let rule = RuleID(rawValue: name.text)
                    if SuppressionRules.all.contains(where: { $0.id == rule }) {
                        findings.append(Diagnostic(
                            rule: .invalidSuppression, severity: .warning,
                            message: "'\(name.text)' findings are about suppression comments and cannot be suppressed by one",
                            file: file, range: name.range))
                        rules.append(nil)
                    } else if !catalog.contains(where: { $0.id == rule }) {
                        findings.append(unknownRule(name, file: file, catalog: catalog))
                        rules.append(nil)
                    } else {
                        rules.append(rule)
                    }
                }
            }
            named.append(rules)
        }

        var used = named.map { [Bool](repeating: false, count: $0.count) }
        var kept: [Diagnostic] = []
        var suppressed: [SuppressedDiagnostic] = []
        for diagnostic in diagnostics {
            var by: Int?
            for (index, directive) in directives.enumerated() where directive.covers(diagnostic.range.start) {
                for (position, rule) in named[index].enumerated() where rule == diagnostic.rule {
                    used[index][position] = true
                    // An item's comment is more specific than the file's.
                    if by == nil || (directives[by!].scope == .file && directive.scope != .file) { by = index }
                }
            }
            if let by {
                suppressed.append(SuppressedDiagnostic(diagnostic: diagnostic,
                                                       suppression: .inSource(file: file, range: directives[by].range)))
            } else {
                kept.append(diagnostic)
            }
        }

        for (index, directive) in directives.enumerated() {
            for (position, rule) in named[index].enumerated() {
                guard let rule, !used[index][position], checked.contains(rule) else { continue }
                let name = directive.rules[position]
                let place = directive.scope == .file ? " in this file" : ""
                var notes: [DiagnosticNote] = []
                if case .item(nil) = directive.scope {
                    notes.append(DiagnosticNote(message: "no declaration or member follows this comment in its body or file"))
                }
                findings.append(Diagnostic(
                    rule: .superfluousSuppression, severity: .warning,
                    message: "this comment suppresses no '\(rule)' finding\(place); remove '\(name.text)' from it",
                    file: file, range: name.range, notes: notes))
            }
        }
        return Outcome(diagnostics: (kept + findings).sortedByLocation(), suppressed: suppressed)
    }

    private static func unknownRule(_ name: Name, file: String, catalog: [RuleDescriptor]) -> Diagnostic {
        var notes: [DiagnosticNote] = []
        var fixIts: [FixIt] = []
        let candidates = catalog.map(\.id.rawValue).filter { id in !SuppressionRules.all.contains { $0.id.rawValue == id } }
        if let suggestion = NameSuggestion.closest(to: name.text, among: candidates) {
            notes.append(DiagnosticNote(message: "did you mean '\(suggestion)'?"))
            fixIts.append(FixIt(range: name.range, replacement: suggestion))
        }
        return Diagnostic(rule: .invalidSuppression, severity: .warning,
                          message: "unknown rule '\(name.text)' in a suppression comment; it suppresses nothing",
                          file: file, range: name.range, notes: notes, fixIts: fixIts)
    }

    private static func unrecognized(_ word: Name, file: String) -> Diagnostic {
        var notes: [DiagnosticNote] = []
        var fixIts: [FixIt] = []
        if let suggestion = NameSuggestion.closest(
            to: word.text, among: [SuppressionDirective.disable, SuppressionDirective.disableFile]) {
            notes.append(DiagnosticNote(message: "did you mean '\(suggestion)'?"))
            fixIts.append(FixIt(range: word.range, replacement: suggestion))
        }
        return Diagnostic(rule: .invalidSuppression, severity: .warning,
                          message: "unknown directive '\(word.text)'; the directives are '\(SuppressionDirective.disable)' and '\(SuppressionDirective.disableFile)'",
                          file: file, range: word.range, notes: notes, fixIts: fixIts)
    }
}
