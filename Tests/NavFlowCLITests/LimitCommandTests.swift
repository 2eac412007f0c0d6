import Foundation
import NavFlowGenerator
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--max-time` and `--max-memory` in every exploring command, held against
/// the clock and against the process's real peak memory as the operating
/// system counts it for the child (not the command's own report).
@Suite struct LimitCommandTests {
    /// One run of every exploring command on a spec none of them finishes
    /// within the limits below. Plan and query park the tabs of this spec by
    /// default and then finish (see `ParkedQueryTests`): they explore every
    /// state here, through the same checks of the limits.
    static let commands: [[String]] = [
        ["verify", "SPEC"],
        ["verify", "SPEC", "--exploration", "plain"],
        ["plan", "SPEC", "--exploration", "full"],
        ["query", "SPEC", "--exploration", "full", "reach * where f0 && !f0"],
        ["query", "SPEC", "--exploration", "full", "--deeplinks", "reach * where f0 && !f0"],
        ["query", "SPEC", "--exploration", "full", "--from", "*", "--deeplinks", "reach * where f0 && !f0"],
        ["coverage", "SPEC", "--allow-drift", "--trace",
         Repository.path("Tests/NavFlowCoverageTests/Traces/messenger/signed-in-session.jsonl")],
    ]

    /// With the Z3 trait, the z3 engine too: a target no run reaches and
    /// induction does not prove, so it checks bound after bound, its
    /// memory growing with each.
    #if Z3
    static let z3Commands: [[String]] = [["query", "SPEC", "--engine", "z3", "reach * / S29 / S29"]]
    #else
    static let z3Commands: [[String]] = []
    #endif

    /// A spec whose product of tabs none of the commands explores within a
    /// second or 48 MiB (about 6 M states).
    static let spec = AppSpecGenerator.spec(AppShape(tabs: 3, screens: 30, fanOut: 3, depth: 8, sheets: 2, flags: 2))

    /// The same app with the interactions real apps have (sign-in and
    /// sign-out, `tab` in actions, links that keep the modals): some of
    /// its states have thousands of successors (a parked tab's paths
    /// lifted), and its first expansions fill the memos, so that one unit
    /// of a search's work can take a large part of a second in a debug
    /// build. A release build's parked `verify` had not finished it after
    /// ten minutes (1.5 GB), where it finishes the app above in about a
    /// second.
    static let interactingSpec: String = {
        var shape = AppShape(tabs: 3, screens: 30, fanOut: 3, depth: 8, sheets: 2, flags: 2)
        shape.interactions = true
        return AppSpecGenerator.spec(shape)
    }()

    /// A run of the command as a child process: its exit status, its
    /// output and its peak resident memory as the system counts it (read
    /// every 2 ms while it runs).
    struct ChildRun {
        var status: Int32
        var stdout: String
        var stderr: String
        var peakBytes: Int
        var seconds: Double
    }

    static func run(_ arguments: [String]) throws -> ChildRun {
        let errorPath = TestScratch.url("navflow-err-\(UUID().uuidString)").path
        let outputPath = TestScratch.url("navflow-out-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: errorPath)
            try? FileManager.default.removeItem(atPath: outputPath)
        }
        let executable = CommandLineTests.executable.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        // The child's own peak, read from the system as it runs: `wait4`'s
        // figure would count this (large) test process, which the child
        // started from, too.
        var status: Int32 = 0
        var peak = 0
        while true {
            #if canImport(Glibc)
            peak = max(peak, ProcessMemory.statusField("VmHWM:", of: "\(pid)") ?? 0)
            #endif
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let exited = status & 0x7F == 0
        return ChildRun(status: exited ? (status >> 8) & 0xFF : -1,
                        stdout: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
                        stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
                        peakBytes: peak, seconds: seconds)
    }

    static func arguments(_ command: [String], spec: String, limit: [String]) -> [String] {
        command.map { $0 == "SPEC" ? spec : $0 } + limit
    }

    @Test func everyCommandStaysUnderTheMemoryLimitAsTheSystemCountsIt() throws {
        let spec = try CommandLineTests.temporarySpec(Self.spec)
        let limit = 48 << 20
        for command in Self.commands + Self.z3Commands {
            let run = try Self.run(Self.arguments(command, spec: spec, limit: ["--max-memory", "48M"]))
            #expect(run.peakBytes > 0 && run.peakBytes <= limit,
                    "\(command[0]): peak \(run.peakBytes >> 10) KiB over the limit of \(limit >> 10) KiB")
            // And the peak the command reports last, which no sampling can miss.
            let report = command[0] == "verify" ? run.stdout : run.stderr
            if let reported = report.firstMatch(of: #/peak memory ([0-9]+) MiB/#).flatMap({ Int($0.1) }) {
                #expect(reported <= limit >> 20, "\(command[0]): reported a peak of \(reported) MiB")
            } else {
                #expect(command[0] == "coverage", "\(command[0]) did not report its peak: \(report)")
            }
            // Coverage measures what it can without the totals; the others stop with exit 3.
            if command[0] == "coverage" {
                #expect(run.status == 0, "\(command): \(run.stderr)")
            } else {
                // verify reports on standard output, the others on standard error.
                #expect(report.contains("(--max-memory)") && (run.status == 3 || command[0] == "verify" && run.status == 1),
                        "\(command): exit \(run.status), \(report)")
                // The z3 engine stores no states: it says how long it ran.
                if command.contains("z3") {
                    #expect(report.contains(#/^navflow: error: query stopped at a limit: the z3 engine found no answer within the memory limit of 48 MiB \(--max-memory\): the process held [0-9]+ MiB when it stopped; lower --bound or raise the limit\n/#), "\(report)")
                    #expect(report.contains(#/\nnavflow: note: the z3 engine ran for [0-9.]+ s, peak memory [0-9]+ MiB\n/#), "\(report)")
                }
            }
        }
    }

    @Test func everyCommandStopsWithinASecondOfTheTimeLimit() throws {
        let spec = try CommandLineTests.temporarySpec(Self.interactingSpec)
        let parked = [["plan", "SPEC"], ["query", "SPEC", "reach * where f0 && !f0"]]
        for command in Self.commands + parked + Self.z3Commands {
            let run = try Self.run(Self.arguments(command, spec: spec, limit: ["--max-time", "1"]))
            if command[0] == "coverage" {
                // Coverage measures what it can without the totals, and says why they are missing.
                #expect(run.status == 0, "\(command): exit \(run.status), \(run.stderr)")
                #expect(run.stdout.contains("total unknown: the state graph was not explored to the end: the search ran for more than 1.0 seconds (--max-time)"),
                        "\(run.stdout)")
                #expect(run.seconds < 2 + 1, "\(command): ran \(run.seconds) s in all")
                continue
            }
            #expect(run.status == 3, "\(command): exit \(run.status), \(run.stderr)")
            // The command's own figure: seconds since it started, when it stopped.
            let report = command[0] == "verify" ? run.stdout : run.stderr
            // ("explored ... in 1.2 s", or "the z3 engine ran for 1.2 s").
            let reported = report.firstMatch(of: #/ (?:in|for) ([0-9.]+) s, peak memory/#).flatMap { Double($0.1) }
            let seconds = try #require(reported, "\(command): \(report)")
            #expect(seconds >= 1 && seconds < 2, "\(command): stopped after \(seconds) s")
            #expect(run.seconds < 2 + 1, "\(command): ran \(run.seconds) s in all")
        }
    }

    /// The time test's app is one whose parked searches take edges from
    /// the lifts of a tab, the work a search must cut short within one
    /// state to stop in time.
    @Test func theTimeTestsAppLiftsATab() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "interacting.navflow", text: Self.interactingSpec)).spec)
        let independence = TabIndependence(spec)
        #expect(independence.holds && independence.liftedTabs.joined().contains { !$0.isEmpty })
    }

    @Test func aStoppedPlanOrQuerySaysWhatItHadDone() throws {
        let spec = try CommandLineTests.temporarySpec(Self.spec)
        let plan = try Self.run(["plan", spec, "--max-states", "5000"])
        #expect(plan.status == 3)
        #expect(plan.stderr.hasPrefix("navflow: error: planning stopped at a limit: the search stored 5000 states without finishing (--max-states)"))
        #expect(plan.stderr.contains(#/navflow: note: explored 500[0-9] states and [0-9]+ transitions in [0-9.]+ s, peak memory [0-9]+ MiB\n/#))
        let query = try Self.run(["query", spec, "reach * where f0 && !f0", "--max-states", "5000"])
        #expect(query.status == 3)
        #expect(query.stderr.hasPrefix("navflow: error: query stopped at a limit: the search stored 5000 states without an answer (--max-states)"))
        #expect(query.stderr.contains(#/navflow: note: searched 500[0-9] states in [0-9.]+ s, peak memory [0-9]+ MiB\n/#))
    }
}
