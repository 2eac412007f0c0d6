import Foundation
import NavFlowTestSupport
import Testing

/// `navflow format` run as a user runs it: printing, `--check` for CI,
/// `--in-place`, and the specs it refuses.
@Suite(.serialized) struct FormatCommandTests {
    static let careless = "app  A\nscreen Home{push Detail}\nstack S root Home {\n    destination Detail\n}\nscreen Detail\n"
    static let canonical = "app A\nscreen Home { push Detail }\nstack S root Home {\n  destination Detail\n}\nscreen Detail\n"

    static func write(_ text: String) throws -> String {
        let path = TestScratch.url("navflow-format-\(UUID().uuidString).navflow").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func printsTheCanonicalLayout() throws {
        let run = try CommandLineTests.run(["format", try Self.write(Self.careless)])
        #expect(run.status == 0)
        #expect(run.stdout == Self.canonical)
    }

    @Test func checkNamesEachSpecNotFormattedAndExitsWith1() throws {
        let careless = try Self.write(Self.careless)
        let canonical = try Self.write(Self.canonical)
        let failing = try CommandLineTests.run(["format", "--check", careless, canonical])
        #expect(failing.status == 1)
        #expect(failing.stdout == "\(careless): not formatted\n")
        #expect(try String(contentsOfFile: careless, encoding: .utf8) == Self.careless, "--check changes nothing")
        #expect(try CommandLineTests.run(["format", "--check", canonical]).status == 0)
    }

    @Test func inPlaceRewritesTheSpec() throws {
        let path = try Self.write(Self.careless)
        let run = try CommandLineTests.run(["format", "--in-place", path])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.canonical)
    }

    @Test func aSpecThatDoesNotParseIsLeftAsItIsWithExit2() throws {
        let broken = "app A\nscreen Home {\n"
        let path = try Self.write(broken)
        let run = try CommandLineTests.run(["format", "--in-place", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: expected '}'"), "\(run.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    @Test func wrongUsageExitsWith2() throws {
        #expect(try CommandLineTests.run(["format"]).status == 2)
        #expect(try CommandLineTests.run(["format", "--check", "--in-place", try Self.write(Self.canonical)]).status == 2)
        #expect(try CommandLineTests.run(["format", "no/such.navflow"]).status == 2)
        let twice = try CommandLineTests.run(["format", try Self.write(Self.canonical), try Self.write(Self.canonical)])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("print one at a time, or use --in-place or --check"))
    }
}
