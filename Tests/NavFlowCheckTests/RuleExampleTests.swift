import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Tests generated from the rule descriptors: every rule that `verify`
/// checks names a spec that triggers it and nothing else, and a fixed twin
/// that triggers nothing. Each finding of the triggering spec has the
/// descriptor's severity, and a witness exactly when the descriptor says so.
@Suite struct RuleExampleTests {
    static let checkedRules = RuleCatalog.all.filter { $0.phase != .frontEnd }.map(\.id.rawValue)

    static func descriptor(_ rule: String) throws -> RuleDescriptor {
        try #require(RuleCatalog.rule(RuleID(rawValue: rule)))
    }

    @Test(arguments: checkedRules) func triggeringSpecTriggersItsRuleAndNothingElse(_ rule: String) throws {
        let descriptor = try Self.descriptor(rule)
        let examples = try #require(descriptor.examples, "\(rule) has no example specs")
        let path = Repository.path(examples.triggering)
        let result = Verifier.verify(Repository.source(path))
        #expect(result.spec != nil, "\(path) does not load")
        #expect(rules(result) == [rule], "\(path): \(result.diagnostics.map { "\($0.rule): \($0.message)" })")
        let findings = result.diagnostics.filter { $0.rule == descriptor.id }
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding.severity == descriptor.severity)
            #expect((finding.witness != nil) == descriptor.givesWitness,
                    "\(rule): a finding at \(finding.range.start) \(finding.witness == nil ? "lacks" : "has") a witness")
        }
    }

    @Test(arguments: checkedRules) func nonTriggeringSpecTriggersNothing(_ rule: String) throws {
        let examples = try #require(try Self.descriptor(rule).examples)
        let path = Repository.path(examples.nonTriggering)
        let result = Verifier.verify(Repository.source(path))
        #expect(result.spec != nil, "\(path) does not load")
        #expect(result.diagnostics.isEmpty, "\(path): \(result.diagnostics.map { "\($0.rule): \($0.message)" })")
    }

    @Test func everyDefectSpecIsARuleExample() {
        let examples = Set(RuleCatalog.all.compactMap(\.examples).flatMap { [$0.triggering, $0.nonTriggering] })
        let root = Repository.path("")
        let specs = (Repository.specs(in: "defects") + Repository.specs(in: "defects/fixed")).map {
            String($0.dropFirst(root.count)).trimmingPrefix("/")
        }
        #expect(Set(specs.map(String.init)) == examples)
    }

    /// Only exploration can give a witness: a property that reads the spec
    /// alone has no path to show.
    @Test func onlyExplorationRulesGiveWitnesses() {
        for descriptor in RuleCatalog.all where descriptor.givesWitness {
            #expect(descriptor.phase == .exploration, "\(descriptor.id)")
        }
    }

    /// Every property's rule is in the catalogue once, and the catalogue's
    /// ids are unique.
    @Test func catalogueHasEachRuleOnce() {
        let ids = RuleCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for property in RuleCatalog.properties {
            #expect(RuleCatalog.rule(property.rule) == property.descriptor)
        }
    }
}
