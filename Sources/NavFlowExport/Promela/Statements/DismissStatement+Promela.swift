import NavFlowModel

/// Pops the context's path, else closes the top modal.
extension DismissStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        site.inContext([
            "  contextStack();",
            "  if :: plen > 0 -> contextPop() :: plen == 0 && nm > 0 -> dropTopModal() :: else -> skip fi;",
        ])
    }
}
