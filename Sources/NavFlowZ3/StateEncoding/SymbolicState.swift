#if Z3
import NavFlowModel
import NavFlowSpec
import Z3Solver

/// How a state of a model is laid out as terms: the fields of `NavState`
/// (the same ones `StateCodec` packs), each a Boolean or a bit-vector just
/// wide enough for its values. A path is a length and one route term per
/// place up to its stack's depth; places at and above the length hold 0,
/// as in a packed state, so that equal states have equal terms.
struct StateLayout {
    let model: FlowModel
    let tabWidth: Int
    let routeWidth: Int
    /// Per slot: the depth of its stack (0 without one).
    let slotDepths: [Int]
    /// The depth of a modal's path: the deepest stack's.
    let modalDepth: Int
    let presentableWidth: Int
    let countWidth: Int
    static let kindWidth = 2
    /// Per slot: whether it has a column selection (a split's column after the first).
    let hasShows: [Bool]
    /// The most columns a tab's (or the root's) content has, and the bits
    /// of a column index (a modal's presenter column).
    let columns: Int
    let columnWidth: Int
    /// The presentables some statement presents: the only ones a modal
    /// can show (every modal is put up by a `present`).
    let presented: [Int]
    /// How many modals can be up at once: the limit, or fewer when fewer
    /// presentables are presented (the same one is never up twice). The
    /// state has a place for each.
    let modalPlaces: Int
    /// Per slot: the screens that can be on its path or selected into it
    /// (its stack's root and destinations, what a push `inline` pushes
    /// anywhere, and in a split's later columns what a `select` selects).
    let slotScreens: [Set<Int>]
    /// Per presented stack (by presentable): the screens that can be on its path.
    let stackScreens: [Int: Set<Int>]
    /// The screens that can be on top of a modal.
    let modalScreens: Set<Int>

    /// Whether deep links are steps (`--deeplinks`).
    let deepLinks: Bool

    init(model: FlowModel, deepLinks: Bool = false) {
        self.model = model
        self.deepLinks = deepLinks
        let spec = model.spec
        tabWidth = Terms.width(for: max(0, model.shape.tabCount - 1))
        routeWidth = Terms.width(for: model.routes.count)
        slotDepths = model.shape.slots.map { slot in
            if case .stack(let stack) = slot.declared { return spec.stacks[stack].depth }
            return 0
        }
        modalDepth = spec.stacks.map(\.depth).max() ?? 0
        presentableWidth = Terms.width(for: max(0, model.shape.presentables.count - 1))
        let opened = Self.openedHandlers(in: model, deepLinks: deepLinks)
        // A split's later column selects; a link's `> R` may write any column.
        var hasShows = model.shape.slots.map { $0.split != nil && $0.column > 0 }
        var linkShows = Array(repeating: Set<Int>(), count: model.shape.slots.count)
        for (handler, arguments) in opened {
            let tabs = handler.target.tab.map { [$0] } ?? Array(0..<max(1, model.shape.tabCount))
            for tab in tabs {
                for (offset, slot) in model.shape.activeSlots(selectedTab: tab).enumerated() where offset < handler.target.columns.count {
                    guard let shows = handler.target.columns[offset].shows,
                          let route = model.routes.expand(shows, bindings: arguments).first else { continue }
                    hasShows[slot] = true
                    linkShows[slot].insert(model.routes.screen(of: route))
                }
            }
        }
        self.hasShows = hasShows
        columns = (model.shape.tabSlots + [model.shape.rootSlots]).map(\.count).max() ?? 1
        columnWidth = Terms.width(for: max(0, columns - 1))
        countWidth = Terms.width(for: StateShape.modalLimit)
        var presented = Set<Int>()
        var inline = Set<Int>()
        var selected = Set<Int>()
        let hooks = spec.screens.flatMap { $0.hooks.flatMap(\.statements) + $0.dismissHooks.flatMap(\.statements) }
        for (handler, _) in opened {
            for modal in handler.target.modals {
                if let index = model.shape.presentableIndex[modal.content] { presented.insert(index) }
            }
        }
        let otherwise = opened.compactMap(\.handler.otherwise)
        for statement in spec.screens.flatMap({ $0.edges.flatMap(\.statements) }) + spec.launch.map(\.statement) + hooks + otherwise {
            switch statement.kind {
            case .present(_, let content): if let index = model.shape.presentableIndex[content] { presented.insert(index) }
            case .pushInline(let route): inline.insert(route.screen)
            case .select(let route): selected.insert(route.screen)
            default: break
            }
        }
        self.presented = presented.sorted()
        modalPlaces = min(StateShape.modalLimit, presented.count)
        // A screen gets on a path by a registered push, or inline anywhere.
        func screens(of content: Content) -> Set<Int> {
            switch content {
            case .stack(let stack): Set([spec.stacks[stack].root] + spec.stacks[stack].destinations).union(inline)
            case .screen(let screen): [screen]
            default: []
            }
        }
        slotScreens = model.shape.slots.enumerated().map { index, slot in
            screens(of: slot.declared).union(slot.split != nil && slot.column > 0 ? selected : []).union(linkShows[index])
        }
        stackScreens = Dictionary(uniqueKeysWithValues: self.presented.map { ($0, screens(of: model.shape.presentables[$0])) })
        modalScreens = self.presented.reduce(into: Set<Int>()) { $0.formUnion(screens(of: model.shape.presentables[$1])) }
    }

