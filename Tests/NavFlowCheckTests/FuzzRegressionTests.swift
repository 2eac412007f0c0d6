import Foundation
import NavFlowCheck
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Every input a fuzzer found that crashed NavFlow, kept so it never does
/// again: each ends in a checked spec or in located errors.
@Suite struct FuzzRegressionTests {
    static let directory = Repository.path("Tests/NavFlowCheckTests/FuzzRegressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    @Test(arguments: inputs) func specInputEndsInAnAnswer(_ name: String) throws {
        let bytes = [UInt8](FileManager.default.contents(atPath: Self.directory + "/" + name) ?? Data())
        var limits = Explorer.Limits.standard
        limits.maxStates = 5_000
        let result = Verifier.verify(SourceFile(path: name, bytes: bytes), options: Verifier.Options(limits: limits))
        #expect(result.spec != nil || !result.diagnostics.isEmpty || result.limit != nil)
        for diagnostic in result.diagnostics {
            #expect(diagnostic.range.start.line >= 1 && diagnostic.range.start.offset <= bytes.count)
        }
    }

    @Test func theRegressionsAreThere() {
        #expect(!Self.inputs.isEmpty)
    }
}
