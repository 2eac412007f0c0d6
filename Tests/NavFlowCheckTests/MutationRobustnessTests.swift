import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowReport
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Thousands of seeded random mutations of the bundled specs never crash
/// the front end, the checks or the renderers, and always end either in a
/// checked spec or in errors with valid locations.
@Suite struct MutationRobustnessTests {
    static let seeds: [UInt64] = Array(1...8)
    /// Small limits: a mutant may explode the state space, and a limit is a fine outcome.
    static let options = Verifier.Options(limits: Explorer.Limits(maxStates: 100_000, maxBytes: 1 << 30, maxValuations: 1 << 10))

    @Test(arguments: seeds) func mutatedSpecsEndInASpecOrLocatedErrors(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let originals = (Repository.specs(in: "examples") + Repository.specs(in: "defects")).map(Repository.source)
        #expect(!originals.isEmpty)
        for _ in 0..<400 {
            guard let original = originals.randomElement(using: &generator) else { return }
            let bytes = mutate(original.bytes, using: &generator)
            let file = SourceFile(path: "mutant.navflow", bytes: bytes)
            let result = Verifier.verify(file, options: Self.options)
            if result.limit != nil {
                #expect(result.spec != nil)
            } else if result.spec == nil {
                #expect(result.diagnostics.contains { $0.severity == .error })
            } else if let spec = result.spec {
                _ = ScreenGraphRenderer.render(ScreenGraph(spec), as: .dot)
                _ = ScreenGraphRenderer.render(ScreenGraph(spec), as: .mermaid)
            }
            for diagnostic in result.diagnostics {
                let location = diagnostic.range.start
                #expect(location.line >= 1 && location.line <= file.lineStarts.count)
                #expect(location.column >= 1)
                #expect(diagnostic.range.start.offset <= diagnostic.range.end.offset)
                #expect(diagnostic.range.end.offset <= bytes.count)
            }
            _ = VerifyReport(results: [result]).text()
        }
    }

    /// One random edit: delete, duplicate or swap a token-sized span,
    /// truncate, or splice in random bytes.
    private func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var result = bytes
        let edits = Int.random(in: 1...3, using: &generator)
        for _ in 0..<edits where !result.isEmpty {
            let start = Int.random(in: 0..<result.count, using: &generator)
            let length = min(result.count - start, Int.random(in: 1...12, using: &generator))
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                result.removeSubrange(start..<(start + length))
            case 1:
                result.insert(contentsOf: result[start..<(start + length)], at: start)
            case 2:
                let other = Int.random(in: 0..<result.count, using: &generator)
                let otherLength = min(result.count - other, length)
                let first = Array(result[start..<(start + length)])
                let second = Array(result[other..<(other + otherLength)])
                if other >= start + length {
                    result.replaceSubrange(other..<(other + otherLength), with: first)
                    result.replaceSubrange(start..<(start + length), with: second)
                }
            case 3:
                result = Array(result.prefix(start))
            case 4:
                let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                result.insert(contentsOf: noise, at: start)
            default:
                let punctuation = Array("{}()\"/+>:;,=!&|-".utf8)
                result.insert(punctuation.randomElement(using: &generator)!, at: start)
            }
        }
        return result
    }
}
