import Foundation
import NavFlowTestSupport
import Testing

/// Every SARIF log navflow writes follows SARIF 2.1.0 as `SARIFConformance`
/// writes its rules out: the pinned logs of verify, lint and drift, and
/// verify's log of every spec of specs/defects and specs/examples.
@Suite struct SARIFConformanceTests {
    static let goldens = [
        "Tests/NavFlowReportTests/Golden/shop.verify.sarif",
        "Tests/NavFlowReportTests/Golden/shop-suppressed.verify.sarif",
        "Tests/NavFlowSwiftSourceTests/Golden/routers.lint.sarif",
        "Tests/NavFlowSwiftSourceTests/Golden/routers.drift.sarif",
    ]

    static func load(_ relative: String) throws -> Any {
        let data = try #require(FileManager.default.contents(atPath: Repository.path(relative)))
        return try JSONSerialization.jsonObject(with: data)
    }

    @Test(arguments: goldens)
    func thePinnedLogsConform(_ path: String) throws {
        #expect(SARIFConformance.problems(in: try Self.load(path)) == [])
    }

    @Test func verifysLogOfEveryDefectAndExampleConforms() throws {
        let run = try CommandLineTests.run(["verify", "specs/defects", "specs/examples", "--format", "sarif"])
        #expect(run.status == 1)
        let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let results = ((log as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [Any] ?? []
        #expect(results.count > 30, "the defects give findings of many rules")
        #expect(SARIFConformance.problems(in: log) == [])
    }

    /// Each rule of the check catches its departure.
    @Test func departuresAreCaught() throws {
        let log = try #require(try Self.load(Self.goldens[1]) as? [String: Any])
        func mutated(_ change: (inout [String: Any]) -> Void) -> [String] {
            var copy = log
            change(&copy)
            return SARIFConformance.problems(in: copy)
        }
        func editResult(_ log: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
            var runs = log["runs"] as! [[String: Any]]
            var results = runs[0]["results"] as! [[String: Any]]
            edit(&results[0])
            runs[0]["results"] = results
            log["runs"] = runs
        }
        #expect(mutated { $0["version"] = "2.0.0" } == ["$.version: is '2.0.0', not one of [\"2.1.0\"]"])
        #expect(mutated { $0["extra"] = 1 } == ["$: has the property 'extra', which SARIF does not define there"])
        #expect(mutated { log in
            var runs = log["runs"] as! [[String: Any]]
            runs[0]["tool"] = ["driver": ["semanticVersion": "1"]]
            log["runs"] = runs
        }.contains("$.runs[0].tool.driver: lacks the required property 'name'"))
        #expect(mutated { editResult(&$0) { $0["level"] = "fatal" } } == ["$.runs[0].results[0].level: is 'fatal', not one of [\"error\", \"none\", \"note\", \"warning\"]"])
        #expect(mutated { editResult(&$0) { $0["ruleIndex"] = 0 } }.first?.contains("names the rule 'syntax'") == true)
        #expect(mutated { editResult(&$0) { $0["message"] = ["markdown": "x"] } } == ["$.runs[0].results[0].message: has neither 'text' nor 'id'"])
        #expect(mutated { editResult(&$0) { result in
            var locations = result["locations"] as! [[String: Any]]
            var physical = locations[0]["physicalLocation"] as! [String: Any]
            physical["region"] = ["startLine": 0, "startColumn": 4, "endLine": 3, "endColumn": 2]
            physical["artifactLocation"] = ["uri": "specs/a b.navflow"]
            locations[0]["physicalLocation"] = physical
            result["locations"] = locations
        } } == [
            "$.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri: 'specs/a b.navflow' is not a URI reference",
            "$.runs[0].results[0].locations[0].physicalLocation.region.startLine: is 0, below its minimum 1",
        ])
        #expect(mutated { editResult(&$0) { $0["suppressions"] = [["kind": "baseline"]] } }
            == ["$.runs[0].results[0].suppressions[0].kind: is 'baseline', not one of [\"external\", \"inSource\"]"])
    }
}
