@testable import NavFlowCheck
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The summary search with a link judge (`SummarySearch.linkJudge`) finds
/// the deep-link findings the explorer's analysis finds
/// (`GraphAnalysis.linkFindings`, one per link and kind of problem): the
/// sources are the states reachable in-app closed under the link steps
/// that are no finding, which the judge decides as the analysis does,
/// here from the explorer's own graph (whether a landing is in-app, and
/// `DeepLinkLandingJudge` for one that is not). Each finding has a path
/// to its source and the link's step there.
@Suite struct LinkSourcesTests {
    static let limits = SummarySearchTests.limits

    /// The analysis's judgement of a link's transition, as a judge of the summary search.
    final class Oracle: @unchecked Sendable {
        let graph: StateGraph
        var landingJudge: DeepLinkLandingJudge
        let numbers: [NavState: Int]

        init(_ graph: StateGraph) {
            self.graph = graph
            landingJudge = DeepLinkLandingJudge(graph)
            var numbers: [NavState: Int] = [:]
            for index in 0..<graph.count { numbers[graph.state(index)] = index }
            self.numbers = numbers
        }

        static func key(_ link: Int, _ problem: GraphAnalysis.LinkProblem) -> Int { link * 8 + problem.kind }

        func judge(_ transition: Transition, _ target: NavState?) -> SummarySearch.LinkJudgement {
            guard case .deepLink(let link, let arguments) = transition.step else { return .stop }
            let (follows, problem) = GraphAnalysis.judging(transition.outcome) {
                guard let target, let index = numbers[target] else { return (false, .landsUnreachable) }
                if index < graph.inAppCount { return (true, nil) }
                var stop = GraphAnalysis.LimitWatch(budget: ResourceBudget(.standard), states: graph.count)
                return landingJudge.judge(link: link, arguments: arguments, target: index, stop: &stop).judgement(landing: index)
            }
            if let problem { return .finding(Self.key(link, problem)) }
            return follows ? .follow : .stop
        }

        /// The analysis's judgement of a landing with marks, when it holds for every context.
        func judgeEveryContext(_ transition: Transition, _ target: NavState) -> SummarySearch.LinkJudgement? {
            guard case .deepLink(let link, let arguments) = transition.step, transition.outcome == .landed else { return nil }
            var stop = GraphAnalysis.LimitWatch(budget: ResourceBudget(.standard), states: graph.count)
            guard let (follows, problem) = landingJudge.judgeEveryContext(link: link, arguments: arguments, landing: target,
                                                                         stop: &stop) else { return nil }
            if let problem { return .finding(Self.key(link, problem)) }
            return follows ? .follow : .stop
        }
    }

    struct Tally {
        var compared = 0
        var findings = 0
        var kinds: Set<Int> = []
        /// Landings with hidden routes judged for every context at once.
        var judgedOnFrames = 0
    }

    /// Compares the findings on `source`, with the tabs that are not
    /// selected stored whole (unless `storedWhole` is off), and parked
    /// where `TabIndependence` holds.
    static func expectSameFindings(_ source: SourceFile, _ context: String, storedWhole: Bool = true,
                                   judgesFrames: Bool = true, into tally: inout Tally) throws {
        guard let spec = Frontend.load(source).spec, !spec.deepLinks.isEmpty, let model = try? FlowModel(spec) else { return }
        let parked = TabIndependence(model: model).holds
        for parks in [false, true] where parks ? parked : (storedWhole || !parked) {
            var explorer = Explorer(limits: limits)
            explorer.parksInactiveTabs = parks
            // The same cuts as the summary search's, `ParkedPaths(model:)`.
            explorer.checksTabSelections = false
            guard let graph = try? explorer.explore(model), graph.isComplete else { continue }
            let expected = Set(GraphAnalysis(graph).linkFindings.map { Oracle.key($0.link, $0.problem) })
            let oracle = Oracle(graph)
            var search = SummarySearch(limits: limits)
            search.linkJudge = { oracle.judge($0, $1) }
            if judgesFrames { search.linkContextJudge = { oracle.judgeEveryContext($0, $1) } }
            var parking = parks ? ParkedPaths(model: model) : nil
            parking?.withDeepLinks = true
            guard let summary = try? search.search(model, deepLinks: true, parking: parking) else { continue }
            let found = Set(summary.linkFindingKeys)
            #expect(found == expected, "\(context), parked \(parks): found \(found.sorted()), expected \(expected.sorted())")
            for key in found {
                guard let step = summary.linkFinding(key)?.transition.step else {
                    Issue.record("\(context), parked \(parks): no witness to finding \(key)")
                    continue
                }
                guard case .deepLink(let link, _) = step, link == key / 8 else {
                    Issue.record("\(context), parked \(parks): finding \(key) taken by \(step)")
                    continue
                }
            }
            tally.compared += 1
            tally.findings += found.count
            tally.kinds.formUnion(found.map { $0 % 8 })
            tally.judgedOnFrames += summary.landingsJudgedOnFrames
        }
    }

    @Test func everySpecsLinkFindingsFromFrames() throws {
        var tally = Tally()
        for path in Repository.specsThatFinish() {
            // The app specs' tabs stored whole take most of the time.
            try Self.expectSameFindings(Repository.source(path), path, storedWhole: !path.contains("/specs/apps/"), into: &tally)
        }
        #expect(tally.compared >= 40 && tally.findings >= 25 && tally.kinds.count == 5, "\(tally)")
        print("LINKSOURCES specs \(tally)")
    }

