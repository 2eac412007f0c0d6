import NavFlowCheck
import NavFlowDiagnostics
import NavFlowGenerator
import NavFlowReport
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// At a limit, `verify` reports what it already proved: every finding whose
/// witness the explored part holds, the rules it could not decide, and the
/// figures of the part it explored. Exit 1 when an error was proven, else 3.
@Suite struct LimitReportTests {
    static func run(_ source: SourceFile, maxStates: Int? = nil, exploration: Verifier.Exploration = .full) -> Verifier.Result {
        var options = Verifier.Options()
        options.exploration = exploration
        if let maxStates { options.limits.maxStates = maxStates }
        return Verifier.verify(source, options: options)
    }

    /// What a run stopped halfway proves is proven by the whole run too,
    /// with the same witness: on the bundled specs and on random ones, with
    /// the fast and the plain explorer.
    @Test(arguments: [Verifier.Exploration.full, .plain])
    func aStoppedRunReportsOnlyWhatTheWholeRunFinds(_ exploration: Verifier.Exploration) {
        var compared = 0
        var provenBeforeTheLimit = 0
        let bundled = Repository.allSpecs().filter { !$0.contains("/specs/apps/") }.map { Repository.source($0) }
        let generated = (UInt64(1)...60).map { seed in
            var generator = SpecGenerator(seed: 7000 + seed)
            return SourceFile(path: "generated-\(7000 + seed).navflow", text: generator.spec())
        }
        for source in bundled + generated {
            let path = source.path
            let whole = Self.run(source, exploration: exploration)
            guard let states = whole.statistics?.states, whole.limit == nil, states >= 8 else { continue }
            let stopped = Self.run(source, maxStates: states / 2, exploration: exploration)
            #expect(stopped.limit == "the search stored \(states / 2) states without finishing (--max-states); lower a stack's depth or raise the limit",
                    "\(path)")
            #expect(stopped.statistics?.complete == false && stopped.statistics?.states == states / 2 + 1, "\(path)")
            for finding in stopped.diagnostics {
                #expect(whole.diagnostics.contains(finding), "\(path): \(finding.rule): \(finding.message) is not a finding of the whole run")
            }
            // Whatever was not judged is listed; what was judged is not.
            let judged = Set(stopped.diagnostics.map(\.rule))
            #expect(judged.isDisjoint(with: stopped.undecided), "\(path)")
            #expect(stopped.undecided.contains(.trap) && stopped.undecided.contains(.orphanScreen), "\(path)")
            provenBeforeTheLimit += stopped.diagnostics.filter { $0.witness != nil }.count
            compared += 1
        }
        #expect(compared >= 40, "only \(compared) specs compared")
        #expect(provenBeforeTheLimit >= 20, "only \(provenBeforeTheLimit) findings proven before a limit")
    }

    static let gated = """
        app Gate
        scheme "g"
        flag signedIn = false
        stack HomeStack root Home { destination Detail; depth 30 }
        tabs Main { tab home "Home" HomeStack }
        screen Home {
          push Detail
          sheet Settings
          action "Sign in" { set signedIn = true }
        }
        screen Detail { push Detail; action "Odd" { popToRoot; dismiss } }
        screen Settings { dismiss }
        deeplink "g://detail" -> home / Detail requires signedIn else sheet Missing
        screen Missing
        """

    /// An error found before the limit fails the run (exit 1); the text says
    /// what holds, what was not decided and how far the search went.
    @Test func anErrorProvenBeforeTheLimitFailsTheRun() throws {
        let result = Self.run(SourceFile(path: "gate.navflow", text: Self.gated), maxStates: 12)
        let rules = result.diagnostics.map { "\($0.rule.rawValue) \($0.severity)" }
        #expect(rules.contains("dismiss-noop error"), "\(rules)")
        let noop = try #require(result.diagnostics.first { $0.rule == .dismissNoop })
        #expect(noop.witness?.steps.map(\.text) == ["Launch the app", "On Home, open Detail", "Tap “Odd” on Detail"])
        #expect(result.undecided.map(\.rawValue) == [
            "orphan-screen", "deeplink-only-screen", "deeplink-unreachable", "deeplink-out-of-context", "trap", "dead-edge",
            "unused-destination", "tab-never-visible",
        ])
        let report = VerifyReport(results: [result])
        #expect(report.exitCode == 1)
        let text = report.text()
        #expect(text.contains("gate.navflow: error: verification stopped at a limit: the search stored 12 states without finishing (--max-states); lower a stack's depth or raise the limit\n"
            + "gate.navflow: note: the findings above hold: each has its witness; not decided: orphan-screen, deeplink-only-screen, deeplink-unreachable, deeplink-out-of-context, trap, dead-edge, unused-destination, tab-never-visible\n"
            + "gate.navflow: note: explored 13 states and "), "\(text)")
        #expect(text.hasSuffix("failed before a limit: 1 spec: 1 error, 0 warnings, 0 notes\n"), "\(text)")
    }

    /// Nothing failing proven: exit 3, and the JSON document has the
    /// figures (never null) and the rules left undecided.
    @Test func aLimitWithNothingProvenExitsWith3() throws {
        let text = Self.gated.replacingOccurrences(of: "; action \"Odd\" { popToRoot; dismiss }", with: "")
        let result = Self.run(SourceFile(path: "gate.navflow", text: text), maxStates: 12)
        #expect(!result.diagnostics.contains { $0.severity == .error })
        let report = VerifyReport(results: [result])
        #expect(report.exitCode == 3)
        let json = report.json()
        #expect(json.contains("\"complete\": false"))
        #expect(json.contains("\"states\": 13,"))
        #expect(json.contains("\"seconds\": "))
        #expect(json.contains("\"peakMemoryBytes\": "))
        #expect(json.contains("\"undecided\": [\n        \"orphan-screen\","), "\(json)")
        let stats = try #require(result.statistics)
        #expect(stats.seconds > 0 && stats.peakMemoryBytes > 0 && stats.transitions > 0)
    }

    /// A spec whose model cannot be built (over 64 flags) still has figures.
    @Test func aModelOverItsLimitsHasFigures() throws {
        let flags = (0..<65).map { "flag f\($0) = false" }.joined(separator: "\n")
        let reads = (0..<65).map { "push Home if f\($0)" }.joined(separator: "; ")
        let result = Self.run(SourceFile(path: "flags.navflow", text: "app F\n\(flags)\nstack S root Home { destination Home }\nscreen Home { \(reads) }\n"))
        #expect(result.limit == "the spec declares 65 flags and 0 inputs; at most 64 of each are supported")
        let stats = try #require(result.statistics)
        #expect(stats.states == 0 && !stats.complete)
        #expect(result.undecided.count == Set(GraphProperties.all.map(\.rule)).count)
    }
}
