import NavFlowCheck
import NavFlowSearch
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The specs of real apps in `specs/apps/` (docs/apps.md): each reads
/// without an error, and what keeps its tabs from being parked is pinned,
/// so a change to the reduction or to the spec shows up here. Apps that
/// verify within CI's budget (IcySky, EhPanda, Nos) also have their state counts and
/// findings pinned; the others are measured by hand, and their figures are
/// in docs/apps.md.
@Suite struct AppSpecTests {
    @Test func everyAppSpecReadsWithoutAnError() {
        let paths = Repository.specs(in: "apps")
        #expect(!paths.isEmpty)
        for path in paths {
            let output = Frontend.load(Repository.source(path))
            #expect(output.spec != nil && !output.diagnostics.contains { $0.severity == .error },
                    "\(path): \(output.diagnostics.map(\.message))")
        }
    }

    @Test func mlemsTabsAreParked() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/mlem.navflow"))).spec)
        // The split Feeds tab, the account switches that keep the paths, the
        // links that append where the user is: none keeps the tabs from being
        // parked; what the flag gates stays in the parked paths.
        #expect(TabIndependence(spec).reasons == [])
    }

    /// Meshtastic parks its Messages and Nodes tabs (split views: their
    /// column selections are kept, their stacks cut) though steps open the
    /// app's own URLs and four sheets have dismissal hooks (the
    /// onboarding, the map's picker, the log detail), and its Settings tab,
    /// which the event-firmware sheet's "Update Firmware" selects after
    /// closing the sheet (only ever the one modal up) and empties before it
    /// pushes; Map and Connect are stored whole, each for the reasons listed.
    @Test func meshtasticParksItsSplitTabs() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/meshtastic.navflow"))).spec)
        let independence = TabIndependence(spec)
        #expect(independence.holds, "\(independence.reasons)")
        #expect(independence.wholeTabs == [false, false, true, false, true], "\(independence.wholeReasons)")
        #expect(independence.wholeReasons == [
            "tab 'map', line 307: an edge of 'NodeDetail' acts on the tab it selects, or presents, after 'tab'",
            "tab 'map', line 349: an edge of 'TraceRouteLog' selects a tab and may leave a modal up (no 'rebuild')",
            "tab 'connect', line 658: deep link \"meshtastic://connect\" appends to the path of a tab it may select ('/ ...')",
        ])
        let firmware = try #require(spec.screens.firstIndex { $0.name == "EventFirmwareInfo" })
        #expect(TabIndependence.bottomModalRoots(spec, presented: TabIndependence.presentedScreens(spec)).contains(firmware))
        #expect(spec.screens.contains { $0.name == "ColocatedPicker" && $0.dismissHooks.count == 2 })
        #expect(spec.screens.flatMap(\.edges).flatMap(\.statements).filter { if case .open = $0.kind { true } else { false } }.count == 13)
    }

    /// Trawl's Search tab is parked; the four others are stored whole, each
    /// for the reasons listed (a queued calendar link pushed on More after
    /// `tab more`, and the links and toasts that select a tab keeping its path).
    @Test func trawlParksItsSearchTab() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/trawl.navflow"))).spec)
        let independence = TabIndependence(spec)
        #expect(independence.holds)
        #expect(independence.wholeTabs == [true, true, true, false, true], "\(independence.wholeReasons)")
        #expect(spec.deepLinks.filter { $0.pattern.ignoresCase }.count == 3)
        #expect(spec.deepLinks.filter { $0.offeredIf != nil }.count >= 2)
    }

    /// Verifies an app spec to the end with the tabs not selected parked
    /// (those `TabIndependence` stores whole aside), checks its pinned
    /// counts and that the full exploration finds the same findings, and
    /// counts its findings by rule and severity.
    private static func verify(_ app: String, states: Int, inApp: Int, transitions: Int) throws
        -> (result: Verifier.Result, byRule: [String: Int]) {
        let result = Verifier.verify(Repository.source(Repository.path("specs/apps/\(app).navflow")))
        #expect(result.limit == nil)
        let stats = try #require(result.statistics)
        #expect(stats.states == states && stats.inAppStates == inApp && stats.transitions == transitions,
                "states \(stats.states), in-app \(stats.inAppStates), transitions \(stats.transitions)")
        #expect(stats.parkedInactiveTabs)
        var full = Verifier.Options()
        full.exploration = .full
        let every = Verifier.verify(Repository.source(Repository.path("specs/apps/\(app).navflow")), options: full)
        func lines(_ result: Verifier.Result) -> [String] {
            result.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" }.sorted()
        }
        #expect(lines(result) == lines(every), "\(app): the parked and the full exploration disagree")
        var byRule: [String: Int] = [:]
        for diagnostic in result.diagnostics { byRule["\(diagnostic.rule) \(diagnostic.severity)", default: 0] += 1 }
        return (result, byRule)
    }

    /// IcySky verifies to the end in well under a second (release build): its
    /// counts and its findings, each judged in docs/apps.md, are pinned. SPIN
    /// stores the same number of states on the Promela export.
    @Test func icySkyVerifiesWithPinnedFigures() throws {
        let (result, byRule) = try Self.verify("icysky", states: 283, inApp: 283, transitions: 1_597)
        #expect(byRule == ["trap error": 2, "bounded note": 3], "\(byRule)")
        // The two traps: the sign-in sheet closed over the unauthenticated root,
        // and the error root when the current user fails to load.
        let traps = result.diagnostics.filter { $0.rule == .trap }.map(\.message).sorted()
        #expect(traps.count == 2 && traps[0].contains("'LoadError'") && traps[1].contains("'Unauthenticated'"), "\(traps)")
        let bounded = Set(result.diagnostics.filter { $0.rule == .bounded }.map(\.message))
        #expect(bounded.count == 3 && ["FeedStack", "NotificationsStack", "ProfileStack"].allSatisfy { stack in
            bounded.contains { $0.contains("'\(stack)'") }
        }, "\(bounded)")
    }

    @Test func whichOfIcySkysTabsAreStoredWhole() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/icysky.navflow"))).spec)
        let independence = TabIndependence(spec)
        #expect(independence.reasons == [])
        // The compose tab presents the composer, then selects the tab the user came
        // from beneath it: each of those tabs is lifted before the step, none stored whole.
        #expect(independence.wholeReasons == [], "\(independence.wholeReasons)")
        #expect(independence.wholeTabs == [false, false, false, false, false])
        let compose = try #require(spec.screens.firstIndex { $0.name == "ComposeTab" })
        #expect(independence.liftedTabs[compose] == [[0], [1], [2], [3]])
    }

    /// EhPanda verifies to the end in under five seconds (release build) at the
    /// depths its spec gives: its counts and findings, each judged in
    /// docs/apps.md, are pinned.
    @Test func ehPandaVerifiesWithPinnedFigures() throws {
        let (result, byRule) = try Self.verify("ehpanda", states: 33_605, inApp: 4_245, transitions: 227_197)
        #expect(byRule == [
            "presentation-dropped error": 4,
            "deeplink-unreachable warning": 4, "orphan-screen warning": 1, "unused-destination note": 1,
            "deeplink-only-screen note": 4, "bounded note": 5,
        ], "\(byRule)")
        // A real defect: the root presents the link's sheet while a tab's modal is up
        // (shortest: the reader a detail in the Home tab covers it with).
        let dropped = result.diagnostics.filter { $0.rule == .presentationDropped }
        #expect(dropped.allSatisfy { $0.messageAndWitnessNote.contains("'LinkDetailStack' is presented from a view that 'Reading' covers") },
                "\(dropped.map(\.messageAndWitnessNote))")
        #expect(dropped.first?.witness?.steps.map(\.text) == [
            "Launch the app", "On Home, open Detail", "On Detail, open the Reading cover", "Open ehpanda://e-hentai.org/g/x/x",
        ])
        // The four links present the app-level detail sheet, which no tap presents.
        let unreachable = result.diagnostics.filter { $0.rule == .deeplinkUnreachable }.map(\.message)
        #expect(unreachable.allSatisfy { $0.contains("ehpanda://") && $0.contains("which only deep links present") },
                "\(unreachable)")
        // Depth artifacts, reported as such: gallery pages beyond depth 1 of the Home
        // stack, and the log page beyond depth 2 of the Setting stack.
        let qualified = result.diagnostics.filter { [.deeplinkOnlyScreen, .orphanScreen, .unusedDestination].contains($0.rule) }
        #expect(qualified.allSatisfy { $0.message.contains("within depth") }, "\(qualified.map(\.message))")
    }

    @Test func whichOfEhPandasTabsAreStoredWhole() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/ehpanda.navflow"))).spec)
        let independence = TabIndependence(spec)
        #expect(independence.reasons == [])
        // The not-logged-in buttons select the Setting tab, empty it and push the
        // log-in page on it (`tab setting; popToRoot; push ...`), with no modal up:
        // Setting is neither stored whole nor lifted before those steps (the step
        // writes its path from the root), and the edges are taken once.
        #expect(independence.wholeReasons == [])
        let setting = try #require(spec.rootTabView?.tabs.firstIndex { $0.id == "setting" })
        for name in ["Watched", "Favorites"] {
            let screen = try #require(spec.screens.firstIndex { $0.name == name })
            let lifted = independence.liftedTabs[screen].flatMap { $0 }
            #expect(lifted.isEmpty, "\(name)")
            let emptiesSetting = spec.screens[screen].edges.contains { edge in
                edge.statements.map(\.kind).starts(with: [.selectTab(setting), .popToRoot])
            }
            #expect(emptiesSetting, "\(name)")
        }
    }

    /// Nos verifies to the end in about three seconds (release build) at the depths its
    /// spec gives: its counts and findings, each judged in docs/apps.md, are pinned.
    @Test func nosVerifiesWithPinnedFigures() throws {
        let (result, byRule) = try Self.verify("nos", states: 13_579, inApp: 7_359, transitions: 149_361)
        #expect(byRule == [
            "deeplink-invalid error": 3, "deeplink-state-dependent error": 2, "presentation-dropped error": 2,
            "deeplink-unreachable error": 3, "deeplink-out-of-context warning": 2,
            "orphan-screen warning": 4, "unused-destination note": 1, "bounded note": 6,
            "mixed-navigation-links warning": 1,
        ], "\(byRule)")
        // The relay rows are view-destination links in stacks whose paths the router
        // writes: a note or profile link appends while a relay's details are shown.
        let mixed = result.diagnostics.filter { $0.rule == .mixedNavigationLinks }.map(\.message)
        #expect(mixed == ["'RelayDetail' is pushed by a view-destination link (`inline`) onto stack 'HomeStack' (and 4 more stacks), whose path takes values while it is on it: the deep link \"nos://{e: NostrID}\" (it appends to the path)"],
                "\(mixed)")
        // The links and the follow notification push onto the router's current path; in the
        // transient post-item state that is the post item, a screen (the app: Home's path).
        let invalid = result.diagnostics.filter { $0.rule == .deeplinkInvalid }
        #expect(invalid.allSatisfy { $0.messageAndWitnessNote.contains("'PostItem' is not a stack")
            && $0.witness?.steps.map(\.text).contains("Switch to the Post tab") == true }, "\(invalid.map(\.messageAndWitnessNote))")
        // The composer link presents from the tab view, which a modal left up covers.
        let dropped = result.diagnostics.filter { $0.rule == .presentationDropped }.map(\.messageAndWitnessNote)
        #expect(dropped.allSatisfy { $0.contains("'NoteComposer' is presented from a view that") }, "\(dropped)")
        // The same link over the transient post item presents where no tap does.
        let outOfContext = result.diagnostics.filter { $0.rule == .deeplinkOutOfContext }.map(\.messageAndWitnessNote)
        #expect(outOfContext.allSatisfy { $0.hasSuffix("never presents it [in the witness, it presents 'NoteComposer' over 'PostItem']") },
                "\(outOfContext)")
        // Depth artifacts, reported as such: pages two pushes away at depth 1.
        let qualified = result.diagnostics.filter { [.orphanScreen, .unusedDestination].contains($0.rule) }
        #expect(qualified.allSatisfy { $0.message.contains("within depth 1") }, "\(qualified.map(\.message))")
        // A link or an event notification while the side menu is open pushes the note onto the
        // menu's stack (its 'router path'), where no tap pushes a note.
        let unreachable = result.diagnostics.filter { $0.rule == .deeplinkUnreachable && $0.severity == .error }
        #expect(unreachable.allSatisfy { $0.witness?.steps.map(\.text).contains("On Home, open the SideMenuStack cover") == true },
                "\(unreachable.map { $0.witness?.steps.map(\.text) ?? [] })")
    }

    @Test func whichOfNossTabsAreStoredWhole() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/nos.navflow"))).spec)
        let leaves = "selects a tab and may leave a modal up (no 'rebuild')"
        let independence = TabIndependence(spec)
        #expect(independence.reasons == [])
        #expect(independence.wholeReasons == [
            "tab 'discover', line 457: an edge of 'Splash' \(leaves)",
            "tab 'discover', line 459: an edge of 'Splash' acts on the tab it selects, or presents, after 'tab'",
            "tab 'discover', line 484: an edge of 'BuildYourNetwork' \(leaves)",
            "tab 'discover', line 487: an edge of 'OnboardingLogin' \(leaves)",
            "tab 'notifications', line 618: notification entry 'event' appends to the path of a tab it may select ('/ ...')",
        ])
        // The new-note button presents the composer and selects the tab the user came
        // from beneath it: those tabs are lifted before the step.
        let postItem = try #require(spec.screens.firstIndex { $0.name == "PostItem" })
        #expect(independence.liftedTabs[postItem] == [[0], [1], [3], [4]])
    }
}
