import ArgumentParser
import Foundation
import NavFlowCheck
import NavFlowCoverage
import NavFlowIO
import NavFlowReport
import NavFlowSearch

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan a small set of tests that take every declared edge and deep link and run every hook.",
        discussion: """
            Prints the tests as numbered steps; with --output DIR, also writes \
            each as a trace (DIR/test-01.jsonl, ...; earlier test-*.jsonl files \
            there are removed) that `navflow coverage` \
            replays to 100% of the edges and deep links that can be taken. \
            Exit codes: 0 a plan was made; 2 the spec or an option is wrong; \
            3 a limit stopped the exploration or the planning (what was done \
            by then is printed to standard error).
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The spec file (default: the one spec 'specs' of .navflow.yml names).", valueName: "spec"))
    var givenSpec: String?

    @OptionGroup var configured: ConfiguredPaths

    /// The spec given, else the one the configuration file names.
    var spec: String { givenSpec ?? (configured.specs.count == 1 ? configured.specs[0] : "") }

    @Option(help: "Write each test as a trace in this directory.")
    var output: String?

    @Option(help: "The most steps a test takes before the plan starts another.")
    var maxSteps: Int = 40

    @Option(help: ArgumentHelp(
        "How to explore: automatic (store the tabs that are not selected parked, as verify does, when they can be; each test is lifted to a path of the app), full (every state) or plain (every state, with the plain explorer).",
        valueName: "mode"))
    var exploration: Verifier.Exploration = .automatic

    @OptionGroup var limits: LimitOptions

    @OptionGroup var depthOptions: DepthOptions

    func validate() throws {
        if spec.isEmpty { throw ValidationError("name the spec (or give exactly one under 'specs' in .navflow.yml)") }
        if maxSteps < 1 { throw ValidationError("--max-steps must be at least 1") }
    }

    func run() throws {
        let limits = self.limits.limits
        let model = try SpecLoading.model(spec, depths: try depthOptions.override, inputs: try depthOptions.inputs)
        var explorer = Explorer(limits: limits)
        explorer.parksInactiveTabs = exploration == .automatic && TabIndependence(model: model, metWithAModalUp: []).holds
        let (graph, stopped) = exploration == .plain
            ? PlainExplorer(limits: limits).exploreUntilLimit(model)
            : explorer.exploreUntilLimit(model)
        let plan: TestPlan
        do throws(Explorer.LimitReached) {
            if let stopped { throw stopped }
            var budget = ResourceBudget(limits)
            plan = try TestPlanner(maxStepsPerPath: maxSteps).plan(graph, within: &budget)
        } catch {
            StoppedRun.write("planning", limit: error, states: graph.tree.count, transitions: graph.transitionCount, limits: limits)
            throw ExitCode(3)
        }
        let writer = PlanTraceWriter(model: model)
        if let output {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                // Traces of an earlier plan would be replayed with this one's.
                for name in try FileManager.default.contentsOfDirectory(atPath: output)
                where name.hasPrefix("test-") && name.hasSuffix(".jsonl") {
                    try FileManager.default.removeItem(atPath: output + "/" + name)
                }
                for (index, path) in plan.paths.enumerated() {
                    let text = writer.lines(for: path).map { $0.text + "\n" }.joined()
                    try AtomicFile.write(text, to: output + "/" + TestPlanText.traceName(index))
                }
            } catch {
                throw CommandFailure.input("\(output): cannot write the traces: \(error.localizedDescription)")
            }
        }
        Output.write(TestPlanText(model: model, plan: plan, specPath: spec).render(traceDirectory: output))
    }
}
