import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The summary search against the plain search, its oracle: on every spec
/// the plain search finishes, in-app and with deep links, with the tabs
/// that are not selected parked where `TabIndependence` holds, the frames of
/// the states the plain search finds are exactly the frames the summary
/// search finds.
@Suite struct SummarySearchTests {
    static let limits = Explorer.Limits(maxStates: 150_000, maxBytes: 1 << 30, maxValuations: 64)

    /// What the comparisons of a batch of specs covered.
    struct Tally {
        /// Searches the plain search finished, compared.
        var compared = 0
        /// Of those, the searches where some frame hid a route.
        var hiding = 0
        /// Of those, the searches where frames stood for more than one state.
        var sharing = 0
        /// Searches where a step reordered hidden routes and ran on a whole context.
        var wholeContexts = 0
        /// Searches where a tab was left with hidden routes and cut from the table of cuts.
        var tableCuts = 0
        /// Searches where states with a hidden route changed were checked for membership.
        var membershipChecks = 0
        /// Witnesses checked, and of those, the ones to states that hide a route.
        var witnesses = 0
        var hidingWitnesses = 0
        /// Facts whose occurrence was checked.
        var occurrences = 0

        mutating func add(_ other: Tally) {
            compared += other.compared
            hiding += other.hiding
            sharing += other.sharing
            wholeContexts += other.wholeContexts
            tableCuts += other.tableCuts
            membershipChecks += other.membershipChecks
            witnesses += other.witnesses
            hidingWitnesses += other.hidingWitnesses
            occurrences += other.occurrences
        }
    }

