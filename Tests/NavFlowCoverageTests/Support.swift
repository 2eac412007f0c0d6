import NavFlowCoverage

extension CoverageReport {
    /// `covered/total` per metric, for pinning.
    var figures: [String: String] {
        Dictionary(uniqueKeysWithValues: metrics.map { ($0.id, "\($0.covered)/\($0.total.map(String.init) ?? "?")") })
    }
}
