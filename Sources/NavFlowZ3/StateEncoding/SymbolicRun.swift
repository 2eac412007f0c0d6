#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// The statements of one step run on a state of terms: the lowering of each
/// statement kind's meaning (NavFlowModel's Statements/) to updates guarded
/// by terms. Where the explicit run branches on the state (is a modal up,
/// which tab is selected, how long is the path), the lowering takes every
/// branch, each write guarded by the branch's condition, so the result is
/// the explicit run's on every state the terms can stand for. `cut` holds
/// when a push at its stack's depth or a presentation beyond the modal
/// limit cut the step off (it has no target then).
///
/// What it covers is `StateEncoding.unsupported(in:)`'s complement: no
/// deep links as steps (`open` is lowered), and hooks only of the kinds `SymbolicHooks` runs.
struct SymbolicRun {
    let layout: StateLayout
    let terms: Terms
    let inputs: InputTerms
    var state: SymbolicState
    var cut: Z3Term
    /// The context the step comes from; nil for launch.
    let origin: Context?
    /// Whether a `rebuild` ran: every view is new at the end of the step.
    var rebuilt: Z3Term
    /// The column that presented the bottom modal when the step began
    /// (0 when none was up): where statements act once they have closed
    /// every modal, when the step's own slot is not on screen.
    private let presenterColumn: Z3Term
    /// An appear hook's view: the place every statement acts on, on screen
    /// or not (`StatementRun.pinsOrigin` for a slot's view; a modal's view
    /// with modals above it, which are set aside while its hook runs).
    private let pinned: Place?
    /// When a modal covers an appear hook's view: it then presents nothing.
    private let covered: Z3Term

    var model: FlowModel { layout.model }
    var spec: FlowSpec { layout.model.spec }

    init(layout: StateLayout, terms: Terms, inputs: InputTerms, state: SymbolicState, origin: Context? = nil,
         pinned: Place? = nil, covered: Z3Term? = nil) throws(Z3Error) {
        self.layout = layout
        self.terms = terms
        self.inputs = inputs
        self.state = state
        self.origin = origin
        self.pinned = pinned
        self.covered = covered ?? terms.no
        cut = terms.no
        rebuilt = terms.no
        presenterColumn = state.modals.isEmpty ? try terms.value(0, width: layout.columnWidth)
            : try terms.ifThenElse(terms.equal(state.count, 0, width: layout.countWidth),
                                   terms.value(0, width: layout.columnWidth), state.modals[0].column)
    }

    /// Where a statement acts: a slot's path or a modal's.
    enum Place {
        case slot(Int)
        case modal(Int)
    }

    // MARK: - Reading the state

    /// A condition over the flags of `state` and the inputs.
    func holds(_ condition: Condition?, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        guard let condition else { return terms.yes }
        switch condition {
        case .constant(let value): return terms.bool(value)
        case .flag(let index): return state.flags[index]
        case .input(let index): return try inputs.term(index)
        case .not(let operand): return try terms.not(holds(operand, in: state))
        case .and(let lhs, let rhs): return try terms.and([holds(lhs, in: state), holds(rhs, in: state)])
        case .or(let lhs, let rhs): return try terms.or([holds(lhs, in: state), holds(rhs, in: state)])
        case .equal(let lhs, let rhs): return try terms.equal(holds(lhs, in: state), holds(rhs, in: state))
        }
    }

    /// Whether tab `tab` is hidden (`FlowModel.isHidden`).
    func isHidden(_ tab: Int, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        guard let view = spec.rootTabView, tab < view.tabs.count else { return terms.yes }
        guard let condition = view.tabs[tab].hiddenIf else { return terms.no }
        return try holds(condition, in: state)
    }

    /// Whether tab `tab` is the selected one.
    func selects(_ tab: Int, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        try terms.equal(state.tab, tab, width: layout.tabWidth)
    }

    /// Whether exactly `count` modals are up.
    func modalCount(is count: Int, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        try terms.equal(state.count, count, width: layout.countWidth)
    }

    /// The slots of each tab (or of the root), each with the condition
    /// that it is the one selected.
    func tabs(in state: SymbolicState) throws(Z3Error) -> [(condition: Z3Term, slots: Range<Int>)] {
        guard model.shape.tabCount > 0 else { return [(terms.yes, model.shape.rootSlots)] }
        var tabs: [(Z3Term, Range<Int>)] = []
        for (tab, slots) in model.shape.tabSlots.enumerated() { tabs.append((try selects(tab, in: state), slots)) }
        return tabs
    }

