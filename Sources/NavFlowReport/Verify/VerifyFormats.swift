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
                results.append(FindingFormats.sarifResult(diagnostic, suppression: suppression, ruleIndex: ruleIndex[diagnostic.rule]))
            }
        }
        return FindingFormats.sarifDocument(rules: rules, results: results)
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
                    let body = failing.map { "\($0.file):\($0.range.start.line):\($0.range.start.column): \(FindingFormats.longMessage($0))" }
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
        var output = diagnostics.map(FindingFormats.githubAnnotation).joined()
        for result in results {
            if let limit = result.limit {
                output += "::error file=\(FindingFormats.githubProperty(result.file.path)),title=navflow limit::\(FindingFormats.githubData(limit))\n"
            }
        }
        return output
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
