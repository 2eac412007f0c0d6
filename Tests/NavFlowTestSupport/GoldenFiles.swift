import Foundation
import Testing

/// Golden files: an output compared byte for byte with a file of the
/// repository, or the file rewritten when NAVFLOW_UPDATE_GOLDEN is set
/// (review the diff).
public enum GoldenFiles {
    public static func check(_ output: String, against relativePath: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Repository.path(relativePath)
        if ProcessInfo.processInfo.environment["NAVFLOW_UPDATE_GOLDEN"] != nil {
            try output.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(output == expected, "\(relativePath) differs from the golden file; rerun with NAVFLOW_UPDATE_GOLDEN=1 and review",
                sourceLocation: sourceLocation)
    }
}
