import Foundation
import NavFlowSpec

/// Finds and reads the spec files named on a command line.
public enum SpecFiles {
    /// The extension spec files carry.
    public static let fileExtension = "navflow"

    /// Why a path could not supply specs.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Expands each path: a file is taken as it is, a directory contributes
    /// every `.navflow` file below it, in sorted order. Duplicates are
    /// dropped and the result is sorted, so the order of arguments never
    /// changes the output.
    public static func expand(_ paths: [String]) -> Result<[String], Failure> {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(Failure(path: path, reason: "no such file or directory"))
            }
            guard isDirectory.boolValue else {
                found.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                return .failure(Failure(path: path, reason: "cannot read the directory"))
            }
            var inDirectory: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.hasSuffix("." + fileExtension) {
                    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                    inDirectory.append(base + "/" + relative)
                }
            }
            if inDirectory.isEmpty {
                return .failure(Failure(path: path, reason: "the directory holds no .\(fileExtension) files"))
            }
            found += inDirectory
        }
        return .success(Array(Set(found)).sorted())
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
