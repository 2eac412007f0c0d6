import NavFlowModel

/// Closes the first of the named modals that is up, with every modal above it.
extension CloseStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        program.closeFromFirstNamed(closing)
    }
}
