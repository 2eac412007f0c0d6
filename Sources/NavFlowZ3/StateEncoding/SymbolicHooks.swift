#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// The hooks a step runs once its statements have run, lowered
/// (`FlowModel.runHooks`): the dismissal hooks of the modals the step
/// closed, top first, then the appear hooks of the views it shows anew,
/// bottom first, each with its guard.
///
/// It covers the hooks `StateEncoding.unsupported(in:deepLinks:)` lets
/// through: every dismissal hook (the front end keeps them from closing
/// modals), and appear hooks whose statements set flags, push and present
/// and that show no screen with appear hooks. Such an appear hook closes
/// no modal and shows no view whose hooks would run in turn, so the
/// explicit run's rounds end after the first, no hook runs twice for a
/// view (no loop), and no modal changes its place while they run. Within that round the
/// lowering takes every view place the state has (each slot, each modal
/// place) in the order `FlowModel.shownViews` lists them, so it is the
/// explicit run's on every state the terms stand for.
struct SymbolicHooks {
    let layout: StateLayout
    let terms: Terms
    let inputs: InputTerms
    private var model: FlowModel { layout.model }
    private var spec: FlowSpec { layout.model.spec }

    /// The screens whose appear hooks and whose dismissal hooks can run.
    private let appearRoutes: [Int]
    private let dismissPresentables: [(presentable: Int, screen: Int)]
    /// The view places that can show a screen with appear hooks, in the
    /// order `FlowModel.shownViews` lists views: the slots, then the modals
    /// bottom first. No other place's view runs a hook.
    private let places: [ViewPlace]
    /// The views of the states steps start from, by their terms: every
    /// disjunct from one context starts from the same state.
    private let baselines = Baselines()

    init(layout: StateLayout, terms: Terms, inputs: InputTerms) {
        self.layout = layout
        self.terms = terms
        self.inputs = inputs
        let model = layout.model
        appearRoutes = model.routes.count == 0 ? []
            : (1...model.routes.count).filter { !model.spec.screens[model.routes.screen(of: $0)].hooks.isEmpty }
        dismissPresentables = layout.presented.compactMap { presentable in
            guard let screen = model.rootScreen(of: Modal(kind: .sheet, presentable: presentable, path: [])),
                  !model.spec.screens[screen].dismissHooks.isEmpty else { return nil }
            return (presentable, screen)
        }
        let hooked = Set(model.spec.screens.indices.filter { !model.spec.screens[$0].hooks.isEmpty })
        places = model.shape.slots.indices.filter { !layout.slotScreens[$0].isDisjoint(with: hooked) }.map { ViewPlace.slot($0) }
            + (layout.modalScreens.isDisjoint(with: hooked) ? [] : (0..<layout.modalPlaces).map { ViewPlace.modal($0) })
    }

    /// Whether the model has hooks this lowering runs.
    var isEmpty: Bool { appearRoutes.isEmpty && dismissPresentables.isEmpty }

    /// `after`, where a step from `before` (nil: the launch) ended before
    /// its hooks, once they have run; `rebuilt` when the step rebuilt the
    /// root (every view is new then). With the condition under which a
    /// hook cut the step off.
    func run(from before: SymbolicState?, to after: SymbolicState, rebuilt: Z3Term) throws(Z3Error)
        -> (state: SymbolicState, cut: Z3Term) {
        var state = after
        var cut = terms.no
        if let before, !dismissPresentables.isEmpty {
            try runDismissHooks(closedFrom: before, on: &state, cut: &cut)
        }
        if !appearRoutes.isEmpty {
            try runAppearHooks(shownBefore: before, rebuilt: rebuilt, launch: before == nil, on: &state, cut: &cut)
        }
        return (state, cut)
    }

    // MARK: - Dismissal hooks

