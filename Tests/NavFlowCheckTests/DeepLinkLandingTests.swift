import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Testing

/// A deep link is judged by what it builds: the tab it selects, the paths
/// it writes, the modals it presents, with the flags; what it leaves as it
/// was is where the user is. `deeplink-unreachable` keeps wrong-order paths
/// and skipped gates; a modal presented over a screen where the app never
/// presents it is `deeplink-out-of-context`, a warning, unless `anywhere`.
@Suite struct DeepLinkLandingTests {
    static let modalLink = """
        app ModalLink
        scheme "x"
        id ItemID
        stack HomeStack root Home { destination Detail }
        tabs Main { tab home "Home" HomeStack }
        screen Home {
          push Detail
          sheet Settings
        }
        screen Detail(id: ItemID)
        screen Settings
        deeplink "x://settings" -> + sheet Settings
        """

    /// Two links that land on the same state from the same source are
    /// judged each by what it says: the one without `anywhere` presents
    /// out of context, the other does not. The verdicts kept for landings
    /// seen before are kept per link (a table keyed by the landing alone
    /// gives the second link the first one's verdict).
    @Test func linksLandingOnTheSameStateAreJudgedEachByItself() throws {
        let text = Self.modalLink + "\ndeeplink \"x://settings/any\" -> + sheet Settings anywhere\n"
        let diagnostics = Self.verify(text)
        #expect(diagnostics.map { "\($0.range.start.line) \($0.rule.rawValue)" } == ["12 deeplink-out-of-context"])
        let reversed = Self.modalLink.replacingOccurrences(
            of: "deeplink \"x://settings\" -> + sheet Settings",
            with: "deeplink \"x://settings/any\" -> + sheet Settings anywhere\ndeeplink \"x://settings\" -> + sheet Settings")
        #expect(Self.verify(reversed).map { "\($0.range.start.line) \($0.rule.rawValue)" } == ["13 deeplink-out-of-context"])
    }

    private static func verify(_ text: String, plainToo: Bool = true) -> [Diagnostic] {
        let source = SourceFile(path: "link.navflow", text: text)
        let result = Verifier.verify(source)
        if plainToo {
            var plain = Verifier.Options()
            plain.exploration = .plain
            #expect(Verifier.verify(source, options: plain).diagnostics.map(\.message) == result.diagnostics.map(\.message))
        }
        return result.diagnostics
    }

    /// The minimal spec of a link that leaves the user's navigation alone:
    /// no error, and the warning says what it presents over what.
    @Test func aSheetOverTheUsersPathIsOutOfContextNotUnreachable() throws {
        let diagnostics = Self.verify(Self.modalLink)
        #expect(diagnostics.count == 1)
        let finding = try #require(diagnostics.first)
        #expect(finding.rule == .deeplinkOutOfContext && finding.severity == .warning)
        #expect("\(finding.range.start.line):\(finding.range.start.column) \(finding.message)"
                == "12:10 deep link \"x://settings\" presents a modal over a state where the app itself never presents it")
        #expect(finding.notes.map(\.message) == [
            "in the witness, it presents 'Settings' over 'Detail'",
            "the link keeps where the user is and builds what no tap builds there; if 'Settings' may show over any screen, write 'anywhere' after the target",
        ])
        #expect(finding.witness?.steps.map(\.text) == ["Launch the app", "On Home, open Detail(_)", "Open x://settings"])
        let fix = try #require(finding.fixIts.first)
        #expect(fix.replacement == " anywhere" && fix.range.start == fix.range.end && fix.range.start.line == 12
                && fix.range.start.column == 44)
        // Applied, the fix-it gives a spec with nothing to report.
        #expect(Self.verify(Self.modalLink + " anywhere").isEmpty)
        // Presented where the app presents it (Home, path emptied), there is nothing to report either.
        #expect(Self.verify(Self.modalLink.replacingOccurrences(of: "-> + sheet", with: "-> home + sheet")).isEmpty)
    }

    /// A push beneath a launch cover (a splash) onto the tab's path is the
    /// app's own push: what the link wrote is reachable, the splash is the
    /// user's. Appending a page where the app never pushes it (Other on top
    /// of Detail) is still a back stack built in the wrong order.
    @Test func aPushBeneathTheUsersModalsIsJudgedByThePush() throws {
        let text = """
            app Splash
            scheme "x"
            id ItemID
            stack HomeStack root Home { destination Detail; destination Other; depth 2 }
            tabs Main { tab home "Home" HomeStack }
            launch cover Splash
            screen Splash { action "Configure" { dismiss } }
            screen Home { push Detail; push Other }
            screen Detail(id: ItemID) { push Detail }
            screen Other { push Detail }
            deeplink "x://item/{id: ItemID}" -> * / ... / Detail(id) under modals
            """
        func findings(_ text: String) -> [String] {
            Self.verify(text).filter { $0.severity != .note }.map { "\($0.rule.rawValue) \($0.severity): \($0.message)" }
        }
        #expect(findings(text) == [])
        let other = text + "\ndeeplink \"x://other\" -> * / ... / Other under modals"
        #expect(findings(other) == [
            "deeplink-unreachable error: deep link \"x://other\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate",
        ])
    }

    /// The flags are always part of what is judged: a link that shows a
    /// page only signed-in users reach, while signed out, skips the gate.
    @Test func aSkippedGateIsStillUnreachable() {
        let text = """
            app Gate
            scheme "x"
            flag signedIn = false
            stack HomeStack root Home { destination Account }
            tabs Main { tab home "Home" HomeStack }
            screen Home {
              push Account if signedIn
              action "Sign in" { set signedIn = true }
            }
            screen Account
            deeplink "x://account" -> * / Account under modals
            """
        let found = Self.verify(text).map { "\($0.rule.rawValue): \($0.witness?.steps.map(\.text) ?? [])" }
        #expect(found == ["deeplink-unreachable: [\"Launch the app\", \"Open x://account\"]"])
        #expect(Self.verify(text.replacingOccurrences(of: "under modals", with: "requires signedIn under modals")).isEmpty)
    }

    @Test func anywhereNeedsAModal() {
        let lines = CloseModalsTests.lines(Verifier.verify(SourceFile(path: "link.navflow",
            text: Self.modalLink.replacingOccurrences(of: "-> + sheet Settings", with: "-> home anywhere"))))
        #expect(lines == [
            "12:33 deeplink-target: 'anywhere' lets the modals a target presents show over any screen; this target presents none",
        ])
    }
}