    func lengthWidth(depth: Int) -> Int { Terms.width(for: depth) }

    /// The handlers the relation may run, with the link's values: with
    /// `deepLinks`, every link's with every value; and those of every
    /// `open` of an edge, of `launch` or of a hook.
    static func openedHandlers(in model: FlowModel, deepLinks: Bool) -> [(handler: DeepLinkHandler, arguments: [Int])] {
        let spec = model.spec
        let pending = spec.screens.flatMap { screen in
            screen.edges.flatMap(\.statements) + screen.hooks.flatMap(\.statements) + screen.dismissHooks.flatMap(\.statements)
        } + spec.launch.map(\.statement)
        var handlers: [(handler: DeepLinkHandler, arguments: [Int])] = []
        if deepLinks {
            for link in spec.deepLinks.indices {
                for arguments in model.deepLinkArguments[link] {
                    handlers += spec.deepLinks[link].handlers(running: arguments).map { ($0, arguments) }
                }
            }
        }
        // An `else` cannot `open` (the front end says so): the opened links' are all there is.
        for statement in pending {
            guard case .open(let url) = statement.kind, let (link, arguments) = OpenStatement(url: url).link(in: spec) else { continue }
            handlers += spec.deepLinks[link].handlers(running: arguments).map { ($0, arguments) }
        }
        return handlers
    }

    /// A state of fresh constants named after `prefix`.
    func fresh(_ prefix: String, terms: Terms) throws(Z3Error) -> SymbolicState {
        func path(_ name: String, depth: Int) throws(Z3Error) -> SymbolicPath {
            var routes: [Z3Term] = []
            for index in 0..<depth { routes.append(try terms.bitVector("\(name).r\(index)", width: routeWidth)) }
            let length = depth == 0 ? try terms.value(0, width: 1)
                : try terms.bitVector("\(name).n", width: lengthWidth(depth: depth))
            return SymbolicPath(length: length, routes: routes, lengthWidth: lengthWidth(depth: depth))
        }
        var flags: [Z3Term] = []
        for flag in model.spec.flags.indices { flags.append(try terms.boolean("\(prefix).f\(flag)")) }
        var paths: [SymbolicPath] = []
        var shows: [Z3Term] = []
        for (slot, depth) in slotDepths.enumerated() {
            paths.append(try path("\(prefix).s\(slot)", depth: depth))
            shows.append(hasShows[slot] ? try terms.bitVector("\(prefix).s\(slot).shows", width: routeWidth)
                : try terms.value(0, width: routeWidth))
        }
        var modals: [SymbolicModal] = []
        for index in 0..<modalPlaces {
            modals.append(SymbolicModal(kind: try terms.bitVector("\(prefix).m\(index).k", width: Self.kindWidth),
                                        presentable: try terms.bitVector("\(prefix).m\(index).p", width: presentableWidth),
                                        path: try path("\(prefix).m\(index)", depth: modalDepth),
                                        column: columns > 1 ? try terms.bitVector("\(prefix).m\(index).c", width: columnWidth)
                                            : try terms.value(0, width: columnWidth)))
        }
        let tab = model.shape.tabCount > 1 ? try terms.bitVector("\(prefix).tab", width: tabWidth) : try terms.value(0, width: tabWidth)
        return SymbolicState(flags: flags, tab: tab, paths: paths, shows: shows,
                             count: try terms.bitVector("\(prefix).count", width: countWidth), modals: modals)
    }

