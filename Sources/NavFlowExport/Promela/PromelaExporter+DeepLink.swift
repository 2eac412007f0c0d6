import NavFlowModel
import NavFlowSpec

/// A deep link's handling in Promela: the same steps as
/// `FlowModel.handleDeepLink`, on the program's variables.
extension PromelaExporter {
    /// Handling a deep link: `cut` is set to 0 when there is no resulting
    /// state. Several handlers run one after the other, in declaration order.
    func deepLink(_ link: Int, arguments: [Int], cut: String) -> [String] {
        // With a choice, the outcome is among the arguments: only its handlers run.
        spec.deepLinks[link].handlers(running: arguments)
            .flatMap { handler($0, arguments: arguments, cut: cut) }
    }

    private func handler(_ declaration: DeepLinkHandler, arguments: [Int], cut: String) -> [String] {
        var otherwise: [String] = []
        if let statement = declaration.otherwise {
            let choice = statement.routeChoices(routes: routes, bindings: []).first?.first
            otherwise = self.statement(statement, choice: choice, origin: Self.modalContext, cut: cut)
            // The `else` runs as a step of its own: the column of the modals up as it begins.
            if hasColumns { otherwise = ["  sc2 = sc; sc = mc;"] + otherwise + ["  sc = sc2;"] }
        }
        var handled: [String] = []
        let target = declaration.target
        if !declaration.keepModals {
            handled.append("  " + Array(repeating: "if :: nm > 0 -> dropTopModal() :: else -> skip fi", count: StateShape.modalLimit).joined(separator: "; ") + ";")
        } else if !declaration.closing.isEmpty {
            handled += closeFromFirstNamed(declaration.closing)
        }
        var valid = true
        if let tab = target.tab, !declaration.keepsTab {
            handled.append("  if :: \(hidden(tab)) -> \(cut) = 0 :: else -> tab = \(tab) fi;")
        }
        if declaration.underModals, let tab = target.tab {
            // `under modals` (no `router path` here): the named tab's stack, beneath every modal.
            let slot = shape.currentStackSlot(selectedTab: tab) ?? shape.tabSlots[tab].lowerBound
            if let lines = stackPath(of: target, slot: slot, arguments: arguments, cut: cut) {
                handled += lines.map { "  \($0);" }
            } else {
                valid = false
            }
        } else if target.describesCurrentContext || declaration.underModals {
            // `*`: the top modal left up, else the content of whichever tab is selected, else the root.
            // `under modals`: the selected tab's (or the root's) stack, whatever is up.
            handled.append("  if")
            if declaration.keepModals && !declaration.underModals {
                handled.append("  :: nm > 0 -> if " + topModalContent(of: target, arguments: arguments, cut: cut)
                    .map { ":: \($0)" }.joined(separator: " ") + " fi")
            }
            if shape.tabSlots.isEmpty {
                let slot = shape.currentStackSlot(selectedTab: 0) ?? shape.rootSlots.lowerBound
                let lines = stackPath(of: target, slot: slot, arguments: arguments, cut: cut)
                handled.append("  :: else -> " + ((lines ?? ["\(cut) = 0"]) + ["skip"]).joined(separator: "; "))
            } else {
                for tab in shape.tabSlots.indices {
                    let slot = shape.currentStackSlot(selectedTab: tab) ?? shape.tabSlots[tab].lowerBound
                    let lines = stackPath(of: target, slot: slot, arguments: arguments, cut: cut)
                    let guardText = declaration.keepModals && !declaration.underModals ? "nm == 0 && tab == \(tab)" : "tab == \(tab)"
                    handled.append("  :: \(guardText) -> " + ((lines ?? ["\(cut) = 0"]) + ["skip"]).joined(separator: "; "))
                }
            }
            handled.append("  fi;")
        } else if target.describesBase(rootHasTabs: spec.rootTabView != nil) {
            let slots = target.tab.map { shape.tabSlots[$0] } ?? shape.rootSlots
            if let lines = baseContent(of: target, slots: slots, arguments: arguments, cut: cut) {
                handled += lines.map { "  \($0);" }
            } else {
                valid = false
            }
        }
        // Each modal is presented from the one before when that one is the
        // top; a covered view presents nothing (`FlowModel.handleDeepLink`).
        if !target.modals.isEmpty {
            handled.append(target.describesCurrentContext ? "  cv = 0;" : "  if :: nm > 0 -> cv = 1 :: else -> cv = 0 fi;")
        }
        for modal in target.modals where valid {
            guard let presentable = shape.presentableIndex[modal.content] else { continue }
            let path = modal.path.compactMap { routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, !pathFits(path, stack: stack) { valid = false; break }
            var append = ["mk[nm] = \(Self.kindCode(modal.kind))", "mp[nm] = \(presentable)", "mn[nm] = \(path.count)"]
            append += path.enumerated().map { "mq[nm*\(modalDepth) + \($0.offset)] = \($0.element)" }
            append += ["nm++", "cv = 0"]
            if hasColumns { append.insert(linkPresenterColumn(of: target), at: 0) }
            handled.append("  found = 0; " + (0..<StateShape.modalLimit).map { "if :: \($0) < nm && mp[\($0)] == \(presentable) -> found = 1 :: else -> skip fi" }.joined(separator: "; ") + ";")
            handled.append("  if :: found -> if :: mp[nm-1] == \(presentable) -> cv = 0 :: else -> cv = 1 fi"
                + " :: !found && cv -> skip"
                + " :: !found && !cv && nm >= \(StateShape.modalLimit) -> \(cut) = 0"
                + " :: else -> " + append.joined(separator: "; ") + " fi;")
        }
        if !valid { handled = ["  \(cut) = 0;"] }
        var lines = ["  if", "  :: !(\(condition(declaration.requires))) ->"]
        lines += otherwise.isEmpty ? ["  skip"] : otherwise.map { "  " + $0 }
        lines.append("  :: else ->")
        lines += handled.isEmpty ? ["  skip"] : handled.map { "  " + $0 }
        lines.append("  fi;")
        return lines
    }

    /// With split views: `mc` set, when no modal is up, to the column the
    /// target's first modal is presented from (`FlowModel.linkPresenterColumn`).
    private func linkPresenterColumn(of target: DeepLinkTarget) -> String {
        let tabs = shape.tabSlots.isEmpty ? [0] : Array(shape.tabSlots.indices)
        let cases = tabs.map { tab in
            let column = model.linkPresenterColumn(of: target, selectedTab: tab)
            return shape.tabSlots.isEmpty ? ":: true -> mc = \(column)" : ":: tab == \(tab) -> mc = \(column)"
        }
        return "if :: nm == 0 -> if " + cases.joined(separator: " ") + " fi :: else -> skip fi"
    }

    /// Setting the base content in `slots` (a tab's or the root's) as the
    /// target says: its paths and column selections replaced, or with
    /// `/ ...` its first path appended to, cut off at the stack's depth.
    /// Nil when the result is invalid whatever the state.
    private func baseContent(of target: DeepLinkTarget, slots: Range<Int>, arguments: [Int], cut: String) -> [String]? {
        if target.appends { return stackPath(of: target, slot: slots.lowerBound, arguments: arguments, cut: cut) }
        var lines: [String] = []
        for (offset, slot) in slots.enumerated() {
            let column = offset < target.columns.count ? target.columns[offset] : nil
            let shows = column?.shows.flatMap { routes.expand($0, bindings: arguments).first } ?? 0
            let path = column?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
            if !path.isEmpty {
                guard let stack = stackOfSlot(slot), pathFits(path, stack: stack) else { return nil }
            }
            if slotHasShows(slot) { lines.append("s\(slot) = \(shows)") }
            lines += setSlotPath(slot, path)
        }
        return lines
    }

    /// The target's first path set on the stack in `slot` alone, or with
    /// `/ ...` appended to it and cut off at its depth; nil when the result
    /// is invalid (routes for a slot that is not a stack, or that its stack
    /// does not take).
    private func stackPath(of target: DeepLinkTarget, slot: Int, arguments: [Int], cut: String) -> [String]? {
        let path = target.columns.first?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
        guard let stack = stackOfSlot(slot) else { return path.isEmpty ? [] : nil }
        guard pathFits(path, stack: stack) else { return nil }
        guard target.appends else { return setSlotPath(slot, path) }
        guard !path.isEmpty else { return [] }
        let appended = path.map { "p\(slot)[n\(slot)] = \($0); n\(slot)++" }.joined(separator: "; ")
        return ["if :: n\(slot) + \(path.count) > \(spec.stacks[stack].depth) -> \(cut) = 0 :: else -> \(appended) fi"]
    }

    /// `*` with a modal left up: one option per presentable the top modal
    /// may be, replacing or appending to its path.
    private func topModalContent(of target: DeepLinkTarget, arguments: [Int], cut: String) -> [String] {
        let path = target.columns.first?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
        var options: [String] = []
        for (presentable, content) in shape.presentables.enumerated() {
            let test = "mp[nm-1] == \(presentable) -> "
            guard case .stack(let stack) = content else {
                options.append(test + (path.isEmpty ? "skip" : "\(cut) = 0"))
                continue
            }
            guard pathFits(path, stack: stack) else {
                options.append(test + "\(cut) = 0")
                continue
            }
            let cell = "mq[(nm-1)*\(modalDepth) + mn[nm-1]]"
            if target.appends {
                guard !path.isEmpty else { options.append(test + "skip"); continue }
                let appended = path.map { "\(cell) = \($0); mn[nm-1]++" }.joined(separator: "; ")
                options.append(test + "if :: mn[nm-1] + \(path.count) > \(spec.stacks[stack].depth) -> \(cut) = 0 :: else -> \(appended) fi")
            } else {
                let cells = (0..<modalDepth).map { "mq[(nm-1)*\(modalDepth) + \($0)] = \($0 < path.count ? path[$0] : 0)" }
                options.append(test + (cells + ["mn[nm-1] = \(path.count)"]).joined(separator: "; "))
            }
        }
        options.append("else -> skip")
        return options
    }

    func pathFits(_ path: [Int], stack: Int) -> Bool {
        path.count <= spec.stacks[stack].depth && path.allSatisfy { spec.stacks[stack].destinations.contains(routes.screen(of: $0)) }
    }
}

extension PromelaExporter {
    /// `close NAME, ...` (a link's or a statement's): from the first named
    /// modal up, every modal goes.
    func closeFromFirstNamed(_ closing: [Content]) -> [String] {
        let named = closing.compactMap { shape.presentableIndex[$0] }
        guard !named.isEmpty else { return [] }
        return (0..<StateShape.modalLimit).map { index in
            let isNamed = named.map { "mp[\(index)] == \($0)" }.joined(separator: " || ")
            let drops = Array(repeating: "if :: nm > \(index) -> dropTopModal() :: else -> skip fi",
                              count: StateShape.modalLimit - index).joined(separator: "; ")
            return "  if :: nm > \(index) && (\(isNamed)) -> \(drops) :: else -> skip fi;"
        }
    }
}
