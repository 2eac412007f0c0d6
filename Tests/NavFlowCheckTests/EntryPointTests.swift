import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Entry points that are not URLs (`entry notification newMail(id: T) ->
/// ...`): a notification tap, a shortcut, a widget, a quick action, a
/// continued activity. They take a deep link's targets, guards and checks;
/// no URL opens them.
@Suite struct EntryPointTests {
    static let text = """
        app Courier
        enum Mailbox { inbox, archive }
        id MessageID
        flag signedIn = false
        stack MailStack root Mailboxes { destination MessageList; destination Message; depth 3 }
        stack SearchStack root Search { destination Message }
        tabs Main {
          tab mail "Mail" MailStack
          tab search "Search" SearchStack
        }
        start Main
        launch sheet SignIn if !signedIn
        screen Mailboxes { push MessageList }
        screen MessageList(box: Mailbox) { push Message; sheet Compose }
        screen Message(id: MessageID) { sheet Compose }
        screen Search { push Message }
        screen Compose { action "Send" { dismiss } }
        screen SignIn locked { action "Sign in" { set signedIn = true; dismiss } }
        entry notification newMail(id: MessageID) -> mail / MessageList(inbox) / Message(id)
            requires signedIn else sheet SignIn
        entry widget unread -> mail / MessageList(inbox)
            requires signedIn else sheet SignIn keep modals
        entry shortcut openMailbox(box: Mailbox) -> mail / MessageList(box)
            requires signedIn else sheet SignIn
        """

    /// Each finding's place, rule and message, and what its witness shows when a note says it.
    private static func diagnostics(_ text: String) -> [String] {
        Verifier.verify(SourceFile(path: "courier.navflow", text: text)).diagnostics.map { finding in
            let shown = finding.notes.first { $0.message.hasPrefix("in the witness") }.map { " [\($0.message)]" } ?? ""
            return "\(finding.range.start.line):\(finding.range.start.column) \(finding.rule.rawValue): \(finding.message)\(shown)"
        }
    }

    private static func errors(_ entries: String) -> [String] {
        let text = Self.text.components(separatedBy: "entry notification")[0] + entries
        return Frontend.load(SourceFile(path: "courier.navflow", text: text)).diagnostics
            .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
    }

