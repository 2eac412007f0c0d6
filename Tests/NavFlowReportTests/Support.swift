import Foundation
import NavFlowCoverage
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// Paths inside the repository, found from this file's location.
enum Repository {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}

/// The model of spec text held in memory.
func model(_ text: String) throws -> FlowModel {
    let output = Frontend.load(SourceFile(path: "test.navflow", text: text))
    guard let spec = output.spec else {
        throw SpecError(messages: output.diagnostics.map { "\($0.range.start): \($0.message)" })
    }
    return try FlowModel(spec)
}

struct SpecError: Error {
    var messages: [String]
}

/// Replays trace text held in memory (one file) and returns the report.
func coverage(of model: FlowModel, trace: String, file: String = "run.jsonl") -> (report: CoverageReport, errors: [TraceError]) {
    let universe = CoverageUniverse(model: model)
    var replayer = TraceReplayer(model: model)
    var collector = CoverageCollector(universe: universe)
    let errors = TraceReader().read(bytes: Array(trace.utf8), file: file) { event, location in
        collector.record(replayer.replay(event, at: location))
    }
    return (collector.report(specPath: "test.navflow", traceFiles: [file]), errors)
}