    /// Compares the two searches on one spec, in-app and with deep links.
    @discardableResult
    static func expectAgreement(_ source: SourceFile, _ context: String, storedWhole: Bool = false) throws -> Tally {
        guard let oracle = PlainOracle(source, storedWhole: storedWhole, limits: limits) else { return Tally() }
        let model = oracle.model
        let parks = oracle.parks
        var tally = Tally()
        var results: [SummarySearch.Result] = []
        defer {
            if results.count == 2 { expectFactsAgree(inApp: results[0], anywhere: results[1], model: model, parks: parks, context) }
        }
        for deepLinks in [false, true] {
            let parking = oracle.parking(deepLinks: deepLinks)
            guard let plain = oracle.search(deepLinks: deepLinks) else { continue }
            let expected = Set((0..<plain.count).map { SummarySearch.frame(of: plain.state($0), in: model) })
            let summary = try SummarySearch(limits: limits).search(model, deepLinks: deepLinks, parking: parking)
            results.append(summary)
            let found = Set(summary.frames)
            #expect(found.count == summary.frames.count, "\(context): a frame found twice")
            #expect(found.subtracting(expected).isEmpty,
                    "\(context), links \(deepLinks): frames no state has: \(found.subtracting(expected).prefix(3))")
            #expect(expected.subtracting(found).isEmpty,
                    "\(context), links \(deepLinks): frames missed: \(expected.subtracting(found).prefix(3))")
            tally.compared += 1
            // Membership: every state the plain search finds is held; states
            // made from them by changing their lowest hidden route are held
            // exactly when the plain search finds them too.
            let states = (0..<plain.count).map { plain.state($0) }
            let reached = Set(states)
            #expect(states.allSatisfy(summary.contains), "\(context), links \(deepLinks): a state the plain search finds is not held")
            let hiding = HiddenStack(model.shape)
            var changed = 0
            for state in states where changed < 2_000 {
                guard let lowest = hiding.places(in: state).first else { continue }
                for route in 1...model.routes.count where route != state[lowest] {
                    var other = state
                    other[lowest] = route
                    changed += 1
                    if summary.contains(other) != reached.contains(other) {
                        Issue.record("\(context), links \(deepLinks): \(other) held \(summary.contains(other)), found \(reached.contains(other))")
                        return tally
                    }
                }
            }
            if changed > 0 { tally.membershipChecks += 1 }
            // Witnesses: a path to every state (one in `sampling`), each step
            // checked as it is taken, that lifts to a path of the app
            // ending in the state's local view.
            let view = LocalView(model: model)
            let lifter = ParkedPathLifter(model: model)
            for index in stride(from: 0, to: states.count, by: max(1, states.count / 400)) {
                let state = states[index]
                guard let path = summary.path(to: state) else {
                    Issue.record("\(context), links \(deepLinks): no witness for \(state)")
                    return tally
                }
                #expect((path.steps.last?.stored ?? model.initialState(inputs: path.inputs).state) == state,
                        "\(context), links \(deepLinks): the witness ends elsewhere")
                tally.witnesses += 1
                if hiding.count(in: state) > 0 { tally.hidingWitnesses += 1 }
                guard parking != nil else { continue }
                guard let lifted = lifter.lift(path.steps.map { ($0.step, $0.stored) }, inputs: path.inputs),
                      view.projection(of: lifted.last) == view.projection(of: state) else {
                    Issue.record("\(context), links \(deepLinks): the witness of \(state) does not lift")
                    return tally
                }
            }
            // Every fact has where it happened: a path to a state, which
            // lifts, and the step from it that has the fact.
            for fact in summary.facts {
                guard let occurrence = summary.occurrence(of: fact) else {
                    Issue.record("\(context), links \(deepLinks): no occurrence of \(fact)")
                    return tally
                }
                tally.occurrences += 1
                if parking != nil {
                    #expect(lifter.lift(occurrence.steps.map { ($0.step, $0.stored) }, inputs: occurrence.inputs) != nil,
                            "\(context), links \(deepLinks): the path to where \(fact) happened does not lift")
                }
            }
            if summary.entries > 1 { tally.hiding += 1 }
            if summary.frames.count < plain.count { tally.sharing += 1 }
            if summary.wholeContextRuns > 0 { tally.wholeContexts += 1 }
            if summary.tabsLeftByTable > 0 { tally.tableCuts += 1 }
        }
        return tally
    }

    /// What the frames and steps of both summary searches give of the
    /// analysis (what is on screen, the facts of the steps, what was put
    /// on stacks) is what the analysis of the explorer's graph gives.
    static func expectFactsAgree(inApp: SummarySearch.Result, anywhere: SummarySearch.Result, model: FlowModel,
                                 parks: Bool, _ context: String) {
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = parks
        guard let graph = try? explorer.explore(model) else { return }
        let analysis = GraphAnalysis(graph)
        let summary = SummaryFacts(inApp: inApp, anywhere: anywhere, model: model)
        let screenNames = model.spec.screens.map(\.name)
        func names(_ flags: [Bool]) -> [String] { flags.indices.filter { flags[$0] }.map { screenNames[$0] } }
        #expect(names(summary.screens.visibleInApp) == names(analysis.visibleInApp), "\(context): visible in-app")
        #expect(names(summary.screens.visibleAnywhere) == names(analysis.visibleAnywhere), "\(context): visible anywhere")
        #expect(summary.screens.guardHeld == analysis.guardHeld, "\(context): guards held")
        #expect(summary.screens.tabShown == analysis.tabShown, "\(context): tabs shown")
        #expect(summary.pushed == analysis.pushed, "\(context): pushed")
        let expected = Set(analysis.firstFacts.keys)
        #expect(summary.facts.subtracting(expected).isEmpty,
                "\(context): facts no step of the graph has: \(summary.facts.subtracting(expected).prefix(3))")
        #expect(expected.subtracting(summary.facts).isEmpty,
                "\(context): facts missed: \(expected.subtracting(summary.facts).prefix(3))")
    }

    /// The specs of real apps, each its own case (they are the largest);
    /// Mlem's plain search goes past the limit in-app and with links (docs/apps.md).
    static let appSpecs = Repository.specsThatFinish().filter { $0.contains("/specs/apps/") }

    @Test func summaryAgreesWithThePlainSearchOnEverySpec() throws {
        var tally = Tally()
        for path in Repository.allSpecs() where !path.contains("/specs/apps/") {
            tally.add(try Self.expectAgreement(Repository.source(path), path))
            // A spec whose tabs park is searched with its tabs stored whole too.
            if let spec = Frontend.load(Repository.source(path)).spec, TabIndependence(spec).holds {
                tally.add(try Self.expectAgreement(Repository.source(path), path + " (tabs whole)", storedWhole: true))
            }
        }
        #expect(tally.compared >= 100, "\(tally.compared) searches compared")
        #expect(tally.hiding >= 5, "\(tally.hiding) searches hid routes")
        #expect(tally.membershipChecks >= 5, "\(tally.membershipChecks) searches checked for membership")
        #expect(tally.hidingWitnesses >= 1_000, "\(tally.hidingWitnesses) witnesses to states that hide a route")
        #expect(tally.occurrences >= 100, "\(tally.occurrences) occurrences of facts")
    }

    @Test(arguments: appSpecs) func summaryAgreesWithThePlainSearchOnAppSpecs(_ path: String) throws {
        let tally = try Self.expectAgreement(Repository.source(path), path)
        #expect(tally.compared == 2, "in-app and with deep links")
        #expect(tally.witnesses > 0)
    }

    @Test func everyAppSpecButMlemIsCompared() {
        #expect(Self.appSpecs.count >= 3, "\(Self.appSpecs)")
    }

    /// Sheets over sheets with stacks, and every way a step reads or drops
    /// what is hidden: pops (two in one step, and by an appear hook), a
    /// pop then a push, `popToRoot`, dismiss (then pop), swipe-down, links
    /// that append to the top sheet, present over it, close one sheet and
    /// keep the others, or dismiss when a condition fails, and a push
    /// beneath the modals, which moves what is hidden.
    static let layers = """
    // Sheets over sheets, each with its own stack: the summary search hides
    // the root stack's path but its top, every route of the sheets beneath the
    // top one and the top sheet's path but its top, and every way a step reads
    // or drops hidden routes is here.
    app Layers

    scheme "layers"

    flag busy = false

    destinations Pages {
      A
      B
      C
    }
    stack MainStack root Home { destinations Pages; depth 3 }
    stack EditorStack root Editor { destinations Pages; depth 3 }
    stack PickerStack root Picker { destinations Pages; depth 2 }
    stack RouterStack root RouterHome { destinations Pages; depth 2; router path }

    start MainStack

    screen Home {
      push A
      sheet EditorStack
      cover RouterStack
    }
    screen A {
      push B
      push C
      sheet PickerStack
      action "Back twice" { pop; pop }
      action "Replace" { pop; push C }
      action "Done" { dismiss }
      action "Close and pop" { dismiss; pop }
      action "Under" { push C under modals }
    }
    screen B {
      push A
      action "Top" { popToRoot }
      action "Under" { push C under modals }
      appear if busy { set busy = false; pop }
    }
    screen C {
      push A
      sheet EditorStack
      action "Busy" { set busy = true; push B }
    }
    screen Editor { push A; push B; action "Cancel" { dismiss } }
    screen Picker { push C; push B; action "Pick" { dismiss } }
    screen RouterHome { push B; sheet PickerStack }

    deeplink "layers://a" -> * / ... / A keep modals
    deeplink "layers://b" -> * / ... / B
    deeplink "layers://c" -> * / ... / C keep modals
    deeplink "layers://picker" -> * / ... + sheet PickerStack keep modals
    deeplink "layers://editor-a" -> * / ... / A close EditorStack
    deeplink "layers://busy" -> * / ... / B requires busy else dismiss
    """

    @Test func summaryAgreesWithThePlainSearchOnLayeredSheets() throws {
        let tally = try Self.expectAgreement(SourceFile(path: "layers.navflow", text: Self.layers), "layers")
        #expect(tally.compared == 2)
        #expect(tally.sharing == 2, "frames stand for several states")
        #expect(tally.wholeContexts == 2, "the push beneath the modals runs on whole contexts")
    }

    /// Two tabs whose stacks go four deep, left while their routes beneath
    /// the top are hidden: by the tab bar, by `tab` after one push or two,
    /// and by a link to the other tab. The parked cut of the tab left is read from
    /// the table of cuts: routes pushed again by edges with and without a
    /// guard that keeps holding, a guard that does not (`frozen`), a screen
    /// whose hook may run (kept, with the route above it) and a root whose
    /// hook may run while `pro` is false (the path keeps its first route).
    /// The links to a tab are worked out once per flags, inputs and selected
    /// tab (`KeyedDeepLinks`), one of them taking its `else` where hooks
    /// exist, first from a frame with hidden routes (`deep` is set only on
    /// a screen pushed on another).
    static let leftTabs = """
    app LeftTabs

    scheme "tabs"

    flag seen = false
    flag pro = false
    flag frozen = false
    flag deep = false

    destinations Pages {
      P
      Q
      R
      S
    }
    stack AStack root HomeA { destinations Pages; depth 4 }
    stack BStack root HomeB { destinations Pages; depth 3 }
    tabs Main {
      tab a "A" AStack
      tab b "B" BStack
    }

    start Main

    screen HomeA {
      push P
      push R
      appear if !pro { set seen = true }
    }
    screen P {
      push Q
      push R
      push S if pro
      push P if !frozen
    }
    screen Q {
      push P
      push R
      action "Away" { push P; tab b }
      action "Deep" { set deep = true }
      appear { set seen = true }
    }
    screen R {
      push P
      push Q
      action "Lock" { set frozen = true }
      action "To B" { tab b }
    }
    screen S {
      push R
      action "Elsewhere" { push P; tab b }
      action "Further" { push Q; push P; tab b }
    }
    screen HomeB {
      push R
      push S
      action "Upgrade" { set pro = true }
    }

    deeplink "tabs://b/s" -> b / S
    deeplink "tabs://p" -> * / ... / P
    deeplink "tabs://frozen" -> a / P / R requires frozen else set seen = true
    """

    @Test func summaryAgreesWithThePlainSearchOnLeftTabs() throws {
        let source = SourceFile(path: "left-tabs.navflow", text: Self.leftTabs)
        let model = try FlowModel(try #require(Frontend.load(source).spec))
        #expect(TabIndependence(model: model).holds, "the tabs are parked")
        let tally = try Self.expectAgreement(source, "left tabs")
        #expect(tally.compared == 2)
        #expect(tally.sharing == 2, "frames stand for several states")
        #expect(tally.tableCuts == 2, "tabs left with hidden routes are cut from the table")
        #expect(tally.wholeContexts == 0, "no step runs on whole contexts")
    }

    /// A fact first met when a step reveals a hidden route: `R`'s hook can
    /// only run when the user comes back to it from `S`, which is also
    /// pushed on `A` and `B`, so the frame under `S` stands for the three,
    /// and its entry's first caller is not `R`, whichever of the first and
    /// the last of `Home`'s steps the search takes first.
    static let revealedHook = """
    app Revealed

    flag back = false

    destinations Pages {
      A
      B
      R
      S
    }
    stack Main root Home { destinations Pages; depth 3 }

    start Main

    screen Home {
      push A
      push R
      push B
    }
    screen A { push S }
    screen B { push S }
    screen R {
      push S
      appear if back { set back = false }
    }
    screen S { action "Mark" { set back = true } }
    """

    @Test func aFactFirstMetOnARevealHasWhereItHappened() throws {
        let source = SourceFile(path: "revealed.navflow", text: Self.revealedHook)
        let model = try FlowModel(try #require(Frontend.load(source).spec))
        let tally = try Self.expectAgreement(source, "revealed hook")
        #expect(tally.compared == 2 && tally.sharing == 2)
        let summary = try SummarySearch(limits: Self.limits).search(model, deepLinks: false)
        let hook = StepFact.appearHookRan(AppearHookID(screen: try #require(model.spec.screens.firstIndex { $0.name == "R" }), hook: 0))
        let occurrence = try #require(summary.occurrence(of: hook))
        #expect(occurrence.step == .back(context: .slot(0)), "the hook runs on the way back to R")
        let taken = try #require(occurrence.steps.last?.stored)
        #expect(taken.paths[0].map { model.routes.text(of: $0, in: model.spec) } == ["R", "S"])
    }

    /// The generated apps with the interactions real apps have.
    @Test func summaryAgreesWithThePlainSearchOnInteractingApps() throws {
        var tally = Tally()
        for seed in UInt64(1)...12 {
            tally.add(try Self.expectAgreement(SourceFile(path: "interacting-\(seed).navflow", text: Fixtures.interactingApp(seed: seed)),
                                               "interacting \(seed)"))
        }
        #expect(tally.compared == 24)
    }

    @Test(arguments: Array(UInt64(0)..<4)) func summaryAgreesWithThePlainSearchOnRandomSpecs(batch: UInt64) throws {
        var tally = Tally()
        for offset in UInt64(0)..<60 {
            let seed = batch * 60 + offset + 1
            var generator = SpecGenerator(seed: seed, appearHooks: offset % 3 == 0)
            let text = generator.spec()
            tally.add(try Self.expectAgreement(SourceFile(path: "generated-\(seed).navflow", text: text), "seed \(seed)\n\(text)"))
        }
        #expect(tally.compared >= 60, "\(tally.compared) searches compared")
    }
}
