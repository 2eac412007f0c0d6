import Foundation

/// Finds the trace files named on a command line.
public enum TraceFiles {
    /// The extension trace files carry when found in a directory.
    public static let fileExtension = "jsonl"

    /// Why a path could not supply traces.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Expands each path: a file is taken as it is (whatever its name), a
    /// directory contributes every `.jsonl` file below it. The result is
    /// sorted and without duplicates (`traces/a.jsonl` and `./traces/a.jsonl`
    /// are one file), so argument order never changes a report.
    public static func expand(_ paths: [String]) -> Result<[String], Failure> {
        var found: [String: String] = [:]  // normalized path: the path as first named
        func add(_ path: String) {
            let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if found[key] == nil { found[key] = path }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(Failure(path: path, reason: "no such file or directory"))
            }
            guard isDirectory.boolValue else {
                add(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                return .failure(Failure(path: path, reason: "cannot read the directory"))
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var any = false
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix("." + fileExtension) else { continue }
                add(base + "/" + relative)
                any = true
            }
            if !any { return .failure(Failure(path: path, reason: "the directory holds no .\(fileExtension) traces")) }
        }
        return .success(found.values.sorted())
    }
}
