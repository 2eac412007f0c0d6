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
/// A tab `TabIndependence` stores whole is never cut.
///
/// What is kept is decided from the state being stored, flags included.
/// A column selection (`select`) is always kept: there is no step that
/// takes it back.
public struct ParkedPaths: Sendable {
    private let model: FlowModel
    /// Per route id - 1: the routes its screen can push again, each with its guard.
    private let pushesAgain: [[(route: Int, condition: Condition?)]]
    /// A route put in place of a page that replaces itself: the page (a
    /// route without an appear hook) is pushed under one guard, then its
    /// edge that is exactly `pop` then `push` puts the route in its place
    /// under another.
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
    /// Per route id (0 for none): whether its screen has an appear hook.
    private let hooked: [Bool]
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

    public init(model: FlowModel) {
        self.model = model
        let stable = FlagStability(model.spec)
        func pushes(replacingTop: Bool) -> [[(route: Int, condition: Condition?)]] {
            (0..<model.routes.count).map { index in
                let route = index + 1
                let screen = model.spec.screens[model.routes.screen(of: route)]
                var pushes: [(route: Int, condition: Condition?)] = []
                for (number, edge) in screen.edges.enumerated() where stable.keepsHolding(edge.condition) {
                    for pushed in model.routesPushed(byEdge: number, from: route, replacingTop: replacingTop) {
                        pushes.append((pushed, edge.condition))
                    }
                }
                return pushes
            }
        }
        hooked = [false] + (0..<model.routes.count).map { !model.spec.screens[model.routes.screen(of: $0 + 1)].hooks.isEmpty }
        pushesAgain = pushes(replacingTop: false)
        let replaces = pushes(replacingTop: true)
        let hooked = hooked
        func replacements(_ pages: [(route: Int, condition: Condition?)]) -> [Replacement] {
            pages.filter { !hooked[$0.route] }.flatMap { page in
                replaces[page.route - 1].map {
                    Replacement(page: page.route, pageCondition: page.condition, route: $0.route, condition: $0.condition)
                }
            }
        }
        replacedAgain = pushesAgain.map(replacements)
        registered = model.shape.slots.map { slot in
            guard case .stack(let stack) = slot.declared else { return [] }
            return Set(model.spec.stacks[stack].destinations)
        }
        var appended: [(route: Int, condition: Condition?)] = []
        for (index, link) in model.spec.deepLinks.enumerated() where link.handlers.count == 1 {
            let handler = link.handlers[0]
            let target = handler.target
            guard target.tab == nil, target.appends, !handler.keepsTab, target.modals.isEmpty,
                  target.columns.count == 1, target.columns[0].shows == nil, target.columns[0].path.count == 1,
                  stable.keepsHolding(handler.requires) else { continue }
            for arguments in model.deepLinkArguments[index] {
                for route in model.routes.expand(target.columns[0].path[0], bindings: arguments) {
                    appended.append((route, handler.requires))
                }
            }
        }
        appendedByLinks = appended
        replacedByLinks = replacements(appended)
        currentStackSlots = model.shape.tabSlots.indices.map { model.shape.currentStackSlot(selectedTab: $0) }
        let whole = TabIndependence(model.spec).wholeTabs
        tabStackSlots = model.shape.tabSlots.enumerated().map { tab, slots in
            tab < whole.count && whole[tab] ? [] : slots.filter { model.codec.path(ofSlot: $0).length.count > 0 }
        }
        let empty = NavState(flags: 0, inputs: 0, selectedTab: 0,
                             paths: Array(repeating: [], count: model.shape.slots.count),
                             shows: Array(repeating: 0, count: model.shape.slots.count), modals: [])
        declaredRoots = model.shape.slots.indices.map { model.rootRoute(ofSlot: $0, in: empty) }
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
        let codec = model.codec
        for slot in tabStackSlots[tab] {
            let field = codec.path(ofSlot: slot)
            let length = codec.read(field.length, in: UnsafeBufferPointer(words))
            guard length > 0 else { continue }
            var beneath = declaredRoots[slot]
            if codec.hasShows(slot: slot) {
                let shows = codec.read(codec.slotFields[slot].lowerBound..<field.length.lowerBound, in: UnsafeBufferPointer(words))
                if shows != 0 { beneath = shows }
            }
            var kept = 0
            // The screen on top of the kept part, shown when the tab is selected again.
            var keptTop = beneath
            for position in 0..<length {
                let start = field.firstRoute + position * field.routeBits
                let route = codec.read(start..<(start + field.routeBits), in: UnsafeBufferPointer(words))
                // A screen with an appear hook is never cut: pushing it again would run its hook.
                if hooked[route] || !canPushAgain(route, from: beneath, slot: slot,
                                                  linked: withDeepLinks && currentStackSlots[tab] == slot, in: state) {
                    kept = position + 1
                    keptTop = route
                }
                beneath = route
            }
            // Nor is a cut path left with a hooked screen on top: the app
            // shows another screen when the tab is selected again, and would
            // not run that hook then. The next screen (no hook) is kept too.
            if kept < length && hooked[keptTop] {
                kept += 1
            }
            guard kept < length else { continue }
            codec.write(kept, to: field.length, in: words)
            let start = field.firstRoute + kept * field.routeBits
            codec.write(0, to: start..<(field.firstRoute + length * field.routeBits), in: words)
        }
    }

    /// Whether the screen `route` shows can be pushed again on the one
    /// `beneath` shows, in stack slot `slot`: by an edge of `beneath` (or, when
    /// `linked`, by a deep link), or by pushing so a screen whose edge then
    /// puts `route` in its place (a link's stub page that resolves).
    private func canPushAgain(_ route: Int, from beneath: Int, slot: Int, linked: Bool,
                              in state: UnsafeBufferPointer<UInt64>) -> Bool {
        guard beneath > 0 else { return false }
        func pushed(_ candidates: [(route: Int, condition: Condition?)], _ route: Int) -> Bool {
            candidates.contains { $0.route == route && holds($0.condition, in: state) }
        }
        if pushed(pushesAgain[beneath - 1], route) || linked && pushed(appendedByLinks, route) { return true }
        func replaced(_ replacement: Replacement) -> Bool {
            replacement.route == route && registered[slot].contains(model.routes.screen(of: replacement.page))
                && holds(replacement.pageCondition, in: state) && holds(replacement.condition, in: state)
        }
        return replacedAgain[beneath - 1].contains(where: replaced) || linked && replacedByLinks.contains(where: replaced)
    }

    private func holds(_ condition: Condition?, in state: UnsafeBufferPointer<UInt64>) -> Bool {
        guard let condition else { return true }
        return condition.evaluate(flags: { flag(model.codec.flagField.lowerBound + $0, in: state) },
                                  inputs: { flag(model.codec.inputField.lowerBound + $0, in: state) })
    }

    @inline(__always)
    private func flag(_ bit: Int, in state: UnsafeBufferPointer<UInt64>) -> Bool {
        state[bit >> 6] >> UInt64(bit & 63) & 1 == 1
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

    init(_ spec: FlowSpec) {
        var blocks: [[Statement]] = []
        for screen in spec.screens {
            blocks += screen.statementBlocks.map(\.statements)
        }
        for link in spec.deepLinks {
            blocks += link.handlers.compactMap(\.otherwise).map { [$0] }
        }
        for block in blocks {
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
