import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `on dismiss` hooks (`.sheet(isPresented:onDismiss:)`): they run however
/// their modal closes, top first, where the user then is; a modal closed
/// and presented again in one step was never closed; the loop an appear
/// hook can make with one; the errors for misuse; and agreement with the
/// reference explorer on random specs that have them.
@Suite struct DismissHookTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/dismissal-hooks.navflow")).bytes,
                                as: UTF8.self)

    /// Two sheets, the lower a stack: closing both runs the upper's hook
    /// first, which sees the lower's flag still false.
    static let nested = """
        app Nested
        scheme "t"
        flag firstClosed = false
        flag secondClosed = false
        stack Root root Home { destination Pushed }
        stack Sheet root First { destination Pushed }
        start Root
        screen Home { sheet Sheet }
        screen Pushed
        screen First {
          sheet Second
          action "Close all" { close Sheet }
          on dismiss { set firstClosed = true; push Pushed }
        }
        screen Second {
          action "Again" { dismiss; sheet Second }
          action "Deeper" { push Pushed }
          on dismiss if !firstClosed { set secondClosed = true }
        }
        deeplink "t://home" -> / Pushed
        """

    static func model(_ text: String) throws -> FlowModel {
        let loaded = Frontend.load(SourceFile(path: "dismissal.navflow", text: text))
        return try FlowModel(try #require(loaded.spec, "\(loaded.diagnostics.map(\.message))"))
    }

    static func shows(_ state: NavState, in model: FlowModel) -> String {
        AppearHookTests.shows(state, in: model) + model.spec.flags.indices.filter { state.flags >> UInt64($0) & 1 == 1 }
            .map { " [\(model.spec.flags[$0].name)]" }.joined()
    }

    static func ran(_ facts: [StepFact], in model: FlowModel) -> [String] {
        FlowModel.dismissHooksRan(in: facts).map { model.spec.screens[$0.screen].name }
    }

    /// Home with the Sheet stack up and Second over it.
    static func bothUp(_ model: FlowModel) throws -> NavState {
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try AppearHookTests.take(model, from: state) { if case .edge = $0 { true } else { false } }.target)
        state = try #require(try AppearHookTests.take(model, from: state) { step in
            guard case .edge(_, let screen, _, _) = step else { return false }
            return model.spec.screens[screen].name == "First"
        }.target)
        #expect(shows(state, in: model) == "Home + sheet Sheet + sheet Second")
        return state
    }

    @Test func closingBothRunsTheUpperHookFirstThenTheLowerWhereTheUserIs() throws {
        let model = try Self.model(Self.nested)
        let state = try Self.bothUp(model)
        // `close Sheet` from Second's context is not offered: Second's own edges are. Swipe Second first.
        let swiped = try AppearHookTests.take(model, from: state) { $0 == .swipeDown }
        #expect(Self.ran(swiped.facts, in: model) == ["Second"])
        #expect(Self.shows(try #require(swiped.target), in: model) == "Home + sheet Sheet [secondClosed]")
        let link = try AppearHookTests.take(model, from: state) { if case .deepLink = $0 { true } else { false } }
        #expect(Self.ran(link.facts, in: model) == ["Second", "First"])
        // Second's hook ran while First's flag was still false; First's pushed on the tab's stack.
        // The link wrote the path [Pushed]; First's hook pushed another on it.
        let landed = Self.shows(try #require(link.target), in: model)
        #expect(landed == "Home > Pushed > Pushed [firstClosed] [secondClosed]")
    }

    @Test func aModalClosedAndPresentedAgainInOneStepRunsNoHook() throws {
        let model = try Self.model(Self.nested)
        let state = try Self.bothUp(model)
        let again = try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Again", in: model))
        #expect(Self.ran(again.facts, in: model).isEmpty)
        #expect(Self.shows(try #require(again.target), in: model) == "Home + sheet Sheet + sheet Second")
    }

    @Test func closeRunsTheHooksOfEveryModalItCloses() throws {
        let model = try Self.model(Self.nested)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try AppearHookTests.take(model, from: state) { if case .edge = $0 { true } else { false } }.target)
        let closed = try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Close all", in: model))
        #expect(Self.ran(closed.facts, in: model) == ["First"])
        #expect(Self.shows(try #require(closed.target), in: model) == "Home > Pushed [firstClosed]")
    }

    /// Two modals with the same root screen closed in one step run its
    /// hook once each: no loop, no finding, the step not cut off.
    @Test func twoModalsOfOneRootClosedTogetherRunItsHookOnceEach() throws {
        let text = """
            app D
            scheme "d"
            stack HS root Home { destination Detail; depth 3 }
            stack XS root Editor { destination Detail; depth 2 }
            flag edits = false
            screen Home { action "Edit" { sheet Editor }; push Detail }
            screen Detail
            screen Editor {
              action "Edit in stack" { sheet XS }
              action "Close all" { close Editor }
              on dismiss { set edits = true }
            }
            deeplink "d://home" -> / Detail
            """
        // No appear-loop, no link cut off: only what the spec leaves unused.
        #expect(verify(text).diagnostics.map(\.message) == [
            "'Detail' is registered in stack 'XS' but nothing ever pushes it there",
            "flag 'edits' is never read by a condition; guard an edge, a tab or a deep link with it, or remove it",
        ])
        let model = try Self.model(text)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Edit", in: model)).target)
        state = try #require(try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Edit in stack", in: model)).target)
        let closed = try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Close all", in: model))
        #expect(Self.ran(closed.facts, in: model) == ["Editor", "Editor"])
        #expect(Self.shows(try #require(closed.target), in: model) == "Home [edits]")
    }

    /// A sheet closed by one column's view and presented again from
    /// another's is another sheet (two `.sheet` modifiers, two bindings):
    /// the first one's hook runs.
    @Test func theSameSheetPresentedFromAnotherColumnIsAnotherSheet() throws {
        let text = """
            app G
            scheme "g"
            split Sp { sidebar Side detail DS }
            stack DS root DPh { destination P0; depth 2 }
            start Sp
            flag ran = false
            screen Side { select P1; action "Edit here" { sheet H } }
            screen DPh
            screen P0
            screen P1 { push P0 }
            screen H { on dismiss { set ran = true } }
            deeplink "g://p" -> > P1 + sheet H
            """
        let model = try Self.model(text)
        var state = try #require(model.initialState(inputs: 0).state)
        state = try #require(try AppearHookTests.take(model, from: state, where: AppearHookTests.action("Edit here", in: model)).target)
        let link = try AppearHookTests.take(model, from: state) { if case .deepLink = $0 { true } else { false } }
        #expect(Self.ran(link.facts, in: model) == ["H"])
    }

    @Test func theExampleIsCleanAndItsCountsArePinned() throws {
        let result = verify(Self.example, path: "dismissal-hooks.navflow")
        #expect(result.diagnostics.map(\.message) == [])
        // The tab not selected is parked (the hook's push acts on the
        // selected stack): 9 states stand for the 18 of every state. (Each
        // count of transitions has the taps on the selected tab's item.)
        #expect(result.statistics?.parkedInactiveTabs == true)
        #expect(result.statistics?.tabsInteract == [])
        #expect(result.statistics?.states == 9)
        #expect(result.statistics?.transitions == 44)
        for exploration in [Verifier.Exploration.plain, .full] {
            let every = verify(Self.example, path: "dismissal-hooks.navflow", exploration: exploration)
            #expect(every.diagnostics.map(\.message) == [])
            #expect(every.statistics?.states == 18)
            #expect(every.statistics?.transitions == 88)
        }
    }

    /// The example's hook acts where the user is once the sheet has
    /// closed: presented from Settings too, its push lands on a stack that
    /// does not register the note; selecting the Notes tab first fixes it.
    @Test func theHookActsWhereTheSheetWasPresentedFrom() {
        let presentedFromSettings = Self.example.replacingOccurrences(of: """
            screen Settings {
              push Account
            """, with: """
            screen Settings {
              push Account
              action "Feedback note" { sheet Composer; set hasDraft = true }
            """)
        let defect = verify(presentedFromSettings, path: "dismissal-hooks.navflow")
        #expect(defect.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
            "34:25 unregistered-destination: pushing 'NoteDetail' can run on a stack that has no such destination, and then it does nothing",
        ])
        #expect(defect.diagnostics.first?.witness?.steps.map(\.text) == [
            "Launch the app",
            "Switch to the Settings tab",
            "Tap “Feedback note” on Settings",
            "Tap “Save” on Composer, and the dismissal hook of Composer runs",
        ])
        let fixed = verify(presentedFromSettings.replacingOccurrences(of: "on dismiss if saved { push NoteDetail",
                                                                      with: "on dismiss if saved { tab notes; push NoteDetail"),
                           path: "dismissal-hooks.navflow")
        #expect(fixed.diagnostics.filter { $0.severity != .note }.map(\.message) == [])
    }

    @Test func aWitnessSaysTheHookRan() throws {
        let model = try Self.model(Self.example)
        let (target, errors) = PatternResolver.resolveQuery("reach notes / NoteDetail(_)", in: model.spec)
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let start = try #require(PatternResolver.resolvePattern("notes + sheet Composer", in: model.spec).0)
        let answer = try ExplicitQueryEngine().answer(ReachabilityQuery(target: try #require(target), from: start, deepLinks: false),
                                                      model: model)
        guard case .reachable(let witness, _) = answer else {
            Issue.record("expected a witness, got \(answer)")
            return
        }
        #expect(witness.steps.map(\.text).dropFirst() == [
            "Tap “Save” on Composer, and the dismissal hook of Composer runs",
        ])
    }

    @Test func aDismissalHookThatAnAppearHookUndoesIsALoop() {
        let result = verify("""
            app Loop
            stack Root root Home {}
            start Root
            screen Home { sheet A }
            screen A {
              appear { dismiss }
              on dismiss { sheet A }
            }
            """)
        #expect(result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" }
                == ["5:8 orphan-screen: screen 'A' is never on screen: no reachable state shows it, with or without deep links",
                    "7:3 appear-loop: 'A' is dismissed again in the step its dismissal hook ran in, and the hook would run again"])
    }

    @Test func misuseIsLocated() {
        let result = verify("""
            app Misuse
            enum Color { red, blue }
            stack Root root Home { destination P }
            start Root
            screen Home { sheet A; push P; sheet Never2 }
            screen P(color: Color)
            screen A {
              on dismiss { dismiss; push P; close A; open "x://y" }
            }
            screen Never2
            """)
        #expect(result.diagnostics.filter { $0.rule == .invalidStatement || $0.rule == .syntax }
            .map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
                "8:16 invalid-statement: a dismissal hook may not 'dismiss': it runs once its modal has closed, and a hook that closes modals would run more hooks in the same step; close them in the step that closes this one",
                "8:30 invalid-statement: a dismissal hook runs with no tap to choose which 'P' to show: give 'color' a case of Color or a parameter of 'A'",
                "8:33 invalid-statement: a dismissal hook may not 'close': it runs once its modal has closed, and a hook that closes modals would run more hooks in the same step; close them in the step that closes this one",
                "8:42 invalid-statement: a dismissal hook may not 'open': it runs once its modal has closed, and a hook that closes modals would run more hooks in the same step; close them in the step that closes this one",
            ])
        let syntax = verify("""
            app Syntax
            stack Root root Home {}
            start Root
            screen Home { sheet A }
            screen A {
              on dismiss if { pop }
            }
            screen B {
              on dismiss { pop
            """)
        #expect(syntax.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
            "6:17 syntax: expected a condition (a flag, an input, 'true' or 'false') after 'if', found '{'",
            "9:19 syntax: expected '}' to close the dismissal hook",
        ])
        let never = verify("""
            app Never
            stack Root root Home { destination Pushed }
            start Root
            screen Home { push Pushed }
            screen Pushed {
              on dismiss { pop }
            }
            """)
        #expect(never.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
            "6:3 invalid-statement: nothing presents 'Pushed' as a sheet, cover or popover, nor a stack whose root it is, so its dismissal hook never runs",
        ])
    }

    /// On random specs with dismissal hooks: the explorer finds the states
    /// and the findings the reference explorer does, and the plain
    /// explorer the same counts; where the tabs are parked, the parked
    /// search finds the same findings.
    @Test(arguments: Array(UInt64(0)..<3)) func randomSpecsWithDismissalHooksAgreeWithTheReference(batch: UInt64) throws {
        var checked = 0
        var hooked = 0
        var ran = 0
        var parked = 0
        for offset in UInt64(0)..<40 {
            let seed = 9600 + batch * 40 + offset
            var generator = SpecGenerator(seed: seed, appearHooks: true)
            let text = generator.spec()
            let source = SourceFile(path: "dismissal-\(seed).navflow", text: text)
            var options = Verifier.Options(structural: [])
            options.exploration = .full
            let result = Verifier.verify(source, options: options)
            guard let spec = result.spec, let stats = result.statistics,
                  spec.screens.contains(where: { !$0.dismissHooks.isEmpty }) else { continue }
            checked += 1
            hooked += 1
            let model = try FlowModel(spec)
            let reference = ReferenceExplorer(model: model)
            let starts = reference.initialStates()
            let all = reference.search(from: starts, deepLinks: true)
            #expect(stats.inAppStates == reference.search(from: starts, deepLinks: false).order.count, "seed \(seed)\n\(text)")
            #expect(stats.states == all.order.count, "seed \(seed)\n\(text)")
            var anyRan = false
            for state in all.order where !anyRan {
                model.successors(of: state, deepLinks: true) { transition in
                    if !FlowModel.dismissHooksRan(in: transition.facts).isEmpty { anyRan = true }
                }
            }
            if anyRan { ran += 1 }
            let (expected, _) = reference.findings()
            func found(_ result: Verifier.Result) -> Set<String> {
                Set(result.diagnostics
                    .filter { !($0.rule == .bounded && $0.message.contains("nested modals")) }
                    .map { "\($0.rule) \($0.range.start)" })
            }
            #expect(found(result) == expected, "seed \(seed): only explorer \(found(result).subtracting(expected).sorted()), only reference \(expected.subtracting(found(result)).sorted())\n\(text)")
            options.exploration = .plain
            let plain = Verifier.verify(source, options: options)
            #expect(plain.statistics?.states == stats.states, "seed \(seed)\n\(text)")
            #expect(plain.statistics?.transitions == stats.transitions, "seed \(seed)\n\(text)")
            options.exploration = .automatic
            let automatic = Verifier.verify(source, options: options)
            if automatic.statistics?.parkedInactiveTabs == true {
                parked += 1
                #expect(found(automatic) == expected, "seed \(seed), tabs parked: only parked \(found(automatic).subtracting(expected).sorted()), only reference \(expected.subtracting(found(automatic)).sorted())\n\(text)")
            } else {
                #expect(automatic.statistics?.states == stats.states, "seed \(seed)\n\(text)")
            }
        }
        #expect(parked >= 2, "parked \(parked)")
        #expect(checked >= 8 && ran >= 3, "checked \(checked), with hooks \(hooked), where one runs \(ran)")
    }
}
