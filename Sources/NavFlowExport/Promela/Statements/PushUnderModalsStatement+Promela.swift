import NavFlowModel
import NavFlowSpec

/// `push under modals`: `push`'s lines on the context beneath the modals
/// (`baseContext`), which is the statement's own context when none is up.
extension PushUnderModalsStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        guard site.chosenRoute != nil else { return [] }
        return ["  baseContext(\(site.origin));"] + PushStatement.pushOntoContextStack(in: program, at: site)
    }
}