    /// A concrete state as numerals: every route place above a path's
    /// length, and every modal above the count, zero.
    func constant(_ state: NavState, terms: Terms) throws(Z3Error) -> SymbolicState {
        func path(_ routes: [Int], depth: Int) throws(Z3Error) -> SymbolicPath {
            var places: [Z3Term] = []
            for index in 0..<depth { places.append(try terms.value(index < routes.count ? routes[index] : 0, width: routeWidth)) }
            return SymbolicPath(length: try terms.value(routes.count, width: lengthWidth(depth: depth)), routes: places,
                                lengthWidth: lengthWidth(depth: depth))
        }
        var paths: [SymbolicPath] = []
        var shows: [Z3Term] = []
        for (slot, depth) in slotDepths.enumerated() {
            paths.append(try path(state.paths[slot], depth: depth))
            shows.append(try terms.value(state.shows[slot], width: routeWidth))
        }
        var modals: [SymbolicModal] = []
        for index in 0..<modalPlaces {
            let modal = index < state.modals.count ? state.modals[index] : nil
            modals.append(SymbolicModal(kind: try terms.value(modal.map { Self.code(of: $0.kind) } ?? 0, width: Self.kindWidth),
                                        presentable: try terms.value(modal?.presentable ?? 0, width: presentableWidth),
                                        path: try path(modal?.path ?? [], depth: modalDepth),
                                        column: try terms.value(modal?.presenterColumn ?? 0, width: columnWidth)))
        }
        return SymbolicState(flags: model.spec.flags.indices.map { terms.bool(state.flag($0)) },
                             tab: try terms.value(state.selectedTab, width: tabWidth), paths: paths, shows: shows,
                             count: try terms.value(state.modals.count, width: countWidth), modals: modals)
    }

    /// The state a model of the solver gives `state`'s terms.
    func decode(_ state: SymbolicState, inputs: UInt64, solver: Z3Solver) throws(Z3Error) -> NavState {
        func path(_ path: SymbolicPath) throws(Z3Error) -> [Int] {
            let length = Int(try solver.bitVectorValue(of: path.length))
            var routes: [Int] = []
            for index in 0..<min(length, path.routes.count) { routes.append(Int(try solver.bitVectorValue(of: path.routes[index]))) }
            return routes
        }
        var flags: UInt64 = 0
        for (index, flag) in state.flags.enumerated() where try solver.value(of: flag) { flags |= 1 << UInt64(index) }
        var paths: [[Int]] = []
        for slot in state.paths { paths.append(try path(slot)) }
        var shows: [Int] = []
        for term in state.shows { shows.append(Int(try solver.bitVectorValue(of: term))) }
        var modals: [Modal] = []
        let count = Int(try solver.bitVectorValue(of: state.count))
        for modal in state.modals.prefix(count) {
            modals.append(Modal(kind: Self.kind(of: Int(try solver.bitVectorValue(of: modal.kind))),
                                presentable: Int(try solver.bitVectorValue(of: modal.presentable)),
                                path: try path(modal.path), presenterColumn: Int(try solver.bitVectorValue(of: modal.column))))
        }
        return NavState(flags: flags, inputs: inputs, selectedTab: Int(try solver.bitVectorValue(of: state.tab)),
                        paths: paths, shows: shows, modals: modals)
    }

