import Foundation
import NavFlowGenerator
import NavFlowTestSupport
import Testing

/// The `navflow` executable's exit codes and streams, run as a user runs it.
@Suite(.serialized) struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `navflow` this test target depends on, which SwiftPM builds into
    /// the directory that holds the test bundle.
    static var executable: URL {
        let bundle = Bundle(for: BundleMarker.self).bundleURL
        let candidates = [
            bundle.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("navflow") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? Repository.root.appendingPathComponent(".build/debug/navflow")
    }

    private final class BundleMarker {}

    static func run(_ arguments: [String], input: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporarySpec(_ text: String) throws -> String {
        let path = TestScratch.url("navflow-\(UUID().uuidString).navflow").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func usageErrorsExitWith2() throws {
        #expect(try Self.run(["verify"]).status == 2)
        #expect(try Self.run(["verify", "specs", "--format", "yaml"]).status == 2)
        #expect(try Self.run(["verify", "specs", "--max-memory", "lots"]).status == 2)
        #expect(try Self.run(["frobnicate"]).status == 2)
        let tooMany = try Self.run(["verify", "specs", "--max-states", "999999999"])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("--max-states can be at most 133169151, the most states a search can number"))
        let mode = try Self.run(["verify", "specs", "--exploration", "sideways"])
        #expect(mode.status == 2)
        #expect(mode.stderr.contains("sideways"))
    }

    @Test func unreadableInputsExitWith2AndSayWhy() throws {
        let missing = try Self.run(["verify", "no/such.navflow"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "navflow: error: no/such.navflow: no such file or directory\n")
        let directory = TestScratch.url("navflow-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let empty = try Self.run(["verify", directory.path])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("the directory holds no .navflow files"))
        // Files that cannot be read: one without read permission (root ignores
        // permissions, so that case runs for other users only), and
        // /proc/self/mem, which no one can read from its start.
        let locked = try Self.temporarySpec("app A\nscreen Home\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        if getuid() != 0 {
            let denied = try Self.run(["verify", locked])
            #expect(denied.status == 2)
            #expect(denied.stderr == "navflow: error: \(locked): permission denied\n")
        }
        let unreadable = try Self.run(["verify", "/proc/self/mem"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.hasPrefix("navflow: error: /proc/self/mem: "))
    }

    @Test func aSpecThatDoesNotParseExitsWith2() throws {
        let path = try Self.temporarySpec("app A\nscreen Home {\n  push\n}\n")
        let run = try Self.run(["verify", path])
        #expect(run.status == 2)
        #expect(run.stdout.contains("\(path):3:7: error: expected a screen name after 'push', found '}' [syntax]"))
    }

    /// The Promela export refuses appear hooks, which it does not lower: the
    /// input's problem (2), not a limit (3).
    @Test func exportRefusesAppearHooksWith2() throws {
        let hooked = try Self.temporarySpec("app A\nflag f = false\nscreen Home { appear { set f = true } }\n")
        let run = try Self.run(["export", hooked])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the Promela export does not lower appear hooks, and a screen has one: 'Home' (line 3)"))
        let plain = try Self.temporarySpec("app A\nscreen Home { sheet Info }\nscreen Info\n")
        #expect(try Self.run(["export", plain]).status == 0)
    }

    @Test func findingsExitWith1AndCleanSpecsWith0() throws {
        let failing = try Self.temporarySpec("app A\nscreen Home { dismiss }\n")
        let run = try Self.run(["verify", failing])
        #expect(run.status == 1)
        #expect(run.stdout.contains("[dismiss-noop]"))
        #expect(run.stdout.contains("1. Launch the app"))
        let clean = try Self.temporarySpec("app A\nscreen Home { sheet Info }\nscreen Info\n")
        #expect(try Self.run(["verify", clean]).status == 0)
    }

    @Test func warningsFailOnlyWhenAsked() throws {
        let path = try Self.temporarySpec("app A\nflag unused = false\nscreen Home\n")
        #expect(try Self.run(["verify", path]).status == 0)
        #expect(try Self.run(["verify", path, "--warnings-as-errors"]).status == 1)
    }

    @Test func aStateLimitExitsWith3() throws {
        let path = try Self.temporarySpec("app A\nscreen Home { push Home }\nstack S root Home { destination Home depth 8 }\n")
        let run = try Self.run(["verify", path, "--max-states", "3"])
        #expect(run.status == 3)
        #expect(run.stdout.contains("verification stopped at a limit: the search stored 3 states without finishing (--max-states)"))
    }

    @Test func thePlainExplorerHonoursTheStateLimitWithExit3() throws {
        let path = try Self.temporarySpec("app A\nscreen Home { push Home }\nstack S root Home { destination Home depth 8 }\n")
        let run = try Self.run(["verify", path, "--exploration", "plain", "--max-states", "3"])
        #expect(run.status == 3)
        #expect(run.stdout.contains("verification stopped at a limit: the search stored 3 states without finishing (--max-states)"))
        let plan = try Self.run(["plan", path, "--exploration", "plain", "--max-states", "3"])
        #expect(plan.status == 3)
        #expect(plan.stderr.contains("planning stopped at a limit: the search stored 3 states without finishing (--max-states)"))
        let query = try Self.run(["query", path, "reach / Home / Home / Home / Home / Home / Home", "--exploration", "plain", "--max-states", "3"])
        #expect(query.status == 3)
        #expect(query.stderr.contains("query stopped at a limit: the search stored 3 states without an answer (--max-states)"))
    }

    /// `--exploration plain` prints what the default prints on verify, plan
    /// and query; only the statistics name the plain explorer.
    @Test func thePlainExplorerAnswersAsTheDefault() throws {
        let spec = "specs/examples/recipes.navflow"
        let verify = try Self.run(["verify", spec])
        let plainVerify = try Self.run(["verify", spec, "--exploration", "plain"])
        #expect(plainVerify.status == verify.status)
        #expect(plainVerify.stdout == verify.stdout)
        let json = try Self.run(["verify", spec, "--exploration", "plain", "--format", "json"])
        #expect(json.stdout.contains("\"exploration\": \"plain\""))
        let statistics = try Self.run(["verify", spec, "--exploration", "plain", "--statistics"])
        #expect(statistics.stderr.contains(", plain explorer"))
        let plan = try Self.run(["plan", spec])
        let plainPlan = try Self.run(["plan", spec, "--exploration", "plain"])
        #expect(plan.status == 0 && plainPlan.status == 0)
        #expect(plainPlan.stdout == plan.stdout)
        let small = try Self.temporarySpec("app A\nscreen Home { push Detail\n sheet Info }\nscreen Detail { push Detail }\nscreen Info\nstack S root Home { destination Detail depth 3 }\n")
        for query in [["reach / Detail / Detail"], ["reach / Detail", "--from", "/ Detail / Detail"], ["reach + cover Info"]] {
            let answer = try Self.run(["query", small] + query)
            let plainAnswer = try Self.run(["query", small] + query + ["--exploration", "plain"])
            #expect(plainAnswer.status == answer.status)
            #expect(plainAnswer.stdout == answer.stdout)
        }
        let z3 = try Self.run(["query", small, "reach / Detail", "--engine", "z3", "--exploration", "plain"])
        #expect(z3.status == 2)
        #expect(z3.stderr.contains("--exploration applies to the explicit engine"))
    }

    /// `--input NAME=VALUE` checks one configuration without editing the
    /// spec, in every command that explores; a wrong name is exit 2.
    @Test func inputsCanBeFixedFromTheCommandLine() throws {
        let path = try Self.temporarySpec("app A\nflag on = false\ninput beta\nstack S root Home { destination Labs }\nstart S\nscreen Home { push Labs if beta\n action \"On\" { set on = true } }\nscreen Labs { push Labs if on }\n")
        let free = try Self.run(["verify", path, "--format", "json"])
        #expect(free.stdout.contains("\"valuations\" : 2") || free.stdout.contains("\"valuations\": 2"))
        let fixed = try Self.run(["verify", path, "--input", "beta=false"])
        #expect(fixed.status == 1)
        #expect(fixed.stdout.contains("screen 'Labs' is never on screen"))
        #expect(try Self.run(["verify", path, "--input", "beta=false", "--input", "beta=true"]).status == 0)
        #expect(try Self.run(["query", path, "reach / Labs", "--input", "beta=false"]).status == 1)
        #expect(try Self.run(["plan", path, "--input", "beta=true"]).status == 0)
        let unknown = try Self.run(["verify", path, "--input", "bta=true"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasSuffix("--input names no input 'bta'; did you mean 'beta'?\n"))
        let flag = try Self.run(["coverage", path, "--trace", path, "--input", "on=true"])
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("--input names 'on', which is a flag: flags change during a run; only inputs can be fixed"))
        let malformed = try Self.run(["verify", path, "--input", "beta"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--input 'beta' is not NAME=true or NAME=false"))
    }

    @Test func queryAnswersWithAWitnessOrAProof() throws {
        let path = try Self.temporarySpec("app A\nscreen Home { sheet Info }\nscreen Info\n")
        let reachable = try Self.run(["query", path, "reach + sheet Info"])
        #expect(reachable.status == 0)
        #expect(reachable.stdout == "reachable in 1 step:\n  1. Launch the app\n  2. On Home, open the Info sheet\n")
        let unreachable = try Self.run(["query", path, "reach + cover Info"])
        #expect(unreachable.status == 1)
        #expect(unreachable.stdout == "unreachable: all 2 reachable states explored, none matches\n")
        let malformed = try Self.run(["query", path, "reach + sheet Infp"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.hasPrefix("<query>:1:15: error: unknown screen or stack 'Infp' [unknown-name]"))
    }

    /// `--statistics` says which engine answered and why; `auto` is the default.
    @Test func queryStatisticsNameTheEngineAndWhy() throws {
        func statistics(_ spec: String, _ query: String) throws -> String {
            let run = try Self.run(["query", spec, query, "--statistics"])
            #expect(run.status == 0 || run.status == 1)
            return run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        }
        // The appear-loop defect's hooks chain; back-hidden is covered by the navigation-state encoding.
        let uncovered = try statistics("specs/defects/appear-loop.navflow", "reach / Checkout where signedIn")
        let covered = try statistics("specs/examples/back-hidden.navflow", "reach * / ... / Avatar")
        #if Z3
        #expect(uncovered.hasPrefix("engine: explicit, because z3 does not encode this spec's navigation state yet (some of its appear hooks), and its state graph is no smaller; "))
        #expect(covered.hasPrefix("engine: explicit, because the explicit search answered within 1,000,000 states; "))
        #else
        #expect(uncovered.hasPrefix("engine: explicit, because this build has no z3 engine (the Z3 trait); "))
        #expect(covered.hasPrefix("engine: explicit, because this build has no z3 engine (the Z3 trait); "))
        #endif
        #expect(uncovered.hasSuffix(" s") && covered.hasSuffix(" s"))
        let named = try Self.run(["query", "specs/examples/messenger.navflow", "reach * / ... / Privacy", "--engine", "explicit",
                                  "--statistics", "--format", "json"])
        #expect(named.stdout.contains("""
              "statistics": {
                "engine": "explicit",
                "encoding": null,
                "reason": null,
            """))
    }

    /// A bounded answer is no proof: exit 4, and the text says so.
    @Test func noWitnessUpToTheBoundIsItsOwnAnswer() throws {
        #if Z3
        let path = try Self.temporarySpec("""
            app A
            stack S root Home { destination Page; depth 6 }
            start S
            screen Home { push Page }
            screen Page { push Page }
            """)
        let bounded = try Self.run(["query", path, "reach / Page / Page / Page", "--engine", "z3", "--bound", "2"])
        #expect(bounded.status == 4)
        #expect(bounded.stdout == "no witness up to bound 2; nothing proves there is none beyond it (raise --bound)\n")
        let proved = try Self.run(["query", path, "reach / Page / Page / Page / Page / Page / Page / Page", "--engine", "z3"])
        #expect(proved.status == 1)
        #expect(proved.stdout.hasPrefix("unreachable: unreachable at every bound (proved by induction"))
        let found = try Self.run(["query", path, "reach / Page / Page / Page", "--engine", "z3", "--bound", "3"])
        #expect(found.status == 0)
        #endif
    }

    @Test func theZ3EngineNeedsTheTrait() throws {
        let path = try Self.temporarySpec("app A\nscreen Home { sheet Info }\nscreen Info\n")
        let run = try Self.run(["query", path, "reach + sheet Info", "--engine", "z3"])
        #if Z3
        #expect(run.status == 0)
        #else
        #expect(run.status == 2)
        #expect(run.stderr.contains("swift build --traits Z3"))
        #endif
    }

    @Test func graphOutputIsAcceptedByGraphviz() throws {
        let path = try Self.temporarySpec("""
            app A
            scheme "a"
            flag f = false
            screen Home { push Detail if f
                          sheet Login }
            screen Detail
            screen Login { action "Sign \\"in\\"" { set f = true; dismiss } }
            stack S root Home { destination Detail }
            deeplink "a://detail" -> / Detail
            """)
        let graph = try Self.run(["graph", path, "--format", "dot"])
        #expect(graph.status == 0)
        #expect(graph.stdout.hasPrefix("digraph \"A\" {"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let dotInput = try Self.temporarySpec(graph.stdout)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
        process.arguments = ["-Tsvg", "-o", "/dev/null", dotInput]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    static func temporaryFile(_ text: String, extension ext: String) throws -> String {
        let path = TestScratch.url("navflow-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let messengerTraces = "Tests/NavFlowCoverageTests/Traces/messenger"

    @Test func coverageExitCodesFollowGatesAndDrift() throws {
        let spec = "specs/examples/messenger.navflow"
        let drifting = try Self.run(["coverage", spec, "--trace", Self.messengerTraces])
        #expect(drifting.status == 1)
        #expect(drifting.stdout.contains("queued-notification.jsonl:5: push 'Conversatoin(id: 1)': unknown screen"))
        #expect(try Self.run(["coverage", spec, "--trace", Self.messengerTraces, "--allow-drift"]).status == 0)
        let gated = try Self.run(["coverage", spec, "--trace", Self.messengerTraces, "--allow-drift",
                                  "--fail-under", "screens=90", "--fail-under", "edges=50"])
        #expect(gated.status == 1)
        #expect(gated.stdout.contains("edges >= 50%: FAILED (44.4%)"))
        #expect(gated.stdout.contains("screens >= 90%: passed (92.3%)"))
        let passing = try Self.run(["coverage", spec, "--trace", Self.messengerTraces, "--allow-drift", "--fail-under", "40"])
        #expect(passing.status == 0)
    }

    @Test func coverageInputErrorsExitWith2() throws {
        let spec = "specs/examples/messenger.navflow"
        let badGate = try Self.run(["coverage", spec, "--trace", Self.messengerTraces, "--fail-under", "edgez=80"])
        #expect(badGate.status == 2)
        #expect(badGate.stderr.contains("unknown metric 'edgez'"))
        #expect(try Self.run(["coverage", spec]).status == 2)
        let missing = try Self.run(["coverage", spec, "--trace", "no/such.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "navflow: error: no/such.jsonl: no such file or directory\n")
        let broken = try Self.temporaryFile("{\"event\":\"launch\"}\n{\"event\":\"push\"\n", extension: "jsonl")
        let malformed = try Self.run(["coverage", spec, "--trace", broken])
        #expect(malformed.status == 2)
        #expect(malformed.stderr == "\(broken):2:16: error: expected ',' or '}', found the end of the line\n")
    }

    @Test func coverageWritesEveryFormatToAFile() throws {
        for format in ["text", "json", "markdown", "html"] {
            let output = TestScratch.url("navflow-report-\(UUID().uuidString)").path
            let run = try Self.run(["coverage", "specs/examples/messenger.navflow", "--trace", Self.messengerTraces,
                                    "--allow-drift", "--format", format, "--output", output])
            #expect(run.status == 0)
            #expect(run.stdout.isEmpty)
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(written.contains("Messenger"))
        }
    }

    @Test func thePlanWritesTracesThatCoverEveryEdge() throws {
        let directory = TestScratch.url("navflow-plan-\(UUID().uuidString)").path
        let plan = try Self.run(["plan", "specs/examples/router-tabs.navflow", "--output", directory])
        #expect(plan.status == 0)
        #expect(plan.stdout.contains("Takes 13 of 13 declared edges and 7 of 7 deep links."))
        #expect(plan.stdout.contains("  1. Launch the app"))
        let coverage = try Self.run(["coverage", "specs/examples/router-tabs.navflow", "--trace", directory,
                                     "--fail-under", "edges=100", "--fail-under", "deeplinks=100", "--format", "json"])
        #expect(coverage.status == 0)
        #expect(coverage.stdout.contains("\"count\": 0,\n    \"findings\": []"))
    }

    @Test func outputIsByteIdenticalWhateverTheOrderOfTheInputs() throws {
        let specs = ["specs/examples/recipes.navflow", "specs/defects/trap.navflow", "specs/examples/messenger.navflow"]
        /// The JSON figures that measure the run itself (its seconds and
        /// peak memory) differ between runs by nature: they are left out of
        /// the comparison, everything else must be identical.
        func comparable(_ output: String) -> String {
            output.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("\"seconds\": ") && !$0.contains("\"peakMemoryBytes\": ") }
                .joined(separator: "\n")
        }
        for format in ["text", "json", "sarif", "junit", "github"] {
            let forward = try Self.run(["verify", "--format", format] + specs)
            let backward = try Self.run(["verify", "--format", format] + specs.reversed())
            let again = try Self.run(["verify", "--format", format] + specs)
            #expect(comparable(forward.stdout) == comparable(backward.stdout), "\(format) depends on the order of the specs")
            #expect(comparable(forward.stdout) == comparable(again.stdout), "\(format) differs between runs")
            if format == "json" {
                #expect(forward.stdout.components(separatedBy: "\"seconds\": ").count == specs.count + 1)
            }
        }
        let traces = ["Tests/NavFlowCoverageTests/Traces/messenger/signed-in-session.jsonl",
                      "Tests/NavFlowCoverageTests/Traces/messenger/queued-notification.jsonl"]
        for format in ["text", "json", "markdown", "html"] {
            let arguments = ["coverage", "specs/examples/messenger.navflow", "--allow-drift", "--format", format]
            let forward = try Self.run(arguments + traces.flatMap { ["--trace", $0] })
            let backward = try Self.run(arguments + traces.reversed().flatMap { ["--trace", $0] })
            #expect(forward.stdout == backward.stdout, "coverage \(format) depends on the order of the traces")
        }
    }

    @Test func verifyStopsAtTheTimeLimitWithExit3() throws {
        let spec = try Self.temporarySpec(AppSpecGeneratorText.large)
        let run = try Self.run(["verify", spec, "--max-time", "0.2"])
        #expect(run.status == 3)
        #expect(run.stdout.contains("(--max-time)"))
    }

    @Test func verifyWritesItsReportAtomically() throws {
        let output = TestScratch.url("navflow-verify-\(UUID().uuidString).json").path
        let run = try Self.run(["verify", "specs/examples/recipes.navflow", "--format", "json", "--output", output])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("\"schemaVersion\""))
    }
}

/// A spec large enough that exploring it takes many seconds.
enum AppSpecGeneratorText {
    static let large = AppSpecGenerator.spec(AppShape(tabs: 3, screens: 30, fanOut: 3, depth: 8, sheets: 2, flags: 2))
}

@Suite(.serialized) struct DepthOptionTests {
    private func states(_ run: CommandLineTests.Run) -> String? {
        run.stderr.split(separator: "\n").first { $0.contains(" states (") }
            .map { String($0.split(separator: ":")[1].split(separator: "(")[0].trimmingCharacters(in: .whitespaces)) }
    }

    @Test func aGlobalDepthReplacesEveryStacksDepth() throws {
        let plain = try CommandLineTests.run(["verify", "specs/defects/bounded.navflow", "--statistics"])
        #expect(plain.status == 0)
        #expect(states(plain) == "4 states")
        #expect(plain.stdout.contains("at its depth 3; results hold for paths up to 3 screens"))
        let deeper = try CommandLineTests.run(["verify", "specs/defects/bounded.navflow", "--statistics", "--depth", "5"])
        #expect(deeper.status == 0)
        #expect(states(deeper) == "6 states")
        #expect(deeper.stdout.contains(
            "note: exploration cut paths of stack 'HomeStack' at its depth 5 (from --depth); results hold for paths up to 5 screens [bounded]"))
        #expect(deeper.stdout.contains("note: raise --depth to explore deeper paths"))
    }

    @Test func aPerStackDepthWinsOverTheGlobalOneInEitherOrder() throws {
        for arguments in [["--depth", "HomeStack=2", "--depth", "6"], ["--depth", "6", "--depth", "HomeStack=2"]] {
            let run = try CommandLineTests.run(["verify", "specs/defects/bounded.navflow", "--statistics"] + arguments)
            #expect(run.status == 0)
            #expect(states(run) == "3 states")
            #expect(run.stdout.contains("at its depth 2 (from --depth)"))
        }
        let later = try CommandLineTests.run(["verify", "specs/defects/bounded.navflow", "--statistics",
                                              "--depth", "HomeStack=2", "--depth", "HomeStack=4"])
        #expect(states(later) == "5 states")
    }

    @Test func plansAndQueriesExploreToTheGivenDepth() throws {
        let shallow = try CommandLineTests.run(["plan", "specs/defects/bounded.navflow", "--depth", "1"])
        let deep = try CommandLineTests.run(["plan", "specs/defects/bounded.navflow", "--depth", "HomeStack=6"])
        #expect(shallow.status == 0 && deep.status == 0)
        #expect(shallow.stdout != deep.stdout)
        let query = try CommandLineTests.run(["query", "specs/defects/bounded.navflow", "reach / Recipe / Recipe / Recipe",
                                              "--depth", "2"])
        #expect(query.status == 1, "\(query.stderr)")
        #expect(query.stdout.hasPrefix("unreachable: all 3 reachable states explored"))
        let reached = try CommandLineTests.run(["query", "specs/defects/bounded.navflow", "reach / Recipe / Recipe / Recipe"])
        #expect(reached.status == 0)
    }

    @Test func coverageCountsTheStatesOfTheGivenDepth() throws {
        let arguments = ["coverage", "specs/examples/messenger.navflow", "--trace", CommandLineTests.messengerTraces,
                         "--allow-drift"]
        let spec = try CommandLineTests.run(arguments)
        let shallow = try CommandLineTests.run(arguments + ["--depth", "1"])
        #expect(spec.status == 0 && shallow.status == 0)
        #expect(spec.stdout.contains("Missing reachable states (561):"))
        #expect(shallow.stdout.contains("Missing reachable states (138):"))
        let unknown = try CommandLineTests.run(arguments + ["--depth", "MessageStack=2"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "navflow: error: --depth names no stack 'MessageStack'; did you mean 'MessagesStack'?\n")
    }

    @Test func anUnknownStackIsAUsageErrorWithASuggestion() throws {
        let run = try CommandLineTests.run(["verify", "specs/defects/bounded.navflow", "--depth", "homestack=4"])
        #expect(run.status == 2)
        #expect(run.stderr == "navflow: error: specs/defects/bounded.navflow: --depth names no stack 'homestack'; did you mean 'HomeStack'?\n")
        #expect(run.stdout.isEmpty)
        let plan = try CommandLineTests.run(["plan", "specs/defects/bounded.navflow", "--depth", "Nowhere=4"])
        #expect(plan.status == 2)
        #expect(plan.stderr == "navflow: error: --depth names no stack 'Nowhere'\n")
    }

    @Test func anOutOfRangeOrMalformedDepthIsAUsageError() throws {
        for (argument, message) in [("0", "--depth 0 is out of range; a stack's depth is 1 to 32"),
                                    ("HomeStack=33", "--depth 33 is out of range; a stack's depth is 1 to 32"),
                                    ("HomeStack=", "--depth 'HomeStack=' is not a depth N or STACK=N"),
                                    ("deep", "--depth 'deep' is not a depth N or STACK=N")] {
            for command in ["verify", "plan", "query"] {
                var arguments = [command, "specs/defects/bounded.navflow", "--depth", argument]
                if command == "query" { arguments.insert("reach / Recipe", at: 2) }
                let run = try CommandLineTests.run(arguments)
                #expect(run.status == 2, "\(command) \(argument)")
                #expect(run.stderr == "navflow: error: \(message)\n")
                #expect(run.stdout.isEmpty)
            }
        }
    }
}
