import Foundation
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
            scheme "m"
            flag on = false
            stack A root Home { destination Detail }
            stack B root Other { destination Detail }
            tabs T {
              tab a "A" A
              tab b "B" B hidden if on
            }
            start T
            screen Home { push Detail; action "Go" { tab b; push Detail } }
            screen Detail { action "On" { set on = true } }
            screen Other
            deeplink "m://x" -> b / ... / Detail
            """
        let line = VerifyReport.statisticsLine(Verifier.verify(SourceFile(path: "m.navflow", text: text)))
        #expect(line.hasSuffix("tabs not selected parked (2 reasons to store a tab whole: tab 'b', line 11: an edge of 'Home' acts on the tab it selects, or presents, after 'tab'; tab 'b', line 14: deep link \"m://x\" appends to the path of a tab it may select ('/ ...'))"),
                "\(line)")
        // When every tab is stored whole (Other, which may be presented, selects
        // tab a and pushes there), none is parked: every reason is listed.
        let bothWhole = text.replacingOccurrences(of: "screen Other", with: "screen Other { sheet Other; action \"Go\" { tab a; push Detail } }")
        let product = VerifyReport.statisticsLine(Verifier.verify(SourceFile(path: "m.navflow", text: bothWhole)))
        #expect(product.hasSuffix("product of the tabs (3 reasons: line 11: an edge of 'Home' acts on the tab it selects, or presents, after 'tab'; line 13: an edge of 'Other' acts on the tab it selects, or presents, after 'tab'; line 14: deep link \"m://x\" appends to the path of a tab it may select ('/ ...'))"),
                "\(product)")
    }
}