    /// The slot of column `column` of the selected tab (`StateShape.slot(ofColumn:selectedTab:)`),
    /// as alternatives, each with its condition.
    func slots(ofColumn column: Z3Term, in state: SymbolicState) throws(Z3Error) -> [(condition: Z3Term, slot: Int)] {
        var slots: [(Z3Term, Int)] = []
        for (selected, range) in try tabs(in: state) {
            for index in 0..<layout.columns {
                let slot = range.lowerBound + index < range.upperBound ? range.lowerBound + index : range.lowerBound
                slots.append((try terms.and([selected, terms.equal(column, index, width: layout.columnWidth)]), slot))
            }
        }
        return slots
    }

    /// The places a statement may act on, each with the condition under
    /// which it is the context (`StatementRun.context(in:)`): the top modal
    /// when one is up, else the slot the step came from if it is on screen
    /// (its tab selected), else the selected tab's slot of the column that
    /// presented the modals the step closed.
    func contexts(in state: SymbolicState) throws(Z3Error) -> [(condition: Z3Term, place: Place)] {
        if let pinned { return [(terms.yes, pinned)] }
        var contexts: [(Z3Term, Place)] = []
        let noModal = try modalCount(is: 0, in: state)
        for (selected, range) in try tabs(in: state) {
            if case .slot(let slot)? = origin, range.contains(slot) {
                contexts.append((try terms.and([noModal, selected]), .slot(slot)))
                continue
            }
            for index in 0..<layout.columns {
                let slot = range.lowerBound + index < range.upperBound ? range.lowerBound + index : range.lowerBound
                let column = try terms.equal(presenterColumn, index, width: layout.columnWidth)
                contexts.append((try terms.and([noModal, selected, column]), .slot(slot)))
            }
        }
        for index in 0..<layout.modalPlaces {
            contexts.append((try modalCount(is: index + 1, in: state), .modal(index)))
        }
        return contexts
    }

    /// The condition under which `context` (a step's) is on screen.
    func isActive(_ context: Context, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        switch context {
        case .modal:
            return try terms.not(modalCount(is: 0, in: state))
        case .slot(let slot):
            let noModal = try modalCount(is: 0, in: state)
            guard let tab = model.shape.slots[slot].tab else { return noModal }
            return try terms.and([noModal, selects(tab, in: state)])
        }
    }

    func path(_ place: Place, in state: SymbolicState) -> SymbolicPath {
        switch place {
        case .slot(let slot): state.paths[slot]
        case .modal(let index): state.modals[index].path
        }
    }

    mutating func setPath(_ path: SymbolicPath, of place: Place) {
        switch place {
        case .slot(let slot): state.paths[slot] = path
        case .modal(let index): state.modals[index].path = path
        }
    }

    /// The stacks a place may show, each with its condition: a slot's
    /// declared stack, or each stack a modal there may present.
    func stacks(of place: Place, in state: SymbolicState) throws(Z3Error) -> [(condition: Z3Term, stack: Int)] {
        switch place {
        case .slot(let slot):
            if case .stack(let stack) = model.shape.slots[slot].declared { return [(terms.yes, stack)] }
            return []
        case .modal(let index):
            var stacks: [(Z3Term, Int)] = []
            for presentable in layout.presented {
                guard case .stack(let stack) = model.shape.presentables[presentable] else { continue }
                stacks.append((try terms.equal(state.modals[index].presentable, presentable, width: layout.presentableWidth), stack))
            }
            return stacks
        }
    }

    /// The route on top of a path, or `root` when it is empty.
    func top(of path: SymbolicPath, root: Z3Term) throws(Z3Error) -> Z3Term {
        var route = root
        for (place, term) in path.routes.enumerated() {
            route = try terms.ifThenElse(terms.equal(path.length, place + 1, width: path.lengthWidth), term, route)
        }
        return route
    }

