#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// One disjunct of the transition relation: a step, the condition under
/// which its statements lead somewhere from the state it was built on, and
/// where, before the step's hooks run (`SymbolicSteps.afterHooks`).
struct SymbolicStep {
    let step: Step
    let enabled: Z3Term
    let next: SymbolicState
    /// Whether the step rebuilt the root (its hooks then see every view as new).
    var rebuilt: Z3Term? = nil
}

/// The transition relation and the initial states of a model as terms,
/// built from the statements' lowering (`SymbolicRun`) the way
/// `FlowModel.forEachUnit` and `FlowModel.run` build the explicit ones:
/// each edge of each screen that can be on top of a context, back, each tab
/// switch, a tap on the selected tab's item, swipe-down and (with
/// `--deeplinks`) each deep link with each argument value, one disjunct
/// each with its guard. A disjunct whose context is the top modal is built
/// once per number of modals, and one whose context is a slot with the
/// modals and tab known: its terms then fold to what it writes.
struct SymbolicSteps {
    let layout: StateLayout
    let terms: Terms
    let inputs: InputTerms
    /// Whether deep links are steps (`--deeplinks`); the layout's by default.
    /// A `--from` query's prefix takes them and its suffix only with
    /// `--deeplinks`, over one layout sized for them.
    var takesDeepLinks: Bool
    /// The hooks every step runs at its end; nil when the spec has none.
    private let hooks: SymbolicHooks?
    private var model: FlowModel { layout.model }
    private var spec: FlowSpec { layout.model.spec }
    init(layout: StateLayout, terms: Terms, inputs: InputTerms) {
        self.layout = layout
        self.terms = terms
        self.inputs = inputs
        takesDeepLinks = layout.deepLinks
        let hooks = SymbolicHooks(layout: layout, terms: terms, inputs: inputs)
        self.hooks = hooks.isEmpty ? nil : hooks
    }

    /// Whether steps run hooks at their end.
    var hasHooks: Bool { hooks != nil }

    /// The hooks of a step from `state` run on `target` (`FlowModel.withHooks`),
    /// with the condition under which they cut the step off.
    func afterHooks(from state: SymbolicState, to target: SymbolicState,
                    rebuilt: Z3Term) throws(Z3Error) -> (state: SymbolicState, cut: Z3Term) {
        guard let hooks else { return (target, terms.no) }
        return try hooks.run(from: state, to: target, rebuilt: rebuilt)
    }

    /// A disjunct: its target is where the step's statements lead, before
    /// the step's hooks run (`afterHooks`, once per step on the target the
    /// step chose rather than once per disjunct: the hooks are one function
    /// of the state before the step and that target).
    private func step(_ step: Step, enabled: Z3Term, to next: SymbolicState, rebuilt: Z3Term? = nil) -> SymbolicStep {
        SymbolicStep(step: step, enabled: enabled, next: next, rebuilt: rebuilt)
    }

