import Foundation

/// Where tests write the files they hand to the command line: one folder
/// per test run (`navflow-tests-PID` in the system's temporary directory).
/// The folders of earlier runs whose process has ended are removed when a
/// run first asks for a path, so test runs leave one folder behind at most,
/// however many files their tests write.
public enum TestScratch {
    public static let folder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "navflow-tests-"
        let own = ProcessInfo.processInfo.processIdentifier
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != own, kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let folder = temporary.appendingPathComponent(prefix + String(own))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A path in this run's folder, unique when `name` holds a UUID.
    public static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
