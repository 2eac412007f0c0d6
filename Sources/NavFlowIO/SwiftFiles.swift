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

/// The property lists beside an app's sources that declare the URLs it
/// opens: `Info.plist` files (`CFBundleURLTypes`) and entitlements
/// (`com.apple.developer.associated-domains`). `drift` reads them with the
/// Swift files.
public enum ManifestFiles {
    public static let extensions = ["plist", "entitlements"]

    /// Every `.plist` and `.entitlements` file below the directories named
    /// (files named directly are read only when they have one of those
    /// extensions), build and hidden folders skipped, sorted; a file that
    /// cannot be read is skipped, since these files only add to what the
    /// Swift sources say.
    public static func readAll(_ paths: [String]) -> [SourceFile] {
        var found: Set<String> = []
        for fileExtension in extensions {
            for path in paths {
                if case .success(let list) = InputFiles.expand([path], fileExtension: fileExtension, kind: "files",
                                                               skipping: SwiftFiles.skippedFolders) {
                    found.formUnion(list.filter { $0.hasSuffix("." + fileExtension) })
                }
            }
        }
        return found.sorted().compactMap { path in
            guard case .success(let bytes) = InputFiles.read(path) else { return nil }
            return SourceFile(path: path, bytes: bytes)
        }
    }
}
