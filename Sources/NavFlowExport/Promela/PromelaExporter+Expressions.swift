import NavFlowModel
import NavFlowSpec

/// Promela expressions: conditions, tab visibility, which context is
/// active and which route it shows.
extension PromelaExporter {
    func condition(_ condition: Condition?) -> String {
        guard let condition else { return "1" }
        switch condition {
        case .constant(let value): return value ? "1" : "0"
        case .flag(let index): return "f[\(index)]"
        case .input(let index): return relevant.firstIndex(of: index).map { "inp[\($0)]" } ?? "0"
        case .not(let operand): return "!(\(self.condition(operand)))"
        case .and(let lhs, let rhs): return "(\(self.condition(lhs)) && \(self.condition(rhs)))"
        case .or(let lhs, let rhs): return "(\(self.condition(lhs)) || \(self.condition(rhs)))"
        case .equal(let lhs, let rhs): return "((\(self.condition(lhs))) == (\(self.condition(rhs))))"
        }
    }

    func hidden(_ tab: Int) -> String {
        condition(spec.rootTabView?.tabs[tab].hiddenIf ?? .constant(false))
    }

    func active(_ context: Int) -> String {
        if context == Self.modalContext { return "nm > 0" }
        if let tab = shape.slots[context].tab { return "nm == 0 && tab == \(tab)" }
        return "nm == 0"
    }

    func top(_ array: String) -> String { "\(array)[nm-1]" }

    /// Whether the route on screen in a context is `route`.
    func visibleIs(_ context: Int, _ route: Int) -> String {
        if context == Self.modalContext {
            let roots = shape.presentables.indices.filter { rootRoute(of: shape.presentables[$0]) == route }
            let rootTest = roots.isEmpty ? "0" : roots.map { "\(top("mp")) == \($0)" }.joined(separator: " || ")
            guard modalDepth > 0 else { return "(\(rootTest))" }
            return "(\(top("mn")) > 0 -> mq[(nm-1)*\(modalDepth) + \(top("mn"))-1] == \(route) : (\(rootTest)))"
        }
        let declared = rootRoute(of: shape.slots[context].declared) == route ? "1" : "0"
        let base = slotHasShows(context) ? "(s\(context) != 0 -> s\(context) == \(route) : \(declared))" : declared
        guard slotDepth(context) > 0 else { return "(\(base))" }
        return "(n\(context) > 0 -> p\(context)[n\(context)-1] == \(route) : \(base))"
    }

    /// Whether route `value` is one of the screens `condition` gives a
    /// condition (a constant `true`, or a condition that must hold), as a
    /// disjunction to parenthesize: "0" when it gives none. What is locked,
    /// what hides its back button.
    func isRoute(_ value: String, ofScreensWhere condition: (Screen) -> Condition?) -> String {
        let tests = spec.screens.indices.compactMap { screen -> String? in
            guard let holds = condition(spec.screens[screen]) else { return nil }
            let low = routes.base[screen]
            let high = low + routes.domains[screen].reduce(1, *) - 1
            let test = "(\(value) >= \(low) && \(value) <= \(high))"
            return holds == .constant(true) ? test : "(\(test) && \(self.condition(holds)))"
        }
        return tests.isEmpty ? "0" : tests.joined(separator: " || ")
    }

    /// Whether the screen on top of the top modal is locked (while its
    /// `locked if` condition holds).
    func topModalLocked() -> String {
        guard spec.screens.contains(where: { $0.lock != nil }) else { return "0" }
        /// The screen's lock condition joined to a test, when it has one.
        func whileLocked(_ screen: Int, _ test: String) -> String {
            guard let lock = spec.screens[screen].lockedWhile else { return test }
            return "(\(test) && \(condition(lock)))"
        }
        let roots = shape.presentables.indices.compactMap { presentable -> String? in
            let screen = routes.screen(of: rootRoute(of: shape.presentables[presentable]))
            guard spec.screens[screen].lock != nil else { return nil }
            return whileLocked(screen, "\(top("mp")) == \(presentable)")
        }
        let rootTest = roots.isEmpty ? "0" : roots.joined(separator: " || ")
        guard modalDepth > 0 else { return "(\(rootTest))" }
        return "(\(top("mn")) > 0 -> (\(isRoute("mq[(nm-1)*\(modalDepth) + \(top("mn"))-1]", ofScreensWhere: \.lock))) : (\(rootTest)))"
    }
}