    /// A landing judged for every context is judged so on each: on every
    /// spec, every landed link edge of the explorer's graph, its target with
    /// every hidden route a mark, judged for every context, has the verdict
    /// the analysis gives the target itself, whenever there is one.
    @Test func aLandingJudgedForEveryContextIsJudgedSoOnEach() throws {
        var judged = 0
        var followed = 0
        for path in Repository.specsThatFinish() {
            guard let spec = Frontend.load(Repository.source(path)).spec, !spec.deepLinks.isEmpty,
                  let model = try? FlowModel(spec) else { continue }
            var explorer = Explorer(limits: Self.limits)
            explorer.parksInactiveTabs = TabIndependence(model: model).holds
            guard let graph = try? explorer.explore(model), graph.isComplete else { continue }
            let oracle = Oracle(graph)
            let hidden = HiddenStack(model.shape)
            for source in 0..<graph.count {
                for edge in graph.linkEdges.range(of: source) {
                    let target = graph.linkEdges.target[edge]
                    let note = graph.notes[Int(graph.linkEdges.note(at: edge))]
                    guard target >= 0, note.outcome == DeepLinkOutcome.landed else { continue }
                    let step = graph.steps[Int(graph.linkEdges.step(at: edge))]
                    let transition = Transition(step: step, target: nil, facts: [], outcome: .landed)
                    let whole = graph.state(Int(target))
                    let (frame, places) = hidden.marked(whole)
                    guard !places.isEmpty, let verdict = oracle.judgeEveryContext(transition, frame) else { continue }
                    judged += 1
                    if verdict == .follow { followed += 1 }
                    #expect(verdict == oracle.judge(transition, whole), "\(path): \(step) to \(whole)")
                }
            }
        }
        #expect(judged >= 1_000 && followed >= 100, "\(judged) landings judged for every context, \(followed) followed")
        print("EVERYCONTEXT \(judged) \(followed)")
    }

    /// The judge keeps, per link, arguments and what of the landing its
    /// masks read, how it judges (`DeepLinkLandingJudge.PlanKey`): every
    /// landing outside the in-app states, on every spec and random spec,
    /// in the order of the graph, has the verdict a judge that keeps no
    /// plan gives it. A key without the landing's selected tab, or without
    /// whether a modal is up, fails it.
    @Test func keptPlansJudgeEveryLandingAsPlansWorkedOutAnew() throws {
        var judged = 0
        var links = Set<String>()
        // A link that appends where the user is writes the top modal's path when a modal is up, else the tab's.
        let appendsWhereTheUserIs = """
            app Appends
            scheme "x"
            stack Main root Home { destination Detail destination Other }
            stack Pages root PageRoot { destination Other }
            screen Home {
              push Detail
              sheet Pages
            }
            screen Detail { push Other }
            screen PageRoot
            screen Other
            deeplink "x://other" -> * / ... / Other keep modals
            """
        let sources = [(SourceFile(path: "appends.navflow", text: appendsWhereTheUserIs), appendsWhereTheUserIs)]
            + Repository.specsThatFinish().map { (Repository.source($0), $0) } + randomSpecSources(1...120)
        for (file, context) in sources {
            guard let spec = Frontend.load(file).spec, !spec.deepLinks.isEmpty,
                  let model = try? FlowModel(spec) else { continue }
            var explorer = Explorer(limits: Self.limits)
            explorer.parksInactiveTabs = TabIndependence(model: model).holds
            guard let graph = try? explorer.explore(model), graph.isComplete else { continue }
            // Kept plans, read from the graph's words and from unpacked landings (as the summary search gives them).
            var kept = DeepLinkLandingJudge(graph)
            var keptUnpacked = DeepLinkLandingJudge(graph)
            var anew = DeepLinkLandingJudge(graph)
            anew.keepsPlans = false
            for source in 0..<graph.count {
                for edge in graph.linkEdges.range(of: source) {
                    let target = Int(graph.linkEdges.target[edge])
                    guard target >= graph.inAppCount,
                          case .deepLink(let link, let arguments) = graph.steps[Int(graph.linkEdges.step(at: edge))]
                    else { continue }
                    func watch() -> GraphAnalysis.LimitWatch {
                        GraphAnalysis.LimitWatch(budget: ResourceBudget(.standard), states: graph.count)
                    }
                    var stops = (watch(), watch(), watch())
                    let verdict = kept.judge(link: link, arguments: arguments, target: target, stop: &stops.0)
                    let unpacked = keptUnpacked.judge(link: link, arguments: arguments, landing: graph.state(target), stop: &stops.1)
                    let expected = anew.judge(link: link, arguments: arguments, target: target, stop: &stops.2)
                    #expect(stops.0.reached == nil && stops.1.reached == nil && stops.2.reached == nil)
                    #expect(verdict == expected && unpacked == expected,
                            "\(context.prefix(300)): link \(link) \(arguments) to \(graph.state(target))")
                    judged += 1
                    links.insert("\(file.path) \(link)")
                }
            }
        }
        #expect(judged >= 100_000 && links.count >= 90, "\(judged) landings of \(links.count) links")
        #expect(links.contains("appends.navflow 0"), "the spec of a link that appends where the user is was not judged")
        print("KEPTPLANS \(judged) \(links.count)")
    }

    /// With and without the judgement of landings for every context: without
    /// it, every landing that keeps hidden routes is judged on whole contexts.
    @Test(arguments: [false, true]) func randomSpecsLinkFindingsFromFrames(judgesFrames: Bool) throws {
        var tally = Tally()
        for (source, context) in randomSpecSources(1...120) {
            try Self.expectSameFindings(source, context, judgesFrames: judgesFrames, into: &tally)
        }
        #expect(tally.compared >= 90 && tally.findings >= 150 && tally.kinds.count >= 3, "\(tally)")
        print("LINKSOURCES random \(judgesFrames) \(tally)")
    }
}
