import NavFlowModel

/// Nothing: pushing a stack is not a navigation of the app.
extension PushStackStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        []
    }
}
