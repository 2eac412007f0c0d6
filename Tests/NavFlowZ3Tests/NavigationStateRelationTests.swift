#if Z3
import NavFlowGenerator
import NavFlowModel
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import NavFlowZ3
import Testing

/// The navigation-state encoding's transition relation against the
/// explicit transition function, state by state: on every state a
/// breadth-first search reaches, the relation run on that state (its terms
/// all fold to constants) has exactly the explicit model's in-app steps
/// with their targets, launch gives the same initial states, and the
/// invariant the induction step assumes holds. A
/// lowering that differs from its statement's meaning anywhere a spec can
/// reach fails here, whatever the queries.
@Suite struct NavigationStateRelationTests {
    /// States compared per spec, at most.
    static let statesPerSpec = 1500

    /// Compares the two on the states reachable in `model`; returns how many
    /// states were compared.
    @discardableResult
    static func compare(_ model: FlowModel, context: String, deepLinks: Bool = false) throws -> Int {
        let relation = try NavigationStateRelation(model: model, deepLinks: deepLinks)
        var queue: [NavState] = []
        var seen = Set<NavState>()
        for inputs in try model.inputValuations(limit: 64) {
            let explicit = model.initialState(inputs: inputs).state
            let encoded = try relation.initialState(inputs: inputs)
            #expect(explicit == encoded, "launch with inputs \(inputs) differs: \(context)")
            if let explicit, seen.insert(explicit).inserted { queue.append(explicit) }
        }
        var next = 0
        while next < queue.count, next < statesPerSpec {
            let state = queue[next]
            next += 1
            if try !relation.satisfiesInvariant(state) {
                Issue.record("the induction's invariant fails on the reachable state \(state): \(context)")
                return next
            }
            var expected: [String] = []
            model.successors(of: state, deepLinks: deepLinks) { transition in
                guard let target = transition.target else { return }
                expected.append("\(transition.step) → \(target)")
                if seen.insert(target).inserted { queue.append(target) }
            }
            let actual = try relation.successors(of: state).map { "\($0.step) → \($0.target)" }
            guard expected.sorted() != actual.sorted() else { continue }
            let missing = Set(expected).subtracting(actual).sorted()
            let extra = Set(actual).subtracting(expected).sorted()
            Issue.record("""
                the relation differs on \(state): \(context)
                missing: \(missing.joined(separator: "\n  "))
                extra: \(extra.joined(separator: "\n  "))
                """)
            return next
        }
        return next
    }

    @Test func relationMatchesTheModelOnGeneratedSpecs() throws {
        let (specs, states, opening) = try Self.compareGenerated(seeds: 1...300, appearHooks: false)
        #expect(specs >= 250)
        #expect(states >= 2500)
        #expect(opening >= 170)
    }

    /// Deep links as steps (`--deeplinks`), on the generated specs and the
    /// generated specs with hooks.
    @Test func relationMatchesTheModelWithDeepLinksOnGeneratedSpecs() throws {
        let (specs, states, _) = try Self.compareGenerated(seeds: 1...120, appearHooks: false, deepLinks: true)
        let (hooked, hookedStates, _) = try Self.compareGenerated(seeds: 1...240, appearHooks: true, deepLinks: true)
        #expect(specs >= 100)
        #expect(states >= 1800)
        #expect(hooked >= 30)
        #expect(hookedStates >= 600)
    }

    /// Generated specs with appear and dismissal hooks: the ones whose
    /// hooks the encoding lowers (`StateEncodingSupport`) are compared.
    @Test func relationMatchesTheModelOnGeneratedSpecsWithHooks() throws {
        let (specs, states, opening) = try Self.compareGenerated(seeds: 1...600, appearHooks: true)
        #expect(specs >= 70)
        #expect(states >= 600)
        #expect(opening >= 45)
    }

