import Foundation
import NavFlowTestSupport
import Testing

/// Compares an output with its golden file in `Tests/NavFlowReportTests/Golden/`,
/// or rewrites the file when NAVFLOW_UPDATE_GOLDEN is set (review the diff).
func checkGolden(_ output: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try GoldenFiles.check(output, against: "Tests/NavFlowReportTests/Golden/" + name, sourceLocation: sourceLocation)
}
