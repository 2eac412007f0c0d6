import NavFlowCoverage
import NavFlowModel

/// Replays trace text held in memory (one file) and returns the report.
public func coverage(of model: FlowModel, trace: String, file: String = "run.jsonl") -> (report: CoverageReport, errors: [TraceError]) {
    let universe = CoverageUniverse(model: model)
    var replayer = TraceReplayer(model: model)
    var collector = CoverageCollector(universe: universe)
    let errors = TraceReader().read(bytes: Array(trace.utf8), file: file) { event, location in
        collector.record(replayer.replay(event, at: location))
    }
    return (collector.report(specPath: "test.navflow", traceFiles: [file]), errors)
}
