import NavFlowModel

/// Pops the context's whole path (unrolled: `contextClear`).
extension PopToRootStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        site.inContext(["  contextStack(); contextClear();"])
    }
}
