#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// Deep links lowered: what the handlers do (`FlowModel.handleDeepLink`
/// with its decider), each branch the explicit handler takes on the state
/// guarded by its condition. The link and its values are known when the
/// relation is built: an `open`'s URL is a constant, and a deep-link step
/// (`--deeplinks`) is one disjunct per link and argument values.
///
/// An `open` whose handling fails (a hidden tab, a path the stack does
/// not register or is too short for, a modal past the limit, an `else`
/// cut off) leaves the state as it was: `OpenStatement` keeps only a
/// result. Its `else`'s `rebuild` still counts (its fact is kept), unless
/// an earlier handler of the link had already failed.
extension SymbolicRun {
    mutating func open(_ url: String) throws(Z3Error) {
        guard let (link, arguments) = OpenStatement(url: url).link(in: spec) else { return }
        let before = state
        let failed = try handleDeepLink(link, arguments: arguments)
        state = try SymbolicState.choose(failed, before, state, terms: terms)
    }

    /// Deep link `link` with these values handled on the state
    /// (`FlowModel.handleDeepLink` with its decider): its handlers in
    /// declaration order, each on the result of the one before. Returns
    /// the condition under which it has no result; the state is then
    /// meaningless (`open` keeps the one before, a step is not taken).
    mutating func handleDeepLink(_ link: Int, arguments: [Int]) throws(Z3Error) -> Z3Term {
        var failed = terms.no
        for handler in spec.deepLinks[link].handlers(running: arguments) {
            let failure = try handle(handler, arguments: arguments, skipped: failed)
            failed = try terms.or([failed, failure])
        }
        return failed
    }

