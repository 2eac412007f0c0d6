#if SwiftSource
import Foundation
import NavFlowSwiftSource
import NavFlowTestSupport
import Testing

/// `docs/lint.md`'s rule reference is generated from the rules' data:
/// the table, then per rule its rationale and first examples. Run with
/// NAVFLOW_UPDATE_DOCS=1 to rewrite it, and review the diff.
@Suite struct LintDocTests {
    static let path = Repository.path("docs/lint.md")
    static let start = "NAVFLOW_UPDATE_DOCS=1 to rewrite them. -->"
    static let end = "<!-- end of rules -->"

    static func reference() -> String {
        var lines = ["", "| rule | severity | what it reports |", "|---|---|---|"]
        for rule in Linter.rules {
            lines.append("| [\(rule.id)](#\(rule.id)) | \(rule.descriptor.severity.rawValue) | \(rule.descriptor.summary) |")
        }
        for rule in Linter.rules {
            lines += ["", "### \(rule.id)", "", "\(rule.descriptor.severity.rawValue.capitalized). \(rule.descriptor.summary)", "",
                      rule.rationale, "", "Reported (`↓` marks the finding):", "", "```swift", rule.triggering[0], "```", "",
                      "Not reported:", "", "```swift", rule.nonTriggering[0], "```"]
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    @Test func ruleReferenceIsTheRulesData() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let begin = try #require(text.range(of: Self.start), "docs/lint.md has no generated part")
        let finish = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex))
        let expected = Self.reference()
        if ProcessInfo.processInfo.environment["NAVFLOW_UPDATE_DOCS"] == "1" {
            let rewritten = String(text[..<begin.upperBound]) + expected + String(text[finish.lowerBound...])
            try rewritten.write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[begin.upperBound..<finish.lowerBound]) == expected,
                "docs/lint.md's rule reference differs from the rules; rerun with NAVFLOW_UPDATE_DOCS=1 and review")
    }
}
#endif
