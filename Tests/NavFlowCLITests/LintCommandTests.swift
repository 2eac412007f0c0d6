import Foundation
import NavFlowTestSupport
import Testing

#if SwiftSource
/// `navflow lint` run as a user runs it: exit codes, files found below a
/// directory, and what it skips.
@Suite(.serialized) struct LintCommandTests {
    static let fixture = "Tests/NavFlowSwiftSourceTests/Fixtures/Routers"

    @Test func errorsExitWith1AndCleanCodeWith0() throws {
        let failing = try CommandLineTests.run(["lint", Self.fixture])
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix("failed 5 Swift files: 3 errors, 4 warnings, 0 notes, 1 suppressed\n"))
        let clean = try CommandLineTests.run(["lint", Self.fixture + "/Router.swift", "--format", "json"])
        #expect(clean.status == 0, "a warning alone does not fail the run")
        #expect(clean.stdout.contains("\"warnings\": 1,"))
        let strict = try CommandLineTests.run(["lint", Self.fixture + "/Router.swift", "--warnings-as-errors"])
        #expect(strict.status == 1)
    }

    @Test func wrongInputExitsWith2AndSaysWhy() throws {
        let missing = try CommandLineTests.run(["lint", "no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "navflow: error: no/such/folder: no such file or directory\n")
        let empty = try CommandLineTests.run(["lint", "docs"])
        #expect(empty.status == 2)
        #expect(empty.stderr == "navflow: error: docs: the directory holds no .swift files\n")
        #expect(try CommandLineTests.run(["lint"]).status == 2)
        #expect(try CommandLineTests.run(["lint", Self.fixture, "--format", "junit"]).status == 2)
    }

    /// Build folders and hidden folders below a directory are not read.
    @Test func buildAndHiddenFoldersAreSkipped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let view = "struct Old: View { var body: some View { NavigationView { Text(\"x\") } } }\n"
        for folder in ["App", ".build/checkouts/Dep", "Pods/Dep", "App/.hidden"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try view.write(to: root.appendingPathComponent(folder + "/Old.swift"), atomically: true, encoding: .utf8)
        }
        let run = try CommandLineTests.run(["lint", root.path, "--format", "github"])
        #expect(run.status == 0)
        #expect(run.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
        #expect(run.stdout.contains("App/Old.swift"))
    }
}

/// `navflow extract` run as a user runs it: the draft it writes is a spec
/// `verify` reads, and wrong input exits 2.
@Suite(.serialized) struct ExtractCommandTests {
    @Test func theDraftVerifies() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-extract-\(UUID().uuidString).navflow")
        defer { try? FileManager.default.removeItem(at: output) }
        let extract = try CommandLineTests.run(["extract", LintCommandTests.fixture, "--output", output.path])
        #expect(extract.status == 0)
        let verify = try CommandLineTests.run(["verify", output.path, "--format", "json"])
        // The fixture pushes a route its Settings stack never registers: verify finds it (exit 1), it does not reject the draft (2).
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("\"rule\": \"unregistered-destination\""))
    }

    @Test func wrongInputExitsWith2() throws {
        #expect(try CommandLineTests.run(["extract"]).status == 2)
        #expect(try CommandLineTests.run(["extract", "no/such/folder"]).status == 2)
    }
}
#else
/// Without the SwiftSource trait, the commands that read Swift say how to
/// get them and exit 2.
@Suite(.serialized) struct SwiftSourceCommandsTests {
    @Test(arguments: ["lint", "extract"]) func theyExplainHowToBuildThem(command: String) throws {
        let run = try CommandLineTests.run([command, "Tests"])
        #expect(run.status == 2)
        #expect(run.stderr == "navflow: error: this build does not read Swift source; build with 'swift build --traits SwiftSource' (adds swift-syntax)\n")
    }
}
#endif
