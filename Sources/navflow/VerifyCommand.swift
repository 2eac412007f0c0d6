import ArgumentParser
import Foundation
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowIO
import NavFlowReport
import NavFlowSource
import NavFlowSpec

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Explore every reachable state of each spec and report every finding.",
        discussion: """
            Each SPEC is a .navflow file or a directory searched for them. \
            Exit codes: 0 no errors; 1 findings of severity error (or warnings \
            with --warnings-as-errors); 2 a spec is unreadable or does not \
            parse or resolve, or an option is wrong (a missing or malformed \
            baseline included); 3 a limit (states, memory, time, input \
            valuations) stopped the exploration and no error was proven before \
            it (with one proven, the findings found so far are reported and the \
            exit code is 1). Findings suppressed by a \
            '// navflow:disable' comment or matched by the --baseline file are \
            counted but never change the exit code.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("Spec files or directories of .navflow files (default: 'specs' of .navflow.yml).", valueName: "specs"))
    var givenSpecs: [String] = []

    @OptionGroup var configured: ConfiguredPaths

    @OptionGroup var ruleOptions: RuleOptions

    /// The specs given, else those of the configuration file.
    var specs: [String] { givenSpecs.isEmpty ? configured.specs : givenSpecs }

    @Option(help: "Output format: text, json, sarif, junit or github.")
    var format: VerifyFormat = .text

    @ArgumentParser.Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    @ArgumentParser.Flag(inversion: .prefixedNo, exclusivity: .chooseLast,
                         help: "Print exploration figures (states, transitions, time, memory) to standard error.")
    var statistics = false

    @Option(help: ArgumentHelp(
        "How to explore: automatic (store the tabs that are not selected parked, their paths cut after the last screen the user could not push again, when they can be), full (every state) or plain (every state, with the plain explorer: slower, the oracle the others are tested against).",
        valueName: "mode"))
    var exploration: Verifier.Exploration = .automatic

    @OptionGroup var limitOptions: LimitOptions

    @OptionGroup var depthOptions: DepthOptions

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: ArgumentHelp(
        "Suppress the findings this baseline file (written by --write-baseline) lists; only new findings count.",
        valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp(
        "Write the findings of this run (those no comment suppresses) to this file as a baseline, atomically.",
        valueName: "file"))
    var writeBaseline: String?

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file or directory (or list them under 'specs' in .navflow.yml)") }
        _ = try ruleOptions.settings(known: RuleCatalog.all.map(\.id), frontEnd: Self.frontEndRules)
    }

    func run() throws {
        let paths: [String]
        switch SpecFiles.expand(specs) {
        case .success(let found): paths = found
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
        let limits = limitOptions.limits
        let depths = try depthOptions.override
        let inputs = try depthOptions.inputs
        let accepted = try baseline.map(Self.readBaseline)
        let ruleSettings = try ruleOptions.settings(known: RuleCatalog.all.map(\.id), frontEnd: Self.frontEndRules)
        var results: [Verifier.Result] = []
        for path in paths {
            let file: SourceFile
            switch SpecFiles.read(path) {
            case .success(let read): file = read
            case .failure(let failure): throw CommandFailure.input(failure.description)
            }
            let progress = ProgressLine(label: path)
            var options = Verifier.Options(limits: limits, progress: progress.report)
            options.exploration = exploration
            options.depths = depths
            options.inputs = inputs
            let result = Verifier.verify(file, options: options)
            progress.finish()
            if let problem = result.depthProblem {
                throw CommandFailure.input("\(path): \(problem.description)")
            }
            if let problem = result.inputProblem {
                throw CommandFailure.input("\(path): \(problem.description)")
            }
            var set = result
            set.diagnostics = RuleSetting.apply(ruleSettings, to: set.diagnostics)
            results.append(set)
            if statistics, let result = results.last {
                Output.writeError(VerifyReport.statisticsLine(result) + "\n")
            }
        }
        if let writeBaseline {
            try Self.writeBaseline(results, to: writeBaseline)
        }
        var fixed: Int?
        if let accepted, let baseline {
            fixed = BaselineFilter.apply(accepted, path: baseline, to: &results)
        }
        let report = VerifyReport(results: results, warningsAsErrors: warningsAsErrors, baselineFixed: fixed)
        if let output {
            do {
                try AtomicFile.write(report.render(format, colors: false), to: output)
            } catch {
                throw CommandFailure.input("\(output): cannot write the report: \(error.localizedDescription)")
            }
        } else {
            Output.write(report.render(format, colors: format == .text && Output.stdoutIsTerminal))
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}



extension VerifyCommand {
    /// The rules of the front end, which `--rule` cannot set.
    static let frontEndRules = Set(RuleCatalog.all.filter { $0.phase == .frontEnd }.map(\.id))

    static func readBaseline(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        switch InputFiles.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure): throw CommandFailure.input("baseline \(failure.description)")
        }
        switch BaselineDocument.parse(bytes) {
        case .success(let baseline): return baseline
        case .failure(let problem): throw CommandFailure.input("\(path): \(problem.description)")
        }
    }

    /// Writes every finding no comment suppressed, unless a spec could not
    /// be read or stopped at a limit: then the findings are incomplete and
    /// the file is left as it was.
    static func writeBaseline(_ results: [Verifier.Result], to path: String) throws {
        if let incomplete = results.first(where: { $0.hasInputErrors || $0.limit != nil }) {
            let why = incomplete.hasInputErrors ? "could not be read" : "stopped at a limit"
            Output.writeError("navflow: baseline \(path) not written: \(incomplete.file.path) \(why), so its findings are incomplete\n")
            return
        }
        let baseline = Baseline(findings: results.flatMap(\.diagnostics))
        do {
            try AtomicFile.write(BaselineDocument.render(baseline), to: path)
        } catch {
            throw CommandFailure.input("\(path): cannot write the baseline: \(error.localizedDescription)")
        }
    }
}

extension VerifyFormat: ExpressibleByArgument {}
extension Verifier.Exploration: ExpressibleByArgument {}

/// A memory size written as bytes or with a K, M or G suffix (powers of 1024).
struct MemorySize: ExpressibleByArgument {
    var bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var text = argument.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        var multiplier = 1
        if let last = text.last, let unit = units[last] {
            multiplier = unit
            text.removeLast()
        }
        guard let value = Int(text), value > 0, value <= Int.max / multiplier else { return nil }
        bytes = value * multiplier
    }

    var defaultValueDescription: String { "\(bytes >> 30)G" }
}

/// A progress line on standard error, shown only when it is a terminal and
/// a spec takes more than a second.
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let started = Date()
    private var shown = false

    init(label: String) {
        self.label = label
    }

    var report: @Sendable (Int) -> Void {
        { [self] states in
            guard Output.stderrIsTerminal, Date().timeIntervalSince(started) > 1 else { return }
            shown = true
            Output.writeError("\r\(label): \(states) states explored…")
        }
    }

    func finish() {
        if shown { Output.writeError("\r\u{1B}[K") }
    }
}
