import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `close NAME, ...` as a statement: the first of the named modals that is
/// up closes with every modal above it; the modals beneath stay.
@Suite struct CloseStatementTests {
    static let text = Fixtures.closeStatements

    @Test func theFirstNamedModalUpClosesWithWhatIsAbove() throws {
        let model = try model(Self.text)
        let spec = model.spec
        func presentable(_ name: String) throws -> Int {
            let content: Content = if let stack = spec.stacks.firstIndex(where: { $0.name == name }) { .stack(stack) }
                else { .screen(try #require(spec.screens.firstIndex { $0.name == name })) }
            return try #require(model.shape.presentableIndex[content])
        }
        var state = try #require(model.initialState(inputs: 0).state)
        state.modals = [Modal(kind: .sheet, presentable: try presentable("Filters"), path: []),
                        Modal(kind: .sheet, presentable: try presentable("EditorStack"), path: []),
                        Modal(kind: .sheet, presentable: try presentable("Picker"), path: [])]
        let picker = try #require(spec.screens.firstIndex { $0.name == "Picker" })
        let editor = try #require(spec.screens.firstIndex { $0.name == "Editor" })
        func after(_ screen: Int, _ label: String?, from state: NavState) throws -> NavState {
            let index = try #require(spec.screens[screen].edges.firstIndex { $0.label == label })
            var target: NavState?
            model.run(.edge(context: .modal, screen: screen, edge: index), from: state, decider: ConcreteDecider()) {
                target = $0.target
            }
            return try #require(target)
        }
        // `close EditorStack, Filters`: Filters is the lowest up; all three go.
        #expect(try after(picker, "Start over", from: state).modals.isEmpty)
        // `close Picker`: the top one alone.
        #expect(try after(picker, nil, from: state).modals.count == 2)
        // `close EditorStack; sheet Picker`: the editor and the picker go, then
        // Filters, now on top, presents the picker.
        var editing = state
        editing.modals.removeLast()
        let back = try after(editor, "Back", from: editing)
        #expect(back.modals.map(\.presentable) == [try presentable("Filters"), try presentable("Picker")])
        // With none of the named modals up, nothing changes.
        var filtersOnly = state
        filtersOnly.modals = [state.modals[0]]
        #expect(model.modals(of: filtersOnly, closing: [.stack(try #require(spec.stacks.firstIndex { $0.name == "EditorStack" }))])
                == filtersOnly.modals)
    }

    @Test func everyExplorerAgrees() throws {
        let full = verify(Self.text, exploration: .full)
        let plain = verify(Self.text, exploration: .plain)
        let automatic = verify(Self.text)
        func lines(_ result: Verifier.Result) -> [String] { result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" } }
        #expect(lines(full) == lines(plain) && lines(full) == lines(automatic))
        #expect(full.statistics?.states == plain.statistics?.states && full.statistics?.transitions == plain.statistics?.transitions)
        #expect(!full.diagnostics.contains { $0.severity == .error })
    }

    /// `close S; sheet S; push A` writes the first route of a path the memo
    /// left out of its key (the closed sheet's): the footprint memo keeps
    /// such a screen's whole path, and finds what the plain explorer finds.
    @Test func aSheetClosedAndPresentedAgainStartsItsPathAfresh() {
        let text = """
            app M
            flag done = false
            stack S root SRoot { destination A; destination B; destination C; depth 3 }
            start Home
            screen Home { sheet S }
            screen SRoot { push A; push B if !done }
            screen A { push A if !done; push B if !done }
            screen B { push B if !done; push C if done; action "Redo" { close S; set done = true; sheet S; push A } }
            screen C
            """
        let full = verify(text, exploration: .full)
        let plain = verify(text, exploration: .plain)
        func lines(_ result: Verifier.Result) -> [String] { result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" } }
        #expect(lines(full) == lines(plain))
        #expect(full.statistics?.states == 14 && plain.statistics?.states == 14)
        #expect(full.diagnostics.contains { $0.rule == .orphanScreen && $0.message.contains("'C'") })
    }

    @Test func aWitnessSaysWhatClosesAndTheGraphDrawsNothing() throws {
        let model = try model(Self.text)
        let graph = try Explorer().explore(model)
        let other = try #require(model.spec.screens.firstIndex { $0.name == "Other" })
        let edge = try #require(model.spec.screens[other].edges.firstIndex { $0.statements.first.map { if case .close = $0.kind { true } else { false } } ?? false })
        var texts = Set<String>()
        for index in 0..<graph.count {
            let list = graph.inAppEdges
            for position in list.range(of: index) where list.target[position] >= 0 {
                guard case .edge(_, other, edge, _) = graph.steps[Int(list.step(at: position))] else { continue }
                let builder = WitnessBuilder(model: model)
                texts.insert(builder.describe(graph.steps[Int(list.step(at: position))], from: graph.state(index)).text)
            }
        }
        #expect(texts == ["On Other, close Filters and what is above it"])
        #expect(ScreenGraph(model.spec).edges.filter { $0.from == "screen.Other" }.map(\.kind) == [.sheet])
    }

    @Test(arguments: [
        ("screen Home { close Detail }\nscreen Detail(id: ItemID)",
         "4:21 root-parameters screen 'Detail' takes parameters (id), so no modal presents it and 'close' cannot name it; name the screen or stack the sheet shows"),
        ("screen Home { close Main }", "4:21 wrong-kind 'Main' is a tab view, but a screen or a stack, presented as a modal is expected here"),
        ("screen Home { sheet Sheet; close Sheet, Sheet }\nscreen Sheet", "4:41 duplicate-name 'close' names 'Sheet' twice"),
        ("screen Home { close Sheet }\nscreen Sheet", "4:21 invalid-statement nothing presents 'Sheet' as a modal, so 'close' never finds it up"),
        ("screen Home { close }", "4:21 syntax expected a screen or stack to close after 'close', as in 'close DetailSheet'"),
    ])
    func whatCloseCannotName(_ body: String, _ expected: String) {
        let result = verify("app A\nid ItemID\ntabs Main { tab home \"Home\" Home }\n" + body)
        #expect(result.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start) \($0.rule) \($0.message)" } == [expected])
    }
}
