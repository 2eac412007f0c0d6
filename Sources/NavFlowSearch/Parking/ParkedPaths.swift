import NavFlowModel
import NavFlowSpec

/// How a search stores a tab that is not selected: each of its paths cut
/// after its last screen that could not be pushed again on the way back.
///
/// A screen of a path *can be pushed again* when the screen beneath it (or
/// the slot's root) has an edge that is a single `push` of that route, whose
/// guard holds now and stays true until every path is emptied: each flag it
/// reads positively is never set to false, and each flag it reads
/// negatively never set to true, by a step that keeps the paths (one
/// without `rebuild`; `launch` comes before every step). Whatever put the
/// screen there (a tap, a link, `launch`), the user who comes back to the
/// tab can push it again with that edge, so the search need not remember
/// it: when it switches to the tab it finds the cut path, and the app's
/// path is that one with pushes the user can make (docs/performance.md,
/// "Parked tabs").
///
/// Once the search takes deep links (`withDeepLinks`), a screen can also
/// be pushed again by a deep link that, opened with the tab on screen and no
/// modal up, appends exactly that screen to the tab's current stack (`* /
/// ... / R`, one handler, no modal presented) under a `requires` that holds
/// and keeps holding: the states found then are judged with deep links
/// allowed.
///
/// A tab `TabIndependence` stores whole is never cut. An edge that selects
/// a cut tab and then acts on it is taken from each of the tab's lifts
/// (`transitions(of:from:_:)`).
///
/// What is kept is decided from the state being stored, flags included.
/// A column selection (`select`) is always kept: there is no step that
/// takes it back.
public struct ParkedPaths: Sendable {
    public let model: FlowModel
    /// Per route id - 1: the routes its screen can push again, each with its guard.
    private let pushesAgain: [[(route: Int, condition: Condition?)]]
    /// A route put in place of a page that replaces itself: the page (a
    /// route whose appear hooks may not run) is pushed under one guard, then
    /// its edge that is exactly `pop` then `push` puts the route in its
    /// place under another.
    private struct Replacement {
        var page: Int
        var pageCondition: Condition?
        var route: Int
        var condition: Condition?
    }
    /// Per route id - 1: the routes pushed again through a page its screen pushes.
    private let replacedAgain: [[Replacement]]
    /// The routes pushed again through a page a deep link appends.
    private let replacedByLinks: [Replacement]
    /// Per slot: the screens its stack registers.
    private let registered: [Set<Int>]
    /// When the appear hooks of a route's screen may run.
    private enum HookRun {
        /// The screen has no hook.
        case never
        /// The screen's one hook only presents a sheet or popover that the
        /// user can swipe away, leaving no trace (`undoneBySwipe`): the
        /// screen is cut like one without a hook, but it is no page that
        /// replaces itself (the sheet would cover its edge).
        case undoneBySwipe
        /// A hook may run whatever the flags: it has no condition, or a
        /// step that keeps the paths can make its condition hold. Also a
        /// screen that may hide its back button, which is kept the same way.
        case always
        /// A hook runs only while one of these conditions holds, and each,
        /// once false, stays false until every path is emptied.
        case whenAnyHolds([Condition])

        var isUndoneBySwipe: Bool {
            if case .undoneBySwipe = self { true } else { false }
        }
    }
    /// Per route id (0 for none): when its screen's appear hooks may run.
    private let hookRuns: [HookRun]
    /// The routes a deep link appends alone to the selected tab's current
    /// stack, each with the link's `requires`.
    private let appendedByLinks: [(route: Int, condition: Condition?)]
    /// Whether deep links count as a way to push a screen again.
    public var withDeepLinks = false
    /// Per tab: the slots that hold a path; none for a tab stored whole
    /// (`TabIndependence.wholeTabs`).
    private let tabStackSlots: [[Int]]
    /// Per slot: the route it shows when nothing is selected into it.
    private let declaredRoots: [Int]
    /// Per tab: the stack a deep link acting on it (`*`) writes.
    private let currentStackSlots: [Int?]
    /// Per screen, per edge: the tabs lifted before the edge is taken
    /// (`TabIndependence.liftedTabs`).
    public let liftedTabs: [[[Int]]]
    /// Whether some edge is taken from lifts of the tabs it selects.
    public let liftsTabs: Bool