    /// The route on screen in a step's context (`FlowModel.visibleRoute`):
    /// for `.modal`, the top modal's, which `count` picks.
    func visibleRoute(of context: Context, in state: SymbolicState) throws(Z3Error) -> Z3Term {
        switch context {
        case .slot(let slot):
            var root = try terms.value(model.declaredRoot(ofSlot: slot), width: layout.routeWidth)
            if layout.hasShows[slot] {
                root = try terms.ifThenElse(terms.equal(state.shows[slot], 0, width: layout.routeWidth), root, state.shows[slot])
            }
            return try top(of: state.paths[slot], root: root)
        case .modal:
            var route = try terms.value(0, width: layout.routeWidth)
            for index in 0..<layout.modalPlaces {
                let modal = state.modals[index]
                var root = try terms.value(0, width: layout.routeWidth)
                for presentable in layout.presented {
                    let shown = model.rootRoute(of: Modal(kind: .sheet, presentable: presentable, path: []))
                    root = try terms.ifThenElse(terms.equal(modal.presentable, presentable, width: layout.presentableWidth),
                                                terms.value(shown, width: layout.routeWidth), root)
                }
                route = try terms.ifThenElse(modalCount(is: index + 1, in: state), top(of: modal.path, root: root), route)
            }
            return route
        }
    }

    /// Whether the route on screen in `context` shows a screen for which
    /// `condition` (a per-screen condition, nil for none) holds.
    func visibleScreen(of context: Context, in state: SymbolicState,
                       satisfies condition: (Int) -> Condition?) throws(Z3Error) -> Z3Term {
        let visible = try visibleRoute(of: context, in: state)
        var cases: [Z3Term] = []
        for route in 1...max(1, model.routes.count) where route <= model.routes.count {
            guard let screenCondition = condition(model.routes.screen(of: route)) else { continue }
            cases.append(try terms.and([terms.equal(visible, route, width: layout.routeWidth), holds(screenCondition, in: state)]))
        }
        return try terms.or(cases)
    }

    // MARK: - Writing it

    /// Runs `statement` (with the route it chose, if it chooses one).
    mutating func run(_ statement: Statement, choice: Int?) throws(Z3Error) {
        switch statement.kind {
        case .push(_): if let choice { try push(choice, needsRegistration: true) }
        case .pushInline(_): if let choice { try push(choice, needsRegistration: false) }
        case .pushStack: break
        case .present(let kind, let content): try present(kind, content)
        case .dismiss: try dismiss()
        case .close(let closing): try close(closing)
        case .pop: try pop(all: false)
        case .popToRoot: try pop(all: true)
        case .selectTab(let tab): try selectTab(tab)
        case .set(let flag, let value): state.flags[flag] = terms.bool(value)
        case .pushUnderModals(_): if let choice { try pushUnderModals(choice) }
        case .rebuild: try rebuild()
        case .select(_): if let choice { try select(choice) }
        case .open(let url): try open(url)
        }
    }

    /// Runs `statement` only where `condition` holds.
    mutating func run(_ statement: Statement, choice: Int?, when condition: Z3Term) throws(Z3Error) {
        if condition == terms.yes { return try run(statement, choice: choice) }
        if condition == terms.no { return }
        let before = state
        let cutBefore = cut
        let rebuiltBefore = rebuilt
        try run(statement, choice: choice)
        state = try SymbolicState.choose(condition, state, before, terms: terms)
        cut = try terms.ifThenElse(condition, cut, cutBefore)
        rebuilt = try terms.ifThenElse(condition, rebuilt, rebuiltBefore)
    }

    /// `PushStatement`: appends the route on the context's stack; nothing
    /// without a stack or (when it needs one) a registration, a cut at the depth.
    private mutating func push(_ route: Int, needsRegistration: Bool) throws(Z3Error) {
        for (onScreen, place) in try contexts(in: state) {
            try push(route, onto: place, when: onScreen, needsRegistration: needsRegistration)
        }
    }

