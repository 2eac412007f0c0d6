import Foundation

/// Expands the paths named on a command line into the files they stand for,
/// for specs and traces alike.
public enum InputFiles {
    /// Why a path could not supply input.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Expands each path: a file is taken as it is (whatever its name), a
    /// directory contributes every file below it named `*.fileExtension`.
    /// The result is sorted and without duplicates (`specs/a.navflow` and
    /// `./specs/a.navflow` are one file, named as first given), so the order
    /// of the arguments never changes the output. `kind` names the files in
    /// the message for a directory without any (`.navflow files`).
    /// Below a directory, folders named in `skipping` or whose name starts
    /// with a dot are not searched (build products, dependencies).
    public static func expand(_ paths: [String], fileExtension: String, kind: String,
                              skipping: Set<String> = []) -> Result<[String], Failure> {
        var found: [String: String] = [:]
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
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                if !skipping.isEmpty && (skipping.contains(name) || name.hasPrefix(".")) {
                    if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { enumerator.skipDescendants() }
                    continue
                }
                guard relative.hasSuffix("." + fileExtension) else { continue }
                add(base + "/" + relative)
                any = true
            }
            if !any { return .failure(Failure(path: path, reason: "the directory holds no .\(fileExtension) \(kind)")) }
        }
        return .success(found.values.sorted())
    }
}

extension InputFiles {
    /// Reads a whole file named on a command line (a baseline, for example).
    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(Failure(path: path, reason: "no such file"))
        }
        if isDirectory.boolValue { return .failure(Failure(path: path, reason: "is a directory, not a file")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "cannot read the file" : "permission denied"
            return .failure(Failure(path: path, reason: reason))
        }
        return .success([UInt8](data))
    }
}
