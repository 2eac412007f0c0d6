import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// A flag whose value at launch comes from inputs (`flag isSetup =
/// hasSavedServer`) and a screen locked under a condition (`locked if
/// editing`), on `specs/examples/server-setup.navflow` and its defects.
@Suite struct LaunchValuesAndConditionalLocksTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/server-setup.navflow")).bytes,
                                as: UTF8.self)

    /// The example with `old` replaced by `new` (which must be there).
    static func example(replacing old: String, with new: String) throws -> String {
        try #require(example.contains(old), "the example no longer has \(old)")
        return example.replacingOccurrences(of: old, with: new)
    }

    static func model(_ text: String) throws -> FlowModel {
        let spec = try #require(Frontend.load(SourceFile(path: "test.navflow", text: text)).spec)
        return try FlowModel(spec)
    }

    @Test func theFlagStartsFromTheInputBeforeTheTabIsChosen() throws {
        let model = try Self.model(Self.example)
        let servers = 0, settings = 1
        // A first run opens on Settings under the setup sheet; with a saved
        // server, on Servers with nothing up.
        let first = try #require(model.initialState(inputs: 0).state)
        #expect(first.flags & 1 == 0 && first.selectedTab == settings && first.modals.count == 1)
        let saved = try #require(model.initialState(inputs: 1).state)
        #expect(saved.flags & 1 == 1 && saved.selectedTab == servers && saved.modals.isEmpty)
        // Set by `launch set` instead, the flag is false when the tab is chosen.
        let later = try Self.model(Self.example(replacing: "\nflag isSetup = hasSavedServer\n", with: """

            flag isSetup = false
            launch set isSetup = true if hasSavedServer

            """))
        let launched = try #require(later.initialState(inputs: 1).state)
        #expect(launched.flags & 1 == 1 && launched.selectedTab == settings)
    }

    @Test func aValueAtLaunchMayNotReadAFlag() {
        let result = verify("""
            app A
            flag editing = false
            flag isSetup = editing || true
            screen Home { sheet Home if isSetup }
            """)
        #expect(result.diagnostics.map { "\($0.range.start) \($0.rule) \($0.message)" } == [
            "3:16 invalid-expression flag 'isSetup' starts from inputs and constants only; 'editing' is a flag, which gets its own value at launch",
        ])
        #expect(result.diagnostics.first?.notes.map(\.message)
                == ["to set it from a flag, write 'flag isSetup = false' and 'launch set isSetup = true if ...'"])
    }

    @Test func inputsAndFlagsReadThereAreUsed() {
        // `hasSavedServer` is read only by the flag's value at launch, `editing`
        // only by the lock: neither is unused.
        let result = verify("""
            app A
            input hasSavedServer
            input unused
            flag isSetup = hasSavedServer
            flag editing = false
            stack S root Home { depth 1 }
            start S
            launch sheet Setup if !isSetup
            screen Home { sheet Editor }
            screen Setup { action "Connect" { set isSetup = true; dismiss } }
            screen Editor locked if editing { action "Type" { set editing = true }; action "Save" { set editing = false; dismiss } }
            """)
        #expect(result.diagnostics.map { "\($0.rule) \($0.message)" } == [
            "unused-input input 'unused' is never read by a condition; use it in a guard, 'hidden if' or 'requires', or remove it",
        ])
    }

    /// The editor can be swiped away exactly in the states where `editing` is false.
    @Test func theSwipeIsThereWhileTheConditionDoesNotHold() throws {
        let model = try Self.model(Self.example)
        let graph = try Explorer().explore(model)
        let editor = try #require(model.spec.screens.firstIndex { $0.name == "ServerEditor" })
        let editing = try #require(model.spec.flags.firstIndex { $0.name == "editing" })
        var seen = [false: 0, true: 0]
        for index in 0..<graph.count {
            let state = graph.state(index)
            guard !state.modals.isEmpty, model.routes.screen(of: model.visibleRoute(of: .modal, in: state)) == editor else { continue }
            let list = graph.inAppEdges
            let swipes = list.range(of: index).filter { graph.steps[Int(list.step(at: $0))] == .swipeDown }
            #expect(swipes.count == (state.flag(editing) ? 0 : 1))
            seen[state.flag(editing)]! += 1
        }
        #expect(seen[false]! > 0 && seen[true]! > 0)
    }

    @Test func theExampleVerifiesAndItsDefectsAreTraps() throws {
        #expect(verify(Self.example).diagnostics.isEmpty)
        // Without "Connect", a first run is stuck under the setup sheet.
        let noConnect = verify(try Self.example(replacing: "  action \"Connect\" { set isSetup = true; dismiss; tab servers }\n", with: ""))
        #expect(noConnect.diagnostics.map { "\($0.rule) \($0.message)" } == [
            "trap trap: once 'Setup' is on screen, no in-app step leads back to a home state",
        ])
        #expect(noConnect.diagnostics.first?.witness?.inputs == [InputValue(name: "hasSavedServer", value: false)])
        // Edited, the editor cannot be swiped away, and nothing makes `editing` false.
        let stuck = verify(try Self.example(replacing: "  action \"Revert\" if editing { set editing = false }\n", with: "")
            .replacingOccurrences(of: "  action \"Save\" if editing { set editing = false; dismiss }\n", with: ""))
        let traps = stuck.diagnostics.filter { $0.rule == .trap }
        #expect(traps.map(\.message) == ["trap: once 'ServerEditor' is on screen, no in-app step leads back to a home state"])
        #expect(traps.first?.notes.map(\.message).last
                == "give 'ServerEditor' a way out: a dismiss, a back step, or a step that makes `editing` false, since it is locked while that holds")
        #expect(traps.first?.witness?.steps.map(\.text).suffix(2) == ["Tap “Edit server” on Servers", "Tap “Type” on ServerEditor"])
        // Locked always, the same editor is a trap with the plain advice.
        let always = verify(try Self.example(replacing: "screen ServerEditor locked if editing {", with: "screen ServerEditor locked {")
            .replacingOccurrences(of: "  action \"Save\" if editing { set editing = false; dismiss }\n", with: ""))
        #expect(always.diagnostics.filter { $0.rule == .trap }.first?.notes.map(\.message).last
                == "give 'ServerEditor' a way out: a dismiss, a back step, or drop 'locked'")
    }

    /// Both explorers, and the parked one, agree on the example and its defects.
    @Test func thePlainExplorerAgrees() throws {
        let stuck = try Self.example(replacing: "  action \"Revert\" if editing { set editing = false }\n", with: "")
            .replacingOccurrences(of: "  action \"Save\" if editing { set editing = false; dismiss }\n", with: "")
        for text in [Self.example, stuck] {
            let full = verify(text, exploration: .full)
            let plain = verify(text, exploration: .plain)
            let automatic = verify(text)
            func lines(_ result: Verifier.Result) -> [String] { result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" } }
            #expect(lines(full) == lines(plain) && lines(full) == lines(automatic))
            #expect(full.statistics?.states == plain.statistics?.states)
        }
    }
}
