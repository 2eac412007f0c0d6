import NavFlowModel
import NavFlowSpec

/// The program's inline macros: backups of the state, the context a
/// statement acts on and the stack operations on it, closing the top modal
/// and presenting one.
extension PromelaExporter {
    func inlineMacros() -> [String] {
        var lines: [String] = []
        for level in 0...1 {
            lines.append("inline save\(level)() {")
            lines += copy(from: "", to: "b\(level)_")
            lines.append("}")
            lines.append("inline restore\(level)() {")
            lines += copy(from: "b\(level)_", to: "")
            lines.append("}")
        }
        // The context a statement acts on: the top modal, else the origin slot
        // when it is on screen, else the first slot of the selected tab.
        lines.append("inline context(origin) {")
        lines.append("  if")
        lines.append("  :: nm > 0 -> cx = \(Self.modalContext)")
        // With split views: the column `column` of the selected tab, else its first slot.
        func slot(column: String?) -> [String] {
            func pick(_ slots: Range<Int>) -> String {
                guard let column, slots.count > 1 else { return "cx = \(slots.lowerBound)" }
                return "if :: \(column) < \(slots.count) -> cx = \(slots.lowerBound) + \(column) :: else -> cx = \(slots.lowerBound) fi"
            }
            if shape.tabSlots.isEmpty { return [pick(shape.rootSlots)] }
            var lines = ["if"]
            for (tab, slots) in shape.tabSlots.enumerated() { lines.append(":: tab == \(tab) -> \(pick(slots))") }
            lines.append(":: else -> cx = 0")
            lines.append("fi")
            return lines
        }
        // The context once the step closed every modal: the column that
        // presented them, as the step began.
        let firstSlot = slot(column: hasColumns ? "sc" : nil)
        let activeOrigin: String = shape.tabSlots.isEmpty
            ? "origin != \(Self.modalContext)"
            : "origin != \(Self.modalContext) && (" + shape.tabSlots.enumerated().map { tab, slots in
                "(tab == \(tab) && origin >= \(slots.lowerBound) && origin < \(slots.upperBound))"
            }.joined(separator: " || ") + ")"
        lines.append("  :: nm == 0 && \(activeOrigin) -> cx = origin")
        lines.append("  :: else -> " + firstSlot.joined(separator: " "))
        lines.append("  fi")
        lines.append("}")
        if usesPushUnderModals {
            // The context beneath every modal: the origin slot when it is on
            // screen, else the first slot of the selected tab.
            lines.append("inline baseContext(origin) {")
            lines.append("  if")
            lines.append("  :: \(activeOrigin) -> cx = origin")
            // With no modal left up it is a plain push (the step's presenter column).
            let beneath = hasColumns
                ? ["if :: nm == 0 ->"] + slot(column: "sc") + [":: else ->"] + slot(column: "mc") + ["fi"]
                : slot(column: nil)
            lines.append("  :: else -> " + beneath.joined(separator: " "))
            lines.append("  fi")
            lines.append("}")
        }
        // The stack shown in the context (255: none), and its path length.
        lines.append("inline contextStack() {")
        lines.append("  if")
        var modalCases: [String] = []
        for stack in spec.stacks.indices {
            if let presentable = presentable(ofStack: stack) { modalCases.append(":: mp[nm-1] == \(presentable) -> st = \(stack)") }
        }
        modalCases.append(":: else -> st = 255")
        lines.append("  :: cx == \(Self.modalContext) -> if " + modalCases.joined(separator: " ") + " fi; plen = mn[nm-1]")
        for slot in shape.slots.indices {
            if let stack = stackOfSlot(slot) {
                lines.append("  :: cx == \(slot) -> st = \(stack); plen = n\(slot)")
            }
        }
        lines.append("  :: else -> st = 255; plen = 0")
        lines.append("  fi")
        lines.append("}")
        lines += pathMacro("contextPush(route)",
                           modal: ":: cx == \(Self.modalContext) -> mq[(nm-1)*\(modalDepth) + mn[nm-1]] = route; mn[nm-1]++",
                           slot: { ":: cx == \($0) -> p\($0)[n\($0)] = route; n\($0)++" })
        lines += pathMacro("contextPop()",
                           modal: ":: cx == \(Self.modalContext) && mn[nm-1] > 0 -> mn[nm-1]--; mq[(nm-1)*\(modalDepth) + mn[nm-1]] = 0",
                           slot: { ":: cx == \($0) && n\($0) > 0 -> n\($0)--; p\($0)[n\($0)] = 0" })
        lines.append("inline contextClear() {")
        // Loops are unrolled: SPIN rejects a `break` (and so `for`) inside a d_step.
        lines.append("  " + Array(repeating: "if :: plen > 0 -> contextPop(); plen-- :: else -> skip fi", count: max(modalDepth, 1)).joined(separator: "; "))
        lines.append("}")
        lines.append("inline dropTopModal() {")
        lines.append("  nm--; mk[nm] = 0; mp[nm] = 0; mn[nm] = 0" + (0..<modalDepth).map { "; mq[nm*\(modalDepth) + \($0)] = 0" }.joined() + (hasColumns ? "; if :: nm == 0 -> mc = 0 :: else -> skip fi" : ""))
        lines.append("}")
        lines.append("inline present(kind, which, cut) {")
        lines.append("  found = 0; " + (0..<StateShape.modalLimit).map { "if :: \($0) < nm && mp[\($0)] == which -> found = 1 :: else -> skip fi" }.joined(separator: "; "))
        // The bottom modal remembers the column of the selected tab that presented it.
        var remember = ""
        if hasColumns {
            let tabs = shape.tabSlots.isEmpty ? [(nil as Int?, shape.rootSlots)] : shape.tabSlots.enumerated().map { (Optional($0), $1) }
            remember = "if " + tabs.map { tab, slots in
                ":: nm == 0 && \(tab.map { "tab == \($0) && " } ?? "")cx >= \(slots.lowerBound) && cx < \(slots.upperBound) -> mc = cx - \(slots.lowerBound)"
            }.joined(separator: " ") + " :: else -> skip fi; "
        }
        lines.append("  if :: found -> skip :: !found && nm >= \(StateShape.modalLimit) -> cut = 0 :: else -> \(remember)mk[nm] = kind; mp[nm] = which; nm++ fi")
        lines.append("}")
        return lines
    }

    /// Whether a tab (or the root) shows several columns: modals then
    /// remember the column that presented them (`mc`).
    var hasColumns: Bool {
        (shape.tabSlots + [shape.rootSlots]).contains { $0.count > 1 }
    }

    /// Whether some statement pushes under modals (`baseContext` is then needed).
    private var usesPushUnderModals: Bool {
        let statements = spec.screens.flatMap { $0.edges.flatMap(\.statements) } + spec.launch.map(\.statement)
            + spec.deepLinks.flatMap(\.handlers).compactMap(\.otherwise)
        return statements.contains { if case .pushUnderModals = $0.kind { true } else { false } }
    }

    /// An inline macro that acts on the path of the context's stack: one
    /// branch for the top modal's path (when modals hold paths) and one per
    /// slot with a stack, else nothing.
    private func pathMacro(_ signature: String, modal: String, slot: (Int) -> String) -> [String] {
        var lines = ["inline \(signature) {", "  if"]
        if modalDepth > 0 { lines.append("  " + modal) }
        for index in shape.slots.indices where slotDepth(index) > 0 { lines.append("  " + slot(index)) }
        lines += ["  :: else -> skip", "  fi", "}"]
        return lines
    }
}
