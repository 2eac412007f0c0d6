import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Named data-dependent choices (`choice Author "..." { mine, someone }`):
/// an edge or a handler marked `when CHOICE is OUTCOME` is one outcome of a
/// tap or a link; every outcome is taken, and witnesses, plans and traces
/// name the one they took.
@Suite struct ChoiceTests {
    static let text = """
        app Fedi
        scheme "fedi"
        id StatusID
        id AccountID
        choice Author "whether the status's author is the signed-in account" { mine, someone }
        choice Origin "whether the status lives on the user's own server" { local, remote }
        stack TimelineStack root Timeline { destination Status; destination RemoteStatus; destination Account; depth 3 }
        stack ProfileStack root MyProfile { destination Status; depth 2 }
        tabs Main {
          tab timeline "Timeline" TimelineStack
          tab profile "Profile" ProfileStack
        }
        start Main
        screen Timeline {
          push Status when Origin is local
          push RemoteStatus when Origin is remote
        }
        screen Status(id: StatusID) {
          action "Open author" when Author is mine { tab profile }
          action "Open author" when Author is someone { push Account }
        }
        screen RemoteStatus(id: StatusID) { push Account }
        screen Account(id: AccountID)
        screen MyProfile { push Status }
        deeplink "fedi://status/_/{id: StatusID}"
            -> timeline / Status(id) when Origin is local
            -> timeline / RemoteStatus(id) when Origin is remote
        """

    private static func source(_ text: String = Self.text) -> SourceFile { SourceFile(path: "fedi.navflow", text: text) }

