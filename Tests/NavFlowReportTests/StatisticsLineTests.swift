import NavFlowCheck
import NavFlowReport
import NavFlowSource
import Testing

/// `--statistics` names every reason the tabs interact, not the first:
/// a user fixing one of them needs to know whether others remain.
@Suite struct StatisticsLineTests {
    @Test func everyReasonTheTabsInteractIsListed() throws {
        let text = """
            app M
            flag on = false
            stack A root Home { destination Detail }
            stack B root Other { }
            tabs T {
              tab a "A" A
              tab b "B" B hidden if on
            }
            start T
            screen Home { push Detail; action "Go" { tab b } }
            screen Detail { action "On" { set on = true } }
            screen Other
            """
        let line = VerifyReport.statisticsLine(Verifier.verify(SourceFile(path: "m.navflow", text: text)))
        #expect(line.hasSuffix("product of the tabs (2 reasons: line 7: tab 'b' is hidden by a flag; line 10: an edge of 'Home' selects a tab or opens a URL)"),
                "\(line)")
    }
}
