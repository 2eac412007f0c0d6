import NavFlowModel
import NavFlowSpec

/// The `present` helper: nothing when the content is up, the step cut off
/// beyond the modal limit.
extension PresentStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        guard let presentable = program.shape.presentableIndex[content] else { return [] }
        return site.inContext(["  present(\(PromelaExporter.kindCode(kind)), \(presentable), \(site.cut));"])
    }
}
