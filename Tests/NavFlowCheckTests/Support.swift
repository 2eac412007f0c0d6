import Foundation
import NavFlowCheck
import NavFlowSource
import NavFlowSpec

/// Paths inside the repository, found from this file's location.
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The `.navflow` files of a folder of `specs/`, sorted by name.
    static func specs(in folder: String) -> [String] {
        let directory = path("specs/" + folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".navflow") }.sorted().map { directory + "/" + $0 }
    }

    /// Every `.navflow` file under `specs/`, at any depth, sorted by path.
    static func allSpecs() -> [String] {
        let directory = path("specs")
        let names = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".navflow") }.sorted().map { directory + "/" + $0 }
    }

    static func source(_ path: String) -> SourceFile {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return SourceFile(path: path, bytes: [UInt8](data))
    }
}

/// Verifies spec text held in memory.
func verify(_ text: String, path: String = "test.navflow", exploration: Verifier.Exploration = .automatic) -> Verifier.Result {
    var options = Verifier.Options()
    options.exploration = exploration
    return Verifier.verify(SourceFile(path: path, text: text), options: options)
}

/// The rule ids of a result's findings, sorted and without duplicates.
func rules(_ result: Verifier.Result) -> [String] {
    Array(Set(result.diagnostics.map(\.rule.rawValue))).sorted()
}
