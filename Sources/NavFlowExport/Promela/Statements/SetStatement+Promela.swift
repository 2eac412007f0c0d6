import NavFlowModel

/// Sets the flag's bit.
extension SetStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        site.inContext(["  f[\(flag)] = \(value ? 1 : 0);"])
    }
}