    /// Which tabs are stored whole and which lifted, and the selections a
    /// search that stores these cuts must check as it goes.
    public let independence: TabIndependence

    /// The cuts of the tabs `TabIndependence(model:)` lets a search park.
    public init(model: FlowModel) {
        self.init(model: model, independence: TabIndependence(model: model))
    }

    /// The cuts of the tabs `independence`, judged on `model`, lets a
    /// search park.
    public init(model: FlowModel, independence: TabIndependence) {
        self.model = model
        self.independence = independence
        let stable = FlagStability(model.spec)
        hookRuns = [.never] + (0..<model.routes.count).map { index in
            let screen = model.spec.screens[model.routes.screen(of: index + 1)]
            // A screen that may hide its back button is kept like one whose
            // hook may run: the app that finds it beyond a cut could not go
            // back over it (docs/performance.md, "What is cut").
            if screen.backHidden != nil { return .always }
            let hooks = screen.hooks
            guard !hooks.isEmpty else { return .never }
            if Self.isUndoneBySwipe(hooks, in: model.spec) { return .undoneBySwipe }
            var conditions: [Condition] = []
            for hook in hooks {
                guard let condition = hook.condition, stable.keepsHolding(.not(condition)) else { return .always }
                conditions.append(condition)
            }
            return .whenAnyHolds(conditions)
        }
        let ways = Self.waysToPushAgain(model, keeps: stable.keepsHolding)
        pushesAgain = ways.pushes
        replacedAgain = ways.replaced
        appendedByLinks = ways.appended
        replacedByLinks = ways.replacedByLinks
        registered = Self.registered(model)
        currentStackSlots = model.shape.tabSlots.indices.map { model.shape.currentStackSlot(selectedTab: $0) }
        let whole = independence.wholeTabs
        liftedTabs = independence.liftedTabs
        liftsTabs = liftedTabs.contains { $0.contains { !$0.isEmpty } }
        tabStackSlots = model.shape.tabSlots.enumerated().map { tab, slots in
            tab < whole.count && whole[tab] ? [] : slots.filter { model.codec.path(ofSlot: $0).length.count > 0 }
        }
        declaredRoots = model.shape.slots.indices.map(model.declaredRoot(ofSlot:))
    }

    /// The ways a screen can be pushed again, under guards `keeps` accepts:
    /// per route id - 1, the single pushes of its screen's edges and the
    /// routes put in place of a page one of them pushes; the routes deep
    /// links append alone where the user is, and those put in place of such
    /// a page.
    private static func waysToPushAgain(_ model: FlowModel, keeps: (Condition?) -> Bool)
        -> (pushes: [[(route: Int, condition: Condition?)]], replaced: [[Replacement]],
            appended: [(route: Int, condition: Condition?)], replacedByLinks: [Replacement]) {
        func pushes(replacingTop: Bool) -> [[(route: Int, condition: Condition?)]] {
            (0..<model.routes.count).map { index in
                let route = index + 1
                let screen = model.spec.screens[model.routes.screen(of: route)]
                var pushes: [(route: Int, condition: Condition?)] = []
                for (number, edge) in screen.edges.enumerated() where keeps(edge.condition) {
                    for pushed in model.routesPushed(byEdge: number, from: route, replacingTop: replacingTop) {
                        pushes.append((pushed, edge.condition))
                    }
                }
                return pushes
            }
        }
        let direct = pushes(replacingTop: false)
        let replaces = pushes(replacingTop: true)
        func replacements(_ pages: [(route: Int, condition: Condition?)]) -> [Replacement] {
            pages.flatMap { page in
                replaces[page.route - 1].map {
                    Replacement(page: page.route, pageCondition: page.condition, route: $0.route, condition: $0.condition)
                }
            }
        }
        var appended: [(route: Int, condition: Condition?)] = []
        for (index, link) in model.spec.deepLinks.enumerated() where link.handlers.count == 1 {
            let handler = link.handlers[0]
            let target = handler.target
            guard target.tab == nil, target.appends, !handler.keepsTab, target.modals.isEmpty,
                  target.columns.count == 1, target.columns[0].shows == nil, target.columns[0].path.count == 1,
                  keeps(handler.requires) else { continue }
            for arguments in model.deepLinkArguments[index] {
                for route in model.routes.expand(target.columns[0].path[0], bindings: arguments) {
                    appended.append((route, handler.requires))
                }
            }
        }
        return (direct, direct.map(replacements), appended, replacements(appended))
    }

