import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
import Testing

/// `push ROUTE under modals`: sheet content that navigates with the router
/// of the view that presented it pushes onto the stack beneath the modals;
/// the modals stay up and the screen shows once they are closed.
@Suite struct PushUnderModalsTests {
    static let text = """
        app Social
        stack Feed root Timeline {
          destination Post
          destination Profile
          depth 3
        }
        stack ComposeStack root Compose { destination Drafts }
        tabs Main {
          tab feed "Feed" Feed
          tab me "Me" Me
        }
        start Main
        screen Timeline {
          push Post
          sheet ComposeStack
        }
        screen Post { sheet Share }
        screen Share {
          action "View author" { push Profile under modals }
          dismiss
        }
        screen Profile
        screen Compose {
          push Drafts
          action "Mention" { push Profile under modals }
        }
        screen Drafts
        screen Me { sheet Share }
        """

    private func model() throws -> FlowModel {
        try FlowModel(try #require(Frontend.load(SourceFile(path: "social.navflow", text: Self.text)).spec))
    }

    private func witness(_ query: String) throws -> [String] {
        let model = try model()
        let target = try #require(PatternResolver.resolveQuery(query, in: model.spec).0)
        guard case .reachable(let witness, _) = try ExplicitQueryEngine().answer(
            ReachabilityQuery(target: target, from: nil, deepLinks: false), model: model) else { return [] }
        return witness.steps.map(\.text)
    }

    @Test func thePushLandsBeneathTheSheetWhichStaysUp() throws {
        #expect(try witness("reach feed / Post / Profile + sheet Share") == [
            "Launch the app", "On Timeline, open Post", "On Post, open the Share sheet", "Tap “View author” on Share",
        ])
        // Profile shows once the sheet is closed; no other way leads there.
        #expect(try witness("reach feed / Post / Profile") == [
            "Launch the app", "On Timeline, open Post", "On Post, open the Share sheet", "Tap “View author” on Share",
            "On Share, dismiss",
        ])
    }

    /// From a sheet with its own stack that does not register the screen,
    /// the push goes beneath: no `unregistered-destination`. From a tab
    /// whose content is not a stack, it is `push-outside-stack`, naming the
    /// screen beneath the sheet.
    @Test func findingsJudgeTheStackBeneath() throws {
        let result = Verifier.verify(SourceFile(path: "social.navflow", text: Self.text), options: Verifier.Options())
        let errors = result.diagnostics.filter { $0.severity == .error }
            .map { "\($0.range.start.line) \($0.rule.rawValue): \($0.messageAndWitnessNote)" }
        #expect(errors == ["19 push-outside-stack: pushing 'Profile' can run where no navigation stack is on screen, and then it does nothing [in the witness, 'Me' is on screen and is not in a navigation stack]"])
    }

    @Test func plainAndParkedExplorationAgree() throws {
        let source = SourceFile(path: "social.navflow", text: Self.text)
        var plain = Verifier.Options()
        plain.exploration = .plain
        let fast = Verifier.verify(source, options: Verifier.Options())
        let slow = Verifier.verify(source, options: plain)
        #expect(fast.diagnostics.map(\.message) == slow.diagnostics.map(\.message))
    }

    @Test func underNeedsModals() {
        let output = Frontend.load(SourceFile(path: "x.navflow", text: """
            app X
            stack S root Home { destination A }
            start S
            screen Home { push A under sheet }
            screen A
            """))
        #expect(output.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" } == [
            "4:28 expected 'modals' after 'under' (as in 'push A under modals'), found keyword 'sheet'",
        ])
    }
}
