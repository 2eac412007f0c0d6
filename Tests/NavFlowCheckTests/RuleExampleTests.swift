import NavFlowCheck
import NavFlowSpec
import Testing

/// Tests generated from the rule catalog: every rule that `verify` checks
/// has a spec in `specs/defects/` that triggers it and nothing else, and a
/// fixed twin in `specs/defects/fixed/` that triggers nothing.
@Suite struct RuleExampleTests {
    static let checkedRules = RuleCatalog.all.filter { $0.phase != .frontEnd }.map(\.id.rawValue)

    @Test(arguments: checkedRules) func defectSpecTriggersItsRuleAndNothingElse(_ rule: String) throws {
        let path = Repository.path("specs/defects/\(rule).navflow")
        let result = Verifier.verify(Repository.source(path))
        #expect(result.spec != nil, "\(path) does not load")
        #expect(rules(result) == [rule], "\(path): \(result.diagnostics.map { "\($0.rule): \($0.message)" })")
        let finding = try #require(result.diagnostics.first { $0.rule.rawValue == rule })
        #expect(finding.severity == RuleCatalog.rule(finding.rule)?.severity)
        if RuleCatalog.rule(finding.rule)?.phase == .exploration,
           ![RuleID.orphanScreen, .deeplinkOnlyScreen, .deadEdge, .unusedDestination, .tabNeverVisible, .bounded].contains(finding.rule) {
            #expect(finding.witness != nil, "\(rule) findings carry a witness")
        }
    }

    @Test(arguments: checkedRules) func fixedSpecTriggersNothing(_ rule: String) {
        let path = Repository.path("specs/defects/fixed/\(rule).navflow")
        let result = Verifier.verify(Repository.source(path))
        #expect(result.spec != nil, "\(path) does not load")
        #expect(result.diagnostics.isEmpty, "\(path): \(result.diagnostics.map { "\($0.rule): \($0.message)" })")
    }

    @Test func everyDefectSpecIsNamedAfterARule() {
        let names = Repository.specs(in: "defects").map { String($0.split(separator: "/").last!.dropLast(".navflow".count)) }
        #expect(Set(names) == Set(Self.checkedRules))
    }
}
