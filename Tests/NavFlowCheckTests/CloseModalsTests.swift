import NavFlowCheck
import NavFlowModel
import NavFlowSource
import NavFlowSpec
import Testing

/// `close NAME, ...` on a deep-link handler: the first named modal up goes
/// with what is above it, the others stay; misuse is located.
@Suite struct CloseModalsTests {
    static let text = """
        app Close
        scheme "c"
        stack HomeStack root Home { destination Detail }
        stack LinkStack root Detail {}
        tabs Main {
          tab home "Home" HomeStack
          tab other "Other" Other
        }
        start Main
        launch sheet Greeting
        screen Home { push Detail; sheet Filters }
        screen Other
        screen Detail { sheet Filters }
        screen Filters { dismiss }
        screen Greeting { dismiss; sheet Filters }
        deeplink "c://item" -> + sheet LinkStack close LinkStack, Greeting
        """

    static func lines(_ result: Verifier.Result) -> [String] {
        result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
    }

    /// The app route's sheets go; a tab's sheet stays and covers the root,
    /// which then presents nothing.
    @Test func theNamedModalsCloseAndTheOthersStay() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "close.navflow", text: Self.text)).spec)
        let model = try FlowModel(spec)
        let shape = model.shape
        func presentable(_ name: String) throws -> Int {
            try #require(shape.presentables.firstIndex { spec.name(of: $0) == name })
        }
        var state = try #require(model.initialState(inputs: 0).state)
        #expect(state.modals.map(\.presentable) == [try presentable("Greeting")])
        // Greeting, and Filters over it: both go, the link lands.
        state.modals.append(Modal(kind: .sheet, presentable: try presentable("Filters"), path: []))
        let fromGreeting = model.handleDeepLink(0, arguments: [], from: state)
        #expect(fromGreeting.outcome == .landed)
        #expect(fromGreeting.target?.modals.map(\.presentable) == [try presentable("LinkStack")])
        // A tab's Filters alone: it stays, and the root cannot present over it.
        state.modals = [Modal(kind: .sheet, presentable: try presentable("Filters"), path: [])]
        let fromFilters = model.handleDeepLink(0, arguments: [], from: state)
        #expect(fromFilters.outcome == .presentationDropped(presentable: try presentable("LinkStack"),
                                                             coveredBy: try presentable("Filters")))
        #expect(fromFilters.target?.modals == state.modals)
    }

    @Test func theDropIsReportedWithItsWitness() throws {
        let result = Verifier.verify(SourceFile(path: "close.navflow", text: Self.text))
        let dropped = try #require(result.diagnostics.first { $0.rule == .presentationDropped })
        #expect(dropped.message == "deep link \"c://item\" does not always show its target: it presents a modal from a view another modal covers, and SwiftUI does not show it")
        #expect(dropped.notes.first?.message == "in the witness, 'LinkStack' is presented from a view that 'Filters' covers, and a view presents one modal at a time: SwiftUI does not show 'LinkStack'")
        #expect(dropped.witness?.steps.map(\.text) == ["Launch the app", "On Greeting, dismiss", "On Home, open the Filters sheet", "Open c://item"])
        // Closing Filters too, the link always lands.
        let fixed = Verifier.verify(SourceFile(path: "close.navflow", text: Self.text.replacingOccurrences(
            of: "close LinkStack, Greeting", with: "close LinkStack, Greeting, Filters")))
        #expect(!fixed.diagnostics.contains { $0.rule == .presentationDropped })
    }

    @Test func misuseIsLocated() {
        func verify(_ handler: String) -> [String] {
            Self.lines(Verifier.verify(SourceFile(path: "close.navflow", text: """
                app Close
                scheme "c"
                enum K { a }
                stack HomeStack root Home { destination Detail }
                start HomeStack
                screen Home { push Detail; sheet Filters }
                screen Detail(k: K)
                screen Filters { dismiss }
                deeplink "c://a" -> + sheet Filters \(handler)
                """)))
        }
        #expect(verify("close Filters keep modals") == [
            "9:56 syntax: 'close' keeps every other modal already; drop 'modals' from 'keep'",
        ])
        #expect(verify("close") == ["9:42 syntax: expected a screen or stack to close after 'close', as in 'close DetailSheet'"])
        #expect(verify("close Detail, Nope, Filters, Filters") == [
            "9:43 root-parameters: screen 'Detail' takes parameters (k), so no modal presents it and 'close' cannot name it; name the screen or stack the sheet shows",
            "9:51 unknown-name: unknown screen or stack 'Nope'",
            "9:66 duplicate-name: 'close' names 'Filters' twice",
        ])
        #expect(verify("close HomeStack keep tab") == [
            "9:43 deeplink-target: nothing presents 'HomeStack' as a modal, so 'close' never finds it up",
            "9:58 deeplink-target: 'keep tab' changes a named tab without selecting it; this target names no tab, so the selected tab stays anyway",
        ])
    }

    /// A screen that is only a presented stack's root is never up as a
    /// modal of its own: the error points at the stack.
    @Test func closingAStacksRootNamesTheStack() throws {
        let result = Verifier.verify(SourceFile(path: "close.navflow", text: Self.text.replacingOccurrences(
            of: "close LinkStack, Greeting", with: "close Detail, Greeting")))
        let error = try #require(result.diagnostics.first)
        #expect("\(error.range.start.line):\(error.range.start.column) \(error.message)"
                == "16:48 nothing presents 'Detail' as a modal, so 'close' never finds it up")
        #expect(error.notes.map(\.message) == ["the modal that shows it is the stack 'LinkStack'; name that"])
    }

    /// A link with `close` that leaves a modal up lands beside it: the note
    /// says to name it in `close`.
    @Test func aModalLeftUpIsAdvisedToBeClosed() {
        let result = Verifier.verify(SourceFile(path: "close.navflow", text: Self.text.replacingOccurrences(
            of: "deeplink \"c://item\" -> + sheet LinkStack close LinkStack, Greeting",
            with: "deeplink \"c://item\" -> home / Detail close Greeting")))
        let finding = result.diagnostics.first { $0.rule == .deeplinkStateDependent }
        #expect(finding?.notes.map(\.message) == ["in the witness, 'Filters' stays presented along with the target",
                                                   "name the modal in 'close' so the link closes it, or list it in the target"])
    }
}