    /// Whether a screen's hooks are one hook whose statements are exactly
    /// one `sheet` or `popover` of a screen, or of a stack whose root
    /// screen, that is never `locked` and has no hooks (appear or
    /// dismissal hooks): whatever its
    /// condition, running it leaves the app as it was once the user swipes
    /// the modal away (a swipe runs nothing; the screen beneath a sheet
    /// never went away, so its hook does not run again).
    static func isUndoneBySwipe(_ hooks: [AppearHook], in spec: FlowSpec) -> Bool {
        guard hooks.count == 1, hooks[0].statements.count == 1,
              case .present(let kind, let content) = hooks[0].statements[0].kind, kind != .cover else { return false }
        let shown: Int
        switch content {
        case .screen(let screen): shown = screen
        case .stack(let stack): shown = spec.stacks[stack].root
        case .tabs, .split: return false
        }
        // A swipe closes the modal, which runs its dismissal hooks.
        return spec.screens[shown].lock == nil && spec.screens[shown].hooks.isEmpty && spec.screens[shown].dismissHooks.isEmpty
    }

    /// Per slot: the screens its stack registers.
    private static func registered(_ model: FlowModel) -> [Set<Int>] {
        model.shape.slots.map { slot in
            guard case .stack(let stack) = slot.declared else { return [] }
            return Set(model.spec.stacks[stack].destinations)
        }
    }

    /// The most paths `lifts(of:in:)` can give tab `tab` in one state,
    /// whatever the flags, inputs and hooks: for each of its stacks, the
    /// paths of up to its depth screens from any top, each one a way to
    /// push again on the one beneath, multiplied over its stacks. Capped
    /// just above `TabIndependence.maxLifts`.
    public static func mostLifts(of tab: Int, in model: FlowModel) -> Int {
        let cap = TabIndependence.maxLifts + 1
        let ways = waysToPushAgain(model, keeps: { _ in true })
        let registered = registered(model)
        let linked = ways.appended.map(\.route) + ways.replacedByLinks.map(\.route)
        var total = 1
        for slot in model.shape.tabSlots[tab] {
            let depth = model.codec.depth(ofSlot: slot)
            guard depth > 0 else { continue }
            let routes = 0..<model.routes.count
            let next: [[Int]] = routes.map { index in
                let candidates = ways.pushes[index].map(\.route) + ways.replaced[index].map(\.route) + linked
                return Array(Set(candidates.filter { registered[slot].contains(model.routes.screen(of: $0)) }))
            }
            // paths[r] with d screens left: 1 + the sum over the routes pushed again on r.
            var paths = Array(repeating: 1, count: routes.count)
            for _ in 0..<depth {
                paths = next.map { candidates in
                    min(cap, candidates.reduce(1) { min(cap, $0 + paths[$1 - 1]) })
                }
            }
            // A path may be empty: the slot's root is on top, whatever route it shows.
            total = min(cap, total * (paths.max() ?? 1))
        }
        return total
    }

