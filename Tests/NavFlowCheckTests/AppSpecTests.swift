import NavFlowCheck
import NavFlowSearch
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The specs of real apps in `specs/apps/` (docs/apps.md): each reads
/// without an error, and what keeps its tabs from being parked is pinned,
/// so a change to the reduction or to the spec shows up here. Apps too big
/// for CI are measured by hand; their figures are in docs/apps.md.
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

    @Test func whyMlemsTabsAreNotParked() throws {
        let spec = try #require(Frontend.load(Repository.source(Repository.path("specs/apps/mlem.navflow"))).spec)
        let reasons = TabIndependence(spec).reasons
        #expect(reasons.count == 36)
        #expect(reasons.first == "line 171: tab 'feeds' shows 'FeedsSplit', which is neither a stack nor a screen")
    }
}
