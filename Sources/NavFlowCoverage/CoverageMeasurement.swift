import NavFlowModel

/// Measures a spec's coverage by trace files: reads each file as a stream,
/// replays its runs on the model and collects the metrics.
public struct CoverageMeasurement: Sendable {
    public let universe: CoverageUniverse
    public var reader: TraceReader

    public init(universe: CoverageUniverse, reader: TraceReader = TraceReader()) {
        self.universe = universe
        self.reader = reader
    }

    /// The report for the given traces (read in the order given), or every
    /// error that makes a trace unreadable.
    public func measure(specPath: String, traces: [String]) -> Result<CoverageReport, TraceErrors> {
        var replayer = TraceReplayer(model: universe.model)
        var collector = CoverageCollector(universe: universe)
        var errors: [TraceError] = []
        for path in traces {
            replayer.beginFile()
            errors += reader.read(path: path) { event, location in
                collector.record(replayer.replay(event, at: location))
            }
        }
        guard errors.isEmpty else { return .failure(TraceErrors(errors: errors)) }
        return .success(collector.report(specPath: specPath, traceFiles: traces))
    }
}

/// The errors that make traces unreadable, in file and line order.
public struct TraceErrors: Error, Sendable {
    public var errors: [TraceError]
}