    /// Cuts the paths of every tab but the one `state` selects, in `words`
    /// (the state's words, or a part of them holding those slots); flags and
    /// inputs are read from `state`.
    public func park(_ words: UnsafeMutableBufferPointer<UInt64>, of state: UnsafeBufferPointer<UInt64>) {
        let selected = model.codec.selectedTab(state)
        for tab in tabStackSlots.indices where tab != selected {
            park(tab: tab, in: words, of: state)
        }
    }

    /// Cuts the paths of tab `tab` in `words`; flags and inputs are read from `state`.
    public func park(tab: Int, in words: UnsafeMutableBufferPointer<UInt64>, of state: UnsafeBufferPointer<UInt64>) {
        // `model.codec` is read in place: a copy would retain its arrays once per tab cut.
        let valuation = PackedValuation(codec: model.codec, state: state)
        for slot in tabStackSlots[tab] {
            let field = model.codec.path(ofSlot: slot)
            let length = model.codec.read(field.length, in: UnsafeBufferPointer(words))
            guard length > 0 else { continue }
            var beneath = declaredRoots[slot]
            if model.codec.hasShows(slot: slot) {
                let shows = model.codec.read(model.codec.slotFields[slot].lowerBound..<field.length.lowerBound, in: UnsafeBufferPointer(words))
                if shows != 0 { beneath = shows }
            }
            let kept = keptLength(of: length, route: { position in
                let start = field.firstRoute + position * field.routeBits
                return model.codec.read(start..<(start + field.routeBits), in: UnsafeBufferPointer(words))
            }, root: beneath, slot: slot, linked: linked(tab: tab, slot: slot), in: valuation)
            guard kept < length else { continue }
            model.codec.write(kept, to: field.length, in: words)
            let start = field.firstRoute + kept * field.routeBits
            model.codec.write(0, to: start..<(field.firstRoute + length * field.routeBits), in: words)
        }
    }

    /// How many routes of a path of `length` routes (`route(i)` the i-th,
    /// bottom first) on stack slot `slot`, above `root`, the cut keeps:
    /// everything up to its highest route that cannot be pushed again on
    /// the one beneath it or whose hook may run, and the route above that
    /// one when its hook may run.
    @inline(__always)
    func keptLength<Flags: ParkingValuation>(of length: Int, route: (Int) -> Int, root: Int, slot: Int, linked: Bool,
                                             in valuation: Flags) -> Int {
        var kept = 0
        // The screen on top of the kept part, shown when the tab is selected again.
        var keptTop = root
        var beneath = root
        for position in 0..<length {
            let route = route(position)
            if stays(route, on: beneath, slot: slot, linked: linked, in: valuation) {
                kept = position + 1
                keptTop = route
            }
            beneath = route
        }
        // Nor is a cut path left with such a screen on top: the app
        // shows another screen when the tab is selected again, and would
        // not run that hook then. The next screen (no hook that may run)
        // is kept too.
        if kept < length && hookMayRun(keptTop, in: valuation) {
            kept += 1
        }
        return kept
    }

    /// Whether the cut keeps `route` on `beneath` (and everything beneath
    /// it): it cannot be pushed again there, or its appear hook may run,
    /// which pushing it again would run.
    @inline(__always)
    func stays<Flags: ParkingValuation>(_ route: Int, on beneath: Int, slot: Int, linked: Bool, in valuation: Flags) -> Bool {
        hookMayRun(route, in: valuation) || !canPushAgain(route, from: beneath, slot: slot, linked: linked, in: valuation)
    }

    /// The unpacked `state` with the paths of every tab but the selected
    /// one cut (as `park(_:of:)` cuts them packed).
    public func parked(_ state: NavState) -> NavState {
        var stored = state
        for tab in model.shape.tabSlots.indices where tab != state.selectedTab { park(tab: tab, in: &stored) }
        return stored
    }

