import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// What `verify` reports hardly depends on the order in which the search
/// meets states. With every screen's edges declared in the reverse order
/// (the same app, searched in another order), the findings are at the
/// same places under the same rules, and their messages are the same but
/// for the rules that report one finding for several occurrences (one
/// per statement, per link and kind of problem, per screen on top of a
/// trap) and say what the first occurrence met shows: which modal covers
/// a presenter, which modals stay up, why a link's state is invalid, over
/// which screen a link presents, which screen a `dismiss` does nothing
/// on, which hooks ran before a loop, in which kind of modal a trap is.
/// The first occurrence is what a run stopped by a limit already has, so
/// it reports what the whole run reports (`LimitReportTests`); a pick by
/// content would not be (docs/performance.md, "The summary search").
@Suite struct ExplorationOrderTests {
    static let limits = Explorer.Limits(maxStates: 400_000, maxBytes: 1 << 30, maxValuations: 64)

    /// The rules whose message reads the first occurrence the search met.
    static let firstOccurrenceRules: Set<RuleID> = [
        .deeplinkInvalid, .deeplinkStateDependent, .presentationDropped, .deeplinkOutOfContext,
        .appearLoop, .dismissNoop, .pushOutsideStack, .unregisteredDestination, .selectedTabHidden, .trap,
    ]

    /// The findings of the graph properties on `spec`.
    static func findings(_ spec: FlowSpec) throws -> [Diagnostic] {
        let model = try FlowModel(spec)
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = TabIndependence(model: model).holds
        let analysis = GraphAnalysis(try explorer.explore(model))
        return Verifier.Options().graph.flatMap { $0.check(analysis) }
    }

    /// Rule and place of each finding, and the message unless the rule's
    /// message reads the first occurrence (or `messages` is set).
    static func lines(_ findings: [Diagnostic], messages: Bool = false) -> [String] {
        findings.map { finding in
            let message = messages || !firstOccurrenceRules.contains(finding.rule) ? " \(finding.message)" : ""
            return "\(finding.rule) \(finding.range.start)\(message)"
        }.sorted()
    }

    static func reversingEdges(_ spec: FlowSpec) -> FlowSpec {
        var reversed = spec
        for index in reversed.screens.indices { reversed.screens[index].edges.reverse() }
        return reversed
    }

    @Test func findingsDoNotDependOnTheOrderOfEdges() throws {
        var compared = 0
        // Mlem's search goes past the limit (docs/apps.md).
        for path in Repository.allSpecs() where !path.hasSuffix("/mlem.navflow") {
            guard let spec = Frontend.load(Repository.source(path)).spec, let forward = try? Self.findings(spec) else { continue }
            let backward = try Self.findings(Self.reversingEdges(spec))
            let (ahead, behind) = (Self.lines(forward), Self.lines(backward))
            #expect(ahead == behind, "\(path): \(Set(ahead).symmetricDifference(behind).sorted())")
            compared += 1
        }
        #expect(compared >= 60, "\(compared) specs compared")
    }

    /// EhPanda's links to a gallery are presented from a view that either
    /// of two sheets may cover; which one the message names is the first
    /// the search meets.
    @Test func whichCoveringSheetALinkFindingNamesIsTheFirstMet() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/ehpanda.navflow"))).spec)
        let forward = Self.lines(try Self.findings(spec), messages: true)
        let backward = Self.lines(try Self.findings(Self.reversingEdges(spec)), messages: true)
        let covering = { (lines: [String]) in lines.filter { $0.hasPrefix("presentation-dropped 378:") } }
        #expect(covering(forward).count == 1 && covering(forward).first?.contains("a view that 'Reading' covers") == true)
        #expect(covering(backward).count == 1 && covering(backward).first?.contains("a view that 'QuickSearchStack' covers") == true)
    }
}
