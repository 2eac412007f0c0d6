import Foundation
import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import Testing

/// The explorer takes its transitions from `PackedSuccessors`, which works
/// each local view's transitions out once and applies them to every state
/// with that view. Here every stored transition of every state is compared
/// with the transition function itself (`FlowModel.successors` on the
/// unpacked state): same steps, in the same order, same notes, same targets,
/// and every state stored as its canonical packing.
@Suite struct PackedSuccessorsTests {
    /// Checks every state of a spec; returns whether its local views are shared.
    /// `viewMemos`: whether the explorer keeps each local view's transitions.
    @discardableResult
    static func check(_ text: String, name: String, viewMemos: ViewMemos = .adaptive) throws -> Bool {
        try checkGraph(text, name: name, viewMemos: viewMemos).shared
    }

    /// Checks every state of a spec; returns whether its local views are
    /// shared, and the graph.
    static func checkGraph(_ text: String, name: String, viewMemos: ViewMemos = .adaptive) throws -> (shared: Bool, graph: StateGraph) {
        let output = Frontend.load(SourceFile(path: name, text: text))
        let spec = try #require(output.spec, "\(name) does not resolve")
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: Explorer.Limits(maxStates: 200_000, maxBytes: 1 << 30, maxValuations: 64))
        explorer.viewMemos = viewMemos
        let graph = try explorer.explore(model)
        var mismatches: [String] = []
        for index in 0..<graph.count where mismatches.count < 3 {
            let state = graph.state(index)
            // Stored words are the canonical packing, so no state is stored twice.
            if model.codec.encode(state) != graph.store.state(index) {
                mismatches.append("state \(index): stored words are not its packing")
            }
            for (deepLinks, list) in [(false, graph.inAppEdges), (true, graph.linkEdges)] {
                var expected: [(Step, NavState?, TransitionNote)] = []
                model.successors(of: state, deepLinks: deepLinks) { transition in
                    guard transition.step.isInApp != deepLinks else { return }
                    expected.append((transition.step, transition.target,
                                     TransitionNote(facts: transition.facts, outcome: transition.outcome)))
                }
                let stored = list.range(of: index).map { position in
                    (graph.steps[Int(list.step(at: position))],
                     list.target[position] < 0 ? nil : graph.state(Int(list.target[position])),
                     graph.notes[Int(list.note(at: position))])
                }
                guard stored.count == expected.count else {
                    mismatches.append("state \(index): \(stored.count) stored transitions, \(expected.count) expected")
                    continue
                }
                for (have, want) in zip(stored, expected) where have.0 != want.0 || have.1 != want.1 || have.2 != want.2 {
                    mismatches.append("state \(index): \(have.0) stored as \(String(describing: have.1)), expected \(String(describing: want.1))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.joined(separator: "\n"))")
        return (LocalView(model: model).isShared, graph)
    }

    @Test func examplesAgreeWithTheTransitionFunction() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../specs/examples").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navflow") }.sorted()
        #expect(files.count >= 3)
        for file in files {
            try Self.check(String(contentsOfFile: directory.appendingPathComponent(file).path, encoding: .utf8), name: file)
        }
    }

    @Test(arguments: Array(UInt64(1)...UInt64(4)))
    func generatedAppsAgreeWithTheTransitionFunction(batch: UInt64) throws {
        var shared = 0
        for seed in (batch * 10)..<(batch * 10 + 10) {
            let shape = AppShape(tabs: 2 + Int(seed % 2), screens: 6 + Int(seed % 3), fanOut: 2, depth: 2,
                                 sheets: Int(seed % 3), flags: Int(seed % 3), inputs: Int(seed % 2), deepLinks: 3, seed: seed)
            if try Self.check(AppSpecGenerator.spec(shape), name: "app-\(seed)") { shared += 1 }
        }
        #expect(shared == 10)
    }

    @Test func randomSpecsAgreeWithTheTransitionFunction() throws {
        var shared = 0
        for seed in UInt64(1)...360 {
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            guard Frontend.load(SourceFile(path: "g", text: text)).spec != nil else { continue }
            if try Self.check(text, name: "generated-\(seed)") { shared += 1 }
        }
        // Enough of them are tab apps for the shared path to be exercised.
        #expect(shared >= 20)
    }

    /// Deep links the memo must not share between states that differ in
    /// their selected tab: a link without a tab (it keeps the selected tab)
    /// and an `else` whose `set` hides the selected tab.
    @Test func deepLinksThatReadTheSelectedTab() throws {
        let text = """
        app S
        scheme "s"
        flag loggedIn = false
        flag banned = false
        stack TimelineStack root Timeline { destination Post depth 2 }
        stack ProfileStack root Profile { depth 1 }
        tabs Main {
          tab timeline "Timeline" TimelineStack
          tab profile "Profile" ProfileStack hidden if banned
        }
        start Main
        screen Timeline { push Post }
        screen Post {}
        screen Profile { action "Log in" { set loggedIn = true } }
        screen Compose { action "Done" { dismiss } }
        deeplink "s://compose" -> + sheet Compose
        deeplink "s://go" -> timeline / Post requires loggedIn else set banned = true
        """
        #expect(try Self.check(text, name: "links.navflow"))
    }

    /// Deep links that keep the modals are memoized by the flags, inputs,
    /// selected tab and modals of their source: with no modal up, under
    /// the compose sheet (with or without its path), under the paywall
    /// cover (which drops the sheet a link presents), with an `else` that
    /// sets a flag, with `close`, and landing on a screen whose appear hook
    /// may present. Leaving the modals out of the key fails the check (a
    /// link from under the cover would land as from no modal); the links
    /// are worked out far fewer times than they are taken.
    @Test func deepLinksThatKeepTheModals() throws {
        let text = """
        app K
        scheme "k"
        flag pro = false
        stack FeedStack root Feed { destination Post destination Author depth 3 }
        stack SettingsStack root Settings { destination About depth 2 }
        stack ComposeStack root Compose { destination Draft depth 2 }
        tabs Main {
          tab feed "Feed" FeedStack
          tab settings "Settings" SettingsStack
        }
        start Main
        screen Feed {
          push Post
          sheet ComposeStack
          cover Paywall if !pro
        }
        screen Post {
          push Author
          action "Upgrade" { set pro = true }
        }
        screen Author {}
        screen Settings {
          push About
          sheet ComposeStack
        }
        screen About { appear if !pro { sheet Paywall } }
        screen Compose {
          push Draft
          action "Done" { dismiss }
        }
        screen Draft {}
        screen Paywall { action "Close" { dismiss } }
        deeplink "k://about" -> settings / About keep modals
        deeplink "k://post" -> feed / Post / Author requires pro else set pro = true keep modals
        deeplink "k://draft" -> feed / Post + sheet ComposeStack / Draft keep modals
        deeplink "k://home" -> settings close Paywall
        """
        #expect(try Self.check(text, name: "keep-modals.navflow"))
        let model = try FlowModel(try #require(Frontend.load(SourceFile(path: "k", text: text)).spec))
        let graph = try Explorer(limits: Explorer.Limits(maxStates: 10_000, maxBytes: 1 << 28, maxValuations: 4))
            .explore(model)
        #expect(graph.count == 92)
        #expect(graph.linkEdges.target.count == 368)
        // Each of the 368 was run before the modals were part of a key.
        #expect(graph.deepLinksRun == 116)
    }

    /// A link that names no tab keeps the selected tab's content, which its
    /// key (flags, inputs, selected tab, modals) leaves out: its target is
    /// given by its update, never by a view number, and when it closes the
    /// cover over that content, the content shows anew and its top's appear
    /// hook may run. From under the paywall over Feed no hook runs, from
    /// under the paywall over Post, once the paywall made the app forget
    /// it was seen (same key), Post's hook runs; the memo
    /// worked out from the first must not serve the second.
    @Test func deepLinksThatUncoverTheSelectedTab() throws {
        let text = """
        app U
        scheme "u"
        flag seen = false
        stack FeedStack root Feed { destination Post depth 2 }
        stack OtherStack root Other { depth 1 }
        tabs Main {
          tab feed "Feed" FeedStack
          tab other "Other" OtherStack
        }
        start Main
        screen Feed { push Post; cover Paywall }
        screen Post {
          appear if !seen { set seen = true }
          cover Paywall
        }
        screen Other { cover Paywall }
        screen Paywall {
          action "Close" { dismiss }
          action "Forget" { set seen = false }
        }
        screen Note { action "Done" { dismiss } }
        deeplink "u://note" -> + sheet Note close Paywall
        deeplink "u://fresh" -> + sheet Note
        """
        #expect(try Self.check(text, name: "uncover.navflow"))
    }

    /// A hook that cuts a link's step off (here B0's, pushing B0 again at
    /// the stack's depth) leaves no fact of its run, and runs only when
    /// the link shows B0 anew: from the tab's root it cuts the link off,
    /// from B0 already on top (same flags, selected tab and modals) the
    /// link lands. The link is memoized as cut off only when its
    /// statements alone give no target; with and without `keep modals`.
    @Test func deepLinksCutOffByAHook() throws {
        let text = """
        app B
        scheme "b"
        flag f = false
        stack S0 root R0 { destination A0 destination B0 depth 2 }
        stack S1 root R1 { depth 1 }
        tabs T {
          tab t0 "T0" S0
          tab t1 "T1" S1
        }
        start T
        screen R0 {
          push A0
          action "arm" { set f = true }
        }
        screen A0 { push B0 }
        screen B0 {
          action "arm" { set f = true }
          appear if f { push B0 }
        }
        screen R1
        screen Z { action "armed" if f { dismiss } }
        deeplink "b://l" -> t0 / A0 / B0 + sheet Z keep modals
        """
        #expect(try Self.check(text, name: "cut-by-hook.navflow"))
        #expect(try Self.check(text.replacingOccurrences(of: " keep modals", with: ""), name: "cut-by-hook-closing.navflow"))
    }

    /// Appear hooks run on the views a step shows anew, which no memo key
    /// sees: the link to Gate from the launch state (Gate already shown
    /// under the sheet its hook opened) runs no hook, from the tab's root
    /// it runs it; switching to tab b runs the hook when b shows Gate and
    /// not when it shows Other; back from Page or Gate shows Home, which
    /// has none. Each must be worked out on the state, or taken from the
    /// memo, as the transition function says.
    @Test func appearHooksShownBeforeOrAnew() throws {
        let text = """
        app H
        scheme "h"
        flag on = false
        stack A root Home { destination Gate; destination Page; depth 2 }
        stack B root Other { destination Gate; depth 1 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        launch push Gate
        screen Home { push Gate; push Page }
        screen Page { push Gate }
        screen Gate {
          appear if !on { sheet Note }
          action "Enable" { set on = true }
        }
        screen Note { action "Done" { dismiss } }
        screen Other { push Gate }
        deeplink "h://gate" -> a / Gate
        deeplink "h://here" -> * / ... / Gate
        """
        #expect(try Self.check(text, name: "hooks.navflow"))
    }

    /// With a modal up, the footprint leaves out the routes below the top
    /// of the paths beneath it too: a step that closes it shows their tops
    /// anew, nothing below. Not where an edge of the screen on top pops or
    /// empties a path after closing the modal: pushing then writes a route
    /// below the old top, which may equal the one it replaces (`Note` over
    /// `A / B` and over `B / B`, one footprint, each starting over on `A`),
    /// or closes a modal and presents it again with a path.
    @Test func edgesOfAModalThatReachBeneathIt() throws {
        let text = """
        app M
        scheme "m"
        stack HomeStack root Home { destination A; destination B; depth 3 }
        stack OtherStack root Other { destination A; depth 1 }
        tabs T {
          tab home "Home" HomeStack
          tab other "Other" OtherStack
        }
        start T
        screen Home {
          push A
          push B
        }
        screen A {
          push A
          push B
          sheet Note
        }
        screen B {
          push A
          push B
          sheet Note
        }
        screen Other { push A }
        screen Note {
          action "Start over" { dismiss; popToRoot; push A }
          action "Step back" { dismiss; pop; pop; push B }
          action "Close" { dismiss }
        }
        """
        #expect(try Self.check(text, name: "beneath.navflow", viewMemos: .never))
        // Without the edges that reach beneath, the routes there are left out.
        let closing = text.replacingOccurrences(of: "  action \"Start over\" { dismiss; popToRoot; push A }\n", with: "")
            .replacingOccurrences(of: "  action \"Step back\" { dismiss; pop; pop; push B }\n", with: "")
        #expect(try Self.check(closing, name: "closing.navflow", viewMemos: .never))
        // A sheet over a sheet that closes the one beneath and presents it
        // again with a path writes its first route anew, below the tops:
        // `P` over `S` with `A / B` and with `B / B`, where the footprint
        // does not reach below the top modal's empty path.
        let again = """
        app R
        scheme "r"
        stack S root SRoot { destination A; destination B; depth 3 }
        start Home
        screen Home { sheet S }
        screen SRoot {
          push A
          push B
        }
        screen A {
          push A
          push B
          sheet P
        }
        screen B {
          push A
          push B
          sheet P
        }
        screen P { action "Redo" { close S; sheet S; push A } }
        """
        #expect(try !Self.check(again, name: "again.navflow"))
    }

    /// A link that closes the modals and lands on a screen whose hook runs
    /// is the same transition from every state of its key (flags, inputs,
    /// selected tab) with no modal up, when it lands in another tab: every
    /// view of the landing is shown anew. Not from the tab it lands in
    /// (`h://gate` from `Gate` already on screen runs no hook), nor with a
    /// modal up: with `Note` up over `Other`, the `Note` that `Gate`'s hook
    /// presents was shown before (the transition function runs its hook
    /// all the same: the rule is wider than it needs). Nor when a hook may
    /// write beyond the landing (`open "h://page"` in `Gate`'s hook writes
    /// tab b's path, which the link to Gate does not).
    @Test func deepLinksLandingOnAHookFromAnotherTab() throws {
        let text = """
        app H
        scheme "h"
        flag on = false
        flag seen = false
        stack A root Home { destination Gate; destination Page; depth 2 }
        stack B root Other { destination Page; depth 2 }
        tabs T {
          tab a "A" A
          tab b "B" B
        }
        start T
        screen Home { push Gate; push Page }
        screen Page { push Page; sheet Note }
        screen Gate {
          appear if !on { sheet Note }
          action "Enable" { set on = true }
        }
        screen Note {
          appear if !seen { set seen = true }
          action "Done" { dismiss; set seen = false }
          action "Forget" { set seen = false }
        }
        screen Other { push Page; sheet Note }
        deeplink "h://gate" -> a / Gate
        deeplink "h://page" -> b / Page
        """
        let (_, graph) = try Self.checkGraph(text, name: "landing-hooks.navflow")
        // Most of the link to Gate's transitions from tab b are taken from the memo.
        #expect(graph.deepLinksRun * 2 < graph.linkEdges.target.count, "\(graph.deepLinksRun) of \(graph.linkEdges.target.count)")
        let leaving = text.replacingOccurrences(of: "appear if !on { sheet Note }", with: "appear if !on { open \"h://page\" }")
        #expect(try Self.check(leaving, name: "landing-hooks-leaving.navflow"))
    }

    /// A link that selects a tab but appends to its path reads the path:
    /// shared by flags, inputs and selected tab, it would land every state
    /// of a key on the first one's path. `*` writes the selected tab's slots.
    @Test func deepLinksThatReadAPath() throws {
        let text = """
        app S
        scheme "s"
        stack TimelineStack root Timeline { destination Post; depth 3 }
        stack ProfileStack root Profile { destination Post; depth 2 }
        tabs Main {
          tab timeline "Timeline" TimelineStack
          tab profile "Profile" ProfileStack
        }
        start Main
        screen Timeline { push Post }
        screen Post { push Post }
        screen Profile { push Post }
        deeplink "s://more" -> timeline / ... / Post
        deeplink "s://here" -> * / Post
        """
        #expect(try Self.check(text, name: "append.navflow"))
    }

    /// Deep links that act where the user is and append there read what an
    /// edge of the top screen reads, and are kept per footprint (the local
    /// view without the routes below the tops) where a view's transitions
    /// are not kept, and where views are not shared (a root without tabs):
    /// appending to the selected tab's path closing the modals, to the top
    /// modal's path keeping them, beneath them, presenting a sheet, closing
    /// one by name, with an `else`, and onto a screen whose appear hook
    /// runs. A link that closes the modals and then presents one with a
    /// path could write a route equal to the one below the top it replaces
    /// (`Note` up with `Post / Post` and with `Author / Post`: the same
    /// footprint): kept per footprint, one of `s://fresh/post` and
    /// `s://fresh/author` keeps the old route in one of those states, which
    /// the check catches; so does a link that replaces the path (`* / Post`).
    /// The routes a link appends to are left out of its key, but not the
    /// others: `s://unpromo` closes the cover over `Post` and over `Author`
    /// (the same key without the tab's path), and only `Author`'s hook runs.
    /// A link whose step runs a hook is run on every state: `Popper`'s hook
    /// pops it at once, and shows anew the route beneath, which the key
    /// leaves out (`Author`, whose hook runs, or `Post`).
    @Test func deepLinksThatAppendWhereTheUserIs() throws {
        let links = """
        deeplink "s://post" -> * / ... / Post
        deeplink "s://author" -> * / ... / Author keep modals
        deeplink "s://two" -> * / ... / Post / Post under modals
        deeplink "s://note" -> * / ... + sheet NoteStack keep modals
        deeplink "s://closing" -> * / ... / Post close NoteStack
        deeplink "s://gated" -> * / ... / Author requires signedIn else set signedIn = true keep modals
        deeplink "s://fresh/post" -> * / ... + sheet NoteStack / Post
        deeplink "s://fresh/author" -> * / ... + sheet NoteStack / Author
        deeplink "s://replace" -> * / Post
        deeplink "s://unpromo" -> * / ... close Promo
        deeplink "s://popper" -> * / ... / Popper keep modals
        """
        let screens = """
        screen Post {
          push Author
          push Post
          cover Promo
        }
        screen Author {
          push Post
          cover Promo
          appear if !signedIn { set seen = true }
        }
        screen Promo { action "Close" { dismiss } }
        screen Popper { appear if !signedIn { pop } }
        screen Note {
          push Post
          push Author
          action "Done" { dismiss }
        }
        """
        let tabs = """
        app S
        scheme "s"
        flag signedIn = false
        flag seen = false
        stack HomeStack root Home { destination Post destination Author destination Popper depth 2 }
        stack SearchStack root Search { destination Author depth 1 }
        stack NoteStack root Note { destination Post destination Author destination Popper depth 2 }
        tabs Main {
          tab home "Home" HomeStack
          tab search "Search" SearchStack
        }
        start Main
        screen Home {
          push Post
          sheet NoteStack
        }
        screen Search { push Author }
        \(screens)
        \(links)
        """
        let plain = """
        app P
        scheme "s"
        flag signedIn = false
        flag seen = false
        stack HomeStack root Home { destination Post destination Author destination Popper depth 2 }
        stack NoteStack root Note { destination Post destination Author destination Popper depth 2 }
        start HomeStack
        screen Home {
          push Post
          sheet NoteStack
        }
        \(screens)
        \(links)
        """
        for (text, name) in [(tabs, "tabs.navflow"), (plain, "plain.navflow")] {
            let (shared, graph) = try Self.checkGraph(text, name: name, viewMemos: .never)
            #expect(shared == (name == "tabs.navflow"))
            // Far fewer runs than transitions: the links are kept per footprint.
            // Three links run on every state (`fresh` and `replace`); of the
            // eight others' transitions, 23% are worked out with tabs (6,175
            // of 27,376) and 46% without, where every state that may run a
            // hook takes its steps on the state (every one of them, per view
            // or on the state, before).
            #expect(graph.linkEdges.target.count == 11 * graph.count)
            let workedOut = graph.deepLinksRun - 3 * graph.count
            #expect(workedOut * (shared ? 2 : 4) < 8 * graph.count * (shared ? 1 : 3), "\(name): \(graph.deepLinksRun) runs")
            try Self.check(text, name: name, viewMemos: .always)
        }
    }
}