    /// Cuts the paths of tab `tab` in the unpacked `state` (as `park(tab:in:of:)` does packed).
    func park(tab: Int, in state: inout NavState) {
        let valuation = FlagValuation(flags: state.flags, inputs: state.inputs)
        for slot in tabStackSlots[tab] where !state.paths[slot].isEmpty {
            let path = state.paths[slot]
            let kept = keptLength(of: path.count, route: { path[$0] }, root: model.rootRoute(ofSlot: slot, in: state), slot: slot,
                                  linked: linked(tab: tab, slot: slot), in: valuation)
            if kept < path.count { state.paths[slot].removeLast(path.count - kept) }
        }
    }

    /// Calls `body` with every transition of the parked search for `unit`
    /// from `state`, a stored state (its tabs that are not selected cut):
    /// the app's, except for an edge that selects a cut tab and then acts
    /// on it or leaves it under a modal (`TabIndependence.liftedTabs`).
    /// That edge is taken from every *lift* of the tab: its path with
    /// screens the user can push again on top, as the app has it when the
    /// user left it that way, or went back to it and pushed again before
    /// the step (docs/performance.md, "Tabs lifted before a step"). Equal
    /// transitions are given once.
    ///
    /// A state can have thousands of lifts. `stopping` is asked before
    /// each lift: when it says so (a search over its time limit), the
    /// transitions end there, short, and the method returns `false`; the
    /// caller must then not take them as the unit's transitions.
    @discardableResult
    public func transitions(of unit: StepUnit, from state: NavState, stopping: () -> Bool = { false },
                            _ body: (Transition) -> Void) -> Bool {
        let decider = ConcreteDecider()
        guard case .edge(_, let screen, let edge) = unit, !liftedTabs[screen][edge].isEmpty else {
            model.run(unit, from: state, decider: decider, body)
            return true
        }
        let variants = lifts(of: liftedTabs[screen][edge], in: state)
        guard variants.count > 1 else {
            model.run(unit, from: state, decider: decider, body)
            return true
        }
        var seen = Set<Transition>()
        for variant in variants {
            if stopping() { return false }
            model.run(unit, from: variant, decider: decider) { transition in
                if seen.insert(transition).inserted { body(transition) }
            }
        }
        return true
    }

    /// Every transition of the parked search from the stored `state`
    /// (`transitions(of:from:_:)` for each of the model's step units).
    /// With `stopping`, as `transitions` stops: `false` when the
    /// transitions were cut short.
    @discardableResult
    public func successors(of state: NavState, deepLinks: Bool, stopping: () -> Bool = { false },
                           _ body: (Transition) -> Void) -> Bool {
        var whole = true
        model.forEachUnit(of: state, deepLinks: deepLinks) { unit in
            guard whole else { return }
            whole = transitions(of: unit, from: state, stopping: stopping, body)
        }
        return whole
    }

    /// The states `state` stands for in the app as far as `tabs` go: each
    /// of those tabs that is cut (neither selected nor stored whole) with
    /// its path extended, in every way, by screens that can be pushed
    /// again (and whose hooks may not run), up to its stack's depth; the
    /// state itself first. A tab whose top has a hook that may run is not
    /// extended: the cut never leaves such a top, so its path is whole.
    public func lifts(of tabs: [Int], in state: NavState) -> [NavState] {
        let words = model.codec.encode(state)
        return words.withUnsafeBufferPointer { words in
            var variants = [state]
            for tab in tabs where tab != state.selectedTab && tab < tabStackSlots.count {
                for slot in tabStackSlots[tab] {
                    let paths = extensions(of: state.paths[slot], slot: slot, linked: withDeepLinks && currentStackSlots[tab] == slot,
                                           root: model.rootRoute(ofSlot: slot, in: state), in: words)
                    guard paths.count > 1 else { continue }
                    variants = variants.flatMap { variant in
                        paths.map { path in
                            var lifted = variant
                            lifted.paths[slot] = path
                            return lifted
                        }
                    }
                }
            }
            return variants
        }
    }

