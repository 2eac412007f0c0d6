import Foundation
import NavFlowSource

/// The Swift source files `lint` reads.
public enum SwiftFiles {
    /// Folders below a named directory that hold no source of the app:
    /// build products and checked-out dependencies. Folders whose name
    /// starts with a dot are skipped too.
    public static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "checkouts"]

    /// Expands each path: a file is taken as it is, a directory contributes
    /// every `.swift` file below it but those in `skippedFolders`; sorted,
    /// without duplicates.
    public static func expand(_ paths: [String]) -> Result<[String], InputFiles.Failure> {
        InputFiles.expand(paths, fileExtension: "swift", kind: "files", skipping: skippedFolders)
    }

    /// Reads a Swift file's bytes.
    public static func read(_ path: String) -> Result<SourceFile, InputFiles.Failure> {
        InputFiles.read(path).map { SourceFile(path: path, bytes: $0) }
    }

    /// Every Swift file the paths name (`expand`), read; the first path
    /// that cannot be expanded or read is the failure.
    public static func readAll(_ paths: [String]) -> Result<[SourceFile], InputFiles.Failure> {
        expand(paths).flatMap { found in
            var files: [SourceFile] = []
            for path in found {
                switch read(path) {
                case .success(let file): files.append(file)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(files)
        }
    }
}
