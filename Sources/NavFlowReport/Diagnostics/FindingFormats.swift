import NavFlowDiagnostics
import NavFlowSource

/// What the reports of findings share, whatever found them (`verify` on a
/// spec, `lint` on Swift source): a finding's long text, its SARIF result
/// and location, and its GitHub annotation.
enum FindingFormats {
    /// The members a JSON report of findings on Swift files starts with
    /// (`lint`, `drift`): schema, tool, command, exit code, the files and the findings.
    static func jsonHeader(command: String, exitCode: Int32, files: [SourceFile], diagnostics: [Diagnostic]) -> [(String, JSONValue)] {
        [
            ("schemaVersion", .int(1)),
            ("tool", .string("navflow")),
            ("command", .string(command)),
            ("exitCode", .int(Int(exitCode))),
            ("files", .array(files.map { .string($0.path) })),
            ("diagnostics", .array(diagnostics.map(DiagnosticJSON.encode))),
        ]
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

    /// One SARIF result. `suppressions` is always present: empty for a
    /// finding that stands, so consumers know the tool judged it.
    static func sarifResult(_ diagnostic: Diagnostic, suppression: Suppression?, ruleIndex: Int?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.rawValue)),
        ]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(diagnostic.severity.rawValue)),
            ("message", .object([("text", .string(longMessage(diagnostic)))])),
            ("locations", .array([sarifLocation(diagnostic.file, diagnostic.range, message: nil)])),
        ]
        let related = diagnostic.notes.compactMap { note in
            note.range.map { sarifLocation(diagnostic.file, $0, message: note.message) }
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
                ("location", sarifLocation(file, range, message: nil)),
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

    /// A SARIF 2.1.0 log of one run of navflow: the rules as metadata,
    /// then the results.
    static func sarifDocument(rules: [RuleDescriptor], results: [JSONValue]) -> String {
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

    /// One finding as a GitHub Actions annotation.
    static func githubAnnotation(_ diagnostic: Diagnostic) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties = [
            "file=\(githubProperty(diagnostic.file))",
            "line=\(diagnostic.range.start.line)",
            "col=\(diagnostic.range.start.column)",
        ]
        if diagnostic.range.end.line == diagnostic.range.start.line && diagnostic.range.end.offset > diagnostic.range.start.offset {
            properties.append("endColumn=\(diagnostic.range.end.column)")
        }
        properties.append("title=\(githubProperty("navflow " + diagnostic.rule.rawValue))")
        return "::\(command) \(properties.joined(separator: ","))::\(githubData(longMessage(diagnostic)))\n"
    }

    static func githubData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}