    /// `path` and every extension of it by screens that can be pushed again
    /// in stack slot `slot`, up to the slot's depth, shortest first.
    private func extensions(of path: [Int], slot: Int, linked: Bool, root: Int,
                            in state: UnsafeBufferPointer<UInt64>) -> [[Int]] {
        let valuation = PackedValuation(codec: model.codec, state: state)
        guard !hookMayRun(path.last ?? root, in: valuation) else { return [path] }
        let depth = model.codec.depth(ofSlot: slot)
        var result = [path]
        var next = 0
        while next < result.count {
            let current = result[next]
            next += 1
            guard current.count < depth else { continue }
            let beneath = current.last ?? root
            guard beneath > 0 else { continue }
            var candidates = pushesAgain[beneath - 1].map(\.route) + replacedAgain[beneath - 1].map(\.route)
            if linked { candidates += appendedByLinks.map(\.route) + replacedByLinks.map(\.route) }
            var added = Set<Int>()
            for route in candidates where added.insert(route).inserted {
                guard registered[slot].contains(model.routes.screen(of: route)), !hookMayRun(route, in: valuation),
                      canPushAgain(route, from: beneath, slot: slot, linked: linked, in: valuation) else { continue }
                result.append(current + [route])
            }
        }
        return result
    }

    /// Whether the screen `route` shows can be pushed again on the one
    /// `beneath` shows, in stack slot `slot`: by an edge of `beneath` (or, when
    /// `linked`, by a deep link), or by pushing so a screen whose edge then
    /// puts `route` in its place (a link's stub page that resolves).
    func canPushAgain<Flags: ParkingValuation>(_ route: Int, from beneath: Int, slot: Int, linked: Bool,
                                                in flags: Flags) -> Bool {
        guard beneath > 0 else { return false }
        func pushed(_ candidates: [(route: Int, condition: Condition?)], _ route: Int) -> Bool {
            candidates.contains { $0.route == route && flags.holds($0.condition) }
        }
        if pushed(pushesAgain[beneath - 1], route) || linked && pushed(appendedByLinks, route) { return true }
        func replaced(_ replacement: Replacement) -> Bool {
            replacement.route == route && registered[slot].contains(model.routes.screen(of: replacement.page))
                && flags.holds(replacement.pageCondition) && flags.holds(replacement.condition)
                && !hookMayRun(replacement.page, in: flags) && !hookRuns[replacement.page].isUndoneBySwipe
        }
        return replacedAgain[beneath - 1].contains(where: replaced) || linked && replacedByLinks.contains(where: replaced)
    }

    /// Whether pushing `route` again, or showing it again on top, may run an
    /// appear hook: its screen has one, and that hook may run now or later
    /// while the paths are kept.
    func hookMayRun<Flags: ParkingValuation>(_ route: Int, in flags: Flags) -> Bool {
        switch hookRuns[route] {
        case .never, .undoneBySwipe: false
        case .always: true
        case .whenAnyHolds(let conditions): conditions.contains { flags.holds($0) }
        }
    }

    /// Whether a screen of stack slot `slot` of tab `tab` can be pushed
    /// again by a deep link that appends where the user is.
    func linked(tab: Int, slot: Int) -> Bool {
        withDeepLinks && currentStackSlots[tab] == slot
    }

    /// Whether the search cuts the path of stack slot `slot` of tab `tab`
    /// when the tab is not selected (a tab stored whole is never cut).
    func cuts(tab: Int, slot: Int) -> Bool {
        tabStackSlots.indices.contains(tab) && tabStackSlots[tab].contains(slot)
    }

    /// The flags and the inputs the cut reads (`canPushAgain`,
    /// `hookMayRun`), as masks of `NavState.flags` and `NavState.inputs`:
    /// two states equal on those bits are cut alike.
    var flagsRead: (flags: UInt64, inputs: UInt64) {
        var conditions: [Condition?] = pushesAgain.flatMap { $0.map(\.condition) } + appendedByLinks.map(\.condition)
        for replacement in replacedAgain.flatMap({ $0 }) + replacedByLinks {
            conditions += [replacement.pageCondition, replacement.condition]
        }
        for case .whenAnyHolds(let hooks) in hookRuns { conditions += hooks }
        var masks: (flags: UInt64, inputs: UInt64) = (0, 0)
        for condition in conditions.compactMap({ $0 }) {
            for flag in condition.flagsRead { masks.flags |= 1 << UInt64(flag) }
            for input in condition.inputsRead { masks.inputs |= 1 << UInt64(input) }
        }
        return masks
    }
}

