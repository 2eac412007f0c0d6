import NavFlowCoverage
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Coverage figures and drift findings pinned for hand-written traces.
@Suite struct ReplayTests {
    @Test func messengerTracesArePinned() throws {
        let model = try model(ofFile: "specs/examples/messenger.navflow")
        let universe = CoverageUniverse(model: model)
        let directory = "Tests/NavFlowCoverageTests/Traces/messenger"
        let traces = ["queued-notification.jsonl", "signed-in-session.jsonl"].map { Repository.path(directory + "/" + $0) }
        let report = try CoverageMeasurement(universe: universe).measure(specPath: "messenger.navflow", traces: traces).get()
        #expect(report.runs == 3)
        #expect(report.events == 23)
        // The `tab messages` at queued-notification.jsonl:4, on the tab the
        // link selected, is a re-tap: it pops the conversation to the root.
        #expect(report.figures == ["screens": "12/13", "edges": "8/18", "implicit": "5/23", "deeplinks": "1/5",
                                   "states": "15/576", "pairs": "12/648", "valuations": "12/14"])
        #expect(report.metric("screens")?.missing.map(\.text) == ["EditProfile"])
        #expect(report.drifts.map { "\($0.location.file.split(separator: "/").last!):\($0.location.line): \($0.message)" } == [
            "queued-notification.jsonl:5: push 'Conversatoin(id: 1)': unknown screen 'Conversatoin' (did you mean 'Conversation'?)",
            "queued-notification.jsonl:10: push 'Post(id: abc)': 'abc' is not a valid PostID (argument 'id' of Post): it must be digits",
            "queued-notification.jsonl:11: dismiss is not possible from Search",
            "signed-in-session.jsonl:12: sheet 'NewMessage' is not possible from Privacy",
        ])
        #expect(report.drifts.last?.state == "Profile tab: MyProfile > Settings > Privacy; Home tab kept at Feed > Post(_) > UserProfile(_)")
        #expect(report.drifts.last?.applied == true)
    }

    /// When every state cannot be explored but the tabs can be parked, the
    /// totals each local view decides (implicit actions, valuations) come
    /// from the parked graph and equal those over every state; states and
    /// pairs, which are the app's own, are unavailable, and say why.
    @Test func aParkedGraphGivesImplicitActionsAndValuationsPastTheLimit() throws {
        let model = try model(ofFile: "specs/examples/router-tabs.navflow")
        #expect(TabIndependence(model.spec).holds)
        let every = CoverageUniverse(model: model)
        let graph = try #require(every.graph)
        var parking = Explorer()
        parking.parksInactiveTabs = true
        let parkedCount = try parking.explore(model).count
        #expect(parkedCount < graph.count / 2)
        // Room for the parked graph, not for every state.
        let limited = CoverageUniverse(model: model, limits: Explorer.Limits(maxStates: parkedCount + 1, maxBytes: 1 << 30,
                                                                             maxValuations: 64))
        #expect(limited.graph == nil && limited.knowsLocalTotals)
        #expect(limited.implicitActions == every.implicitActions && !every.implicitActions.isEmpty)
        #expect(limited.valuations == every.valuations)
        let report = try CoverageMeasurement(universe: limited).measure(specPath: "router-tabs.navflow", traces: []).get()
        #expect(report.metric("implicit")?.total == every.implicitActions.count)
        #expect(report.metric("valuations")?.unavailable == nil)
        #expect(report.metric("states")?.total == nil && report.metric("pairs")?.total == nil)
        #expect(report.metric("states")?.unavailable
                == "the state graph was not explored to the end: the search stored \(parkedCount + 1) states without finishing (--max-states); lower a stack's depth or raise the limit; implicit actions and valuations were counted with the tabs that are not selected parked")
        // Without room for the parked graph either, nothing graph-based is known.
        let none = CoverageUniverse(model: model, limits: Explorer.Limits(maxStates: 10, maxBytes: 1 << 30, maxValuations: 64))
        #expect(!none.knowsLocalTotals && none.implicitActions.isEmpty)
    }

    /// A `tab` event naming the selected tab replays as the tap that pops
    /// its stack to the root (an implicit action of the screen on top), and
    /// so does a `popToRoot` a router records for it. On a tab whose app
    /// intercepts the tap (`retap off`), as on every tab before the step
    /// existed, the tap changes nothing, and an app that popped anyway
    /// drifts at its next event.
    @Test func aTapOnTheSelectedTabReplaysAsItsRetap() throws {
        let text = String(decoding: Repository.source(Repository.path("specs/examples/tab-retap.navflow")).bytes, as: UTF8.self)
        let reader = try model(text)
        let trace = """
            {"event":"launch"}
            {"event":"action","screen":"SignIn","label":"Sign in"}
            {"event":"push","screen":"Article"}
            {"event":"push","screen":"Author"}
            {"event":"tab","tab":"feed"}
            {"event":"push","screen":"Article"}
            {"event":"popToRoot"}
            {"event":"tab","tab":"search"}
            {"event":"push","screen":"Article"}
            {"event":"tab","tab":"search"}
            {"event":"push","screen":"Article"}
            """
        let (report, errors) = coverage(of: reader, trace: trace)
        #expect(errors.isEmpty)
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "11: push 'Article' is not possible from Article",
        ])
        let implicit = try #require(report.metric("implicit"))
        #expect(implicit.missingCount == implicit.missing.count)
        let missing = Set(implicit.missing.map { $0.text })
        // Every screen the feed's stack can show on top has a re-tap; those
        // the trace tapped from are covered, and the search stack has none.
        #expect(missing.contains("Comments: tab re-tap") && missing.contains("Article: back"), "\(missing.sorted())")
        #expect(!missing.contains("Author: tab re-tap") && !missing.contains("Article: tab re-tap"), "\(missing.sorted())")
        #expect(!missing.contains { $0.hasPrefix("Search") && $0.contains("re-tap") })
        #expect(implicit.total.map { $0 - implicit.missingCount } == 3, "\(implicit)")
    }

    /// A back recorded while the screen on top hides its back button is
    /// drift, and says why; once the edit is over, back replays.
    @Test func aBackWhereTheBackButtonIsHiddenIsDrift() throws {
        let profiles = try model(ofFile: "specs/examples/back-hidden.navflow")
        let trace = """
            {"event":"launch"}
            {"event":"tab","tab":"profile"}
            {"event":"push","screen":"EditProfile"}
            {"event":"action","screen":"EditProfile","label":"Edit"}
            {"event":"back"}
            {"event":"launch"}
            {"event":"tab","tab":"profile"}
            {"event":"push","screen":"EditProfile"}
            {"event":"action","screen":"EditProfile","label":"Edit"}
            {"event":"action","screen":"EditProfile","label":"Cancel"}
            {"event":"back"}
            """
        let (report, errors) = coverage(of: profiles, trace: trace)
        #expect(errors.isEmpty)
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "5: back is not possible from EditProfile ('EditProfile' hides its back button while `editing`)",
        ])
    }

    @Test func recipesTraceWithSelectionsIsPinned() throws {
        let model = try model(ofFile: "specs/examples/recipes.navflow")
        let trace = Repository.path("Tests/NavFlowCoverageTests/Traces/recipes/ipad-session.jsonl")
        let report = try CoverageMeasurement(universe: CoverageUniverse(model: model))
            .measure(specPath: "recipes.navflow", traces: [trace]).get()
        #expect(report.figures == ["screens": "5/5", "edges": "3/3", "implicit": "1/1", "deeplinks": "1/4",
                                   "states": "6/25", "pairs": "4/57", "valuations": "5/5"])
        #expect(report.drifts.map(\.message) == ["deeplink 'recipes://category/brunch': no deep link of the spec matches 'recipes://category/brunch'"])
        #expect(report.drifts.map(\.location.line) == [7])
    }

    @Test func aRunWithoutLaunchIsLaunchedAndReported() throws {
        let (report, errors) = coverage(of: try model(Fixtures.shop), trace: #"{"event":"push","screen":"Catalog","args":{"section":"sale"}}"#)
        #expect(errors.isEmpty)
        #expect(report.runs == 1)
        #expect(report.drifts.map(\.message) == ["the run does not begin with a launch event; replay launches the app with every input false"])
        #expect(report.metric("edges")?.covered == 1)
    }

    @Test func launchInputsAreCheckedAgainstTheSpec() throws {
        let (report, _) = coverage(of: try model(Fixtures.shop), trace: """
            {"event":"launch","inputs":{"beta":true,"region":true,"betta":true}}
            {"event":"tab","tab":"labs"}
            """)
        #expect(report.drifts.map(\.message) == [
            "launch: unknown input 'betta' (did you mean 'beta'?); the inputs break `assume !(beta && region)` (line 8)",
        ])
        #expect(report.metric("screens")?.covered == 2)
    }

    @Test func aGuardThatBlocksAnEventIsNamed() throws {
        let (report, _) = coverage(of: try model(Fixtures.shop), trace: """
            {"event":"launch"}
            {"event":"push","screen":"Settings"}
            {"event":"back"}
            {"event":"tab","tab":"labs"}
            """)
        #expect(report.drifts.map(\.message) == [
            "push 'Settings' is not possible from Home (the edge at line 21 needs `signedIn`)",
            "tab 'labs' is not possible from Home (the tab is hidden)",
        ])
        // The push was applied anyway, so `back` replays from Settings: its declared `pop` edge.
        #expect(report.metric("edges")?.missing.map(\.text).contains("Settings: pop") == false)
        #expect(report.drifts.first?.applied == true)
    }

    /// A recorded dismiss of a sheet that cannot be swiped away says why.
    @Test func aLockedSheetThatBlocksADismissIsNamed() throws {
        let model = try model(ofFile: "specs/examples/server-setup.navflow")
        let (report, _) = coverage(of: model, trace: """
            {"event":"launch","inputs":{"hasSavedServer":true}}
            {"event":"action","screen":"Servers","label":"Edit server"}
            {"event":"dismiss"}
            {"event":"action","screen":"Servers","label":"Edit server"}
            {"event":"action","screen":"ServerEditor","label":"Type"}
            {"event":"dismiss"}
            """)
        #expect(report.drifts.map(\.message) == [
            "dismiss is not possible from ServerEditor ('ServerEditor' is locked while `editing`)",
        ])
        // The swipe taken before the editor was edited covers the implicit action.
        let missing = try #require(report.metric("implicit")).missing.map(\.text)
        #expect(!missing.contains { $0.contains("ServerEditor") && $0.contains("swipe") }, "\(missing)")
    }

    /// A toast's entry recorded before the toast is up is drift, and says what it needs.
    @Test func anEntryNotOfferedIsDrift() throws {
        let model = try model("""
            app Toasts
            flag created = false
            stack HomeStack root Stacks { destination StackDetail }
            start HomeStack
            screen Stacks { push StackDetail; action "Create" { set created = true } }
            screen StackDetail
            entry toast showStack if created -> / StackDetail
            """)
        let (report, _) = coverage(of: model, trace: """
            {"event":"launch"}
            {"event":"entry","name":"showStack"}
            {"event":"action","screen":"Stacks","label":"Create"}
            {"event":"entry","name":"showStack"}
            """)
        #expect(report.drifts.map(\.message) == ["entry 'showStack': not offered here: it needs `created`"])
        #expect(report.metric("deeplinks")?.percent == 100)
    }

    @Test func declaredEdgesWinOverImplicitActionsAndRepeatedTabsChangeNothing() throws {
        let (report, _) = coverage(of: try model(Fixtures.shop), trace: """
            {"event":"launch","inputs":{"beta":true}}
            {"event":"tab","tab":"home"}
            {"event":"tab","tab":"Labs"}
            {"event":"tab","tab":"home"}
            {"event":"sheet","screen":"SignIn"}
            {"event":"action","label":"Sign in"}
            {"event":"push","screen":"Settings"}
            {"event":"back"}
            """)
        #expect(report.driftCount == 0)
        let edges = report.edgeTallies.filter { $0.count > 0 }.map(\.text)
        #expect(edges == ["Home: sheet SignIn if !signedIn", "Home: push Settings if signedIn", "Settings: pop",
                          "SignIn: “Sign in”", "Labs: tab home"])
        // Settings' `pop` edge always wins over the system back, so no trace can show that back: it is not counted.
        #expect(report.metric("implicit")?.missing.map(\.text).contains("Settings: back") == false)
        #expect(report.metric("implicit")?.missing.map(\.text).contains("Product: back") == true)
        #expect(report.metric("implicit")?.missing.map(\.text).contains("Home: tab switch") == false)
    }

    @Test func deepLinksMapConcreteArgumentsAndUnknownArgumentsAreDrift() throws {
        let (report, _) = coverage(of: try model(Fixtures.shop), trace: """
            {"event":"launch"}
            {"event":"deeplink","url":"shop://product/shoe-42"}
            {"event":"back"}
            {"event":"back"}
            {"event":"push","screen":"Catalog","args":{"section":"clearance"}}
            {"event":"push","screen":"Catalog","args":{"sectoin":"new"}}
            {"event":"deeplink","url":"shop://nothing"}
            {"event":"deeplink","url":"no scheme"}
            """)
        #expect(report.metric("deeplinks")?.covered == 1)
        #expect(report.drifts.map(\.message) == [
            "push 'Catalog(section: clearance)': 'clearance' is not a case of Section (argument 'section' of Catalog)",
            "push 'Catalog(sectoin: new)': screen 'Catalog' has no parameter 'sectoin'; its parameters are 'section'",
            "deeplink 'shop://nothing': no deep link of the spec matches 'shop://nothing'",
            "deeplink 'no scheme': 'no scheme' is not a URL with a scheme (scheme://...)",
        ])
    }

    @Test func aLinkToAHiddenTabLeadsToNoValidState() throws {
        let spec = """
            app Shop
            scheme "shop"
            input beta
            stack HomeStack root Home { }
            tabs Main {
              tab home "Home" HomeStack
              tab labs "Labs" Labs hidden if !beta
            }
            screen Home
            screen Labs
            deeplink "shop://labs" -> labs
            """
        let (report, _) = coverage(of: try model(spec), trace: """
            {"event":"launch"}
            {"event":"deeplink","url":"shop://labs"}
            {"event":"launch","inputs":{"beta":true}}
            {"event":"deeplink","url":"shop://labs"}
            """)
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "2: deeplink 'shop://labs' leads to no valid state: tab 'labs' is hidden",
        ])
        #expect(report.metric("deeplinks")?.covered == 1)
    }

    /// An `entry` event names the entry point and gives its arguments; it is
    /// replayed as its link, counted with the deep links, and a wrong name or
    /// argument is drift.
    @Test func entryEventsReplayAsTheirEntryPoints() throws {
        let model = try model(ofFile: "specs/examples/entry-points.navflow")
        let (report, errors) = coverage(of: model, trace: """
            {"event":"launch"}
            {"event":"entry","name":"newMail","args":{"id":"m-1"}}
            {"event":"action","label":"Sign in"}
            {"event":"entry","name":"newMail","args":{"id":"m-1"}}
            {"event":"entry","name":"openMailbox","args":{"box":"archive"}}
            {"event":"entry","name":"unread"}
            {"event":"entry","name":"newMial","args":{"id":"m-1"}}
            {"event":"entry","name":"openMailbox","args":{"box":"trash"}}
            {"event":"entry","name":"openMailbox"}
            {"event":"entry","name":"unread","args":{"id":"1"}}
            """)
        #expect(errors.isEmpty)
        #expect(report.metric("deeplinks")?.covered == 3)
        #expect(report.metric("deeplinks")?.missing.map(\.text) == ["quickAction newMessage", "handoff readMessage(id: MessageID)"])
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "7: entry 'newMial(id: m-1)': the spec has no entry point 'newMial' (did you mean 'newMail'?)",
            "8: entry 'openMailbox(box: trash)': 'trash' is not a case of Mailbox (argument 'box' of entry point 'openMailbox')",
            "9: entry 'openMailbox': entry point 'openMailbox' needs a value for 'box'",
            "10: entry 'unread(id: 1)': entry point 'unread' has no parameter 'id'",
        ])
        #expect(report.metric("screens")?.covered == 4)
    }

    /// A tap or a link that depends on a choice: `outcome` names the
    /// outcome taken; without it, the first declared edge and the first
    /// outcome of a link that lands.
    @Test func choiceOutcomesAreRecordedOrTheFirstThatLandsIsTaken() throws {
        let model = try model(ofFile: "specs/examples/data-choices.navflow")
        let (report, errors) = coverage(of: model, trace: """
            {"event":"launch"}
            {"event":"push","screen":"Status","args":{"id":"1"}}
            {"event":"action","screen":"Status","label":"Open author","outcome":"someone"}
            {"event":"back"}
            {"event":"action","screen":"Status","label":"Open author"}
            {"event":"deeplink","url":"fedi://status/a/1","outcome":"remote"}
            {"event":"deeplink","url":"fedi://status/a/1","outcome":"elsewhere"}
            {"event":"deeplink","url":"fedi://status/a/1"}
            """)
        #expect(errors.isEmpty)
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "7: deeplink 'fedi://status/a/1' (outcome 'elsewhere'): choice 'Origin' has no outcome 'elsewhere'",
        ])
        // Each outcome of the tap is its own edge; the recorded one is credited.
        #expect(report.metric("edges")?.covered == 3)
        #expect(report.metric("edges")?.missing.map(\.line) == [37, 45, 47])
        #expect(report.metric("screens")?.covered == 5)
    }

    /// An `appear` event confirms that the step before showed a view of its
    /// screen anew (whether or not a hook's guard held), and changes
    /// nothing; one the step did not show is drift. The hooks replayed
    /// steps ran are counted.
    @Test func appearEventsConfirmWhatTheStepBeforeShowed() throws {
        let model = try model(ofFile: "specs/examples/appear-hooks.navflow")
        let (report, errors) = coverage(of: model, trace: """
            {"event":"launch"}
            {"event":"appear","screen":"Orders"}
            {"event":"action","screen":"Onboarding","label":"Get started"}
            {"event":"appear","screen":"Orders"}
            {"event":"tab","tab":"account"}
            {"event":"appear","screen":"Account"}
            {"event":"dismiss"}
            {"event":"appear","screen":"Account"}
            {"event":"appear","screen":"Tracking"}
            {"event":"appear","screen":"Ordres"}
            """)
        #expect(errors.isEmpty)
        #expect(report.drifts.map { "\($0.location.line): \($0.message)" } == [
            "8: appear 'Account': 'Account' did not appear anew in the launch or step before, so its onAppear could not run there",
            "9: appear 'Tracking': 'Tracking' did not appear anew in the launch or step before, so its onAppear could not run there",
            "10: appear 'Ordres': unknown screen 'Ordres' (did you mean 'Order'?)",
        ])
        // Orders' onboarding hook at launch and Account's sign-in hook; not the queued-link hook.
        #expect(report.metric("hooks")?.covered == 2)
        #expect(report.metric("hooks")?.missing.map(\.text) == ["appear hook of Orders if onboarded && pendingOrder"])
        #expect(report.metric("hooks")?.missing.map(\.line) == [44])
    }

    /// Back to a screen whose hook navigates: the event is the back, and
    /// the hook's effect is part of it.
    @Test func backToAScreenWhoseHookNavigatesReplays() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "back.navflow", text: """
            app Back
            flag seen = false
            stack S root Home { destination D }
            start S
            screen Home { push D; appear if seen { sheet Promo } }
            screen D { appear { set seen = true } }
            screen Promo { dismiss }
            """)).spec)
        let (report, errors) = coverage(of: try FlowModel(spec), trace: """
            {"event":"launch"}
            {"event":"push","screen":"D"}
            {"event":"back"}
            {"event":"appear","screen":"Home"}
            {"event":"dismiss"}
            """)
        #expect(errors.isEmpty)
        #expect(report.driftCount == 0, "\(report.drifts.map(\.message))")
        #expect(report.metric("hooks")?.covered == 2)
        #expect(report.metric("states")?.covered == 4)
    }
}
