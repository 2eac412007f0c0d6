import NavFlowModel

/// Pops the context's path when it is not empty.
extension PopStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        site.inContext(["  contextPop();"])
    }
}
