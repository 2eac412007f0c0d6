import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The search that keeps modals apart from what lies beneath against the
/// plain search, its oracle: in-app and with deep links, with the tabs
/// that are not selected parked where `TabIndependence` holds, both find
/// exactly the same states.
@Suite struct ModalLayerSearchTests {
    static let limits = Explorer.Limits(maxStates: 150_000, maxBytes: 1 << 30, maxValuations: 64)

    /// What the comparisons covered.
    struct Tally {
        var compared = 0
        /// Searches where some group had more than one modal stack over it.
        var sharing = 0
        /// Units run per group, per modal stack and valuation, and per state.
        var groupRuns = 0
        var stackRuns = 0
        var stateRuns = 0

        mutating func add(_ other: Tally) {
            compared += other.compared
            sharing += other.sharing
            groupRuns += other.groupRuns
            stackRuns += other.stackRuns
            stateRuns += other.stateRuns
        }
    }

    @discardableResult
    static func expectAgreement(_ source: SourceFile, _ context: String, storedWhole: Bool = false) throws -> Tally {
        guard let oracle = PlainOracle(source, storedWhole: storedWhole, limits: limits) else { return Tally() }
        var tally = Tally()
        for deepLinks in [false, true] {
            guard let plain = oracle.search(deepLinks: deepLinks) else { continue }
            let expected = Set((0..<plain.count).map { plain.state($0) })
            let layered = try ModalLayerSearch(limits: limits).search(oracle.model, deepLinks: deepLinks,
                                                                      parking: oracle.parking(deepLinks: deepLinks))
            var found = Set<NavState>()
            var repeated = 0
            layered.forEachState { if !found.insert($0).inserted { repeated += 1 } }
            #expect(repeated == 0, "\(context), links \(deepLinks): \(repeated) states found twice")
            #expect(layered.count == found.count + repeated)
            #expect(found.subtracting(expected).isEmpty,
                    "\(context), links \(deepLinks): states the app does not reach: \(found.subtracting(expected).prefix(3))")
            #expect(expected.subtracting(found).isEmpty,
                    "\(context), links \(deepLinks): states missed: \(expected.subtracting(found).prefix(3))")
            tally.compared += 1
            if layered.beneaths.indices.contains(where: { layered.stacks(over: $0).count > 1 }) { tally.sharing += 1 }
            tally.groupRuns += layered.groupRuns
            tally.stackRuns += layered.stackRuns
            tally.stateRuns += layered.stateRuns
        }
        return tally
    }

    @Test func layeredSearchAgreesWithThePlainSearchOnEverySpec() throws {
        var tally = Tally()
        for path in Repository.specsThatFinish() {
            tally.add(try Self.expectAgreement(Repository.source(path), path))
            if let spec = Frontend.load(Repository.source(path)).spec, TabIndependence(spec).holds,
               !path.contains("/specs/apps/") {
                tally.add(try Self.expectAgreement(Repository.source(path), path + " (tabs whole)", storedWhole: true))
            }
        }
        #expect(tally.compared >= 100, "\(tally)")
        #expect(tally.sharing >= 10, "\(tally)")
        #expect(tally.groupRuns > 0 && tally.stackRuns > 0, "\(tally)")
        print("every spec: \(tally)")
    }

    @Test func layeredSearchAgreesWhereUnitsLookLikeOneLayer() throws {
        let tally = try Self.expectAgreement(SourceFile(path: "traps.navflow", text: ModalLayersTests.traps), "traps")
        #expect(tally.compared == 2 && tally.sharing == 2, "\(tally)")
    }

    @Test func layeredSearchAgreesWhereLinksKeepTheModals() throws {
        let source = SourceFile(path: "kept.navflow", text: ModalLayersTests.keptModals)
        let tally = try Self.expectAgreement(source, "kept modals")
        #expect(tally.compared == 2 && tally.sharing == 2, "\(tally)")
        #expect(tally.groupRuns > 0 && tally.stackRuns > 0, "\(tally)")
        let model = try FlowModel(try #require(Frontend.load(source).spec))
        let layered = try ModalLayerSearch(limits: Self.limits).search(model, deepLinks: true)
        #expect(layered.beneaths.count < layered.count - layered.unlayered.count, "groups stand for several states")
        print("kept modals: \(tally), \(layered.count) states, \(layered.beneaths.count) groups, \(layered.setCount) sets")
    }

    @Test func layeredSearchAgreesOnInteractingApps() throws {
        var tally = Tally()
        for seed in UInt64(1)...8 {
            tally.add(try Self.expectAgreement(SourceFile(path: "interacting-\(seed).navflow", text: Fixtures.interactingApp(seed: seed)),
                                               "interacting \(seed)"))
        }
        #expect(tally.compared == 16)
    }

    @Test(arguments: Array(UInt64(0)..<2)) func layeredSearchAgreesOnRandomSpecs(batch: UInt64) throws {
        var tally = Tally()
        for offset in UInt64(0)..<60 {
            let seed = batch * 60 + offset + 1
            var generator = SpecGenerator(seed: seed, appearHooks: offset % 3 == 0)
            let text = generator.spec()
            tally.add(try Self.expectAgreement(SourceFile(path: "generated-\(seed).navflow", text: text), "seed \(seed)\n\(text)"))
        }
        #expect(tally.compared >= 60, "\(tally)")
    }
}
