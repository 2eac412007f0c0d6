import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// The formats `verify` writes.
public enum VerifyFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, github
}

extension VerifyReport {
    /// The report in the chosen format.
    public func render(_ format: VerifyFormat, colors: Bool = false) -> String {
        switch format {
        case .text: text(colors: colors)
        case .json: json()
        case .sarif: sarif()
        case .junit: junit()
        case .github: github()
        }
    }

    /// Whether a finding fails the run (errors; warnings too with `--warnings-as-errors`).
    func fails(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error || (warningsAsErrors && diagnostic.severity == .warning)
    }

    /// A finding's message followed by its witness and notes, as plain text.
    static func longMessage(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.message
        if let witness = diagnostic.witness {
            text += "\n" + DiagnosticTextRenderer.witnessText(witness, indent: "")
            text.removeLast()
        }
        for note in diagnostic.notes { text += "\nnote: \(note.message)" }
        return text
    }

    // MARK: SARIF

    /// SARIF 2.1.0, with every rule of the catalog as rule metadata, as
    /// GitHub code scanning reads it.
    public func sarif() -> String {
        let rules = RuleCatalog.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [JSONValue] = []
        for result in self.results {
            let findings = result.diagnostics.map { ($0, Suppression?.none) }
                + result.suppressed.map { ($0.diagnostic, Suppression?.some($0.suppression)) }
            let ordered = findings.enumerated().sorted { left, right in
                let a = left.element.0, b = right.element.0
                if a.range.start != b.range.start { return a.range.start < b.range.start }
                return left.offset < right.offset
            }
            for (_, (diagnostic, suppression)) in ordered {
                results.append(Self.sarifResult(diagnostic, suppression: suppression, ruleIndex: ruleIndex[diagnostic.rule]))
            }
        }
        let document = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("navflow")),
                    ("semanticVersion", .string("0.1.0")),
                    ("rules", .array(rules.map { rule in
                        .object([
                            ("id", .string(rule.id.rawValue)),
                            ("name", .string(rule.id.rawValue)),
                            ("shortDescription", .object([("text", .string(rule.summary))])),
                            ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
                            ("properties", .object([("phase", .string(rule.phase.rawValue))])),
                        ])
                    })),
                ]))])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
        return document.serialized() + "\n"
    }

    /// One SARIF result. `suppressions` is always present: empty for a
    /// finding that stands, so consumers know the tool judged it.
    static func sarifResult(_ diagnostic: Diagnostic, suppression: Suppression?, ruleIndex: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.rawValue)),
        ]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", .object([("text", .string(Self.longMessage(diagnostic)))])),
            ("locations", .array([Self.sarifLocation(diagnostic.file, diagnostic.range, message: nil)])),
        ]
        let related = diagnostic.notes.compactMap { note in
            note.range.map { Self.sarifLocation(diagnostic.file, $0, message: note.message) }
        }
        if !related.isEmpty {
            members.append(("relatedLocations", .array(related.enumerated().map { index, location in
                guard case .object(var fields) = location else { return location }
                fields.insert(("id", .int(index + 1)), at: 0)
                return .object(fields)
            })))
        }
        switch suppression {
        case nil:
            members.append(("suppressions", .array([])))
        case .inSource(let file, let range):
            members.append(("suppressions", .array([.object([
                ("kind", .string("inSource")),
                ("location", Self.sarifLocation(file, range, message: nil)),
            ])])))
        case .baseline(let path):
            members.append(("suppressions", .array([.object([
                ("kind", .string("external")),
                ("justification", .string("accepted in the baseline \(path)")),
            ])])))
        }
        return .object(members)
    }

    static func sarifLocation(_ file: String, _ range: SourceRange, message: String?) -> JSONValue {
        var region: [(String, JSONValue)] = [
            ("startLine", .int(range.start.line)),
            ("startColumn", .int(range.start.column)),
        ]
        if range.end.line >= range.start.line && range.end.offset > range.start.offset {
            region += [("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column))]
        }
        var members: [(String, JSONValue)] = [
            ("physicalLocation", .object([
                ("artifactLocation", .object([("uri", .string(sarifURI(file)))])),
                ("region", .object(region)),
            ])),
        ]
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }

    /// A relative path as a URI reference: percent-encodes what a URI may not hold.
    static func sarifURI(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (character.isLetter || character.isNumber || "/-._~".contains(character)) {
                output.append(character)
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }

    // MARK: JUnit

    /// JUnit XML: one test suite per spec, one test case per rule; a case
    /// fails when the rule has a failing finding. Findings that do not fail
    /// the case, suppressed ones included, are listed in its `system-out`.
    public func junit() -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let total = results.count * RuleCatalog.all.count
        let failures = results.reduce(0) { sum, result in
            sum + RuleCatalog.all.filter { rule in result.diagnostics.contains { $0.rule == rule.id && fails($0) } }.count
        }
        lines.append("<testsuites name=\"navflow verify\" tests=\"\(total)\" failures=\"\(failures)\">")
        for result in results {
            let name = Self.xml(result.file.path)
            let suiteFailures = RuleCatalog.all.filter { rule in result.diagnostics.contains { $0.rule == rule.id && fails($0) } }.count
            lines.append("  <testsuite name=\"\(name)\" tests=\"\(RuleCatalog.all.count)\" failures=\"\(suiteFailures)\">")
            for rule in RuleCatalog.all {
                let findings = result.diagnostics.filter { $0.rule == rule.id }
                let classname = Self.xml(result.spec?.appName ?? result.file.path)
                lines.append("    <testcase classname=\"\(classname)\" name=\"\(rule.id.rawValue)\">")
                let failing = findings.filter(fails)
                if !failing.isEmpty {
                    let body = failing.map { "\($0.file):\($0.range.start.line):\($0.range.start.column): \(Self.longMessage($0))" }
                        .joined(separator: "\n\n")
                    lines.append("      <failure message=\"\(Self.xml(failing[0].message))\" type=\"\(rule.id.rawValue)\">\(Self.xml(body))</failure>")
                }
                let other = findings.filter { !fails($0) }
                    .map { "\($0.severity.rawValue): \($0.file):\($0.range.start.line):\($0.range.start.column): \($0.message)" }
                let suppressed = result.suppressed.filter { $0.diagnostic.rule == rule.id }.map { item in
                    let finding = item.diagnostic
                    return "suppressed \(finding.severity.rawValue) (\(Self.suppressionText(item.suppression))): "
                        + "\(finding.file):\(finding.range.start.line):\(finding.range.start.column): \(finding.message)"
                }
                if !other.isEmpty || !suppressed.isEmpty {
                    lines.append("      <system-out>\(Self.xml((other + suppressed).joined(separator: "\n")))</system-out>")
                }
                if let limit = result.limit, rule.phase == .exploration {
                    lines.append("      <skipped message=\"\(Self.xml(limit))\"/>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a finding was suppressed, in words.
    static func suppressionText(_ suppression: Suppression) -> String {
        switch suppression {
        case .inSource(let file, let range): "by the comment at \(file):\(range.start.line):\(range.start.column)"
        case .baseline(let path): "by the baseline \(path)"
        }
    }

    /// Escapes text for XML content and attributes.
    static func xml(_ text: String) -> String {
        MarkupText.escape(text)
    }

    // MARK: GitHub

    /// GitHub Actions workflow commands: one annotation per finding.
    public func github() -> String {
        var output = ""
        for diagnostic in diagnostics {
            let command = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties = [
                "file=\(Self.githubProperty(diagnostic.file))",
                "line=\(diagnostic.range.start.line)",
                "col=\(diagnostic.range.start.column)",
            ]
            if diagnostic.range.end.line == diagnostic.range.start.line && diagnostic.range.end.offset > diagnostic.range.start.offset {
                properties.append("endColumn=\(diagnostic.range.end.column)")
            }
            properties.append("title=\(Self.githubProperty("navflow " + diagnostic.rule.rawValue))")
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.githubData(Self.longMessage(diagnostic)))\n"
        }
        for result in results {
            if let limit = result.limit {
                output += "::error file=\(Self.githubProperty(result.file.path)),title=navflow limit::\(Self.githubData(limit))\n"
            }
        }
        return output
    }

    static func githubData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Replaces every occurrence of one scalar (CR inside CRLF included).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var output = ""
        for scalar in unicodeScalars {
            if scalar == target { output += replacement } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }
}
