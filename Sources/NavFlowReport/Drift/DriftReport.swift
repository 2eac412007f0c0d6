import NavFlowDiagnostics
import NavFlowSource

/// What `drift` prints and how it exits: the findings where the spec and
/// the code differ, and per kind of element how many matched.
public struct DriftReport: SourceFindingsReport {
    /// How the elements of one kind compared.
    public struct Row: Sendable, Equatable {
        public var kind: String
        public var matched: Int
        public var onlyInSpec: Int
        public var onlyInCode: Int
        /// Marked as absent on purpose (`navflow:code none`, `navflow:code-only`).
        public var intentional: Int
        /// On both sides but not compared.
        public var notCompared: Int

        public init(kind: String, matched: Int, onlyInSpec: Int, onlyInCode: Int, intentional: Int, notCompared: Int) {
            self.kind = kind
            self.matched = matched
            self.onlyInSpec = onlyInSpec
            self.onlyInCode = onlyInCode
            self.intentional = intentional
            self.notCompared = notCompared
        }
    }

    public var spec: SourceFile
    /// The Swift files read.
    public var files: [SourceFile]
    /// The findings, the spec's first.
    public var diagnostics: [Diagnostic]
    public var rows: [Row]
    /// What could not be compared, in words.
    public var remarks: [String]
    /// Every rule of `drift`, for SARIF's rule metadata.
    public var rules: [RuleDescriptor]

    public init(spec: SourceFile, files: [SourceFile], diagnostics: [Diagnostic], rows: [Row], remarks: [String],
                rules: [RuleDescriptor]) {
        self.spec = spec
        self.files = files
        self.diagnostics = diagnostics
        self.rows = rows
        self.remarks = remarks
        self.rules = rules
    }

    /// 1 when the spec and the code differ (a finding of severity error),
    /// else 0. Unreadable input (2) is the command's to report.
    public var exitCode: Int32 { diagnostics.containsErrors ? 1 : 0 }


    /// swiftc-style findings with the source line, the table of kinds, then a verdict.
    public func text(colors: Bool = false) -> String {
        var sources = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        sources[spec.path] = spec
        var output = DiagnosticTextRenderer(colors: colors).render(diagnostics, sources: sources)
        let header = ["", "matched", "only in spec", "only in code", "intentional", "not compared"]
        let body = rows.map { [$0.kind, "\($0.matched)", "\($0.onlyInSpec)", "\($0.onlyInCode)", "\($0.intentional)", "\($0.notCompared)"] }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        for line in [header] + body {
            let cells = line.enumerated().map { column, cell in
                column == 0 ? cell.padding(to: widths[column]) : cell.padded(left: widths[column])
            }
            output += cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        for remark in remarks { output += "note: \(remark)\n" }
        let read = files.count == 1 ? "1 Swift file" : "\(files.count) Swift files"
        let drifted = diagnostics.filter { $0.severity == .error }.count
        output += drifted == 0
            ? "no drift between \(spec.path) and \(read)\n"
            : "\(spec.path) and \(read) differ: \(drifted) element\(drifted == 1 ? "" : "s") on one side only\n"
        return output
    }

    /// The JSON document of `drift --format json` (schema version 1).
    public func json() -> String {
        JSONValue.object(FindingFormats.jsonHeader(command: "drift", exitCode: exitCode, files: files, diagnostics: diagnostics) + [
            ("spec", .string(spec.path)),
            ("elements", .array(rows.map { row in
                .object([
                    ("kind", .string(row.kind)),
                    ("matched", .int(row.matched)),
                    ("onlyInSpec", .int(row.onlyInSpec)),
                    ("onlyInCode", .int(row.onlyInCode)),
                    ("intentional", .int(row.intentional)),
                    ("notCompared", .int(row.notCompared)),
                ])
            })),
            ("remarks", .array(remarks.map { .string($0) })),
        ]).serialized() + "\n"
    }

    /// SARIF 2.1.0 with the drift rules as metadata.
    public func sarif() -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = diagnostics.map { FindingFormats.sarifResult($0, suppression: nil, ruleIndex: ruleIndex[$0.rule]) }
        return FindingFormats.sarifDocument(rules: rules, results: results)
    }
}

private extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func padded(left width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
