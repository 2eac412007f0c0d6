import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowSpec
import Testing

/// The explorer and the reference explorer agree on hundreds of seeded
/// random specs: the same reachable states (in-app and in all), the same
/// findings, and shortest witnesses of the same length.
@Suite struct ReferenceAgreementTests {
    static let batches: [UInt64] = Array(0..<6)
    static let specsPerBatch: UInt64 = 60

    @Test(arguments: batches) func explorerAgreesWithTheReference(batch: UInt64) throws {
        var checked = 0
        for offset in 0..<Self.specsPerBatch {
            let seed = batch * Self.specsPerBatch + offset + 1
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            let options = Verifier.Options(structural: [])
            let result = Verifier.verify(SourceFile(path: "generated-\(seed).navflow", text: text), options: options)
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

            for diagnostic in result.diagnostics {
                guard let witness = diagnostic.witness, !witness.steps.contains(where: { $0.kind == .openURL }),
                      let length = witnessLengths["\(diagnostic.rule) \(diagnostic.range.start)"] else { continue }
                #expect(witness.steps.count - 1 == length, "seed \(seed): \(diagnostic.rule) at \(diagnostic.range.start)\n\(text)")
            }
        }
        #expect(checked >= Int(Self.specsPerBatch) * 3 / 4, "too few generated specs resolved: \(checked)")
    }
}
