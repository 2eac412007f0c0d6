import NavFlowCheck
import NavFlowModel
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// A modal remembers the column of a split view that presented it: an
/// action that closes it and pushes, or that pushes beneath it, acts on
/// that column (the detail, where split apps push), not on the sidebar.
@Suite struct PresenterColumnTests {
    static let text = """
        app Reader
        stack SideStack root Sidebar { destination Item; depth 2 }
        stack DetailStack root Detail { destination Item; depth 2 }
        split Library { sidebar SideStack detail DetailStack }
        tabs Main {
          tab library "Library" Library
          tab about "About" About
        }
        start Main
        screen Sidebar { push Item; sheet Actions }
        screen Detail { push Item; sheet Actions }
        screen Item
        screen About
        screen Actions {
          action "Go to item" { dismiss; push Item }
          action "Open beneath" { push Item under modals }
          dismiss
        }
        """

    /// The paths of the two columns after presenting Actions from `column`
    /// and taking the action labelled `label`.
    private func paths(presentingFrom column: Int, then label: String) throws -> [Int] {
        let model = try FlowModel(try #require(Frontend.load(SourceFile(path: "reader.navflow", text: Self.text)).spec))
        let start = try #require(model.initialState(inputs: 0).state)
        var presented: NavState?
        model.successors(of: start, deepLinks: false) { transition in
            guard case .edge(.slot(let slot), _, _, _) = transition.step, slot == column,
                  let target = transition.target, target.modals.count == 1 else { return }
            presented = target
        }
        let over = try #require(presented)
        #expect(over.modals.first?.presenterColumn == column)
        var after: NavState?
        model.successors(of: over, deepLinks: false) { transition in
            guard case .edge(_, let screen, let index, _) = transition.step,
                  model.spec.screens[screen].edges[index].label == label else { return }
            after = transition.target
        }
        let result = try #require(after)
        return [result.paths[0].count, result.paths[1].count]
    }

    @Test func closingAndPushingActsOnTheColumnThatPresented() throws {
        #expect(try paths(presentingFrom: 1, then: "Go to item") == [0, 1])
        #expect(try paths(presentingFrom: 0, then: "Go to item") == [1, 0])
    }

    @Test func pushingBeneathActsOnTheColumnThatPresented() throws {
        #expect(try paths(presentingFrom: 1, then: "Open beneath") == [0, 1])
        #expect(try paths(presentingFrom: 0, then: "Open beneath") == [1, 0])
    }

    /// The same sheet over the same columns is two states when two columns
    /// can present it; a spec without a split view keeps its counts.
    @Test func thePresenterIsPartOfTheState() throws {
        var full = Verifier.Options()
        full.exploration = .full
        let result = Verifier.verify(SourceFile(path: "reader.navflow", text: Self.text), options: full)
        #expect(result.statistics?.states == 36 && result.statistics?.transitions == 114)
        #expect(Verifier.verify(SourceFile(path: "reader.navflow", text: Self.text)).diagnostics == result.diagnostics)
        var plain = Verifier.Options()
        plain.exploration = .plain
        #expect(Verifier.verify(SourceFile(path: "reader.navflow", text: Self.text), options: plain).diagnostics
            == result.diagnostics)
    }
}
