import NavFlowModel

/// Selects the tab unless it is hidden; nothing without a root tab view.
extension SelectTabStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        guard program.spec.rootTabView != nil else { return [] }
        return site.inContext(["  if :: \(program.hidden(tab)) -> skip :: else -> tab = \(tab) fi;"])
    }
}