    /// Compares the generated specs the encoding covers (with hooks, only
    /// those that have some); returns how many specs and states, and how
    /// many of the specs `open` a link.
    private static func compareGenerated(seeds: ClosedRange<UInt64>, appearHooks: Bool,
                                         deepLinks: Bool = false) throws -> (specs: Int, states: Int, opening: Int) {
        var specs = 0
        var states = 0
        var opening = 0
        for seed in seeds {
            var generator = SpecGenerator(seed: seed, appearHooks: appearHooks)
            let text = generator.spec()
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: text)).spec else { continue }
            let model = try FlowModel(spec)
            guard !appearHooks || model.hasHooks, StateEncodingSupport.supports(model, deepLinks: deepLinks) else { continue }
            specs += 1
            if text.contains("open \"") { opening += 1 }
            states += try compare(model, context: "seed \(seed)\n\(text)", deepLinks: deepLinks)
        }
        return (specs, states, opening)
    }

    @Test func relationMatchesTheModelOnTheBundledSpecs() throws {
        var covered: [String] = []
        for path in Repository.allSpecs() {
            guard let spec = Frontend.load(Repository.source(path)).spec, let model = try? FlowModel(spec),
                  StateEncodingSupport.supports(model, deepLinks: false),
                  // Launch is compared per input valuation: a few inputs at most.
                  model.relevantInputs.count <= 6 else { continue }
            covered.append(path)
            try Self.compare(model, context: path)
        }
        let apps = ["ehpanda", "icysky", "meshtastic", "mlem", "nos", "trawl"].filter { app in covered.contains { $0.hasSuffix("/specs/apps/\(app).navflow") } }
        #expect(apps.count == 6, "\(covered)")
        #expect(covered.count >= 30, "\(covered)")
    }

    /// Statements the generators do not write: `push … under modals` with
    /// a `router path` stack up (onto its path) or beneath a sheet that is
    /// not one (onto the tab's), and `rebuild` with modals up.
    static let routerPathSpec = """
        app RouterPaths
        flag signedIn = false
        stack HomeStack root Home { destination Item; destination Author; depth 3 }
        stack SavedStack root Saved { destination Item; destination Author; depth 2 }
        stack MenuStack root Menu { destination Author; destination Item; depth 2; router path }
        tabs Main {
          tab home "Home" HomeStack
          tab saved "Saved" SavedStack
        }
        start Main
        screen Home { push Item; sheet MenuStack; sheet Comments }
        screen Saved { push Item }
        screen Item { sheet Comments; action "Author" { push Author under modals } }
        screen Author { push Item; action "Sign out" { set signedIn = false; rebuild } }
        screen Menu {
          push Item
          sheet Comments
          action "Sign in" { set signedIn = true; rebuild; tab saved; push Item }
        }
        screen Comments {
          action "Author" { push Author under modals }
          action "Saved author" { tab saved; push Author under modals; dismiss }
          action "Close" { dismiss }
        }
        """

    /// `open` in the places its lowering branches on: a link appended to a
    /// path with room and to a full one (cut: nothing happens), a hidden
    /// tab (invalid), a sheet kept up under the link's (dropped) or already
    /// up, `*` on a stack modal and on a screen modal, `under modals` onto a
    /// `router path` sheet and beneath another, `close`, a split column, a
    /// `requires` whose `else` rebuilds (every view appears anew), two
    /// handlers that `keep tab`, two `open` in one action, a target with two
    /// modals whose first is up, under another modal or on top, and (as a
    /// step) an entry point offered only while its condition holds.
    static let openSpec = """
        app Opening
        scheme "x"
        flag signedIn = false
        flag hideSaved = false
        flag counted = false
        stack HomeStack root Home { destination Item; destination Author; depth 2 }
        stack SavedStack root Saved { destination Item; depth 2 }
        stack MenuStack root Menu { destination Author; destination Item; depth 2; router path }
        split Library { sidebar Shelf detail Placeholder }
        tabs Main {
          tab home "Home" HomeStack
          tab saved "Saved" SavedStack hidden if hideSaved
          tab library "Library" Library
        }
        start Main
        screen Home {
          push Item
          sheet MenuStack
          sheet Comments
          appear if !counted { set counted = true }
          action "Hide" if !hideSaved { set hideSaved = true }
          action "Show" if hideSaved { set hideSaved = false }
          action "Sign in" if !signedIn { set signedIn = true }
          action "Sign out" if signedIn { set signedIn = false }
          action "Uncount" { set counted = false }
          open "x://item"
          open "x://saved"
          open "x://gated"
          open "x://both"
        }
        screen Item {
          open "x://item"
          open "x://comments"
          open "x://author"
          sheet Comments
          action "Open twice" { open "x://comments"; open "x://menu" }
        }
        screen Comments {
          open "x://comments"
          open "x://menu"
          open "x://here"
          open "x://close"
          open "x://book"
          open "x://pair"
          action "Close" { dismiss }
        }
        screen Menu {
          push Item
          open "x://author"
          open "x://here"
          open "x://gated"
          open "x://book"
          open "x://pair"
          sheet Comments
        }
        screen Notes { action "Close" { dismiss } }
        screen Author { open "x://both" }
        screen Saved { push Item }
        screen Shelf { select Book; open "x://item" }
        screen Placeholder
        screen Book { open "x://comments" }
        deeplink "x://item" -> home / ... / Item
        deeplink "x://saved" -> saved / Item
        deeplink "x://comments" -> + sheet Comments keep modals
        deeplink "x://menu" -> + sheet MenuStack / Item keep modals
        deeplink "x://author" -> * / ... / Author under modals
        deeplink "x://here" -> * / Item keep modals
        deeplink "x://close" -> home / Author close Comments
        deeplink "x://book" -> library > Book
        deeplink "x://gated" -> saved / Item requires signedIn else rebuild
        deeplink "x://both"
            -> home / ... / Item keep tab
            -> saved / ... / Item keep tab
        deeplink "x://pair" -> + sheet MenuStack + sheet Notes keep modals
        entry toast signedIn if signedIn -> + sheet Notes
        """

    @Test(arguments: [false, true]) func relationMatchesTheModelOnOpen(deepLinks: Bool) throws {
        let model = try NavFlowTestSupport.model(Self.openSpec)
        #expect(StateEncodingSupport.supports(model, deepLinks: deepLinks))
        #expect(try Self.compare(model, context: "open", deepLinks: deepLinks) > 100)
    }

    /// A one-slot tab beside a split tab: once a modal edge has closed the
    /// modals, a statement acts on the presenter column's slot, which the
    /// lowering lists once per column (the home tab's first slot twice),
    /// and two `dismiss` in a row must each see what the one before did.
    /// And a `launch select`, which puts a screen in a column before any step.
    static let columnSpecs = ["""
        app Mixed
        flag left = false
        stack HomeStack root Home { destination Item; depth 2 }
        split Library { sidebar Shelf detail Book }
        tabs Main {
          tab home "Home" HomeStack
          tab library "Library" Library
        }
        start Main
        screen Home { push Item }
        screen Item { sheet Menu }
        screen Menu { action "Leave" { set left = true; dismiss; dismiss } }
        screen Shelf
        screen Book
        """, """
        app Reader
        split Library { sidebar Shelf detail Placeholder }
        start Library
        screen Shelf
        screen Placeholder
        screen Book { sheet Notes }
        screen Notes
        launch select Book
        """]

    @Test(arguments: columnSpecs) func relationMatchesTheModelOnMixedColumnsAndLaunchSelections(text: String) throws {
        let model = try NavFlowTestSupport.model(text)
        #expect(StateEncodingSupport.supports(model, deepLinks: false))
        #expect(try Self.compare(model, context: text) >= 2)
    }

    @Test func relationMatchesTheModelOnRouterPathsAndRebuilds() throws {
        let model = try NavFlowTestSupport.model(Self.routerPathSpec)
        #expect(StateEncodingSupport.supports(model, deepLinks: false))
        #expect(try Self.compare(model, context: "router paths") > 100)
    }

    /// Hooks in the places their lowering branches on: a slot's view under
    /// a sheet (its hook presents nothing) and under a cover (it does not
    /// appear), a modal's view with modals above it, two new views in one
    /// step where the first one's hook covers the second, a rebuild (every
    /// view new), dismissal hooks that switch tabs, pop, push and select
    /// from the column that presented the modal, two modals with dismissal
    /// hooks closed at once (top first), launch under a cover, and a modal's
    /// hook that presents, then pushes onto what it presented.
    static let hookSpecs = ["""
        app Hooks
        flag seen = false
        flag picked = false
        flag dark = false
        stack HomeStack root Home { destination Item; destination Detail; depth 3 }
        stack PickerStack root Picker { destination Detail; destination Item; depth 2 }
        split Library { sidebar Shelf detail Book }
        tabs Main {
          tab home "Home" HomeStack
          tab library "Library" Library
        }
        start Main
        screen Home { push Item; sheet PickerStack; cover Gallery; action "Dark" { set dark = true } }
        screen Item {
          push Detail
          sheet Note
          action "Both" { sheet Note; push Detail }
          action "Restart" { set seen = false; rebuild }
        }
        screen Detail {
          appear if !seen { set seen = true; sheet Note }
          appear { push Item }
          sheet PickerStack
          cover Gallery
        }
        screen Picker {
          push Detail
          push Item
          action "Pick" { set picked = true; dismiss }
          action "Restart" { rebuild }
          cover Gallery
          on dismiss if picked { set picked = false; tab library; select Book; sheet Note }
          on dismiss if !picked { pop; push Detail }
        }
        screen Note {
          action "Reset" { set seen = false; dismiss }
          sheet PickerStack
          on dismiss if seen { cover Gallery }
        }
        screen Gallery { action "Close" { dismiss }; appear if seen { set seen = false } }
        screen Shelf { select Book; sheet PickerStack; sheet Note; appear if dark { cover Viewer } }
        screen Viewer { action "Close" { set dark = false; dismiss } }
        screen Book { appear if !picked { set picked = true; sheet Note }; sheet PickerStack }
        """, """
        app LaunchCovered
        flag greeted = false
        stack HomeStack root Home { destination Item; depth 2 }
        start HomeStack
        screen Home {
          push Item
          appear if !greeted { set greeted = true; sheet Greeting }
          appear if !greeted { push Item }
        }
        screen Item { cover Gallery; sheet Greeting }
        screen Greeting { action "Close" { dismiss } }
        screen Gallery {
          action "Close" { dismiss }
          appear if !greeted { sheet Greeting }
          on dismiss { set greeted = false }
        }
        launch cover Gallery
        """, """
        app ModalHooks
        stack Main root Home { destination X }
        stack M root D { destination X }
        stack P root E { destination X }
        start Main
        screen Home { sheet M; push X }
        screen D { appear { sheet P; push X }; sheet P }
        screen E { push X; action "Close" { dismiss } }
        screen X { sheet M }
        """]

    @Test(arguments: hookSpecs) func relationMatchesTheModelWithHooks(text: String) throws {
        let model = try NavFlowTestSupport.model(text)
        #expect(StateEncodingSupport.supports(model, deepLinks: false))
        #expect(try Self.compare(model, context: text) >= 6)
    }

    @Test(arguments: UInt64(1)...4) func relationMatchesTheModelOnGeneratedApps(seed: UInt64) throws {
        let text = AppSpecGenerator.spec(AppShape(tabs: 3, screens: 40, fanOut: 2, depth: 5, sheets: 3, flags: 2, inputs: 1,
                                                  deepLinks: 4, seed: seed))
        let model = try NavFlowTestSupport.model(text)
        #expect(StateEncodingSupport.supports(model, deepLinks: false))
        #expect(try Self.compare(model, context: "generated app, seed \(seed)") == Self.statesPerSpec)
    }
}
#endif