    /// `PushStatement.push` on one place, where `condition` holds.
    private mutating func push(_ route: Int, onto place: Place, when condition: Z3Term, needsRegistration: Bool,
                               stacksIn start: SymbolicState? = nil) throws(Z3Error) {
        let screen = model.routes.screen(of: route)
        for (shows, stack) in try stacks(of: place, in: start ?? state) {
            if needsRegistration && !spec.stacks[stack].destinations.contains(screen) { continue }
            let depth = spec.stacks[stack].depth
            var path = self.path(place, in: state)
            let here = try terms.and([condition, shows])
            let room = try terms.less(path.length, terms.value(depth, width: path.lengthWidth))
            cut = try terms.or([cut, terms.and([here, terms.not(room)])])
            let pushes = try terms.and([here, room])
            for place in 0..<min(depth, path.depth) {
                let at = try terms.and([pushes, terms.equal(path.length, place, width: path.lengthWidth)])
                path.routes[place] = try terms.ifThenElse(at, terms.value(route, width: layout.routeWidth), path.routes[place])
            }
            path.length = try terms.ifThenElse(pushes, terms.add(path.length, 1, width: path.lengthWidth), path.length)
            setPath(path, of: place)
        }
    }

    /// `PushUnderModalsStatement`: onto the path of the topmost modal that
    /// shows a stack declared `router path`, else onto the stack beneath
    /// every modal (the selected tab's slot, without split views).
    private mutating func pushUnderModals(_ route: Int) throws(Z3Error) {
        let (targets, any) = try routerPathModals(in: state)
        // Beneath the modals: the slot of the column that presented the
        // bottom one; with none up, the context itself.
        let beneath = try terms.not(any)
        var slots: [(Z3Term, Int)] = []
        if !state.modals.isEmpty {
            let up = try terms.not(modalCount(is: 0, in: state))
            for (condition, slot) in try self.slots(ofColumn: state.modals[0].column, in: state) {
                slots.append((try terms.and([beneath, up, condition]), slot))
            }
        }
        for (onScreen, place) in try contexts(in: state) {
            if case .slot(let slot) = place { slots.append((try terms.and([beneath, onScreen]), slot)) }
        }
        let start = state
        for (condition, index) in targets { try push(route, onto: .modal(index), when: condition, needsRegistration: true) }
        for (condition, slot) in slots {
            try push(route, onto: .slot(slot), when: condition, needsRegistration: true, stacksIn: start)
        }
    }

    /// The topmost modal up that shows a stack declared `router path`
    /// (`FlowModel.routerPathModal`): each place with the condition that
    /// it is that modal, and the condition that there is one.
    func routerPathModals(in state: SymbolicState) throws(Z3Error) -> (at: [(condition: Z3Term, index: Int)], any: Z3Term) {
        let routerPaths = layout.presented.filter { presentable in
            if case .stack(let stack) = model.shape.presentables[presentable] { return spec.stacks[stack].routerPath != nil }
            return false
        }
        var above = terms.no
        var places: [(condition: Z3Term, index: Int)] = []
        for index in (0..<layout.modalPlaces).reversed() {
            var shows: [Z3Term] = []
            for presentable in routerPaths {
                shows.append(try terms.equal(state.modals[index].presentable, presentable, width: layout.presentableWidth))
            }
            let isRouterPath = try terms.and([terms.less(terms.value(index, width: layout.countWidth), state.count), terms.or(shows)])
            places.append((try terms.and([isRouterPath, terms.not(above)]), index))
            above = try terms.or([above, isRouterPath])
        }
        return (places, above)
    }

    /// `RebuildStatement`: every path empty, every modal closed; the tab and the flags kept.
    private mutating func rebuild() throws(Z3Error) {
        let zero = try terms.value(0, width: layout.routeWidth)
        for slot in state.paths.indices {
            state.paths[slot].length = try terms.value(0, width: state.paths[slot].lengthWidth)
            state.paths[slot].routes = Array(repeating: zero, count: state.paths[slot].depth)
        }
        for slot in state.shows.indices { state.shows[slot] = zero }
        for index in state.modals.indices { state.modals[index] = try emptyModal(like: state.modals[index]) }
        state.count = try terms.value(0, width: layout.countWidth)
        rebuilt = terms.yes
    }

    /// `SelectStatement`: in a split column, the next column shows the
    /// route with an empty path, and the later ones their declared content.
    private mutating func select(_ route: Int) throws(Z3Error) {
        let slots = model.shape.slots
        let zero = try terms.value(0, width: layout.routeWidth)
        for (onScreen, place) in try contexts(in: state) {
            guard case .slot(let slot) = place, let split = slots[slot].split else { continue }
            func sameSplit(_ other: Int) -> Bool { other < slots.count && slots[other].split == split && slots[other].tab == slots[slot].tab }
            var next = slot + 1
            guard sameSplit(next) else { continue }
            var shows = try terms.value(route, width: layout.routeWidth)
            while sameSplit(next) {
                state.shows[next] = try terms.ifThenElse(onScreen, shows, state.shows[next])
                var path = state.paths[next]
                path.length = try terms.ifThenElse(onScreen, terms.value(0, width: path.lengthWidth), path.length)
                for index in path.routes.indices { path.routes[index] = try terms.ifThenElse(onScreen, zero, path.routes[index]) }
                state.paths[next] = path
                shows = zero
                next += 1
            }
        }
    }

