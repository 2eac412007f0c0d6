import Foundation
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `docs/diagnostics.md` is checked against the rule descriptors: its
/// table of rules is the one the descriptors give, in catalogue order,
/// every checked rule has its section, and every front-end rule is
/// documented. Run with NAVFLOW_UPDATE_DOCS=1 to rewrite the table from
/// the descriptors, and review the diff.
@Suite struct DiagnosticsDocTests {
    static let path = Repository.path("docs/diagnostics.md")
    static let header = "| rule | severity | found by | what it reports |"

    /// The table as the descriptors give it.
    static func expectedTable() -> [String] {
        var rows = [header, "|---|---|---|---|",
                    "| [syntax](#syntax) and the other [front-end errors](#front-end-errors) | error (exit 2) | reading the spec | The spec cannot be read into a model. |"]
        for rule in RuleCatalog.all where rule.phase != .frontEnd {
            let foundBy = rule.phase == .exploration ? "exploration" : "the spec alone"
            rows.append("| [\(rule.id)](#\(rule.id)) | \(rule.severity.rawValue) | \(foundBy) | \(rule.summary) |")
        }
        return rows
    }

    @Test func ruleTableIsTheDescriptors() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: Self.header), "docs/diagnostics.md has no rule table")
        let end = lines[start...].firstIndex(of: "") ?? lines.count
        let expected = Self.expectedTable()
        if ProcessInfo.processInfo.environment["NAVFLOW_UPDATE_DOCS"] == "1" {
            lines.replaceSubrange(start..<end, with: expected)
            try lines.joined(separator: "\n").write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(Array(lines[start..<end]) == expected,
                "docs/diagnostics.md's rule table differs from the descriptors; rerun with NAVFLOW_UPDATE_DOCS=1 and review")
    }

    @Test func everyCheckedRuleHasItsSection() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let sections = text.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        let checked = RuleCatalog.all.filter { $0.phase != .frontEnd }.map(\.id.rawValue)
        #expect(sections.filter { checked.contains($0) } == checked, "sections in catalogue order, one per rule")
        for rule in RuleCatalog.all where rule.phase != .frontEnd {
            guard let examples = rule.examples else { continue }
            let section = text.components(separatedBy: "\n## \(rule.id)\n").dropFirst().first?
                .components(separatedBy: "\n## ").first ?? ""
            #expect(section.contains("`\(examples.triggering)`"), "section \(rule.id) names its example spec")
        }
    }

    @Test func everyFrontEndRuleIsDocumented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for rule in FrontEndRules.all {
            #expect(text.contains("## \(rule.id)\n") || text.contains("| `\(rule.id)` |"), "\(rule.id)")
        }
    }
}