    /// One handler on the state (`FlowModel.handle`): its target where
    /// `requires` holds, its `else` (a run of its own, from no context)
    /// where it does not. Returns the condition under which it fails.
    private mutating func handle(_ handler: DeepLinkHandler, arguments: [Int], skipped: Z3Term) throws(Z3Error) -> Z3Term {
        let start = state
        let requires = try holds(handler.requires, in: start)
        var otherwise = (state: start, failed: terms.no)
        if let statement = handler.otherwise {
            var run = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: start)
            let choice = statement.routeChoices(routes: model.routes, bindings: []).first?.first
            try run.run(statement, choice: choice)
            otherwise = (run.state, run.cut)
            rebuilt = try terms.or([rebuilt, terms.and([terms.not(requires), terms.not(skipped), run.rebuilt])])
        }
        let failed = try land(handler.target, of: handler, arguments: arguments)
        state = try SymbolicState.choose(requires, state, otherwise.state, terms: terms)
        return try terms.ifThenElse(requires, failed, otherwise.failed)
    }

    /// The target of a handler whose `requires` holds: the modals closed
    /// (or kept, or closed from a named one up), the tab selected, the
    /// paths written, the target's modals presented. Returns the
    /// condition under which the target is invalid or cut off.
    private mutating func land(_ target: DeepLinkTarget, of handler: DeepLinkHandler,
                               arguments: [Int]) throws(Z3Error) -> Z3Term {
        var failures: [Z3Term] = []
        if !handler.keepModals {
            for index in state.modals.indices { state.modals[index] = try emptyModal(like: state.modals[index]) }
            state.count = try terms.value(0, width: layout.countWidth)
        } else if !handler.closing.isEmpty {
            try close(handler.closing)
        }
        // The tab whose content the target describes, as alternatives.
        var described: [(condition: Z3Term, tab: Int)] = []
        if let tab = target.tab {
            described = [(terms.yes, tab)]
            if !handler.keepsTab {
                failures.append(try isHidden(tab, in: state))
                state.tab = try terms.value(tab, width: layout.tabWidth)
            }
        } else if model.shape.tabCount > 0 {
            for tab in 0..<model.shape.tabCount { described.append((try selects(tab, in: state), tab)) }
        } else {
            described = [(terms.yes, 0)]
        }
        let path = target.columns.first?.path ?? []
        if handler.underModals {
            // The router's current path: the topmost presented `router path` stack's, else the described tab's stack.
            let (places, any) = try routerPathModals(in: state)
            for (condition, index) in places {
                for (shows, stack) in try stacks(of: .modal(index), in: state) {
                    failures.append(try extend(.modal(index), on: stack, with: path, appending: target.appends,
                                               arguments: arguments, when: terms.and([condition, shows])))
                }
            }
            for (condition, tab) in described {
                let slot = model.shape.currentStackSlot(selectedTab: tab) ?? model.shape.activeSlots(selectedTab: tab).lowerBound
                let here = try terms.and([terms.not(any), condition])
                if case .stack(let stack) = model.shape.slots[slot].declared {
                    failures.append(try extend(.slot(slot), on: stack, with: path, appending: target.appends,
                                               arguments: arguments, when: here))
                } else if !path.isEmpty {
                    failures.append(here)
                }
            }
        } else {
            // `*` with a modal kept up: the top modal's path; else the slots.
            var noModal = terms.yes
            if target.describesCurrentContext {
                noModal = try modalCount(is: 0, in: state)
                for index in 0..<layout.modalPlaces {
                    let top = try modalCount(is: index + 1, in: state)
                    for presentable in layout.presented {
                        let here = try terms.and([top, terms.equal(state.modals[index].presentable, presentable,
                                                                   width: layout.presentableWidth)])
                        if case .stack(let stack) = model.shape.presentables[presentable] {
                            failures.append(try extend(.modal(index), on: stack, with: path, appending: target.appends,
                                                       arguments: arguments, when: here))
                        } else if !path.isEmpty {
                            failures.append(here)
                        }
                    }
                }
            }
            if target.appends || target.describesCurrentContext {
                for (condition, tab) in described {
                    let active = model.shape.activeSlots(selectedTab: tab)
                    let slot = target.describesCurrentContext
                        ? model.shape.currentStackSlot(selectedTab: tab) ?? active.lowerBound : active.lowerBound
                    let here = try terms.and([noModal, condition])
                    if case .stack(let stack) = model.shape.slots[slot].declared, !path.isEmpty || !target.appends {
                        failures.append(try extend(.slot(slot), on: stack, with: path, appending: target.appends,
                                                   arguments: arguments, when: here))
                    } else if !path.isEmpty {
                        failures.append(here)
                    }
                }
            } else if target.describesBase(rootHasTabs: model.hasTabView) {
                for (condition, tab) in described {
                    failures.append(try writeColumns(of: target, tab: tab, arguments: arguments, when: condition))
                }
            }
        }
        failures.append(try presentModals(of: target, arguments: arguments))
        return try terms.or(failures)
    }

    /// The base content of a target on the tab's slots: each column's
    /// selection and path (`> R` and the routes), where `condition` holds.
    /// Returns when the content is invalid there.
    private mutating func writeColumns(of target: DeepLinkTarget, tab: Int, arguments: [Int],
                                       when condition: Z3Term) throws(Z3Error) -> Z3Term {
        let zero = try terms.value(0, width: layout.routeWidth)
        for (offset, slot) in model.shape.activeSlots(selectedTab: tab).enumerated() {
            let column = offset < target.columns.count ? target.columns[offset] : nil
            let shows = column?.shows.flatMap { model.routes.expand($0, bindings: arguments).first } ?? 0
            let routes = column?.path.compactMap { model.routes.expand($0, bindings: arguments).first } ?? []
            if !routes.isEmpty {
                guard case .stack(let stack) = model.shape.slots[slot].declared, registers(routes, on: stack) else {
                    return condition
                }
            }
            if layout.hasShows[slot] {
                state.shows[slot] = try terms.ifThenElse(condition, terms.value(shows, width: layout.routeWidth), state.shows[slot])
            }
            var path = state.paths[slot]
            path.length = try terms.ifThenElse(condition, terms.value(routes.count, width: path.lengthWidth), path.length)
            for index in 0..<path.depth {
                let route = index < routes.count ? try terms.value(routes[index], width: layout.routeWidth) : zero
                path.routes[index] = try terms.ifThenElse(condition, route, path.routes[index])
            }
            state.paths[slot] = path
        }
        return terms.no
    }

    /// Whether `routes` may be a path of `stack` (`FlowModel.check`):
    /// each registered, no more than its depth.
    private func registers(_ routes: [Int], on stack: Int) -> Bool {
        routes.count <= spec.stacks[stack].depth
            && routes.allSatisfy { spec.stacks[stack].destinations.contains(model.routes.screen(of: $0)) }
    }

    /// A path a target builds on `stack` at `place`, where `condition`
    /// holds (`FlowModel.extend`): the routes alone, or appended (`/ ...`).
    /// Returns when it is invalid there, or appended past the depth.
    private mutating func extend(_ place: Place, on stack: Int, with added: [Route], appending: Bool,
                                 arguments: [Int], when condition: Z3Term) throws(Z3Error) -> Z3Term {
        if condition == terms.no { return terms.no }
        let routes = added.compactMap { model.routes.expand($0, bindings: arguments).first }
        guard registers(routes, on: stack) else { return condition }
        var path = self.path(place, in: state)
        let zero = try terms.value(0, width: layout.routeWidth)
        guard appending else {
            path.length = try terms.ifThenElse(condition, terms.value(routes.count, width: path.lengthWidth), path.length)
            for index in 0..<path.depth {
                let route = index < routes.count ? try terms.value(routes[index], width: layout.routeWidth) : zero
                path.routes[index] = try terms.ifThenElse(condition, route, path.routes[index])
            }
            setPath(path, of: place)
            return terms.no
        }
        let depth = spec.stacks[stack].depth
        var fits = terms.no
        let current = path
        for length in 0...(depth - routes.count) {
            let at = try terms.and([condition, terms.equal(current.length, length, width: current.lengthWidth)])
            fits = try terms.or([fits, at])
            for (offset, route) in routes.enumerated() {
                path.routes[length + offset] = try terms.ifThenElse(at, terms.value(route, width: layout.routeWidth),
                                                                    path.routes[length + offset])
            }
        }
        path.length = try terms.ifThenElse(fits, terms.add(current.length, routes.count, width: current.lengthWidth), current.length)
        setPath(path, of: place)
        return try terms.and([condition, terms.not(fits)])
    }

    /// The target's modals, in order (`FlowModel.handle`'s last part): one
    /// already up stays as it is; one a kept modal covers is dropped (the
    /// link still lands somewhere); else it goes on top, presented from
    /// the target's column when it is the bottom one. Returns when a
    /// modal's path is invalid or one goes past the limit.
    private mutating func presentModals(of target: DeepLinkTarget, arguments: [Int]) throws(Z3Error) -> Z3Term {
        var failures: [Z3Term] = []
        var covered = target.describesCurrentContext ? terms.no : try terms.not(modalCount(is: 0, in: state))
        // The column the bottom modal is presented from, by selected tab.
        var column = try terms.value(model.linkPresenterColumn(of: target, selectedTab: 0), width: layout.columnWidth)
        for tab in 0..<model.shape.tabCount {
            column = try terms.ifThenElse(selects(tab, in: state),
                                          terms.value(model.linkPresenterColumn(of: target, selectedTab: tab), width: layout.columnWidth),
                                          column)
        }
        for modal in target.modals {
            guard let presentable = model.shape.presentableIndex[modal.content] else { continue }
            let routes = modal.path.compactMap { model.routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, !registers(routes, on: stack) {
                failures.append(terms.yes)
                continue
            }
            // Up already: the lowest place showing it decides whether it is covered.
            var up = terms.no
            var upCovered = terms.no
            for index in (0..<layout.modalPlaces).reversed() {
                let here = try terms.and([terms.less(terms.value(index, width: layout.countWidth), state.count),
                                          terms.equal(state.modals[index].presentable, presentable, width: layout.presentableWidth)])
                up = try terms.or([up, here])
                upCovered = try terms.ifThenElse(here, terms.not(modalCount(is: index + 1, in: state)), upCovered)
            }
            let presents = try terms.and([terms.not(up), terms.not(covered)])
            let full = layout.modalPlaces == StateShape.modalLimit ? try modalCount(is: StateShape.modalLimit, in: state) : terms.no
            failures.append(try terms.and([presents, full]))
            let appends = try terms.and([presents, terms.not(full)])
            let zero = try terms.value(0, width: layout.routeWidth)
            for index in 0..<layout.modalPlaces {
                let at = try terms.and([appends, modalCount(is: index, in: state)])
                if at == terms.no { continue }
                var entry = try emptyModal(like: state.modals[index])
                entry.kind = try terms.value(StateLayout.code(of: modal.kind), width: StateLayout.kindWidth)
                entry.presentable = try terms.value(presentable, width: layout.presentableWidth)
                entry.path.length = try terms.value(routes.count, width: entry.path.lengthWidth)
                for place in 0..<entry.path.depth {
                    entry.path.routes[place] = place < routes.count ? try terms.value(routes[place], width: layout.routeWidth) : zero
                }
                if index == 0 { entry.column = column }
                state.modals[index] = try choose(at, entry, state.modals[index])
            }
            state.count = try terms.ifThenElse(appends, terms.add(state.count, 1, width: layout.countWidth), state.count)
            covered = try terms.ifThenElse(up, upCovered, covered)
        }
        return try terms.or(failures)
    }
}
#endif