    /// Removes the top route of `path` where `condition` holds and it has one.
    private func popping(_ path: SymbolicPath, when condition: Z3Term) throws(Z3Error) -> SymbolicPath {
        var path = path
        let pops = try terms.and([condition, terms.not(terms.equal(path.length, 0, width: path.lengthWidth))])
        for place in 0..<path.depth {
            let at = try terms.and([pops, terms.equal(path.length, place + 1, width: path.lengthWidth)])
            path.routes[place] = try terms.ifThenElse(at, terms.value(0, width: layout.routeWidth), path.routes[place])
        }
        path.length = try terms.ifThenElse(pops, terms.add(path.length, -1, width: path.lengthWidth), path.length)
        return path
    }

    /// `PopStatement` and `PopToRootStatement`.
    private mutating func pop(all: Bool) throws(Z3Error) {
        for (onScreen, place) in try contexts(in: state) {
            var path = self.path(place, in: state)
            if all {
                let zero = try terms.value(0, width: layout.routeWidth)
                for index in 0..<path.depth { path.routes[index] = try terms.ifThenElse(onScreen, zero, path.routes[index]) }
                path.length = try terms.ifThenElse(onScreen, terms.value(0, width: path.lengthWidth), path.length)
            } else {
                path = try popping(path, when: onScreen)
            }
            setPath(path, of: place)
        }
    }

    /// The modal at `index` as an empty place (what the encoding holds above the count).
    func emptyModal(like modal: SymbolicModal) throws(Z3Error) -> SymbolicModal {
        let zero = try terms.value(0, width: layout.routeWidth)
        return SymbolicModal(kind: try terms.value(0, width: StateLayout.kindWidth),
                             presentable: try terms.value(0, width: layout.presentableWidth),
                             path: SymbolicPath(length: try terms.value(0, width: modal.path.lengthWidth),
                                                routes: Array(repeating: zero, count: modal.path.depth),
                                                lengthWidth: modal.path.lengthWidth),
                             column: try terms.value(0, width: layout.columnWidth))
    }

    func choose(_ condition: Z3Term, _ then: SymbolicModal, _ otherwise: SymbolicModal) throws(Z3Error) -> SymbolicModal {
        var path = otherwise.path
        path.length = try terms.ifThenElse(condition, then.path.length, otherwise.path.length)
        for index in path.routes.indices {
            path.routes[index] = try terms.ifThenElse(condition, then.path.routes[index], otherwise.path.routes[index])
        }
        return SymbolicModal(kind: try terms.ifThenElse(condition, then.kind, otherwise.kind),
                             presentable: try terms.ifThenElse(condition, then.presentable, otherwise.presentable), path: path,
                             column: try terms.ifThenElse(condition, then.column, otherwise.column))
    }

    /// `PresentStatement`: a modal on top, unless the same one is up; a cut past the limit.
    private mutating func present(_ kind: ModalKind, _ content: Content) throws(Z3Error) {
        guard let presentable = model.shape.presentableIndex[content] else { return }
        var alreadyUp: [Z3Term] = []
        for index in 0..<layout.modalPlaces {
            alreadyUp.append(try terms.and([terms.less(terms.value(index, width: layout.countWidth), state.count),
                                            terms.equal(state.modals[index].presentable, presentable, width: layout.presentableWidth)]))
        }
        // A covered view (an appear hook's, under a modal) presents nothing.
        let presents = try terms.and([terms.not(terms.or(alreadyUp)), terms.not(covered)])
        // The limit is reached only when more presentables are presented than it allows.
        let full = layout.modalPlaces == StateShape.modalLimit ? try modalCount(is: StateShape.modalLimit, in: state) : terms.no
        cut = try terms.or([cut, terms.and([presents, full])])
        let appends = try terms.and([presents, terms.not(full)])
        // The bottom modal remembers the column of the context that presented it.
        var column = try terms.value(0, width: layout.columnWidth)
        for (onScreen, place) in try contexts(in: state) {
            guard case .slot(let slot) = place else { continue }
            column = try terms.ifThenElse(onScreen, terms.value(model.shape.slots[slot].column, width: layout.columnWidth), column)
        }
        for index in 0..<layout.modalPlaces {
            let at = try terms.and([appends, modalCount(is: index, in: state)])
            var modal = try emptyModal(like: state.modals[index])
            modal.kind = try terms.value(StateLayout.code(of: kind), width: StateLayout.kindWidth)
            modal.presentable = try terms.value(presentable, width: layout.presentableWidth)
            if index == 0 { modal.column = column }
            state.modals[index] = try choose(at, modal, state.modals[index])
        }
        state.count = try terms.ifThenElse(appends, terms.add(state.count, 1, width: layout.countWidth), state.count)
    }

