import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// What `verify` reports does not depend on the order in which the search
/// meets states. With every screen's edges declared in the reverse order
/// (the same app, searched in another order), the findings are the same:
/// rules, places and messages. The rules that report one finding for
/// several occurrences (one per statement, per link and kind of problem,
/// per screen on top of a trap) say in their message only what every
/// occurrence has in common, and what the witness's occurrence shows
/// (which modal covers a presenter, which modals stay up, why a link's
/// state is invalid, over which screen a link presents, which screen a
/// `dismiss` does nothing on, which hooks ran before a loop, in which kind
/// of modal a trap is) in a note: a baseline matches on the message, and
/// a search over other states (the summary search's frames) meets other
/// occurrences first. Which occurrence is the witness's is still the
/// first the search meets, what a run stopped by a limit already has
/// (`LimitReportTests`).
@Suite struct ExplorationOrderTests {
    static let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)

    /// The findings of the graph properties on `spec`.
    static func findings(_ spec: FlowSpec) throws -> [Diagnostic] {
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = TabIndependence(model: model).holds
        let analysis = GraphAnalysis(try explorer.explore(model))
        return Verifier.Options().graph.flatMap { $0.check(analysis) }
    }

    /// Rule, place and message of each finding, and its notes when `notes` is set.
    static func lines(_ findings: [Diagnostic], notes: Bool = false) -> [String] {
        findings.map { finding in
            let shown = notes ? finding.notes.map { " | \($0.message)" }.joined() : ""
            return "\(finding.rule) \(finding.range.start) \(finding.message)\(shown)"
        }.sorted()
    }

    static func reversingEdges(_ spec: FlowSpec) -> FlowSpec {
        var reversed = spec
        for index in reversed.screens.indices { reversed.screens[index].edges.reverse() }
        return reversed
    }

    @Test func findingsDoNotDependOnTheOrderOfEdges() throws {
        var compared = 0
        var notesDiffer = 0
        // Mlem's search goes past the limit (docs/apps.md).
        for path in Repository.specsThatFinish() {
            guard let spec = Frontend.load(Repository.source(path)).spec, let forward = try? Self.findings(spec) else { continue }
            let backward = try Self.findings(Self.reversingEdges(spec))
            let (ahead, behind) = (Self.lines(forward), Self.lines(backward))
            #expect(ahead == behind, "\(path): \(Set(ahead).symmetricDifference(behind).sorted())")
            if Self.lines(forward, notes: true) != Self.lines(backward, notes: true) { notesDiffer += 1 }
            compared += 1
        }
        #expect(compared >= 60, "\(compared) specs compared")
        // The witnesses' occurrences do differ: the comparison has something to find.
        #expect(notesDiffer >= 2, "\(notesDiffer) specs whose notes differ")
    }

    /// A recipe pushes its author on three stacks, two of which do not
    /// register the author: the push has two occurrences of its defect,
    /// which differ in the stack.
    static let pushOnTwoStacks = """
        app Cookbook
        stack HomeStack root Home { destination Recipe; destination Author }
        stack SearchStack root Search { destination Recipe }
        stack SavedStack root Saved { destination Recipe }
        tabs Main {
          tab home "Home" HomeStack
          tab search "Search" SearchStack
          tab saved "Saved" SavedStack
        }
        start Main
        screen Home { push Recipe }
        screen Search { push Recipe }
        screen Saved { push Recipe }
        screen Recipe { push Author }
        screen Author
        """

    /// A statement defect's message reads only what every fact of its rule
    /// at its statement has in common: on every spec, all the facts of a
    /// statement (not only the first met) give one message.
    @Test func aStatementDefectSaysTheSameForEveryOccurrence() throws {
        let rules = RuleCatalog.properties.compactMap { $0 as? any StatementDefectProperty }
        var statements = 0
        var withSeveralDetails = 0
        let sources = Repository.specsThatFinish().map { ($0, Repository.source($0)) }
            + [("a push on two stacks", SourceFile(path: "push.navflow", text: Self.pushOnTwoStacks))]
        for (path, source) in sources {
            guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec) else { continue }
            var explorer = Explorer(limits: Self.limits)
            explorer.parksInactiveTabs = TabIndependence(model: model).holds
            guard let graph = try? explorer.explore(model) else { continue }
            var facts = Set(graph.notes.flatMap(\.facts))
            for (_, note) in graph.launchNotes { facts.formUnion(note.facts) }
            for rule in rules {
                var found: [SourceRange: (messages: Set<String>, details: Set<String?>)] = [:]
                for fact in facts {
                    guard let defect = rule.defect(fact, in: model) else { continue }
                    found[defect.statement, default: ([], [])].messages.insert(defect.message)
                    found[defect.statement, default: ([], [])].details.insert(defect.detail)
                }
                for (range, entry) in found {
                    #expect(entry.messages.count == 1, "\(path) \(range.start): \(entry.messages.sorted())")
                    statements += 1
                    if entry.details.count > 1 { withSeveralDetails += 1 }
                }
            }
        }
        #expect(statements >= 8, "\(statements) statements with a defect")
        // The push on two stacks, at least.
        #expect(withSeveralDetails >= 1, "\(withSeveralDetails) statements whose occurrences differ")
    }

    /// EhPanda's links to a gallery are presented from a view that either
    /// of two sheets may cover: the finding says the same both ways, and
    /// its note names the sheet of the witness, the first the search meets.
    @Test func whichCoveringSheetALinkFindingNamesIsTheFirstMet() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/ehpanda.navflow"))).spec)
        let forward = Self.lines(try Self.findings(spec), notes: true)
        let backward = Self.lines(try Self.findings(Self.reversingEdges(spec)), notes: true)
        let covering = { (lines: [String]) in lines.filter { $0.hasPrefix("presentation-dropped 380:") } }
        #expect(covering(forward).count == 1 && covering(forward).first?.contains("a view that 'Reading' covers") == true)
        #expect(covering(backward).count == 1 && covering(backward).first?.contains("a view that 'QuickSearchStack' covers") == true)
        let message = { (lines: [String]) in lines.first.map { String($0.prefix { $0 != "|" }) } }
        #expect(message(covering(forward)) == message(covering(backward)))
    }
}