    @Test func entriesAreLinksThatNoURLOpens() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "courier.navflow", text: Self.text)).spec)
        #expect(spec.deepLinks.map(\.subject) == [
            "notification entry 'newMail'", "widget entry 'unread'", "shortcut entry 'openMailbox'",
        ])
        #expect(spec.deepLinks.map(\.pattern.text) == [
            "notification newMail(id: MessageID)", "widget unread", "shortcut openMailbox(box: Mailbox)",
        ])
        for text in ["newMail", "notification://newMail", "https://newMail/1", "unread"] {
            if let url = URLPath(text) { #expect(spec.deepLink(handling: url) == nil) }
        }
    }

    /// The guard sends signed-out users to sign in first; a parameter
    /// reaches the screen; the tab is selected and the path replaced.
    @Test func anEntryRunsItsHandlerLikeALink() throws {
        let model = try FlowModel(try #require(Frontend.load(SourceFile(path: "courier.navflow", text: Self.text)).spec))
        let start = try #require(model.initialState(inputs: 0).state)
        #expect(start.modals.count == 1)
        let signedOut = model.handleDeepLink(0, arguments: [0], from: start)
        #expect(signedOut.target == nil || signedOut.outcome != .landed)
        var signedIn = start
        signedIn.modals = []
        signedIn.flags = 1
        signedIn.selectedTab = 1
        let landed = model.handleDeepLink(0, arguments: [0], from: signedIn)
        let target = try #require(landed.target)
        #expect(landed.outcome == .landed && target.selectedTab == 0 && target.paths[0].count == 2)
        let mailbox = model.handleDeepLink(2, arguments: [1], from: signedIn)
        #expect(mailbox.target?.paths[0].count == 1 && mailbox.outcome == .landed)
    }

    @Test func findingsNameTheEntryAndTheWayTheUserTakesIt() throws {
        let result = Verifier.verify(SourceFile(path: "courier.navflow", text: Self.text))
        #expect(Self.diagnostics(Self.text) == [
            "21:14 deeplink-state-dependent: widget entry 'unread' does not always land on its target [in the witness, 'Compose' stays presented along with the target]",
        ])
        #expect(result.diagnostics.first?.witness?.steps.map(\.text) == [
            "Launch the app", "Tap “Sign in” on SignIn", "On Mailboxes, open MessageList(inbox)",
            "On MessageList(inbox), open the Compose sheet", "Tap the 'unread' widget",
        ])
        #expect(result.diagnostics.first?.witness?.steps.last?.kind == .entry)
        let fixed = Self.text.replacingOccurrences(of: " keep modals", with: "")
        #expect(Self.diagnostics(fixed).isEmpty)
    }

    @Test func aWitnessGivesTheEntrysArguments() throws {
        let text = Self.text.replacingOccurrences(of: "-> mail / MessageList(inbox) / Message(id)",
                                                  with: "-> search / MessageList(inbox) / Message(id)")
        #expect(Self.diagnostics(text) == [
            "19:55 deeplink-invalid: notification entry 'newMail' pushes 'MessageList' onto stack 'SearchStack', which does not register it as a destination; SwiftUI would show nothing",
            "21:14 deeplink-state-dependent: widget entry 'unread' does not always land on its target [in the witness, 'Compose' stays presented along with the target]",
        ])
        let state = Self.text.replacingOccurrences(of: "Message(id)\n    requires signedIn else sheet SignIn",
                                                   with: "Message(id) keep modals")
        let finding = try #require(Verifier.verify(SourceFile(path: "courier.navflow", text: state)).diagnostics.first)
        #expect(finding.message == "notification entry 'newMail' does not always land on its target")
        #expect(finding.notes.first?.message == "in the witness, 'SignIn' stays presented along with the target")
        #expect(finding.witness?.steps.map(\.text) == ["Launch the app", "Tap the 'newMail' notification with id: x"])
    }

    @Test func misuseIsLocated() {
        #expect(Self.errors("entry email x -> mail") == [
            "19:7 syntax: expected the kind of entry point after 'entry': 'notification', 'shortcut', 'widget', 'quickAction', 'handoff', 'toast'",
        ])
        #expect(Self.errors("entry notification -> mail") == [
            "19:20 syntax: expected the name of an entry point after 'notification', found '->'",
        ])
        #expect(Self.errors("entry handoff h mail") == [
            "19:17 syntax: expected '->' and a target after the entry point, found 'mail'",
        ])
        #expect(Self.errors("entry widget w(box: Mailbox, id: MessageID) -> mail / Message(id)") == [
            "19:16 deeplink-pattern: parameter 'box' of entry point 'w' is not used by the target; pass it to a route, as in 'Screen(box)', or remove it",
        ])
        #expect(Self.errors("entry widget w -> mail\nentry shortcut w -> search") == [
            "20:16 duplicate-name: entry point 'w' is declared twice",
        ])
        #expect(Self.errors("entry shortcut s(id: Nope) -> mail") == ["19:22 unknown-name: unknown type 'Nope'"])
        #expect(Self.errors("entry handoff h(id: MessageID) -> mail / Message(x)") == [
            "19:50 unknown-name: 'x' is neither a parameter of type MessageID nor a parameter entry point 'h' binds",
        ])
        #expect(Self.errors("entry handoff h -> mail / Message(_)") == [
            "19:35 arguments: a deep-link target needs a value for 'id'; add 'id: MessageID' to the parameters of entry point 'h'",
        ])
        #expect(Self.errors("entry handoff h -> mail / Message") == [
            "19:27 arguments: the target must say which 'Message' to show: pass it the entry point's parameters, as in 'Message(id)'",
        ])
        #expect(Self.errors("entry quickAction q -> search keep tab, modals").isEmpty)
    }

    @Test func anUnclosedParameterListIsReportedWhereItOpens() {
        #expect(Self.errors("entry quickAction q(id: MessageID -> mail / Message(id)") == [
            "19:35 syntax: expected ',' or ')' in the parameter list",
        ])
    }

    /// An entry that needs a flag, or presents, keeps no tab from being parked.
    @Test func entriesDoNotKeepTabsFromBeingParked() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "courier.navflow", text: Self.text)).spec)
        #expect(TabIndependence(spec).reasons == [])
        var full = Verifier.Options()
        full.exploration = .full
        let source = SourceFile(path: "courier.navflow", text: Self.text)
        let parked = Verifier.verify(source)
        #expect(parked.statistics?.search == .parked)
        #expect(parked.diagnostics == Verifier.verify(source, options: full).diagnostics)
    }

    @Test func plainAndDefaultExplorationAgree() {
        let source = SourceFile(path: "courier.navflow", text: Self.text)
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(source, options: plain).diagnostics == Verifier.verify(source).diagnostics)
    }
}