    private func run(from state: SymbolicState, origin: Context? = nil) throws(Z3Error) -> SymbolicRun {
        try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state, origin: origin)
    }

    /// The initial state (`FlowModel.initialState`) and the condition under
    /// which launch was not cut off.
    func initial() throws(Z3Error) -> (state: SymbolicState, enabled: Z3Term) {
        var blank = try layout.constant(
            NavState(flags: 0, inputs: 0, selectedTab: 0, paths: Array(repeating: [], count: model.shape.slots.count),
                     shows: Array(repeating: 0, count: model.shape.slots.count), modals: []),
            terms: terms)
        var start = try run(from: blank)
        // A flag's value at launch reads inputs at most.
        var flags: [Z3Term] = []
        for flag in spec.flags { flags.append(try start.holds(flag.initial, in: blank)) }
        blank.flags = flags
        start = try run(from: blank)
        if let view = spec.rootTabView {
            var tab = try terms.value(0, width: layout.tabWidth)
            for index in view.tabs.indices.reversed() {
                tab = try terms.ifThenElse(start.isHidden(index, in: blank), tab, terms.value(index, width: layout.tabWidth))
            }
            if let initial = view.initial {
                tab = try terms.ifThenElse(start.isHidden(initial, in: blank), tab, terms.value(initial, width: layout.tabWidth))
            }
            blank.tab = tab
        }
        var launch = try run(from: blank)
        for step in spec.launch {
            let choice = step.statement.routeChoices(routes: model.routes, bindings: []).first?.first
            try launch.run(step.statement, choice: choice, when: launch.holds(step.condition, in: launch.state))
        }
        guard let hooks else { return (launch.state, try terms.not(launch.cut)) }
        let (after, cut) = try hooks.run(from: nil, to: launch.state, rebuilt: launch.rebuilt)
        return (after, try terms.not(terms.or([launch.cut, cut])))
    }

    /// Every disjunct of the relation from `state`.
    func steps(from state: SymbolicState) throws(Z3Error) -> [SymbolicStep] {
        var steps: [SymbolicStep] = []
        let probe = try run(from: state)
        // Contexts, each with the state specialised to it being on screen.
        var contexts: [(context: Context, onScreen: Z3Term, state: SymbolicState, screens: Set<Int>)] = []
        for (slot, screens) in layout.slotScreens.enumerated() {
            var specialised = state
            specialised.count = try terms.value(0, width: layout.countWidth)
            if let tab = model.shape.slots[slot].tab { specialised.tab = try terms.value(tab, width: layout.tabWidth) }
            contexts.append((.slot(slot), try probe.isActive(.slot(slot), in: state), specialised, screens))
        }
        for index in 0..<layout.modalPlaces {
            var specialised = state
            specialised.count = try terms.value(index + 1, width: layout.countWidth)
            contexts.append((.modal, try probe.modalCount(is: index + 1, in: state), specialised, layout.modalScreens))
        }
        for (context, onScreen, specialised, screens) in contexts {
            // A disjunct that can never be enabled adds nothing (on a concrete state, only the context on screen remains).
            if onScreen == terms.no { continue }
            let here = try run(from: specialised)
            let visible = try here.visibleRoute(of: context, in: specialised)
            for route in 1...max(1, model.routes.count) where route <= model.routes.count {
                let screen = model.routes.screen(of: route)
                guard screens.contains(screen), !spec.screens[screen].edges.isEmpty else { continue }
                let shown = try terms.and([onScreen, terms.equal(visible, route, width: layout.routeWidth)])
                if shown == terms.no { continue }
                let bindings = model.routes.values(of: route)
                for (index, edge) in spec.screens[screen].edges.enumerated() {
                    let guardHolds = try terms.and([shown, here.holds(edge.condition, in: specialised)])
                    if guardHolds == terms.no { continue }
                    var combinations: [[Int]] = [[]]
                    for statement in edge.statements {
                        let choices = statement.routeChoices(routes: model.routes, bindings: bindings)
                        combinations = combinations.flatMap { prefix in choices.map { prefix + $0 } }
                    }
                    for combination in combinations {
                        var taken = try run(from: specialised, origin: context)
                        var chosen = combination.makeIterator()
                        for statement in edge.statements {
                            try taken.run(statement, choice: statement.routeToChoose != nil ? chosen.next() : nil)
                        }
                        steps.append(step(.edge(context: context, screen: screen, edge: index, choices: combination),
                                              enabled: try terms.and([guardHolds, terms.not(taken.cut)]),
                                              to: taken.state, rebuilt: taken.rebuilt))
                    }
                }
            }
            try appendBack(in: context, onScreen: onScreen, state: specialised, to: &steps)
        }
        try appendTabSteps(from: state, to: &steps)
        try appendSwipeDowns(from: state, to: &steps)
        if takesDeepLinks { try appendDeepLinks(from: state, to: &steps) }
        return steps
    }

    /// Back in a context: its path's top removed, unless its screen hides its back button.
    private func appendBack(in context: Context, onScreen: Z3Term, state: SymbolicState,
                            to steps: inout [SymbolicStep]) throws(Z3Error) {
        let here = try run(from: state)
        let place: SymbolicRun.Place
        switch context {
        case .slot(let slot): place = .slot(slot)
        case .modal: place = .modal(Int(terms.numeral(state.count) ?? 1) - 1)
        }
        let path = here.path(place, in: state)
        guard path.depth > 0 else { return }
        let hidden = try here.visibleScreen(of: context, in: state) { spec.screens[$0].backHidden }
        var next = state
        var popped = path
        let zero = try terms.value(0, width: layout.routeWidth)
        for index in 0..<path.depth {
            popped.routes[index] = try terms.ifThenElse(terms.equal(path.length, index + 1, width: path.lengthWidth), zero, path.routes[index])
        }
        popped.length = try terms.add(path.length, -1, width: path.lengthWidth)
        switch place {
        case .slot(let slot): next.paths[slot] = popped
        case .modal(let index): next.modals[index].path = popped
        }
        let enabled = try terms.and([onScreen, terms.not(terms.equal(path.length, 0, width: path.lengthWidth)), terms.not(hidden)])
        steps.append(step(.back(context: context), enabled: enabled, to: next))
    }

    /// Tab switches and a tap on the selected tab's item, with no modal up.
    private func appendTabSteps(from state: SymbolicState, to steps: inout [SymbolicStep]) throws(Z3Error) {
        guard let view = spec.rootTabView else { return }
        let here = try run(from: state)
        let noModal = try here.modalCount(is: 0, in: state)
        for tab in view.tabs.indices {
            let shown = try terms.not(here.isHidden(tab, in: state))
            var switched = state
            switched.tab = try terms.value(tab, width: layout.tabWidth)
            steps.append(step(.switchTab(tab), enabled: try terms.and([noModal, terms.not(here.selects(tab, in: state)), shown]),
                                  to: switched))
            guard let slot = model.retapSlots[tab] else { continue }
            var popped = state
            let path = state.paths[slot]
            popped.paths[slot].length = try terms.value(0, width: path.lengthWidth)
            popped.paths[slot].routes = Array(repeating: try terms.value(0, width: layout.routeWidth), count: path.depth)
            let enabled = try terms.and([noModal, here.selects(tab, in: state), shown,
                                         terms.not(terms.equal(path.length, 0, width: path.lengthWidth))])
            steps.append(step(.retapTab(tab), enabled: enabled, to: popped))
        }
    }

    /// Every deep link with every argument value (`--deeplinks`): handled
    /// from no context, offered while its `if` holds, a step only when it
    /// has a result.
    private func appendDeepLinks(from state: SymbolicState, to steps: inout [SymbolicStep]) throws(Z3Error) {
        for link in spec.deepLinks.indices {
            for arguments in model.deepLinkArguments[link] {
                var taken = try run(from: state)
                let offered = try taken.holds(spec.deepLinks[link].offeredIf, in: state)
                if offered == terms.no { continue }
                let failed = try taken.handleDeepLink(link, arguments: arguments)
                steps.append(step(.deepLink(link: link, arguments: arguments),
                                  enabled: try terms.and([offered, terms.not(failed)]), to: taken.state, rebuilt: taken.rebuilt))
            }
        }
    }

    /// Swipe-down: the top modal closed, unless it is a cover or locked.
    private func appendSwipeDowns(from state: SymbolicState, to steps: inout [SymbolicStep]) throws(Z3Error) {
        let probe = try run(from: state)
        for index in 0..<layout.modalPlaces {
            let up = try probe.modalCount(is: index + 1, in: state)
            if up == terms.no { continue }
            var specialised = state
            specialised.count = try terms.value(index + 1, width: layout.countWidth)
            let here = try run(from: specialised)
            let locked = try here.visibleScreen(of: .modal, in: specialised) { spec.screens[$0].lock }
            let cover = try terms.equal(state.modals[index].kind, StateLayout.code(of: .cover), width: StateLayout.kindWidth)
            var next = specialised
            next.count = try terms.value(index, width: layout.countWidth)
            let zero = try terms.value(0, width: layout.routeWidth)
            let modal = state.modals[index]
            next.modals[index] = SymbolicModal(
                kind: try terms.value(0, width: StateLayout.kindWidth), presentable: try terms.value(0, width: layout.presentableWidth),
                path: SymbolicPath(length: try terms.value(0, width: modal.path.lengthWidth),
                                   routes: Array(repeating: zero, count: modal.path.depth), lengthWidth: modal.path.lengthWidth),
                column: try terms.value(0, width: layout.columnWidth))
            let enabled = try terms.and([up, terms.not(cover), terms.not(locked)])
            steps.append(step(.swipeDown, enabled: enabled, to: next))
        }
    }
}
#endif
