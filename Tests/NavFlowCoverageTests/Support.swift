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

/// The model of a spec file of the repository.
func model(ofFile relative: String) throws -> FlowModel {
    let data = FileManager.default.contents(atPath: Repository.path(relative)) ?? Data()
    return try model(SourceFile(path: relative, bytes: [UInt8](data)))
}

/// The model of spec text held in memory.
func model(_ text: String) throws -> FlowModel {
    try model(SourceFile(path: "test.navflow", text: text))
}

private func model(_ file: SourceFile) throws -> FlowModel {
    let output = Frontend.load(file)
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

extension CoverageReport {
    /// `covered/total` per metric, for pinning.
    var figures: [String: String] {
        Dictionary(uniqueKeysWithValues: metrics.map { ($0.id, "\($0.covered)/\($0.total.map(String.init) ?? "?")") })
    }
}
