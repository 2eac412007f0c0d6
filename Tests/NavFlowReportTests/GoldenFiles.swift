import Foundation
import NavFlowTestSupport
import Testing

/// Compares an output with its golden file in `Tests/NavFlowReportTests/Golden/`,
/// or rewrites the file when NAVFLOW_UPDATE_GOLDEN is set (review the diff).
func checkGolden(_ output: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = Repository.path("Tests/NavFlowReportTests/Golden/" + name)
    if ProcessInfo.processInfo.environment["NAVFLOW_UPDATE_GOLDEN"] != nil {
        try output.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    #expect(output == expected, "\(name) differs from the golden file; rerun with NAVFLOW_UPDATE_GOLDEN=1 and review",
            sourceLocation: sourceLocation)
}