/// Where the cut reads the flags and inputs its conditions test: a packed
/// state (`PackedValuation`), or a state's bits (`FlagValuation`).
protocol ParkingValuation {
    func holds(_ condition: Condition?) -> Bool
}

/// The flags and inputs of a state packed by `StateCodec`.
struct PackedValuation: ParkingValuation {
    let flagStart: Int
    let inputStart: Int
    let state: UnsafeBufferPointer<UInt64>

    init(codec: StateCodec, state: UnsafeBufferPointer<UInt64>) {
        flagStart = codec.flagField.lowerBound
        inputStart = codec.inputField.lowerBound
        self.state = state
    }

    func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return condition.evaluate(flags: { bit(flagStart + $0) }, inputs: { bit(inputStart + $0) })
    }

    @inline(__always)
    private func bit(_ bit: Int) -> Bool {
        state[bit >> 6] >> UInt64(bit & 63) & 1 == 1
    }
}

/// The flags and inputs of an unpacked state (`NavState.flags`, `NavState.inputs`).
struct FlagValuation: ParkingValuation, Hashable {
    var flags: UInt64
    var inputs: UInt64

    func holds(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return condition.evaluate(flags: { flags >> UInt64($0) & 1 == 1 }, inputs: { inputs >> UInt64($0) & 1 == 1 })
    }
}

/// Which flags a step may turn back while keeping the paths: set to false
/// (or to true) by a statement of a block without `rebuild` (an edge, an
/// appear hook, a deep link's `else`). A condition keeps holding, once it
/// holds, until every path is emptied, when no flag it reads can be turned
/// against it that way.
struct FlagStability {
    /// Flags some step sets to false, and to true, keeping the paths.
    private(set) var clearedKeepingPaths = Set<Int>()
    private(set) var setKeepingPaths = Set<Int>()

    /// Every block of statements a step can run: each screen's edges and
    /// appear hooks, and each deep link's `else` (`launch` runs before
    /// every step).
    static func blocks(of spec: FlowSpec) -> [[Statement]] {
        var blocks: [[Statement]] = []
        for screen in spec.screens {
            blocks += screen.statementBlocks.map(\.statements)
        }
        for link in spec.deepLinks {
            blocks += link.handlers.compactMap(\.otherwise).map { [$0] }
        }
        return blocks
    }

    init(_ spec: FlowSpec) {
        for block in Self.blocks(of: spec) {
            let rebuilds = block.contains { if case .rebuild = $0.kind { true } else { false } }
            guard !rebuilds else { continue }
            for statement in block {
                if case .set(let flag, let value) = statement.kind {
                    if value { setKeepingPaths.insert(flag) } else { clearedKeepingPaths.insert(flag) }
                }
            }
        }
    }

    /// Whether a condition that holds keeps holding until a step empties every path.
    func keepsHolding(_ condition: Condition?) -> Bool {
        guard let condition else { return true }
        return keepsHolding(condition, negated: false)
    }

    private func keepsHolding(_ condition: Condition, negated: Bool) -> Bool {
        switch condition {
        case .constant, .input: true
        case .flag(let flag): !(negated ? setKeepingPaths : clearedKeepingPaths).contains(flag)
        case .not(let operand): keepsHolding(operand, negated: !negated)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            keepsHolding(lhs, negated: negated) && keepsHolding(rhs, negated: negated)
        case .equal(let lhs, let rhs):
            keepsHolding(lhs, negated: false) && keepsHolding(lhs, negated: true)
                && keepsHolding(rhs, negated: false) && keepsHolding(rhs, negated: true)
        }
    }
}
