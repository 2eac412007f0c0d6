import Foundation
import NavFlowSource
import NavFlowSpec

/// Finds and reads the spec files named on a command line.
public enum SpecFiles {
    /// The extension spec files carry.
    public static let fileExtension = "navflow"

    public typealias Failure = InputFiles.Failure

    /// Expands each path: a file is taken as it is, a directory contributes
    /// every `.navflow` file below it; sorted, without duplicates, so the
    /// order of arguments never changes the output.
    public static func expand(_ paths: [String]) -> Result<[String], Failure> {
        InputFiles.expand(paths, fileExtension: fileExtension, kind: "files")
    }

    /// Reads a spec file's bytes.
    public static func read(_ path: String) -> Result<SourceFile, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "cannot read the file" : "permission denied"
            return .failure(Failure(path: path, reason: reason))
        }
        return .success(SourceFile(path: path, bytes: [UInt8](data)))
    }
}
