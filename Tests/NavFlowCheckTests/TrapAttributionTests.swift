import NavFlowCheck
import NavFlowSource
import NavFlowTestSupport
import Testing

/// A trap is reported at the modal the user cannot leave, not at a sheet
/// above it that closes fine.
@Suite struct TrapAttributionTests {
    @Test func aSheetOverATrappedCoverIsNotTheTrap() {
        let text = """
            app T
            stack S root Home { destination A }
            start S
            screen Home { push A; cover Onboarding }
            screen A
            screen Onboarding { sheet Help }
            screen Help { action "Close" { dismiss } }
            """
        for exploration in [Verifier.Exploration.automatic, .plain] {
            var options = Verifier.Options()
            options.exploration = exploration
            let traps = Verifier.verify(SourceFile(path: "t.navflow", text: text), options: options).diagnostics
                .filter { $0.rule == .trap }
            #expect(traps.map(\.message) == ["trap: once 'Onboarding' is on screen, no in-app step leads back to a home state"])
            #expect(traps.first?.notes.map(\.message) == [
                "in the witness, 'Onboarding' is in a cover",
                "a cover has no swipe-down: give 'Onboarding' an action that dismisses it",
            ])
        }
    }
}

/// The message of `deeplink-state-dependent` says the extra modal stays
/// presented along with the target, whether it ends up above the target's
/// path or beneath the modals the target presents.
@Suite struct StateDependentMessageTests {
    @Test func theExtraModalIsNamedWithoutClaimingWhereItIs() {
        let result = Verifier.verify(Repository.source(Repository.path("specs/defects/deeplink-state-dependent.navflow")))
        let findings = result.diagnostics.filter { $0.rule == .deeplinkStateDependent }
        #expect(findings.map(\.message) == ["deep link \"shop://item/{id: ItemID}\" does not always land on its target"])
        #expect(findings.first?.notes.first?.message == "in the witness, 'Cart' stays presented along with the target")
    }
}

/// A link to a screen only deep links show is unreachable in-app by
/// construction: the link's finding is a note pointing at the screen's
/// `deeplink-only-screen`, not a second error.
@Suite struct LinkOnlyTargetTests {
    @Test func theLinkFindingDefersToTheScreenFinding() {
        let result = Verifier.verify(SourceFile(path: "h.navflow", text: """
            app H
            scheme "h"
            stack S root Home { }
            start S
            screen Home
            screen Handoff { action "Done" { dismiss } }
            deeplink "h://handoff" -> + sheet Handoff
            """))
        #expect(result.diagnostics.filter { $0.rule == .deeplinkUnreachable || $0.rule == .deeplinkOnlyScreen }
            .map { "\($0.severity.rawValue) \($0.rule.rawValue): \($0.message)" } == [
            "warning deeplink-only-screen: screen 'Handoff' is visible only after a deep link; no in-app navigation reaches it",
            "note deeplink-unreachable: deep link \"h://handoff\" shows 'Handoff', which only deep links show, so no in-app navigation reaches where it lands",
        ])
    }
}