    /// `FlowModel.runDismissHooks` for the modals of `before` that are not
    /// up in `state` (`FlowModel.closedModals`), top first.
    private func runDismissHooks(closedFrom before: SymbolicState, on state: inout SymbolicState,
                                 cut: inout Z3Term) throws(Z3Error) {
        let probe = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: before)
        // The column that presented the bottom modal before the step: where a hook acts with none up.
        let column = before.modals.isEmpty ? try terms.value(0, width: layout.columnWidth)
            : try terms.ifThenElse(probe.modalCount(is: 0, in: before), terms.value(0, width: layout.columnWidth),
                                   before.modals[0].column)
        let after = state
        var kept = terms.yes
        var closed: [Z3Term] = []
        for index in 0..<layout.modalPlaces {
            let place = try terms.value(index, width: layout.countWidth)
            let was = before.modals[index], now = after.modals[index]
            kept = try terms.and([kept, terms.less(place, before.count), terms.less(place, after.count),
                                  terms.equal(was.presentable, now.presentable), terms.equal(was.kind, now.kind),
                                  terms.equal(was.column, now.column)])
            closed.append(try terms.and([terms.less(place, before.count), terms.not(kept)]))
        }
        for index in (0..<layout.modalPlaces).reversed() where closed[index] != terms.no {
            for (presentable, screen) in dismissPresentables {
                let closes = try terms.and([closed[index], terms.equal(before.modals[index].presentable, presentable,
                                                                       width: layout.presentableWidth)])
                if closes == terms.no { continue }
                for hook in spec.screens[screen].dismissHooks {
                    let probe = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state)
                    let runs = try terms.and([closes, probe.holds(hook.condition, in: state)])
                    if runs == terms.no { continue }
                    // Where the hook acts: the top modal, else the selected
                    // tab's slot of that column (fixed when the hook begins).
                    var origins: [(condition: Z3Term, origin: Context?)] = [(try terms.not(probe.modalCount(is: 0, in: state)), nil)]
                    for (condition, slot) in try probe.slots(ofColumn: column, in: state) {
                        origins.append((try terms.and([probe.modalCount(is: 0, in: state), condition]), .slot(slot)))
                    }
                    for (condition, origin) in origins {
                        let here = try terms.and([runs, condition])
                        if here == terms.no { continue }
                        var run = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state, origin: origin)
                        for statement in hook.statements {
                            try run.run(statement, choice: Self.choice(of: statement, routes: model.routes, bindings: []),
                                        when: here)
                        }
                        state = run.state
                        cut = try terms.or([cut, run.cut])
                    }
                }
            }
        }
    }

    // MARK: - Appear hooks

    /// A place a view can be shown at: a slot, or a modal place.
    private enum ViewPlace {
        case slot(Int)
        case modal(Int)
    }

    /// The view at `place` in `state` (`ShownView`): whether it is shown,
    /// and its depth and route.
    private struct View {
        let shown: Z3Term
        let presentable: Z3Term?
        let depth: Z3Term
        let route: Z3Term

        func isIdentical(to other: View) -> Bool {
            shown == other.shown && presentable == other.presentable && depth == other.depth && route == other.route
        }
    }

    private final class Baselines {
        var views: [[UnsafeRawPointer]: [(place: ViewPlace, view: View)]] = [:]
    }

    private func view(at place: ViewPlace, in state: SymbolicState, includingCovered: Bool) throws(Z3Error) -> View {
        let probe = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state)
        // Whether a cover is up at a modal place from `lowest` on.
        func coverUp(from lowest: Int) throws(Z3Error) -> Z3Term {
            if includingCovered { return terms.no }
            var covers: [Z3Term] = []
            for index in lowest..<layout.modalPlaces {
                covers.append(try terms.and([terms.less(terms.value(index, width: layout.countWidth), state.count),
                                             terms.equal(state.modals[index].kind, StateLayout.code(of: .cover),
                                                         width: StateLayout.kindWidth)]))
            }
            return try terms.or(covers)
        }
        switch place {
        case .slot(let slot):
            let active: Z3Term
            if model.shape.tabSlots.isEmpty {
                active = terms.bool(model.shape.rootSlots.contains(slot))
            } else if let tab = model.shape.tabSlots.firstIndex(where: { $0.contains(slot) }) {
                active = try probe.selects(tab, in: state)
            } else {
                active = terms.no
            }
            return View(shown: try terms.and([active, terms.not(coverUp(from: 0))]), presentable: nil,
                        depth: state.paths[slot].length, route: try probe.visibleRoute(of: .slot(slot), in: state))
        case .modal(let index):
            var specialised = state
            specialised.count = try terms.value(index + 1, width: layout.countWidth)
            let up = try terms.less(terms.value(index, width: layout.countWidth), state.count)
            return View(shown: try terms.and([up, terms.not(coverUp(from: index + 1))]),
                        presentable: state.modals[index].presentable, depth: state.modals[index].path.length,
                        route: try probe.visibleRoute(of: .modal, in: specialised))
        }
    }

    /// The views of `state` at `places`, made once per state.
    private func baseline(of state: SymbolicState) throws(Z3Error) -> [(place: ViewPlace, view: View)] {
        let key = state.fields.map(\.identity)
        if let views = baselines.views[key] { return views }
        var views: [(place: ViewPlace, view: View)] = []
        for place in places { views.append((place, try view(at: place, in: state, includingCovered: false))) }
        baselines.views[key] = views
        return views
    }

    /// Whether `view` (at `place`) is the view `other` is.
    private func same(_ view: View, _ other: View) throws(Z3Error) -> Z3Term {
        var equal = [other.shown, try terms.equal(view.depth, other.depth), try terms.equal(view.route, other.route)]
        if let presentable = view.presentable, let otherPresentable = other.presentable {
            equal.append(try terms.equal(presentable, otherPresentable))
        }
        return try terms.and(equal)
    }

    /// `FlowModel.runAppearHooks`: the hooks of each view `state` shows
    /// that `before` did not (every view after a rebuild or at launch),
    /// bottom first, each while its view is still shown.
    private func runAppearHooks(shownBefore before: SymbolicState?, rebuilt: Z3Term, launch: Bool,
                                on state: inout SymbolicState, cut: inout Z3Term) throws(Z3Error) {
        let start = state
        let earlier = try before.map(baseline) ?? []
        for (index, place) in places.enumerated() {
            let shown = try view(at: place, in: start, includingCovered: launch)
            if shown.shown == terms.no { continue }
            // The same terms as before the step: the same view, unless a rebuild made every view new.
            if rebuilt == terms.no, !earlier.isEmpty, shown.isIdentical(to: earlier[index].view) { continue }
            // Shown before the step: the same slot's view, or a modal's of the same presentable at any place.
            var wasShown: [Z3Term] = []
            for (earlierPlace, view) in earlier {
                switch (place, earlierPlace) {
                case (.slot(let slot), .slot(let other)) where slot == other: wasShown.append(try same(shown, view))
                case (.modal, .modal): wasShown.append(try same(shown, view))
                default: continue
                }
            }
            let new = try terms.and([shown.shown, terms.not(terms.and([terms.not(rebuilt), terms.or(wasShown)]))])
            if new == terms.no { continue }
            // An earlier hook may have covered it: it then never appeared.
            let still = state.fields.elementsEqual(start.fields) ? new
                : try terms.and([new, same(shown, view(at: place, in: state, includingCovered: launch))])
            for route in appearRoutes {
                let shows = try terms.and([still, terms.equal(shown.route, route, width: layout.routeWidth)])
                if shows == terms.no { continue }
                let bindings = model.routes.values(of: route)
                for hook in spec.screens[model.routes.screen(of: route)].hooks {
                    let condition = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state)
                        .holds(hook.condition, in: state)
                    let runs = try terms.and([shows, condition])
                    if runs == terms.no { continue }
                    switch place {
                    case .slot(let slot):
                        // A slot's view acts on its slot, and is covered by any modal up.
                        for statement in hook.statements {
                            let covered = try terms.not(terms.equal(state.count, 0, width: layout.countWidth))
                            try run(statement, bindings: bindings, when: runs, pinned: .slot(slot), covered: covered,
                                    on: &state, cut: &cut)
                        }
                    case .modal(let index):
                        // A modal's view with modals above it is covered (they are set
                        // aside while its hook runs): it presents nothing, so its
                        // statements act on its own modal. Without, it acts on the top
                        // modal, which a `present` of the hook's may change.
                        let coveredAtStart = try terms.less(terms.value(index + 1, width: layout.countWidth), state.count)
                        let atStart = state
                        for (alternative, covered) in [(try terms.and([runs, coveredAtStart]), true),
                                                       (try terms.and([runs, terms.not(coveredAtStart)]), false)]
                        where alternative != terms.no {
                            var branch = atStart
                            for statement in hook.statements {
                                try run(statement, bindings: bindings, when: alternative, pinned: covered ? .modal(index) : nil,
                                        covered: terms.bool(covered), on: &branch, cut: &cut)
                            }
                            state = try SymbolicState.choose(alternative, branch, state, terms: terms)
                        }
                    }
                }
            }
        }
    }

    /// Runs a hook's statement on `state` where `condition` holds.
    private func run(_ statement: Statement, bindings: [Int], when condition: Z3Term, pinned: SymbolicRun.Place?,
                     covered: Z3Term, on state: inout SymbolicState, cut: inout Z3Term) throws(Z3Error) {
        var run = try SymbolicRun(layout: layout, terms: terms, inputs: inputs, state: state, pinned: pinned, covered: covered)
        try run.run(statement, choice: Self.choice(of: statement, routes: model.routes, bindings: bindings), when: condition)
        state = run.state
        cut = try terms.or([cut, run.cut])
    }

    /// The route a hook's statement chooses: its first choice, as the explicit run takes.
    static func choice(of statement: Statement, routes: RouteTable, bindings: [Int]) -> Int? {
        guard statement.routeToChoose != nil else { return nil }
        return statement.routeChoices(routes: routes, bindings: bindings).first?.first
    }
}
#endif
