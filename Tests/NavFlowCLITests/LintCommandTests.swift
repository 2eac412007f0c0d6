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
        let root = TestScratch.url("navflow-lint-\(UUID().uuidString)")
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
        let output = TestScratch.url("navflow-extract-\(UUID().uuidString).navflow")
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

/// `navflow drift` run as a user runs it: exit 1 on drift, 0 without, 2
/// on input it cannot read; every format.
@Suite(.serialized) struct DriftCommandTests {
    static let fixtures = "Tests/NavFlowSwiftSourceTests/Fixtures/"

    @Test func driftExitsWith1AndAgreementWith0() throws {
        let drifted = try CommandLineTests.run(["drift", Self.fixtures + "routers-drifted.navflow", LintCommandTests.fixture])
        #expect(drifted.status == 1)
        #expect(drifted.stdout.hasSuffix("differ: 16 elements on one side only\n"))
        let inSync = try CommandLineTests.run(["drift", Self.fixtures + "routers-in-sync.navflow", LintCommandTests.fixture])
        #expect(inSync.status == 0)
        #expect(inSync.stdout.hasSuffix("no drift between \(Self.fixtures)routers-in-sync.navflow and 5 Swift files\n"))
        for format in ["json", "sarif", "github"] {
            let run = try CommandLineTests.run(["drift", Self.fixtures + "routers-drifted.navflow", LintCommandTests.fixture,
                                                "--format", format])
            #expect(run.status == 1, "\(format)")
            #expect(run.stdout.contains("drift-stack"), "\(format)")
        }
    }

    @Test func wrongInputExitsWith2AndSaysWhy() throws {
        let missingSpec = try CommandLineTests.run(["drift", "no/such.navflow", LintCommandTests.fixture])
        #expect(missingSpec.status == 2)
        #expect(missingSpec.stderr.contains("no/such.navflow"))
        let missingCode = try CommandLineTests.run(["drift", Self.fixtures + "routers-in-sync.navflow", "no/such/folder"])
        #expect(missingCode.status == 2)
        #expect(missingCode.stderr == "navflow: error: no/such/folder: no such file or directory\n")
        #expect(try CommandLineTests.run(["drift", Self.fixtures + "routers-in-sync.navflow"]).status == 2)
        let broken = TestScratch.url("navflow-drift-\(UUID().uuidString).navflow")
        defer { try? FileManager.default.removeItem(at: broken) }
        try "app A\nscreen\n".write(to: broken, atomically: true, encoding: .utf8)
        let unreadable = try CommandLineTests.run(["drift", broken.path, LintCommandTests.fixture])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.contains("error:"))
    }
}
#else
/// Without the SwiftSource trait, the commands that read Swift say how to
/// get them and exit 2.
@Suite(.serialized) struct SwiftSourceCommandsTests {
    @Test(arguments: [["lint", "Tests"], ["extract", "Tests"], ["drift", "specs/examples/accounts.navflow", "Tests"]])
    func theyExplainHowToBuildThem(arguments: [String]) throws {
        let run = try CommandLineTests.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr == "navflow: error: this build does not read Swift source; build with 'swift build --traits SwiftSource' (adds swift-syntax)\n")
    }
}
#endif