    /// `DismissStatement`: pops the context's path, else closes the top modal.
    private mutating func dismiss() throws(Z3Error) {
        // A slot may be listed more than once (a column past a tab's last
        // falls back to its first), under exclusive conditions: each pass
        // reads what the passes before wrote.
        for (onScreen, place) in try contexts(in: state) {
            let path = self.path(place, in: state)
            let empty = try terms.equal(path.length, 0, width: path.lengthWidth)
            setPath(try popping(path, when: onScreen), of: place)
            guard case .modal(let index) = place else { continue }
            let closes = try terms.and([onScreen, empty])
            state.modals[index] = try choose(closes, emptyModal(like: state.modals[index]), state.modals[index])
            state.count = try terms.ifThenElse(closes, terms.value(index, width: layout.countWidth), state.count)
        }
    }

    /// `CloseStatement`: closes the lowest of `closing` that is up, with every modal above it.
    mutating func close(_ closing: [Content]) throws(Z3Error) {
        let presentables = closing.compactMap { model.shape.presentableIndex[$0] }
        guard !presentables.isEmpty else { return }
        var count = state.count
        for index in (0..<layout.modalPlaces).reversed() {
            var closes: [Z3Term] = []
            for presentable in presentables {
                closes.append(try terms.equal(state.modals[index].presentable, presentable, width: layout.presentableWidth))
            }
            let up = try terms.less(terms.value(index, width: layout.countWidth), state.count)
            count = try terms.ifThenElse(terms.and([up, terms.or(closes)]), terms.value(index, width: layout.countWidth), count)
        }
        for index in 0..<layout.modalPlaces {
            let kept = try terms.less(terms.value(index, width: layout.countWidth), count)
            state.modals[index] = try choose(kept, state.modals[index], emptyModal(like: state.modals[index]))
        }
        state.count = count
    }

    /// `SelectTabStatement`: selects a tab that is shown.
    private mutating func selectTab(_ tab: Int) throws(Z3Error) {
        guard let view = spec.rootTabView, tab < view.tabs.count else { return }
        state.tab = try terms.ifThenElse(isHidden(tab, in: state), state.tab, terms.value(tab, width: layout.tabWidth))
    }
}

/// The Boolean constants standing for the inputs, made on first use: one
/// set for a whole run, since inputs never change.
final class InputTerms {
    let terms: Terms
    private var constants: [Int: Z3Term] = [:]
    /// Fixed values (bit i is input i) instead of unknowns, to run the
    /// lowering on one concrete run.
    private let fixed: UInt64?

    init(terms: Terms, fixed: UInt64? = nil) {
        self.terms = terms
        self.fixed = fixed
    }

    func term(_ input: Int) throws(Z3Error) -> Z3Term {
        if let fixed { return terms.bool(fixed >> UInt64(input) & 1 == 1) }
        if let constant = constants[input] { return constant }
        let constant = try terms.boolean("input\(input)")
        constants[input] = constant
        return constant
    }

    /// The inputs made so far, by index.
    var made: [(input: Int, term: Z3Term)] { constants.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// The valuation a satisfied solver's model gives the inputs made (bit
    /// i is input i; an input no condition read is false).
    func values(in solver: Z3Solver) throws -> UInt64 {
        var bits: UInt64 = 0
        for (input, term) in made where try solver.value(of: term) { bits |= 1 << UInt64(input) }
        return bits
    }
}
#endif
