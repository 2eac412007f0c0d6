import ArgumentParser
import Foundation
import NavFlowCoverage
import NavFlowIO
import NavFlowModel
import NavFlowReport

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Measure which screens, edges, deep links and states recorded traces exercised.",
        discussion: """
            Each --trace is a JSON Lines trace file or a directory searched for \
            .jsonl files; files are replayed in sorted order. Metrics: screens, \
            edges, implicit, deeplinks (entry points included), states, pairs, \
            valuations, and hooks (appear hooks run) and dismissals (dismissal \
            hooks run) for a spec that has them. \
            Exit codes: 0 every gate passed and no drift; 1 a gate failed, or a \
            trace event does not fit the spec (drift) without --allow-drift; \
            2 the spec, a trace or an option is wrong; 3 a limit stopped the \
            exploration a gate needs.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The spec file (default: the one spec 'specs' of .navflow.yml names).", valueName: "spec"))
    var givenSpec: String?

    @OptionGroup var configured: ConfiguredPaths

    /// The spec given, else the one the configuration file names.
    var spec: String { givenSpec ?? (configured.specs.count == 1 ? configured.specs[0] : "") }

    @Option(name: .customLong("trace"), help: "A trace file or a directory of .jsonl traces (repeatable).")
    var traces: [String] = []

    @Option(help: "Output format: text, json, markdown or html.")
    var format: CoverageFormat = .text

    @Option(name: .customLong("fail-under"), help: "METRIC=PCT: exit 1 when METRIC is under PCT percent (repeatable; a bare PCT gates edges).")
    var failUnder: [String] = []

    @ArgumentParser.Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Do not fail (exit 1) on drift between the traces and the spec.")
    var allowDrift = false

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "The longest trace line accepted, in bytes.")
    var maxTraceLine: Int = TraceReader.defaultMaxLineBytes

    @OptionGroup var limits: LimitOptions

    @OptionGroup var depthOptions: DepthOptions

    func validate() throws {
        if spec.isEmpty { throw ValidationError("name the spec (or give exactly one under 'specs' in .navflow.yml)") }
        if traces.isEmpty { throw ValidationError("name at least one trace with --trace FILE") }
        if maxTraceLine < 64 { throw ValidationError("--max-trace-line must be at least 64 bytes") }
        for gate in failUnder {
            do { _ = try CoverageGate(parsing: gate) } catch { throw ValidationError(String(describing: error)) }
        }
    }

    func run() throws {
        let limits = self.limits.limits
        let gates = try failUnder.map { text throws -> CoverageGate in
            do { return try CoverageGate(parsing: text) } catch { throw ValidationError(String(describing: error)) }
        }
        let files: [String]
        switch TraceFiles.expand(traces) {
        case .success(let found): files = found
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
        let model = try SpecLoading.model(spec, depths: try depthOptions.override, inputs: try depthOptions.inputs)
        let universe = CoverageUniverse(model: model, limits: limits)
        let measurement = CoverageMeasurement(universe: universe, reader: TraceReader(maxLineBytes: maxTraceLine))
        let report: CoverageReport
        switch measurement.measure(specPath: spec, traces: files) {
        case .success(let measured): report = measured
        case .failure(let failure):
            Output.writeError(failure.errors.map { $0.description + "\n" }.joined())
            throw ExitCode(2)
        }
        let results = gates.map { $0.check(report) }
        let renderer = CoverageRenderer(report: report, gates: results, graph: ScreenGraph(model.spec))
        let svg = format == .html
            ? Graphviz.svg(ScreenGraphRenderer.dot(ScreenGraph(model.spec), highlight: renderer.highlight)) : nil
        let text = renderer.render(format, svg: svg)
        if let output {
            do { try AtomicFile.write(text, to: output) } catch { throw CommandFailure.input("\(output): \(error)") }
        } else {
            Output.write(text)
        }
        if results.contains(where: { $0.passed == nil }) {
            Output.writeError("navflow: error: a gate cannot be checked: \(universe.unavailableReason ?? "its total is unknown")\n")
            throw ExitCode(3)
        }
        if results.contains(where: { $0.passed == false }) || (!allowDrift && report.driftCount > 0) {
            throw ExitCode(1)
        }
    }
}

extension CoverageFormat: ExpressibleByArgument {}
