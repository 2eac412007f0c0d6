import NavFlowDiagnostics
import NavFlowSource

/// The formats `lint` and `drift` write: those of `verify` but JUnit,
/// whose cases are per spec.
public enum LintFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// A report of findings on Swift source (`lint`, `drift`), in its formats.
public protocol SourceFindingsReport: Sendable {
    var diagnostics: [Diagnostic] { get }
    func text(colors: Bool) -> String
    func json() -> String
    func sarif() -> String
}

extension SourceFindingsReport {
    public func render(_ format: LintFormat, colors: Bool = false) -> String {
        switch format {
        case .text: text(colors: colors)
        case .json: json()
        case .sarif: sarif()
        case .github: diagnostics.map(FindingFormats.githubAnnotation).joined()
        }
    }
}

/// What `lint` prints and how it exits, from the findings on the Swift
/// files it read.
public struct LintReport: SourceFindingsReport {
    /// The files read, for excerpts and the count.
    public var files: [SourceFile]
    /// The findings that stand, in file and position order.
    public var diagnostics: [Diagnostic]
    /// Findings a `// navflow:disable` comment suppressed.
    public var suppressed: [SuppressedDiagnostic]
    /// Every rule `lint` checks, for SARIF's rule metadata.
    public var rules: [RuleDescriptor]
    /// Whether warnings fail the run like errors.
    public var warningsAsErrors: Bool

    public init(files: [SourceFile], diagnostics: [Diagnostic], suppressed: [SuppressedDiagnostic] = [],
                rules: [RuleDescriptor], warningsAsErrors: Bool = false) {
        self.files = files
        self.diagnostics = diagnostics
        self.suppressed = suppressed
        self.rules = rules
        self.warningsAsErrors = warningsAsErrors
    }

    /// As `verify`'s: 1 when a finding of severity error (or warning, with
    /// `--warnings-as-errors`) stands, else 0. Unreadable input (2) is
    /// the command's to report.
    public var exitCode: Int32 {
        let failing: Severity = warningsAsErrors ? .warning : .error
        return diagnostics.contains { $0.severity >= failing } ? 1 : 0
    }


    private func count(_ severity: Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }

    /// swiftc-style findings with the source line, then a one-line summary.
    public func text(colors: Bool = false) -> String {
        let sources = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var output = DiagnosticTextRenderer(colors: colors).render(diagnostics, sources: sources)
        let read = files.count == 1 ? "1 Swift file" : "\(files.count) Swift files"
        let verdict = exitCode == 0 ? "linted" : "failed"
        output += "\(verdict) \(read): \(plural(count(.error), "error")), \(plural(count(.warning), "warning")), "
            + "\(plural(count(.note), "note"))" + (suppressed.isEmpty ? "" : ", \(suppressed.count) suppressed") + "\n"
        return output
    }

    /// The JSON document of `lint --format json` (schema version 1).
    public func json() -> String {
        JSONValue.object(FindingFormats.jsonHeader(command: "lint", exitCode: exitCode, files: files, diagnostics: diagnostics) + [
            ("suppressed", .array(suppressed.map(DiagnosticJSON.encode))),
            ("summary", .object([
                ("errors", .int(count(.error))),
                ("warnings", .int(count(.warning))),
                ("notes", .int(count(.note))),
                ("suppressed", .int(suppressed.count)),
            ])),
        ]).serialized() + "\n"
    }

    /// SARIF 2.1.0 with the lint rules as metadata; suppressed findings
    /// carry their suppression.
    public func sarif() -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let findings = (diagnostics.map { ($0, Suppression?.none) } + suppressed.map { ($0.diagnostic, Suppression?.some($0.suppression)) })
            .sorted { left, right in
                if left.0.file != right.0.file { return left.0.file < right.0.file }
                return left.0.range.start < right.0.range.start
            }
        let results = findings.map { FindingFormats.sarifResult($0.0, suppression: $0.1, ruleIndex: ruleIndex[$0.0.rule]) }
        return FindingFormats.sarifDocument(rules: rules, results: results)
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}
