import Foundation
import NavFlowTestSupport
import Testing

/// `verify`'s suppression comments and `--baseline` / `--write-baseline`,
/// run as a user runs them: exit codes, summaries and messages.
@Suite(.serialized) struct BaselineCommandTests {
    /// One error (`orphan-screen`) and one warning (`dead-edge`).
    static let spec = """
        app Settings
        flag beta = false
        stack Main root Home { destination Advanced }
        start Main
        screen Home {
          push Advanced
          sheet Experiments if beta
        }
        screen Advanced
        screen Experiments

        """

    static func directory() throws -> URL {
        let url = TestScratch.url("navflow-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func summary(_ run: CommandLineTests.Run) -> String {
        run.stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func aSuppressedErrorDoesNotFailTheRunAndIsCounted() throws {
        let spec = try CommandLineTests.temporarySpec(Self.spec.replacingOccurrences(
            of: "screen Experiments", with: "screen Experiments // navflow:disable orphan-screen"))
        let run = try CommandLineTests.run(["verify", spec])
        #expect(run.status == 0)
        #expect(Self.summary(run) == "verified 1 spec: 0 errors, 1 warning, 0 notes, 1 suppressed")
        let strict = try CommandLineTests.run(["verify", spec, "--warnings-as-errors"])
        #expect(strict.status == 1)
        let json = try CommandLineTests.run(["verify", spec, "--format", "json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["suppressed"] as? Int == 1)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["baselineFixed"] is NSNull)
    }

    @Test func writeThenVerifyWithTheBaselineAfterEditsThatShiftLines() throws {
        let directory = try Self.directory()
        let spec = directory.appendingPathComponent("app.navflow")
        let baseline = directory.appendingPathComponent("baseline.json")
        try Self.write(Self.spec, spec)

        let written = try CommandLineTests.run(["verify", spec.path, "--write-baseline", baseline.path])
        #expect(written.status == 1)
        #expect(Self.summary(written) == "failed 1 spec: 1 error, 1 warning, 0 notes")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["kind"] as? String == "baseline")
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["dead-edge", "orphan-screen"])
        #expect(findings.map { $0["file"] as? String } == [spec.path, spec.path])

        // Lines move; nothing new.
        try Self.write("// Settings of the app.\n\n" + Self.spec, spec)
        let same = try CommandLineTests.run(["verify", spec.path, "--baseline", baseline.path])
        #expect(same.status == 0)
        #expect(same.stdout == "verified 1 spec: 0 errors, 0 warnings, 0 notes, 2 suppressed\n")

        // A new finding is reported and fails the run; the fixed one is counted.
        try Self.write(Self.spec.replacingOccurrences(of: "screen Experiments", with: "screen Experiments\nscreen Lost")
            .replacingOccurrences(of: "  sheet Experiments if beta\n", with: "")
            .replacingOccurrences(of: "flag beta = false\n", with: ""), spec)
        let new = try CommandLineTests.run(["verify", spec.path, "--baseline", baseline.path])
        #expect(new.status == 1)
        #expect(new.stdout.contains("error: screen 'Lost' is never on screen"))
        #expect(!new.stdout.contains("[dead-edge]"))
        #expect(new.stdout.hasSuffix("""
            1 baseline entry fixed: no finding matches it any more; write the baseline again to drop it
            failed 1 spec: 1 error, 0 warnings, 0 notes, 1 suppressed

            """))
        let sarif = try CommandLineTests.run(["verify", spec.path, "--baseline", baseline.path, "--format", "sarif"])
        #expect(sarif.stdout.contains("\"kind\": \"external\""))
    }

    @Test func aMissingOrMalformedBaselineIsAnInputError() throws {
        let directory = try Self.directory()
        let spec = try CommandLineTests.temporarySpec(Self.spec)
        let missing = directory.appendingPathComponent("missing.json").path
        let run = try CommandLineTests.run(["verify", spec, "--baseline", missing])
        #expect(run.status == 2)
        #expect(run.stderr == "navflow: error: baseline \(missing): no such file\n")
        #expect(run.stdout.isEmpty)

        let cases = [
            ("{", "not a baseline: the file is not JSON"),
            ("[]", "not a baseline: expected a JSON object with \"kind\": \"baseline\" (write one with --write-baseline)"),
            ("{\"kind\": \"baseline\", \"schemaVersion\": 2, \"findings\": []}",
             "the baseline's schemaVersion is 2; this navflow reads version 1"),
            ("{\"kind\": \"baseline\", \"schemaVersion\": 1}", "the baseline has no \"findings\" array"),
            ("{\"kind\": \"baseline\", \"schemaVersion\": 1, \"findings\": [{\"rule\": \"trap\"}]}",
             "finding 1 of the baseline lacks a \"file\", \"rule\" or \"message\" string"),
        ]
        for (text, message) in cases {
            let path = directory.appendingPathComponent("bad.json")
            try Self.write(text, path)
            let bad = try CommandLineTests.run(["verify", spec, "--baseline", path.path])
            #expect(bad.status == 2, "\(text)")
            #expect(bad.stderr == "navflow: error: \(path.path): \(message)\n")
            #expect(bad.stdout.isEmpty)
        }
    }

    @Test func noBaselineIsWrittenFromAnIncompleteRun() throws {
        let directory = try Self.directory()
        let spec = try CommandLineTests.temporarySpec(Self.spec)
        let baseline = directory.appendingPathComponent("baseline.json")
        let run = try CommandLineTests.run(["verify", spec, "--max-states", "1", "--write-baseline", baseline.path])
        #expect(run.status == 3)
        #expect(run.stderr.contains("navflow: baseline \(baseline.path) not written: \(spec) stopped at a limit, so its findings are incomplete"))
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
    }

    @Test func helpListsTheBaselineOptions() throws {
        let help = try CommandLineTests.run(["verify", "--help"])
        #expect(help.stdout.contains("--baseline <file>"))
        #expect(help.stdout.contains("--write-baseline <file>"))
        for command in ["coverage", "plan", "query"] {
            #expect(!(try CommandLineTests.run([command, "--help"])).stdout.contains("baseline"), "\(command)")
        }
    }
}
