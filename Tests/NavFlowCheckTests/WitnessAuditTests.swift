import Foundation
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowReport
import NavFlowSource
import NavFlowSpec
import Testing

/// A query's witness that goes through a state `verify` reports as an
/// error says so, naming the rule; one that does not, says nothing.
@Suite struct WitnessAuditTests {
    static let spec = """
        app Audit
        stack Main root Home { destination A }
        start Main
        screen Home {
          push A
          action "Help" { push Nope; sheet Help }
          cover Jail
        }
        screen A
        screen Nope
        screen Help
        screen Jail locked
        """

    private func audit(_ query: String, deepLinks: Bool = false) throws -> (QueryReport, String) {
        let spec = try #require(Frontend.load(SourceFile(path: "audit.navflow", text: Self.spec)).spec)
        let model = try FlowModel(spec)
        let (target, errors) = PatternResolver.resolveQuery(query, in: spec)
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let (answer, trail) = try ExplicitQueryEngine().answerWithTrail(
            ReachabilityQuery(target: try #require(target), from: nil, deepLinks: deepLinks), model: model)
        let defects = try WitnessAudit.defects(of: #require(trail), model: model)
        let report = QueryReport(query: query, engine: "explicit", answer: answer, defects: defects)
        return (report, report.text())
    }

    /// The report's JSON `defects`, each value as text.
    private func defectsJSON(_ report: QueryReport) throws -> [[String: String]] {
        let object = try JSONSerialization.jsonObject(with: Data(report.json().serialized().utf8)) as? [String: Any]
        let defects = try #require(object?["defects"] as? [[String: Any]])
        return defects.map { $0.mapValues { "\($0)" } }
    }

    @Test func aWitnessThroughAStatementDefectNamesTheRule() throws {
        let (report, text) = try audit("reach + sheet Help")
        #expect(report.defects.map(\.rule) == [.unregisteredDestination])
        #expect(text == """
            reachable in 1 step:
              1. Launch the app
              2. Tap “Help” on Home
            warning: this witness passes through an error that verify reports:
              step 2: pushing 'Nope' can run on a stack that has no such destination, and then it does nothing; here, stack 'Main' has no destination 'Nope' [unregistered-destination]

            """)
    }

    @Test func aWitnessThroughATrapNamesTheRule() throws {
        let (report, _) = try audit("reach + cover Jail")
        #expect(report.defects == [WitnessDefect(step: 2, rule: .trap,
            message: "trap: once 'Jail' (in a cover) is on screen, no in-app step leads back to a home state")])
        #expect(try defectsJSON(report) == [["step": "2", "rule": "trap",
            "message": "trap: once 'Jail' (in a cover) is on screen, no in-app step leads back to a home state"]])
    }

    @Test func aCleanWitnessSaysNothing() throws {
        let (report, text) = try audit("reach / A")
        #expect(report.defects.isEmpty)
        #expect(!text.contains("warning"))
        #expect(try defectsJSON(report).isEmpty)
    }
}