    /// The state `state`'s terms stand for when every one is a numeral or
    /// a Boolean constant; nil when one is not.
    func decodeConstant(_ state: SymbolicState, inputs: UInt64, terms: Terms) -> NavState? {
        func number(_ term: Z3Term) -> Int? { terms.numeral(term).map { Int($0) } }
        func path(_ path: SymbolicPath) -> [Int]? {
            guard let length = number(path.length), length <= path.depth else { return nil }
            var routes: [Int] = []
            for place in 0..<path.depth {
                guard let route = number(path.routes[place]) else { return nil }
                if place < length { routes.append(route) } else if route != 0 { return nil }
            }
            return routes
        }
        var flags: UInt64 = 0
        for (index, flag) in state.flags.enumerated() {
            if flag == terms.yes { flags |= 1 << UInt64(index) } else if flag != terms.no { return nil }
        }
        var paths: [[Int]] = []
        for slot in state.paths {
            guard let routes = path(slot) else { return nil }
            paths.append(routes)
        }
        var shows: [Int] = []
        for term in state.shows {
            guard let route = number(term) else { return nil }
            shows.append(route)
        }
        guard let count = number(state.count), count <= state.modals.count, let tab = number(state.tab) else { return nil }
        var modals: [Modal] = []
        for (index, modal) in state.modals.enumerated() {
            guard let kind = number(modal.kind), let presentable = number(modal.presentable), let routes = path(modal.path),
                  let column = number(modal.column) else { return nil }
            if index < count {
                modals.append(Modal(kind: Self.kind(of: kind), presentable: presentable, path: routes, presenterColumn: column))
            } else if kind != 0 || presentable != 0 || !routes.isEmpty || column != 0 {
                return nil
            }
        }
        return NavState(flags: flags, inputs: inputs, selectedTab: tab, paths: paths, shows: shows, modals: modals)
    }

    /// Which numbers stand for which modal kinds (as in `StateCodec`).
    static func code(of kind: ModalKind) -> Int {
        switch kind {
        case .sheet: 0
        case .cover: 1
        case .popover: 2
        }
    }

    static func kind(of code: Int) -> ModalKind {
        switch code {
        case 1: .cover
        case 2: .popover
        default: .sheet
        }
    }
}

/// A path as terms: its length and a route per place.
struct SymbolicPath {
    var length: Z3Term
    var routes: [Z3Term]
    let lengthWidth: Int
    var depth: Int { routes.count }
}

/// A modal as terms: its kind, what it presents, its path and (for the
/// bottom one) the column that presented it.
struct SymbolicModal {
    var kind: Z3Term
    var presentable: Z3Term
    var path: SymbolicPath
    var column: Z3Term
}

/// A state as terms (`StateLayout`). The inputs are not part of it: they
/// are fixed for a run, one set of constants for every state of it.
struct SymbolicState {
    var flags: [Z3Term]
    var tab: Z3Term
    var paths: [SymbolicPath]
    /// Per slot: the route selected into it (`select`), 0 for its declared
    /// content; the numeral 0 for a slot without a column selection.
    var shows: [Z3Term]
    /// How many modals are up; `modals` has a place for each up to the limit.
    var count: Z3Term
    var modals: [SymbolicModal]

    /// Every term, in a fixed order.
    var fields: [Z3Term] {
        var fields = flags + [tab, count] + shows
        for path in paths { fields += [path.length] + path.routes }
        for modal in modals { fields += [modal.kind, modal.presentable, modal.column, modal.path.length] + modal.path.routes }
        return fields
    }

    /// The state with its terms replaced, in the order of `fields`.
    func replacingFields(_ fields: [Z3Term]) -> SymbolicState {
        var next = self
        var iterator = fields.makeIterator()
        func take() -> Z3Term { iterator.next()! }
        for index in next.flags.indices { next.flags[index] = take() }
        next.tab = take()
        next.count = take()
        for slot in next.shows.indices { next.shows[slot] = take() }
        for slot in next.paths.indices {
            next.paths[slot].length = take()
            for place in next.paths[slot].routes.indices { next.paths[slot].routes[place] = take() }
        }
        for index in next.modals.indices {
            next.modals[index].kind = take()
            next.modals[index].presentable = take()
            next.modals[index].column = take()
            next.modals[index].path.length = take()
            for place in next.modals[index].path.routes.indices { next.modals[index].path.routes[place] = take() }
        }
        return next
    }

    /// `condition ? then : otherwise`, field by field.
    static func choose(_ condition: Z3Term, _ then: SymbolicState, _ otherwise: SymbolicState,
                       terms: Terms) throws(Z3Error) -> SymbolicState {
        var merged: [Z3Term] = []
        for (lhs, rhs) in zip(then.fields, otherwise.fields) { merged.append(try terms.ifThenElse(condition, lhs, rhs)) }
        return then.replacingFields(merged)
    }
}
#endif
