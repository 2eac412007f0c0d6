import NavFlowSpec

extension FlowModel {
    /// Whether a state has the shape a pattern describes: the tab, the
    /// described columns' selections and paths, and the modal stack. The
    /// pattern's `where` condition is not part of the shape (see `holds`).
    public func matchesShape(_ pattern: StatePattern, _ state: NavState) -> Bool {
        if let tab = pattern.tab, state.selectedTab != tab { return false }
        if let columns = pattern.columns {
            let slots = shape.activeSlots(selectedTab: state.selectedTab)
            guard columns.count <= slots.count else { return false }
            for (offset, column) in columns.enumerated() {
                let slot = slots.lowerBound + offset
                if let shows = column.shows {
                    guard matches(shows, state.shows[slot]) else { return false }
                } else if offset > 0 && state.shows[slot] != 0 {
                    return false
                }
                guard matches(column.path, state.paths[slot][...]) else { return false }
            }
        }
        return matches(pattern.modals[...], state.modals[...])
    }

    /// Whether a state matches a pattern: its shape and its `where` condition.
    public func matches(_ pattern: StatePattern, _ state: NavState) -> Bool {
        matchesShape(pattern, state) && (pattern.condition.map { state.holds($0) } ?? true)
    }

    private func matches(_ pattern: StatePattern.RoutePattern, _ route: Int) -> Bool {
        guard route != 0, routes.screen(of: route) == pattern.screen else { return false }
        let values = routes.values(of: route)
        return zip(pattern.arguments, values).allSatisfy { expected, value in expected == nil || expected == value }
    }

    private func matches(_ pattern: [StatePattern.PathElement], _ path: ArraySlice<Int>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        let rest = Array(pattern.dropFirst())
        switch first {
        case .route(let route):
            guard let head = path.first, matches(route, head) else { return false }
            return matches(rest, path.dropFirst())
        case .anyRun:
            var tail = path
            while true {
                if matches(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
    }

    private func matches(_ pattern: ArraySlice<StatePattern.ModalElement>, _ modals: ArraySlice<Modal>) -> Bool {
        guard let first = pattern.first else { return modals.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case .modal(let kind, let content, let path):
            guard let head = modals.first, head.kind == kind, shape.presentables[head.presentable] == content,
                  matches(path, head.path[...]) else { return false }
            return matches(rest, modals.dropFirst())
        case .anyModals:
            var tail = modals
            while true {
                if matches(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
    }
}
