#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// A state pattern (`FlowModel.matches`) as a term over one state: the tab,
/// the columns' paths and the modal stack matched place by place for each
/// length they may have, and the `where` condition.
struct StatePatternTerm {
    let layout: StateLayout
    let terms: Terms
    let inputs: InputTerms
    private var model: FlowModel { layout.model }

    func term(_ pattern: StatePattern, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        let run = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state)
        var parts: [Z3Term] = []
        if let tab = pattern.tab { parts.append(try run.selects(tab, in: state)) }
        if let columns = pattern.columns {
            // The columns of the selected tab (or of the root).
            var cases: [Z3Term] = []
            let tabs: [(Z3Term, Range<Int>)] = model.shape.tabCount > 0
                ? try model.shape.tabSlots.enumerated().map { tab, slots throws(Z3Error) in (try run.selects(tab, in: state), slots) }
                : [(terms.yes, model.shape.rootSlots)]
            for (selected, slots) in tabs {
                guard columns.count <= slots.count else { continue }
                var matched = [selected]
                for (offset, column) in columns.enumerated() {
                    let slot = slots.lowerBound + offset
                    if let shows = column.shows {
                        matched.append(try matches(shows, state.shows[slot]))
                    } else if offset > 0 {
                        matched.append(try terms.equal(state.shows[slot], 0, width: layout.routeWidth))
                    }
                    matched.append(try self.matches(column.path, state.paths[slot]))
                }
                cases.append(try terms.and(matched))
            }
            parts.append(try terms.or(cases))
        }
        parts.append(try matches(pattern.modals, state))
        parts.append(try run.holds(pattern.condition, in: state))
        return try terms.and(parts)
    }

    /// Whether a route term shows a route the pattern describes.
    private func matches(_ pattern: StatePattern.RoutePattern, _ route: Z3Term) throws(Z3Error) -> Z3Term {
        var cases: [Z3Term] = []
        for id in 1...max(1, model.routes.count) where id <= model.routes.count {
            guard model.routes.screen(of: id) == pattern.screen,
                  zip(pattern.arguments, model.routes.values(of: id)).allSatisfy({ $0 == nil || $0 == $1 }) else { continue }
            cases.append(try terms.equal(route, id, width: layout.routeWidth))
        }
        return try terms.or(cases)
    }

    /// Whether a path matches: for each length it may have, the elements
    /// against the routes at fixed places.
    private func matches(_ pattern: [StatePattern.PathElement], _ path: SymbolicPath) throws(Z3Error) -> Z3Term {
        var cases: [Z3Term] = []
        for length in 0...path.depth {
            var memo: [Int: Z3Term] = [:]
            // Elements from `element` on against places from `place` to `length`.
            func rest(_ element: Int, _ place: Int) throws(Z3Error) -> Z3Term {
                let key = element * (length + 1) + place
                if let known = memo[key] { return known }
                let result: Z3Term
                if element == pattern.count {
                    result = terms.bool(place == length)
                } else {
                    switch pattern[element] {
                    case .route(let route):
                        result = place < length
                            ? try terms.and([matches(route, path.routes[place]), rest(element + 1, place + 1)]) : terms.no
                    case .anyRun:
                        var options: [Z3Term] = []
                        for skip in place...length { options.append(try rest(element + 1, skip)) }
                        result = try terms.or(options)
                    }
                }
                memo[key] = result
                return result
            }
            cases.append(try terms.and([terms.equal(path.length, length, width: path.lengthWidth), rest(0, 0)]))
        }
        return try terms.or(cases)
    }

    /// Whether the modal stack matches, bottom first, for each number of modals.
    private func matches(_ pattern: [StatePattern.ModalElement], _ state: SymbolicState) throws(Z3Error) -> Z3Term {
        var cases: [Z3Term] = []
        for count in 0...layout.modalPlaces {
            var memo: [Int: Z3Term] = [:]
            func rest(_ element: Int, _ index: Int) throws(Z3Error) -> Z3Term {
                let key = element * (count + 1) + index
                if let known = memo[key] { return known }
                let result: Z3Term
                if element == pattern.count {
                    result = terms.bool(index == count)
                } else {
                    switch pattern[element] {
                    case .modal(let kind, let content, let path):
                        if index < count, let presentable = model.shape.presentableIndex[content] {
                            let modal = state.modals[index]
                            result = try terms.and([
                                terms.equal(modal.kind, StateLayout.code(of: kind), width: StateLayout.kindWidth),
                                terms.equal(modal.presentable, presentable, width: layout.presentableWidth),
                                matches(path, modal.path), rest(element + 1, index + 1),
                            ])
                        } else {
                            result = terms.no
                        }
                    case .anyModals:
                        var options: [Z3Term] = []
                        for skip in index...count { options.append(try rest(element + 1, skip)) }
                        result = try terms.or(options)
                    }
                }
                memo[key] = result
                return result
            }
            cases.append(try terms.and([terms.equal(state.count, count, width: layout.countWidth), rest(0, 0)]))
        }
        return try terms.or(cases)
    }
}
#endif
