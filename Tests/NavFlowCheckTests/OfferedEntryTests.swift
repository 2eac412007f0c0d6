import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// An entry point offered only while a condition holds (`entry toast
/// showStack(id: StackID) if created -> ...`): a toast's button after a
/// stack is created, from whatever screen is up.
@Suite struct OfferedEntryTests {
    static let text = Fixtures.toasts

    /// The entry is a step exactly from the states where `created` holds.
    @Test func itIsAStepOnlyWhileItsConditionHolds() throws {
        let model = try model(Self.text)
        let graph = try Explorer().explore(model)
        var offered = [false: 0, true: 0]
        for index in 0..<graph.count {
            let state = graph.state(index)
            let list = graph.linkEdges
            let entries = list.range(of: index).filter { if case .deepLink = graph.steps[Int(list.step(at: $0))] { true } else { false } }
            #expect(entries.count == (state.flag(0) ? 1 : 0))
            offered[state.flag(0)]! += 1
        }
        #expect(offered[false]! > 0 && offered[true]! > 0)
    }

    @Test func everyExplorerAgreesAndTheWitnessTapsTheToast() throws {
        let full = verify(Self.text, exploration: .full)
        let plain = verify(Self.text, exploration: .plain)
        let automatic = verify(Self.text)
        #expect(full.diagnostics.isEmpty && plain.diagnostics.isEmpty && automatic.diagnostics.isEmpty)
        #expect(full.statistics?.states == plain.statistics?.states && full.statistics?.transitions == plain.statistics?.transitions)
        // Without its condition nothing creates the toast's context: from launch it lands where no tap does.
        let always = verify(Self.text.replacingOccurrences(of: " if created ->", with: " ->")
            .replacingOccurrences(of: "screen Stacks {\n  push StackDetail\n", with: "screen Stacks {\n"))
        let found = always.diagnostics.filter { $0.rule == .deeplinkUnreachable }
        #expect(found.first?.witness?.steps.map(\.text) == ["Launch the app", "Tap the 'showStack' toast with id: x"],
                "\(always.diagnostics.map(\.message))")
    }

    @Test func anEntryIfReadsFlagsAndInputs() {
        let result = verify(Self.text.replacingOccurrences(of: " if created ->", with: " if Stacks ->"))
        #expect(result.diagnostics.map { "\($0.rule) \($0.message)" }
                == ["invalid-expression 'Stacks' is a screen, not a flag or input; conditions read flags and inputs"])
    }
}
