import NavFlowCheck
import NavFlowModel
import NavFlowSpec
import Testing

/// Small models whose states are counted by hand.
@Suite struct HandWorkedModelTests {
    /// Figures of exploring every state (the counts below are worked out by hand for the full model).
    private func statistics(_ text: String) throws -> Verifier.Statistics {
        let result = verify(text, exploration: .full)
        #expect(result.spec != nil, "\(result.diagnostics.map(\.message))")
        return try #require(result.statistics)
    }

    @Test func aStackCountsOneStatePerPath() throws {
        // Paths: [], [A], [A, A].
        let stats = try statistics("""
            app A
            screen Home { push A }
            screen A { push A }
            stack S root Home { destination A depth 2 }
            """)
        #expect(stats.states == 3 && stats.inAppStates == 3)
    }

    @Test func enumArgumentsMultiplyRoutesAndIdsDoNot() throws {
        // Paths: [], [C(x)], [C(y)], [C(x), R(_)], [C(y), R(_)].
        let stats = try statistics("""
            app A
            enum E { x, y }
            id RID
            screen Home { push C }
            screen C(e: E) { push R }
            screen R(id: RID)
            stack S root Home { destination C destination R depth 2 }
            """)
        #expect(stats.states == 5)
    }

    @Test func tabsKeepTheirPathsWhileAnotherIsSelected() throws {
        // Selected tab (a or b) × a's path ([] or [X]).
        let stats = try statistics("""
            app A
            screen HomeA { push X }
            screen X
            screen B
            stack SA root HomeA { destination X depth 1 }
            tabs T { tab a "A" SA
                     tab b "B" B }
            """)
        #expect(stats.states == 4)
    }

    @Test func aSheetAddsOneModalState() throws {
        let stats = try statistics("""
            app A
            screen Home { sheet Info }
            screen Info
            """)
        #expect(stats.states == 2 && stats.transitions == 2)
    }

    @Test func inputsMultiplyInitialStatesUnderAssumptions() throws {
        // a, b relevant, assume !(a && b): three valuations, one state each.
        let stats = try statistics("""
            app A
            input a
            input b
            input unread
            assume !(a && b)
            screen Home { push Home if a || b }
            """)
        #expect(stats.valuations == 3 && stats.states == 3)
    }

    @Test func aDeepLinkOnlyStateIsNotInApp() throws {
        // In-app: [] only. With the link: [D] too.
        let stats = try statistics("""
            app A
            scheme "a"
            screen Home
            screen D
            stack S root Home { destination D }
            deeplink "a://d" -> / D
            """)
        #expect(stats.inAppStates == 1 && stats.states == 2)
    }

    @Test func launchRunsOnceBeforeTheFirstState() throws {
        // The onboarding cover is up at launch; Continue closes it and sets the flag.
        let stats = try statistics("""
            app A
            flag onboarded = false
            screen Home
            screen Onboarding { action "Continue" { set onboarded = true; dismiss } }
            launch cover Onboarding if !onboarded
            start Home
            """)
        #expect(stats.states == 2 && stats.inAppStates == 2)
    }
}
