import NavFlowModel

/// From a split column: the next column shows the chosen route with an
/// empty path, the later columns their declared content.
extension SelectStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        guard let route = site.chosenRoute else { return [] }
        let slots = program.shape.slots
        var lines = ["  if"]
        for slot in slots.indices {
            guard let split = slots[slot].split else { continue }
            let next = slot + 1
            guard next < slots.count, slots[next].split == split, slots[next].tab == slots[slot].tab else { continue }
            var body = ["s\(next) = \(route)"] + program.clearSlot(next)
            var later = next + 1
            while later < slots.count, slots[later].split == split, slots[later].tab == slots[slot].tab {
                body += ["s\(later) = 0"] + program.clearSlot(later)
                later += 1
            }
            lines.append("  :: cx == \(slot) -> " + body.joined(separator: "; "))
        }
        lines.append("  :: else -> skip")
        lines.append("  fi;")
        return site.inContext(lines)
    }
}
