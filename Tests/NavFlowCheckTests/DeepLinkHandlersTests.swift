import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// A link with several handlers (`-> A -> B`): each runs, in declaration
/// order, in one step; `deeplink-handler-order` reports a link whose result
/// depends on that order. `keep tab` changes a named tab without selecting it.
@Suite struct DeepLinkHandlersTests {
    static let text = """
        app Social
        scheme "social"
        id StatusID
        stack TimelineStack root Timeline { destination Status; depth 2 }
        stack SearchStack root Search { destination Status; depth 2 }
        tabs Main {
          tab timeline "Timeline" TimelineStack
          tab search "Search" SearchStack
        }
        start Main
        screen Timeline { push Status }
        screen Search { push Status }
        screen Status(id: StatusID)
        deeplink "social://status/{id: StatusID}"
            -> timeline / Status(id) keep tab
            -> search / Status(id) keep tab
        deeplink "social://open/{id: StatusID}"
            -> timeline
            -> * / ... / Status(id)
        """

    private func model(_ text: String = Self.text) throws -> FlowModel {
        try FlowModel(try #require(Frontend.load(SourceFile(path: "social.navflow", text: text)).spec))
    }

    @Test func everyHandlerRunsInDeclarationOrder() throws {
        let model = try model()
        let start = try #require(model.initialState(inputs: 0).state)
        var search = start
        search.selectedTab = 1
        // Both tabs get the status; the selected tab stays.
        let both = model.handleDeepLink(0, arguments: [0], from: search)
        let target = try #require(both.target)
        #expect(target.selectedTab == 1 && target.paths.allSatisfy { $0.count == 1 } && both.outcome == .landed)
        #expect(!both.facts.contains(.handlerOrderMatters(link: 0)))
        // The timeline, selected and popped, then the status appended to it.
        let open = model.handleDeepLink(1, arguments: [0], from: search)
        let opened = try #require(open.target)
        #expect(opened.selectedTab == 0 && opened.paths[0].count == 1 && opened.paths[1].isEmpty)
        #expect(open.facts.contains(.handlerOrderMatters(link: 1)))
    }

    @Test func theOrderFindingAndItsFix() {
        let findings = Verifier.verify(SourceFile(path: "social.navflow", text: Self.text)).diagnostics
        #expect(findings.map { "\($0.range.start.line) \($0.rule.rawValue): \($0.message)" } == [
            "17 deeplink-handler-order: the 2 handlers of deep link \"social://open/{id: StatusID}\" lead to another state when they run in another order, and SwiftUI does not say in which order it calls them",
        ])
        #expect(findings.first?.witness?.steps.map(\.text) == ["Launch the app", "Open social://open/x"])
        let fixed = Self.text.replacingOccurrences(of: "    -> timeline\n    -> * / ... / Status(id)", with: "    -> timeline / Status(id)")
        #expect(Verifier.verify(SourceFile(path: "social.navflow", text: fixed)).diagnostics.isEmpty)
    }

    @Test func otherOrdersAreEveryPermutationButTheDeclaredOne() {
        #expect(FlowModel.otherOrders(of: 2) == [[1, 0]])
        #expect(FlowModel.otherOrders(of: 3).count == 5 && !FlowModel.otherOrders(of: 3).contains([0, 1, 2]))
        #expect(Set(FlowModel.otherOrders(of: 4)).count == 23)
        #expect(FlowModel.otherOrders(of: 6) == [[5, 4, 3, 2, 1, 0]])
    }

    /// A pattern parameter may be used by any of the handlers.
    @Test func aParameterUsedByOneHandlerIsUsed() throws {
        let text = Self.text.replacingOccurrences(of: "    -> search / Status(id) keep tab", with: "    -> search keep tab")
        #expect(Frontend.load(SourceFile(path: "social.navflow", text: text)).diagnostics.isEmpty)
    }

    @Test func misuseIsLocated() {
        func errors(_ link: String) -> [String] {
            let text = Self.text.components(separatedBy: "deeplink \"social://status")[0] + link
            return Frontend.load(SourceFile(path: "social.navflow", text: text)).diagnostics
                .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
        }
        #expect(errors("deeplink \"social://a\" -> * keep tab") == [
            "14:33 deeplink-target: 'keep tab' changes a named tab without selecting it; this target names no tab, so the selected tab stays anyway",
        ])
        #expect(errors("deeplink \"social://a\" -> timeline keep modals, modals") == [
            "14:48 syntax: expected 'modals' or 'tab' after 'keep', as in 'keep modals' or 'keep tab, modals'",
        ])
        #expect(errors("deeplink \"social://a\" -> timeline keep tab, modals\n    -> search keep modals, tab").isEmpty)
        #expect(errors("deeplink \"social://a\" -> timeline\n    ->") == [
            "15:7 syntax: expected a target after '->': a tab, '*', '/ Screen', '> Screen' or '+ sheet Name'",
        ])
    }

    @Test func handlersAreReasonsTheTabsInteract() throws {
        #expect(TabIndependence(try model().spec).reasons == [
            "line 14: deep link \"social://status/{id: StatusID}\" changes a tab it does not select ('keep tab')",
            "line 16: deep link \"social://status/{id: StatusID}\" changes a tab it does not select ('keep tab')",
        ])
    }

    @Test func plainAndDefaultExplorationAgree() {
        let source = SourceFile(path: "social.navflow", text: Self.text)
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(source, options: plain).diagnostics == Verifier.verify(source).diagnostics)
    }
}
