import Foundation
import NavFlowSource

/// Paths inside the repository, found from this file's location, for the
/// test targets that read specs, golden files and docs.
public enum Repository {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The `.navflow` files of a folder of `specs/`, sorted by name.
    public static func specs(in folder: String) -> [String] {
        let directory = path("specs/" + folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".navflow") }.sorted().map { directory + "/" + $0 }
    }

    /// Every `.navflow` file under `specs/`, at any depth, sorted by path.
    public static func allSpecs() -> [String] {
        let directory = path("specs")
        let names = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".navflow") }.sorted().map { directory + "/" + $0 }
    }

    /// The real apps whose searches do not finish within a test's time:
    /// Mlem with its links, Meshtastic (3 M states and two and a half
    /// minutes in a release build, its tabs not parked) and Trawl (23 M
    /// states, four of its five tabs stored whole); docs/apps.md has their
    /// figures, measured by hand.
    public static let appsBeyondTests = ["mlem", "meshtastic", "trawl"]

    /// Every `.navflow` file under `specs/` but those of `appsBeyondTests`,
    /// sorted by path: the specs the all-spec agreement tests explore.
    public static func specsThatFinish() -> [String] {
        allSpecs().filter { path in !appsBeyondTests.contains { path.hasSuffix("/specs/apps/\($0).navflow") } }
    }

    /// A file of the repository as a spec source, named by its absolute path.
    public static func source(_ path: String) -> SourceFile {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return SourceFile(path: path, bytes: [UInt8](data))
    }
}