    private static func findings(_ text: String) -> [String] {
        Verifier.verify(source(text)).diagnostics
            .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.messageAndWitnessNote)" }
    }

    private static func model(_ text: String = Self.text) throws -> FlowModel {
        try FlowModel(try #require(Frontend.load(source(text)).spec))
    }

    /// The defect: the profile stack does not register the author's page,
    /// so one outcome of the tap does nothing there; the witness names it.
    @Test func aFindingOnOneOutcomeNamesIt() throws {
        #expect(Self.findings(Self.text) == [
            "20:49 unregistered-destination: pushing 'Account' can run on a stack that has no such destination, and then it does nothing [in the witness, stack 'ProfileStack' has no destination 'Account']",
        ])
        let finding = try #require(Verifier.verify(Self.source()).diagnostics.first)
        #expect(finding.witness?.steps.map(\.text) == [
            "Launch the app", "Switch to the Profile tab", "On MyProfile, open Status(_)",
            "Tap “Open author” on Status(_) (Author: someone)",
        ])
        let fixed = Self.text.replacingOccurrences(of: "root MyProfile { destination Status;", with: "root MyProfile { destination Status; destination Account;")
        #expect(Self.findings(fixed).isEmpty)
    }

    @Test func aLinkTakesEachOutcomeAndRunsOnlyItsHandlers() throws {
        let model = try Self.model()
        #expect(model.deepLinkArguments[0] == [[0, 0], [0, 1]])
        let start = try #require(model.initialState(inputs: 0).state)
        let local = try #require(model.handleDeepLink(0, arguments: [0, 0], from: start).target)
        let remote = try #require(model.handleDeepLink(0, arguments: [0, 1], from: start).target)
        let status = model.spec.screens.firstIndex { $0.name == "Status" }!
        let remoteStatus = model.spec.screens.firstIndex { $0.name == "RemoteStatus" }!
        #expect(local.paths[0].map { model.routes.screen(of: $0) } == [status])
        #expect(remote.paths[0].map { model.routes.screen(of: $0) } == [remoteStatus])
        let witness = WitnessBuilder(model: model)
        #expect(witness.describe(.deepLink(link: 0, arguments: [0, 1]), from: start).text == "Open fedi://status/x/x (Origin: remote)")
    }

    @Test func misuseIsLocated() {
        func errors(_ replacing: String, with: String) -> [String] {
            Frontend.load(Self.source(Self.text.replacingOccurrences(of: replacing, with: with))).diagnostics
                .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
        }
        #expect(errors("when Author is mine", with: "when Autor is mine") == [
            "19:29 unknown-name: unknown choice 'Autor'",
        ])
        #expect(errors("when Author is mine", with: "when Author is me") == [
            "19:39 unknown-name: choice 'Author' has no outcome 'me'",
        ])
        #expect(errors("{ mine, someone }", with: "{ mine }") == [
            "5:8 invalid-declaration: choice 'Author' has one outcome; list two or more, or write the edge without a choice",
            "20:39 unknown-name: choice 'Author' has no outcome 'someone'",
        ])
        #expect(errors("{ mine, someone }", with: "{ }").first
            == "5:8 invalid-declaration: choice 'Author' has no outcome; list two or more, or write the edge without a choice")
        #expect(errors("screen MyProfile { push Status }", with: "screen MyProfile { push Status; open \"fedi://status/a/1\" }") == [
            "24:33 invalid-statement: \"fedi://status/a/1\" opens a link that depends on choice 'Origin', which an 'open' cannot take; write one edge per outcome with 'when Origin is OUTCOME'",
        ])
        #expect(errors("{ mine, someone }", with: "{ mine, someone, mine }") == [
            "5:87 duplicate-name: outcome 'mine' is declared twice",
        ])
        #expect(errors("\"whether the status's author is the signed-in account\"", with: "\" \"") == [
            "5:15 invalid-declaration: choice 'Author' needs a description of what decides it, such as \"whose account the row shows\"",
        ])
        #expect(errors("  action \"Open author\" when Author is someone { push Account }\n", with: "") == [
            "19:24 invalid-statement: action \"Open author\" of screen 'Status' depends on choice 'Author' but no edge takes outcome 'someone'; give each outcome its edge, as the app does something for each",
        ])
        #expect(errors("when Author is someone { push Account }", with: "when Author is mine { push Account }") == [
            "20:24 duplicate-name: screen 'Status' has two actions \"Open author\" for outcome 'mine' of choice 'Author'",
            "20:24 invalid-statement: action \"Open author\" of screen 'Status' depends on choice 'Author' but no edge takes outcome 'someone'; give each outcome its edge, as the app does something for each",
        ])
        #expect(errors("action \"Open author\" when Author is someone", with: "action \"Open author\"") == [
            "19:24 invalid-statement: action \"Open author\" of screen 'Status' depends on choice 'Author' but no edge takes outcome 'someone'; give each outcome its edge, as the app does something for each",
            "20:10 duplicate-name: screen 'Status' has two actions labelled \"Open author\"",
        ])
        #expect(errors("    -> timeline / RemoteStatus(id) when Origin is remote", with: "    -> timeline / RemoteStatus(id)") == [
            "26:30 deeplink-target: the link depends on choice 'Origin' but no handler takes outcome 'remote'; give each outcome a handler ('-> TARGET when Origin is OUTCOME')",
        ])
        #expect(errors("RemoteStatus(id) when Origin is remote", with: "RemoteStatus(id) when Author is someone") == [
            "27:36 deeplink-target: the handlers of one link depend on one choice; this one depends on 'Author', the first on 'Origin'",
        ])
        #expect(errors("push Status when Origin is local", with: "push Status when Origin local") == [
            "15:27 syntax: expected 'is' and an outcome after the choice, as in 'when Origin is OUTCOME'",
        ])
    }

    /// A link whose handlers are the outcomes of a choice runs one handler
    /// per step: it does not keep the tabs from being parked, and parked
    /// and full exploration find the same.
    @Test func outcomesOfALinkDoNotKeepTabsFromBeingParked() throws {
        // `tab profile` ends a tap on a tab's screen: the tab is on screen after it.
        #expect(TabIndependence(try Self.model().spec).reasons.isEmpty)
        let parked = Verifier.verify(Self.source(Self.text))
        #expect(parked.statistics?.search == .parked)
        var options = Verifier.Options()
        options.exploration = .full
        let full = Verifier.verify(Self.source(Self.text), options: options)
        #expect(full.statistics?.search == .full)
        #expect(parked.diagnostics == full.diagnostics && !full.diagnostics.isEmpty)
        let both = Self.text.replacingOccurrences(of: "    -> timeline / RemoteStatus(id) when Origin is remote",
                                                  with: "    -> timeline / RemoteStatus(id) when Origin is remote\n    -> profile keep tab")
        // A handler that changes the profile tab unselected keeps that tab whole; the others are parked.
        let independence = TabIndependence(try Self.model(both).spec)
        #expect(independence.reasons.isEmpty)
        #expect(independence.wholeReasons
                == ["tab 'profile', line 28: deep link \"fedi://status/_/{id: StatusID}\" changes a tab it does not select ('keep tab')"])
    }

    /// The handlers that run together for one outcome can depend on their order.
    @Test func handlerOrderIsJudgedPerOutcome() {
        let text = Self.text.replacingOccurrences(of: "    -> timeline / RemoteStatus(id) when Origin is remote",
                                                  with: "    -> timeline when Origin is remote\n    -> * / ... / RemoteStatus(id) when Origin is remote")
        #expect(Self.findings(text).contains(
            "25:10 deeplink-handler-order: the handlers of deep link \"fedi://status/_/{id: StatusID}\" for one outcome of choice 'Origin' lead to another state when they run in another order, and SwiftUI does not say in which order it calls them"),
            "\(Self.findings(text))")
    }

    @Test func plainAndDefaultExplorationAgree() {
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(Self.source(), options: plain).diagnostics == Verifier.verify(Self.source()).diagnostics)
    }
}
