import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import Testing

/// The explorer and the reference explorer agree on hundreds of seeded
/// random specs: the same reachable states (in-app and in all), the same
/// findings, and shortest witnesses of the same length. Where the tabs do
/// not interact, verify with the tabs parked finds the same findings too.
@Suite struct ReferenceAgreementTests {
    static let batches: [UInt64] = Array(0..<6)
    static let specsPerBatch: UInt64 = 60

    @Test(arguments: batches) func explorerAgreesWithTheReference(batch: UInt64) throws {
        var checked = 0
        for offset in 0..<Self.specsPerBatch {
            let seed = batch * Self.specsPerBatch + offset + 1
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            var options = Verifier.Options(structural: [])
            options.exploration = .full
            let source = SourceFile(path: "generated-\(seed).navflow", text: text)
            let result = Verifier.verify(source, options: options)
            guard let spec = result.spec else { continue }
            checked += 1
            let stats = try #require(result.statistics, "seed \(seed): \(result.limit ?? "")")
            let reference = ReferenceExplorer(model: try FlowModel(spec))
            let starts = reference.initialStates()
            let inApp = reference.search(from: starts, deepLinks: false)
            let all = reference.search(from: starts, deepLinks: true)
            #expect(stats.inAppStates == inApp.order.count, "seed \(seed): in-app states\n\(text)")
            #expect(stats.states == all.order.count, "seed \(seed): states\n\(text)")

            let (expected, witnessLengths) = reference.findings()
            let found = Set(result.diagnostics
                .filter { !($0.rule == .bounded && $0.message.contains("nested modals")) }
                .map { "\($0.rule) \($0.range.start)" })
            #expect(found == expected, "seed \(seed): only explorer \(found.subtracting(expected).sorted()), only reference \(expected.subtracting(found).sorted())\n\(text)")
            if TabIndependence(spec).holds {
                options.exploration = .automatic
                let reduced = Verifier.verify(source, options: options)
                #expect(reduced.statistics?.parkedInactiveTabs == true)
                let reducedFound = Set(reduced.diagnostics
                    .filter { !($0.rule == .bounded && $0.message.contains("nested modals")) }
                    .map { "\($0.rule) \($0.range.start)" })
                #expect(reducedFound == expected, "seed \(seed), tabs parked: only explorer \(reducedFound.subtracting(expected).sorted()), only reference \(expected.subtracting(reducedFound).sorted())\n\(text)")
            }

            for diagnostic in result.diagnostics {
                guard let witness = diagnostic.witness, !witness.steps.contains(where: { $0.kind == .openURL || $0.kind == .entry }),
                      let length = witnessLengths["\(diagnostic.rule) \(diagnostic.range.start)"] else { continue }
                #expect(witness.steps.count - 1 == length, "seed \(seed): \(diagnostic.rule) at \(diagnostic.range.start)\n\(text)")
            }
        }
        #expect(checked >= Int(Self.specsPerBatch) * 3 / 4, "too few generated specs resolved: \(checked)")
    }

    /// Enough of those random specs have tabs that do not interact for the
    /// parked comparison above to mean something.
    @Test func someRandomSpecsHaveTabsThatDoNotInteract() {
        var independent = 0
        for seed in 1...(UInt64(Self.batches.count) * Self.specsPerBatch) {
            var generator = SpecGenerator(seed: seed)
            if let spec = Frontend.load(SourceFile(path: "g", text: generator.spec())).spec, TabIndependence(spec).holds {
                independent += 1
            }
        }
        #expect(independent >= 5, "\(independent)")
    }
}
