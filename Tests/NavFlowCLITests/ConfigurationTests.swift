import Foundation
import NavFlowConfiguration
import NavFlowSource
import NavFlowTestSupport
import Testing

/// `.navflow.yml`: what it may say, where its mistakes are, the options it
/// gives each command, and the command line winning over it.
@Suite struct ConfigurationFileTests {
    static func parse(_ text: String) -> Result<ConfigurationFile, ConfigurationFile.Invalid> {
        ConfigurationFile.parse(SourceFile(path: ".navflow.yml", text: text), commandsOfRule: { id in
            switch id {
            case "dead-edge", "orphan-screen": ["verify"]
            case "swift-navigation-view": ["lint"]
            default: []
            }
        }, knownRules: ["dead-edge", "orphan-screen", "swift-navigation-view"])
    }

    static func problems(_ text: String) -> [String] {
        guard case .failure(let invalid) = parse(text) else { return [] }
        return invalid.problems.map(\.description)
    }

    @Test func eachCommandGetsItsOptionsRulesAndPaths() throws {
        let file = try Self.parse("""
            specs: [navflow/app.navflow, navflow/onboarding.navflow]
            sources: App
            verify:
              warnings-as-errors: true
              statistics: false
              max-time: 60
              depth: [8, Main=3]
            coverage:
              trace: traces
              fail-under: [edges=80, deeplinks=100]
            rules:
              dead-edge: off
              orphan-screen: warning
              swift-navigation-view: error
            """).get()
        #expect(file.arguments(for: "verify") == [
            "--warnings-as-errors", "--no-statistics", "--max-time", "60", "--depth", "8", "--depth", "Main=3",
            "--rule", "dead-edge=off", "--rule", "orphan-screen=warning",
            "--configured-spec", "navflow/app.navflow", "--configured-spec", "navflow/onboarding.navflow",
        ])
        #expect(file.arguments(for: "coverage") == [
            "--trace", "traces", "--fail-under", "edges=80", "--fail-under", "deeplinks=100",
            "--configured-spec", "navflow/app.navflow", "--configured-spec", "navflow/onboarding.navflow",
        ])
        #expect(file.arguments(for: "lint") == ["--rule", "swift-navigation-view=error", "--configured-source", "App"])
        #expect(file.arguments(for: "graph") == [])
        #expect(file.line(ofOption: "max-time", in: "verify") == 6)
    }

    @Test func anEmptyFileSetsNothing() throws {
        let file = try Self.parse("# nothing yet\n").get()
        #expect(file.arguments(for: "verify") == [])
    }

    /// Every mistake is reported at its line and column, with a suggestion
    /// where a name is close to a known one.
    @Test func mistakesAreLocated() {
        #expect(Self.problems("""
            verfy:
              format: json
            verify:
              formt: json
              max-time: [1, 2]
              warnings-as-errors: maybe
              depth: {a: 1}
            specs: {a: 1}
            rules:
              dead-edg: off
              orphan-screen: loud
            lint: [format]
            """) == [
            ".navflow.yml:1:1: error: unknown key 'verfy' (did you mean 'verify'?); the keys are specs, sources, rules, coverage, drift, lint, plan, query, verify",
            ".navflow.yml:4:3: error: unknown option 'formt' of `navflow verify` (did you mean 'format'?); it may set baseline, depth, exploration, format, input, max-memory, max-states, max-time, output, statistics, warnings-as-errors",
            ".navflow.yml:5:13: error: 'max-time' takes one value",
            ".navflow.yml:6:23: error: 'warnings-as-errors' is true or false",
            ".navflow.yml:7:10: error: 'depth' takes a value or a list of values",
            ".navflow.yml:8:8: error: 'specs' is a path or a list of paths",
            ".navflow.yml:10:3: error: unknown rule 'dead-edg' (did you mean 'dead-edge'?)",
            ".navflow.yml:11:18: error: rule 'orphan-screen' is set to 'loud': write off, error, warning or note",
            ".navflow.yml:12:7: error: 'lint' maps options of `navflow lint` to their values",
        ])
        #expect(Self.problems("- a\n- b\n") == [".navflow.yml:1:1: error: the configuration is a mapping of keys (specs, sources, rules, or a command's name) to values"])
        #expect(Self.problems("verify: [\n").first?.hasPrefix(".navflow.yml:2:1: error: not YAML:") == true)
    }

    /// Every option the file may set is an option of its command, under
    /// the same name, and a flag can be turned off with its `--no-` form.
    @Test(arguments: ConfigurationFile.options.keys.sorted())
    func optionsHaveTheirCommandLineNames(_ command: String) throws {
        let help = try CommandLineTests.run([command, "--help"]).stdout
        for (option, kind) in ConfigurationFile.options[command] ?? [:] {
            #expect(help.contains("--\(option)"), "navflow \(command) has no --\(option)")
            if kind == .flag { #expect(help.contains("--no-\(option)"), "navflow \(command) cannot turn --\(option) off") }
        }
    }
}

/// The configuration file as a user meets it on the command line.
@Suite(.serialized) struct ConfigurationCommandTests {
    static func folder(_ configuration: String) throws -> URL {
        let folder = TestScratch.url("navflow-configuration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try configuration.write(to: folder.appendingPathComponent(".navflow.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    static let spec = Repository.path("specs/defects/dead-edge.navflow")

    @Test func theFileGivesSpecsOptionsAndRulesAndTheCommandLineWins() throws {
        let folder = try Self.folder("specs: \(Self.spec)\nverify:\n  warnings-as-errors: true\nrules:\n  dead-edge: off\n")
        let config = folder.appendingPathComponent(".navflow.yml").path
        let quiet = try CommandLineTests.run(["verify", "--config", config])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.hasSuffix("verified 1 spec: 0 errors, 0 warnings, 0 notes\n"))
        // Without the rule set off, its warning fails the run (warnings-as-errors).
        #expect(try CommandLineTests.run(["verify", "--config", config, "--rule", "dead-edge=warning"]).status == 1)
        #expect(try CommandLineTests.run(["verify", "--config", config, "--rule", "dead-edge=warning", "--no-warnings-as-errors"]).status == 0)
        #expect(try CommandLineTests.run(["--no-config", "verify", Self.spec]).stdout.hasSuffix("0 errors, 1 warning, 0 notes\n"))
    }

    @Test func aMistakeInTheFileExitsWith2AtItsLine() throws {
        let folder = try Self.folder("verify:\n  formt: json\n")
        let run = try CommandLineTests.run(["verify", Self.spec, "--config", folder.appendingPathComponent(".navflow.yml").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains(".navflow.yml:2:3: error: unknown option 'formt' of `navflow verify` (did you mean 'format'?)"))
    }

    @Test func aBadValueFromTheFileSaysWhereItIsSet() throws {
        let folder = try Self.folder("verify:\n  format: xml\n")
        let run = try CommandLineTests.run(["verify", Self.spec, "--config", folder.appendingPathComponent(".navflow.yml").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("note: \(folder.path)/.navflow.yml:2 sets format"))
    }

    @Test func unknownRulesOnTheCommandLineAreUsageErrors() throws {
        let run = try CommandLineTests.run(["verify", Self.spec, "--rule", "dead-edg=off"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("this command has no rule 'dead-edg' (did you mean 'dead-edge'?)"))
        #expect(try CommandLineTests.run(["verify", Self.spec, "--rule", "dead-edge=loud"]).status == 2)
        let malformed = try CommandLineTests.run(["verify", Self.spec, "--rule", "dead-edge"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--rule dead-edge: write ID=off, ID=error, ID=warning or ID=note"))
        // Without a spec and without a configuration that names one.
        for command in [["verify"], ["plan"], ["coverage", "--trace", "traces"]] {
            let run = try CommandLineTests.run(["--no-config"] + command)
            #expect(run.status == 2)
            #expect(run.stderr.contains(command[0] == "verify"
                ? "name at least one spec file or directory (or list them under 'specs' in .navflow.yml)"
                : "name the spec (or give exactly one under 'specs' in .navflow.yml)"), "\(run.stderr)")
        }
        // A spec the front end rejects is never verified, whatever its findings are called.
        let frontEnd = try CommandLineTests.run(["verify", "specs/errors/syntax-errors.navflow", "--rule", "syntax=note"])
        #expect(frontEnd.status == 2)
        #expect(frontEnd.stderr.contains("'syntax' is a rule of the front end"))
        #expect(try CommandLineTests.run(["verify", "--config", "no/such.yml", Self.spec]).status == 2)
    }
}
