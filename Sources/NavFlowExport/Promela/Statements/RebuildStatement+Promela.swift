import NavFlowModel
import NavFlowSpec

/// Empties every slot's path and selection and closes every modal
/// (unrolled: SPIN rejects loops with `break` inside a d_step).
extension RebuildStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        var lines: [String] = []
        for slot in program.shape.slots.indices {
            let clear = program.clearSlot(slot) + (program.slotHasShows(slot) ? ["s\(slot) = 0"] : [])
            if !clear.isEmpty { lines.append("  " + clear.joined(separator: "; ") + ";") }
        }
        lines.append("  " + Array(repeating: "if :: nm > 0 -> dropTopModal() :: else -> skip fi",
                                  count: StateShape.modalLimit).joined(separator: "; ") + ";")
        return lines
    }
}
