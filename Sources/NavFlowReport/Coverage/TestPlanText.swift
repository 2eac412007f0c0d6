import NavFlowCheck
import NavFlowCoverage
import NavFlowModel
import NavFlowQuery

/// A test plan in words: one numbered list of steps per test.
public struct TestPlanText: Sendable {
    public let model: FlowModel
    public let plan: TestPlan
    public let specPath: String

    public init(model: FlowModel, plan: TestPlan, specPath: String) {
        self.model = model
        self.plan = plan
        self.specPath = specPath
    }

    /// The file name of test `index` (0-based) in a trace directory.
    public static func traceName(_ index: Int) -> String {
        let number = String(index + 1)
        return "test-" + String(repeating: "0", count: max(0, 2 - number.count)) + number + ".jsonl"
    }

    public func render(traceDirectory: String? = nil) -> String {
        let spec = model.spec
        let edges = plan.covered.filter { if case .edge = $0 { return true } else { return false } }.count
        let links = plan.covered.count - edges
        let edgeTotal = spec.screens.reduce(0) { $0 + $1.edges.count }
        let hookTotal = model.appearHooks.count
        let dismissalTotal = model.dismissHooks.count
        // Hooks are named only in the plan of a spec that has them.
        var runs: [String] = []
        if hookTotal > 0 { runs.append("\(plan.coveredHooks.count) of \(hookTotal) appear hooks") }
        if dismissalTotal > 0 { runs.append("\(plan.coveredDismissHooks.count) of \(dismissalTotal) dismissal hooks") }
        let takes = runs.isEmpty
            ? "Takes \(edges) of \(edgeTotal) declared edges and \(links) of \(spec.deepLinks.count) deep links."
            : "Takes \(edges) of \(edgeTotal) declared edges and \(links) of \(spec.deepLinks.count) deep links, and runs \(runs.joined(separator: " and "))."
        var lines = ["Test plan for \(spec.appName) (\(specPath)): \(CoverageText.plural(plan.paths.count, "test")), \(CoverageText.plural(plan.stepCount, "step"))",
                     takes]
        let builder = WitnessBuilder(model: model)
        for (index, path) in plan.paths.enumerated() {
            let witness = builder.witness(path.steps, inputs: path.inputs)
            var title = "Test \(index + 1)"
            if !witness.inputs.isEmpty {
                title += " (inputs: " + witness.inputs.map { "\($0.name) = \($0.value)" }.joined(separator: ", ") + ")"
            }
            if let traceDirectory { title += ", trace \(traceDirectory)/\(Self.traceName(index))" }
            lines += ["", title]
            for (number, step) in witness.steps.enumerated() { lines.append("  \(number + 1). \(step.text)") }
        }
        if !plan.uncoverable.isEmpty {
            lines += ["", "No test can take these (no reachable state takes them; see `navflow verify`):"]
            for kind in plan.uncoverable { lines.append("  \(kind.text(in: spec))") }
        }
        func hookLines(_ hooks: [(kind: String, screen: Int, line: Int)]) -> [String] {
            hooks.map { "  \($0.kind) hook of \(spec.screens[$0.screen].name) (line \($0.line))" }
        }
        let appear = { (hooks: [AppearHookID]) in
            hooks.map { (kind: "appear", screen: $0.screen, line: spec.screens[$0.screen].hooks[$0.hook].keyword.start.line) }
        }
        let dismissal = { (hooks: [DismissHookID]) in
            hooks.map { (kind: "dismissal", screen: $0.screen, line: spec.screens[$0.screen].dismissHooks[$0.hook].keyword.start.line) }
        }
        let lists = [
            (appear(plan.uncoverableHooks), "No test can run these appear hooks (no reachable step shows their screen while their condition holds):"),
            (appear(plan.indistinguishableHooks), "No trace can show these appear hooks run: the steps that run them replay, from their events, to other steps:"),
            (dismissal(plan.uncoverableDismissHooks), "No test can run these dismissal hooks (no reachable step closes their modal while their condition holds):"),
            (dismissal(plan.indistinguishableDismissHooks), "No trace can show these dismissal hooks run: the steps that run them replay, from their events, to other steps:"),
        ]
        for (hooks, title) in lists where !hooks.isEmpty {
            lines += ["", title]
            lines += hookLines(hooks)
        }
        if !plan.indistinguishable.isEmpty {
            lines += ["", "No trace can credit these: an earlier edge of the same screen has the same effect (give them labels), or they change nothing where they can be taken:"]
            for kind in plan.indistinguishable { lines.append("  \(kind.text(in: spec))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
