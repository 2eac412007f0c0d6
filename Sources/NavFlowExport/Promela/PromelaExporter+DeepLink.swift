import NavFlowModel
import NavFlowSpec

/// A deep link's handling in Promela: the same steps as
/// `FlowModel.handleDeepLink`, on the program's variables.
extension PromelaExporter {
    /// Handling a deep link: `cut` is set to 0 when there is no resulting state.
    func deepLink(_ link: Int, arguments: [Int], cut: String) -> [String] {
        let declaration = spec.deepLinks[link]
        var otherwise: [String] = []
        if let statement = declaration.otherwise {
            let choice = statement.routeChoices(routes: routes, bindings: []).first?.first
            otherwise = self.statement(statement, choice: choice, origin: Self.modalContext, cut: cut)
        }
        var handled: [String] = []
        let target = declaration.target
        if !declaration.keepModals {
            handled.append("  " + Array(repeating: "if :: nm > 0 -> dropTopModal() :: else -> skip fi", count: StateShape.modalLimit).joined(separator: "; ") + ";")
        }
        var valid = true
        if let tab = target.tab {
            handled.append("  if :: \(hidden(tab)) -> \(cut) = 0 :: else -> tab = \(tab) fi;")
        }
        if spec.rootTabView == nil || target.tab != nil {
            let slots = target.tab.map { shape.tabSlots[$0] } ?? shape.rootSlots
            for (offset, slot) in slots.enumerated() {
                let column = offset < target.columns.count ? target.columns[offset] : nil
                let shows = column?.shows.flatMap { routes.expand($0, bindings: arguments).first } ?? 0
                let path = column?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
                if !path.isEmpty {
                    guard let stack = stackOfSlot(slot), pathFits(path, stack: stack) else { valid = false; break }
                }
                if slotHasShows(slot) { handled.append("  s\(slot) = \(shows);") }
                handled += setSlotPath(slot, path).map { "  \($0);" }
            }
        }
        for modal in target.modals where valid {
            guard let presentable = shape.presentableIndex[modal.content] else { continue }
            let path = modal.path.compactMap { routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, !pathFits(path, stack: stack) { valid = false; break }
            var append = ["mk[nm] = \(Self.kindCode(modal.kind))", "mp[nm] = \(presentable)", "mn[nm] = \(path.count)"]
            append += path.enumerated().map { "mq[nm*\(modalDepth) + \($0.offset)] = \($0.element)" }
            append.append("nm++")
            handled.append("  found = 0; " + (0..<StateShape.modalLimit).map { "if :: \($0) < nm && mp[\($0)] == \(presentable) -> found = 1 :: else -> skip fi" }.joined(separator: "; ") + ";")
            handled.append("  if :: found -> skip :: !found && nm >= \(StateShape.modalLimit) -> \(cut) = 0 :: else -> " + append.joined(separator: "; ") + " fi;")
        }
        if !valid { handled = ["  \(cut) = 0;"] }
        var lines = ["  if", "  :: !(\(condition(declaration.requires))) ->"]
        lines += otherwise.isEmpty ? ["  skip"] : otherwise.map { "  " + $0 }
        lines.append("  :: else ->")
        lines += handled.isEmpty ? ["  skip"] : handled.map { "  " + $0 }
        lines.append("  fi;")
        return lines
    }

    func pathFits(_ path: [Int], stack: Int) -> Bool {
        path.count <= spec.stacks[stack].depth && path.allSatisfy { spec.stacks[stack].destinations.contains(routes.screen(of: $0)) }
    }
}
