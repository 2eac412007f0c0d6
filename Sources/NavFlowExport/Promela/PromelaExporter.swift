import NavFlowModel
import NavFlowSpec

/// Writes a spec's model as a Promela program whose reachable states are
/// exactly the model's: one global variable (or array) per part of a
/// `NavState`, the first initial state as their initial values, and one
/// `d_step` per kind of transition (an edge of a screen shown in a context
/// with one choice of pushed routes, back, a tab switch, swipe-down, a deep
/// link with one choice of arguments, a launch with other inputs). A step the
/// model cuts off (a push at the depth, a presentation beyond the modal
/// limit, an invalid link) is undone inside its `d_step`, so it stores no
/// state. SPIN run on the program stores as many states as
/// `navflow verify` reports: a second implementation of the semantics that
/// counts the same graph.
public struct PromelaExporter: Sendable {
    public let model: FlowModel
    private var spec: FlowSpec { model.spec }
    private var shape: StateShape { model.shape }
    private var routes: RouteTable { model.routes }

    /// Why a model cannot be exported.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(model: FlowModel) {
        self.model = model
    }

    // MARK: Layout

    private static let modalContext = 255
    private var routeType: String { routes.count > 255 ? "short" : "byte" }
    private var presentableType: String { shape.presentables.count > 255 ? "short" : "byte" }
    private var modalDepth: Int { spec.stacks.map(\.depth).max() ?? 0 }
    private var relevant: [Int] { model.relevantInputs }

    private func slotDepth(_ slot: Int) -> Int {
        if case .stack(let stack) = shape.slots[slot].declared { return spec.stacks[stack].depth }
        return 0
    }

    private func slotHasShows(_ slot: Int) -> Bool {
        shape.slots[slot].split != nil && shape.slots[slot].column > 0
    }

    private func rootRoute(of content: Content) -> Int {
        switch content {
        case .stack(let stack): routes.id(screen: spec.stacks[stack].root, values: [])
        case .screen(let screen): routes.id(screen: screen, values: [])
        default: 0
        }
    }

    private func stackOfSlot(_ slot: Int) -> Int? {
        if case .stack(let stack) = shape.slots[slot].declared { return stack }
        return nil
    }

    /// The presentable index of each stack, when it can be presented.
    private func presentable(ofStack stack: Int) -> Int? {
        shape.presentableIndex[.stack(stack)]
    }

    // MARK: Expressions

    private func condition(_ condition: Condition?) -> String {
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

    private func hidden(_ tab: Int) -> String {
        condition(spec.rootTabView?.tabs[tab].hiddenIf ?? .constant(false))
    }

    private func active(_ context: Int) -> String {
        if context == Self.modalContext { return "nm > 0" }
        if let tab = shape.slots[context].tab { return "nm == 0 && tab == \(tab)" }
        return "nm == 0"
    }

    private func top(_ array: String) -> String { "\(array)[nm-1]" }

    /// Whether the route on screen in a context is `route`.
    private func visibleIs(_ context: Int, _ route: Int) -> String {
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

    /// Whether the screen on top of the top modal is locked.
    private func topModalLocked() -> String {
        let locked = spec.screens.indices.filter { spec.screens[$0].locked }
        guard !locked.isEmpty else { return "0" }
        func inLocked(_ value: String) -> String {
            locked.map { screen in
                let low = routes.base[screen]
                let high = low + routes.domains[screen].reduce(1, *) - 1
                return "(\(value) >= \(low) && \(value) <= \(high))"
            }.joined(separator: " || ")
        }
        let roots = shape.presentables.indices.filter { spec.screens[routes.screen(of: rootRoute(of: shape.presentables[$0]))].locked }
        let rootTest = roots.isEmpty ? "0" : roots.map { "\(top("mp")) == \($0)" }.joined(separator: " || ")
        guard modalDepth > 0 else { return "(\(rootTest))" }
        return "(\(top("mn")) > 0 -> (\(inLocked("mq[(nm-1)*\(modalDepth) + \(top("mn"))-1]"))) : (\(rootTest)))"
    }

    // MARK: Program

    public func export() throws(Failure) -> String {
        let valuations: [UInt64]
        do {
            valuations = try model.inputValuations(limit: 1 << 16)
        } catch {
            throw Failure(description: error.description)
        }
        let initials = valuations.compactMap { model.initialState(inputs: $0).state }
        guard let first = initials.first else {
            throw Failure(description: "the spec has no initial state: every launch is cut off at a limit")
        }
        var out: [String] = ["/* \(spec.appName): generated by `navflow export --format promela`. */"]
        out += declarations(first)
        out += helpers()
        out.append("active proctype app() {")
        out.append("end: do")
        for state in initials.dropFirst() where state != first {
            out.append("  :: d_step { \(equals(first)) -> \(assign(state)) }")
        }
        out += edgeSteps()
        out += implicitSteps()
        out += deepLinkSteps()
        out.append("  od")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The state variables, initialised to `state`, and the scratch ones.
    private func declarations(_ state: NavState) -> [String] {
        var lines: [String] = []
        func list(_ values: [Int]) -> String { "{" + values.map(String.init).joined(separator: ", ") + "}" }
        if !spec.flags.isEmpty {
            lines.append("bit f[\(spec.flags.count)] = \(list(spec.flags.indices.map { state.flag($0) ? 1 : 0 }))")
        }
        if !relevant.isEmpty {
            lines.append("bit inp[\(relevant.count)] = \(list(relevant.map { state.input($0) ? 1 : 0 }))")
        }
        lines.append("byte tab = \(state.selectedTab)")
        for slot in shape.slots.indices {
            let depth = slotDepth(slot)
            if depth > 0 {
                let path = state.paths[slot] + Array(repeating: 0, count: depth - state.paths[slot].count)
                lines.append("\(routeType) p\(slot)[\(depth)] = \(list(path))")
                lines.append("byte n\(slot) = \(state.paths[slot].count)")
            }
            if slotHasShows(slot) { lines.append("\(routeType) s\(slot) = \(state.shows[slot])") }
        }
        let limit = StateShape.modalLimit
        func modalField(_ value: (Modal) -> Int) -> [Int] {
            (0..<limit).map { $0 < state.modals.count ? value(state.modals[$0]) : 0 }
        }
        lines.append("byte nm = \(state.modals.count)")
        lines.append("byte mk[\(limit)] = \(list(modalField { Self.kindCode($0.kind) }))")
        lines.append("\(presentableType) mp[\(limit)] = \(list(modalField(\.presentable)))")
        lines.append("byte mn[\(limit)] = \(list(modalField(\.path.count)))")
        if modalDepth > 0 {
            var paths: [Int] = []
            for index in 0..<limit {
                let path = index < state.modals.count ? state.modals[index].path : []
                paths += path + Array(repeating: 0, count: modalDepth - path.count)
            }
            lines.append("\(routeType) mq[\(limit * modalDepth)] = \(list(paths))")
        }
        lines += ["hidden byte cx, st, plen, i, k, found, ok, ok1", "hidden \(routeType) r"]
        lines += backupDeclarations(level: 0) + backupDeclarations(level: 1)
        return lines
    }

    private static func kindCode(_ kind: ModalKind) -> Int {
        switch kind {
        case .sheet: 0
        case .cover: 1
        case .popover: 2
        }
    }

    /// Every state variable with its array size (nil for a scalar).
    private var variables: [(name: String, type: String, size: Int?)] {
        var result: [(String, String, Int?)] = []
        if !spec.flags.isEmpty { result.append(("f", "bit", spec.flags.count)) }
        result.append(("tab", "byte", nil))
        for slot in shape.slots.indices {
            if slotDepth(slot) > 0 {
                result.append(("p\(slot)", routeType, slotDepth(slot)))
                result.append(("n\(slot)", "byte", nil))
            }
            if slotHasShows(slot) { result.append(("s\(slot)", routeType, nil)) }
        }
        result += [("nm", "byte", nil), ("mk", "byte", StateShape.modalLimit), ("mp", presentableType, StateShape.modalLimit),
                   ("mn", "byte", StateShape.modalLimit)]
        if modalDepth > 0 { result.append(("mq", routeType, StateShape.modalLimit * modalDepth)) }
        return result
    }

    private func backupDeclarations(level: Int) -> [String] {
        // `hidden` variables cannot be bits: the backups of bits are bytes.
        variables.map { "hidden \($0.type == "bit" ? "byte" : $0.type) b\(level)_\($0.name)" + ($0.size.map { "[\($0)]" } ?? "") }
    }

    private func copy(from source: String, to target: String) -> [String] {
        variables.map { variable in
            if let size = variable.size {
                return "  " + (0..<size).map { "\(target)\(variable.name)[\($0)] = \(source)\(variable.name)[\($0)]" }.joined(separator: "; ")
            }
            return "  \(target)\(variable.name) = \(source)\(variable.name)"
        }
    }

    /// A full-equality test against a state (inputs included).
    private func equals(_ state: NavState) -> String {
        var tests: [String] = []
        for index in spec.flags.indices { tests.append("f[\(index)] == \(state.flag(index) ? 1 : 0)") }
        for (position, input) in relevant.enumerated() { tests.append("inp[\(position)] == \(state.input(input) ? 1 : 0)") }
        tests.append("tab == \(state.selectedTab)")
        for slot in shape.slots.indices {
            if slotDepth(slot) > 0 {
                tests.append("n\(slot) == \(state.paths[slot].count)")
                for (index, route) in state.paths[slot].enumerated() { tests.append("p\(slot)[\(index)] == \(route)") }
            }
            if slotHasShows(slot) { tests.append("s\(slot) == \(state.shows[slot])") }
        }
        tests.append("nm == \(state.modals.count)")
        for (index, modal) in state.modals.enumerated() {
            tests.append("mk[\(index)] == \(Self.kindCode(modal.kind)) && mp[\(index)] == \(modal.presentable) && mn[\(index)] == \(modal.path.count)")
            for (position, route) in modal.path.enumerated() { tests.append("mq[\(index * modalDepth + position)] == \(route)") }
        }
        return tests.joined(separator: " && ")
    }

    /// Assignments that make the state `state` (the inputs too).
    private func assign(_ state: NavState) -> String {
        var parts: [String] = []
        for index in spec.flags.indices { parts.append("f[\(index)] = \(state.flag(index) ? 1 : 0)") }
        for (position, input) in relevant.enumerated() { parts.append("inp[\(position)] = \(state.input(input) ? 1 : 0)") }
        parts.append("tab = \(state.selectedTab)")
        for slot in shape.slots.indices {
            let depth = slotDepth(slot)
            if depth > 0 {
                for index in 0..<depth { parts.append("p\(slot)[\(index)] = \(index < state.paths[slot].count ? state.paths[slot][index] : 0)") }
                parts.append("n\(slot) = \(state.paths[slot].count)")
            }
            if slotHasShows(slot) { parts.append("s\(slot) = \(state.shows[slot])") }
        }
        parts.append("nm = \(state.modals.count)")
        for index in 0..<StateShape.modalLimit {
            let modal = index < state.modals.count ? state.modals[index] : nil
            parts.append("mk[\(index)] = \(modal.map { Self.kindCode($0.kind) } ?? 0)")
            parts.append("mp[\(index)] = \(modal?.presentable ?? 0)")
            parts.append("mn[\(index)] = \(modal?.path.count ?? 0)")
            for position in 0..<modalDepth {
                let route = modal.map { position < $0.path.count ? $0.path[position] : 0 } ?? 0
                parts.append("mq[\(index * modalDepth + position)] = \(route)")
            }
        }
        return parts.joined(separator: "; ")
    }

    // MARK: Helpers (inline macros)

    private func helpers() -> [String] {
        var lines: [String] = []
        for level in 0...1 {
            lines.append("inline save\(level)() {")
            lines += copy(from: "", to: "b\(level)_")
            lines.append("}")
            lines.append("inline restore\(level)() {")
            lines += copy(from: "b\(level)_", to: "")
            lines.append("}")
        }
        // The context a statement acts on: the top modal, else the origin slot
        // when it is on screen, else the first slot of the selected tab.
        lines.append("inline context(origin) {")
        lines.append("  if")
        lines.append("  :: nm > 0 -> cx = \(Self.modalContext)")
        var firstSlot: [String] = []
        if shape.tabSlots.isEmpty {
            firstSlot.append("cx = \(shape.rootSlots.lowerBound)")
        } else {
            firstSlot.append("if")
            for (tab, slots) in shape.tabSlots.enumerated() { firstSlot.append(":: tab == \(tab) -> cx = \(slots.lowerBound)") }
            firstSlot.append(":: else -> cx = 0")
            firstSlot.append("fi")
        }
        let activeOrigin: String = shape.tabSlots.isEmpty
            ? "origin != \(Self.modalContext)"
            : "origin != \(Self.modalContext) && (" + shape.tabSlots.enumerated().map { tab, slots in
                "(tab == \(tab) && origin >= \(slots.lowerBound) && origin < \(slots.upperBound))"
            }.joined(separator: " || ") + ")"
        lines.append("  :: nm == 0 && \(activeOrigin) -> cx = origin")
        lines.append("  :: else -> " + firstSlot.joined(separator: " "))
        lines.append("  fi")
        lines.append("}")
        // The stack shown in the context (255: none), and its path length.
        lines.append("inline contextStack() {")
        lines.append("  if")
        var modalCases: [String] = []
        for stack in spec.stacks.indices {
            if let presentable = presentable(ofStack: stack) { modalCases.append(":: mp[nm-1] == \(presentable) -> st = \(stack)") }
        }
        modalCases.append(":: else -> st = 255")
        lines.append("  :: cx == \(Self.modalContext) -> if " + modalCases.joined(separator: " ") + " fi; plen = mn[nm-1]")
        for slot in shape.slots.indices {
            if let stack = stackOfSlot(slot) {
                lines.append("  :: cx == \(slot) -> st = \(stack); plen = n\(slot)")
            }
        }
        lines.append("  :: else -> st = 255; plen = 0")
        lines.append("  fi")
        lines.append("}")
        lines.append("inline contextPush(route) {")
        lines.append("  if")
        if modalDepth > 0 { lines.append("  :: cx == \(Self.modalContext) -> mq[(nm-1)*\(modalDepth) + mn[nm-1]] = route; mn[nm-1]++") }
        for slot in shape.slots.indices where slotDepth(slot) > 0 {
            lines.append("  :: cx == \(slot) -> p\(slot)[n\(slot)] = route; n\(slot)++")
        }
        lines.append("  :: else -> skip")
        lines.append("  fi")
        lines.append("}")
        lines.append("inline contextPop() {")
        lines.append("  if")
        if modalDepth > 0 { lines.append("  :: cx == \(Self.modalContext) && mn[nm-1] > 0 -> mn[nm-1]--; mq[(nm-1)*\(modalDepth) + mn[nm-1]] = 0") }
        for slot in shape.slots.indices where slotDepth(slot) > 0 {
            lines.append("  :: cx == \(slot) && n\(slot) > 0 -> n\(slot)--; p\(slot)[n\(slot)] = 0")
        }
        lines.append("  :: else -> skip")
        lines.append("  fi")
        lines.append("}")
        lines.append("inline contextClear() {")
        // Loops are unrolled: SPIN rejects a `break` (and so `for`) inside a d_step.
        lines.append("  " + Array(repeating: "if :: plen > 0 -> contextPop(); plen-- :: else -> skip fi", count: max(modalDepth, 1)).joined(separator: "; "))
        lines.append("}")
        lines.append("inline dropTopModal() {")
        lines.append("  nm--; mk[nm] = 0; mp[nm] = 0; mn[nm] = 0" + (0..<modalDepth).map { "; mq[nm*\(modalDepth) + \($0)] = 0" }.joined())
        lines.append("}")
        lines.append("inline present(kind, which, cut) {")
        lines.append("  found = 0; " + (0..<StateShape.modalLimit).map { "if :: \($0) < nm && mp[\($0)] == which -> found = 1 :: else -> skip fi" }.joined(separator: "; "))
        lines.append("  if :: found -> skip :: !found && nm >= \(StateShape.modalLimit) -> cut = 0 :: else -> mk[nm] = kind; mp[nm] = which; nm++ fi")
        lines.append("}")
        return lines
    }

    // MARK: Statements

    /// Promela for one statement, with `origin` the slot of the edge (or
    /// 255 from a modal or without one); `choice` the route of a push or select.
    private func statement(_ statement: Statement, choice: Int?, origin: Int, cut: String) -> [String] {
        var lines = ["  context(\(origin));"]
        switch statement.kind {
        case .push:
            guard let route = choice else { return [] }
            let screen = routes.screen(of: route)
            let stacks = spec.stacks.indices.filter { spec.stacks[$0].destinations.contains(screen) }
            lines.append("  contextStack();")
            lines.append("  if")
            for stack in stacks {
                lines.append("  :: st == \(stack) && plen >= \(spec.stacks[stack].depth) -> \(cut) = 0")
                lines.append("  :: st == \(stack) && plen < \(spec.stacks[stack].depth) -> contextPush(\(route))")
            }
            lines.append("  :: else -> skip")
            lines.append("  fi;")
        case .pushStack:
            return []
        case .present(let kind, let content):
            guard let presentable = shape.presentableIndex[content] else { return [] }
            lines.append("  present(\(Self.kindCode(kind)), \(presentable), \(cut));")
        case .dismiss:
            lines.append("  contextStack();")
            lines.append("  if :: plen > 0 -> contextPop() :: plen == 0 && nm > 0 -> dropTopModal() :: else -> skip fi;")
        case .pop:
            lines.append("  contextPop();")
        case .popToRoot:
            lines.append("  contextStack(); contextClear();")
        case .selectTab(let tab):
            guard spec.rootTabView != nil else { return [] }
            lines.append("  if :: \(hidden(tab)) -> skip :: else -> tab = \(tab) fi;")
        case .set(let flag, let value):
            lines.append("  f[\(flag)] = \(value ? 1 : 0);")
        case .open(let url):
            guard let path = URLPath(url),
                  let link = spec.deepLinks.firstIndex(where: { $0.pattern.match(path, in: spec) != nil }),
                  let values = spec.deepLinks[link].pattern.match(path, in: spec) else { return [] }
            let arguments = zip(values, spec.deepLinks[link].pattern.parameters).map { value, parameter -> Int in
                if case .enumeration(let type) = parameter.type { return spec.enums[type].cases.firstIndex(of: value) ?? 0 }
                return 0
            }
            // A link opened inside a step leaves the state as it was when it is invalid.
            lines = ["  save1(); ok1 = 1;"] + deepLink(link, arguments: arguments, cut: "ok1") + ["  if :: !ok1 -> restore1() :: else -> skip fi;"]
        case .select:
            guard let route = choice else { return [] }
            lines.append("  if")
            for slot in shape.slots.indices {
                guard let split = shape.slots[slot].split else { continue }
                let next = slot + 1
                guard next < shape.slots.count, shape.slots[next].split == split, shape.slots[next].tab == shape.slots[slot].tab else { continue }
                var body = ["s\(next) = \(route)"] + clearSlot(next)
                var later = next + 1
                while later < shape.slots.count, shape.slots[later].split == split, shape.slots[later].tab == shape.slots[slot].tab {
                    body += ["s\(later) = 0"] + clearSlot(later)
                    later += 1
                }
                lines.append("  :: cx == \(slot) -> " + body.joined(separator: "; "))
            }
            lines.append("  :: else -> skip")
            lines.append("  fi;")
        }
        return lines
    }

    private func clearSlot(_ slot: Int) -> [String] {
        let depth = slotDepth(slot)
        guard depth > 0 else { return [] }
        return ["n\(slot) = 0"] + (0..<depth).map { "p\(slot)[\($0)] = 0" }
    }

    private func setSlotPath(_ slot: Int, _ path: [Int]) -> [String] {
        let depth = slotDepth(slot)
        guard depth > 0 else { return [] }
        return (0..<depth).map { "p\(slot)[\($0)] = \($0 < path.count ? path[$0] : 0)" } + ["n\(slot) = \(path.count)"]
    }

    /// Handling a deep link: `cut` is set to 0 when there is no resulting state.
    private func deepLink(_ link: Int, arguments: [Int], cut: String) -> [String] {
        let declaration = spec.deepLinks[link]
        var otherwise: [String] = []
        if let statement = declaration.otherwise {
            let choice = statement.routeChoices(routes: routes, bindings: []).first?.first
            otherwise = self.statement(statement, choice: choice, origin: Self.modalContext, cut: cut)
        }
        var handled: [String] = []
        let target = declaration.target
        if !declaration.keepModals {
            handled.append("  " + Array(repeating: "if :: nm > 0 -> dropTopModal() :: else -> skip fi", count: StateShape.modalLimit).joined(separator: "; ") + ";")
        }
        var valid = true
        if let tab = target.tab {
            handled.append("  if :: \(hidden(tab)) -> \(cut) = 0 :: else -> tab = \(tab) fi;")
        }
        if spec.rootTabView == nil || target.tab != nil {
            let slots = target.tab.map { shape.tabSlots[$0] } ?? shape.rootSlots
            for (offset, slot) in slots.enumerated() {
                let column = offset < target.columns.count ? target.columns[offset] : nil
                let shows = column?.shows.flatMap { routes.expand($0, bindings: arguments).first } ?? 0
                let path = column?.path.compactMap { routes.expand($0, bindings: arguments).first } ?? []
                if !path.isEmpty {
                    guard let stack = stackOfSlot(slot), pathFits(path, stack: stack) else { valid = false; break }
                }
                if slotHasShows(slot) { handled.append("  s\(slot) = \(shows);") }
                handled += setSlotPath(slot, path).map { "  \($0);" }
            }
        }
        for modal in target.modals where valid {
            guard let presentable = shape.presentableIndex[modal.content] else { continue }
            let path = modal.path.compactMap { routes.expand($0, bindings: arguments).first }
            if case .stack(let stack) = modal.content, !pathFits(path, stack: stack) { valid = false; break }
            var append = ["mk[nm] = \(Self.kindCode(modal.kind))", "mp[nm] = \(presentable)", "mn[nm] = \(path.count)"]
            append += path.enumerated().map { "mq[nm*\(modalDepth) + \($0.offset)] = \($0.element)" }
            append.append("nm++")
            handled.append("  found = 0; " + (0..<StateShape.modalLimit).map { "if :: \($0) < nm && mp[\($0)] == \(presentable) -> found = 1 :: else -> skip fi" }.joined(separator: "; ") + ";")
            handled.append("  if :: found -> skip :: !found && nm >= \(StateShape.modalLimit) -> \(cut) = 0 :: else -> " + append.joined(separator: "; ") + " fi;")
        }
        if !valid { handled = ["  \(cut) = 0;"] }
        var lines = ["  if", "  :: !(\(condition(declaration.requires))) ->"]
        lines += otherwise.isEmpty ? ["  skip"] : otherwise.map { "  " + $0 }
        lines.append("  :: else ->")
        lines += handled.isEmpty ? ["  skip"] : handled.map { "  " + $0 }
        lines.append("  fi;")
        return lines
    }

    private func pathFits(_ path: [Int], stack: Int) -> Bool {
        path.count <= spec.stacks[stack].depth && path.allSatisfy { spec.stacks[stack].destinations.contains(routes.screen(of: $0)) }
    }

    // MARK: Steps

    /// The contexts a screen can be shown in.
    private func contexts(of screen: Int) -> [Int] {
        var result: [Int] = []
        let selectable = Set(spec.screens.flatMap { $0.edges.flatMap { $0.statements } }.compactMap { statement -> Int? in
            if case .select(let route) = statement.kind { return route.screen }
            return nil
        } + spec.deepLinks.flatMap { $0.target.columns.compactMap { $0.shows?.screen } })
        for slot in shape.slots.indices {
            var shown: Set<Int> = []
            switch shape.slots[slot].declared {
            case .stack(let stack): shown = Set([spec.stacks[stack].root] + spec.stacks[stack].destinations)
            case .screen(let declared): shown = [declared]
            default: break
            }
            if slotHasShows(slot) { shown.formUnion(selectable) }
            if shown.contains(screen) { result.append(slot) }
        }
        let modal = shape.presentables.contains { rootRoute(of: $0) != 0 && routes.screen(of: rootRoute(of: $0)) == screen }
            || spec.stacks.contains { $0.destinations.contains(screen) }
        if modal { result.append(Self.modalContext) }
        return result
    }

    private func edgeSteps() -> [String] {
        var lines: [String] = []
        for screen in spec.screens.indices {
            let declaration = spec.screens[screen]
            guard !declaration.edges.isEmpty else { continue }
            let count = routes.domains[screen].reduce(1, *)
            for context in contexts(of: screen) {
                for offset in 0..<count {
                    let route = routes.base[screen] + offset
                    let bindings = routes.values(of: route)
                    for edge in declaration.edges {
                        var combinations: [[Int]] = [[]]
                        for statement in edge.statements {
                            let choices = statement.routeChoices(routes: routes, bindings: bindings)
                            combinations = combinations.flatMap { prefix in choices.map { prefix + $0 } }
                        }
                        for combination in combinations {
                            var body: [String] = []
                            var index = 0
                            for statement in edge.statements {
                                var choice: Int?
                                switch statement.kind {
                                case .push, .select:
                                    choice = combination[index]
                                    index += 1
                                default: break
                                }
                                body += self.statement(statement, choice: choice, origin: context, cut: "ok")
                            }
                            lines.append(step(guard: "\(active(context)) && \(visibleIs(context, route)) && \(condition(edge.condition))",
                                              body: body))
                        }
                    }
                }
            }
        }
        return lines
    }

    private func step(guard test: String, body: [String]) -> String {
        var text = "  :: d_step { \(test) ->\n  save0(); ok = 1;\n"
        text += body.joined(separator: "\n") + "\n"
        text += "  if :: !ok -> restore0() :: else -> skip fi }"
        return text
    }

    private func implicitSteps() -> [String] {
        var lines: [String] = []
        for slot in shape.slots.indices where slotDepth(slot) > 0 {
            lines.append("  :: d_step { \(active(slot)) && n\(slot) > 0 -> n\(slot)--; p\(slot)[n\(slot)] = 0 }")
        }
        if modalDepth > 0 {
            lines.append("  :: d_step { nm > 0 && mn[nm-1] > 0 -> mn[nm-1]--; mq[(nm-1)*\(modalDepth) + mn[nm-1]] = 0 }")
        }
        for tab in 0..<shape.tabCount {
            lines.append("  :: d_step { nm == 0 && tab != \(tab) && !(\(hidden(tab))) -> tab = \(tab) }")
        }
        lines.append("  :: d_step { nm > 0 && mk[nm-1] != \(Self.kindCode(.cover)) && !(\(topModalLocked())) -> dropTopModal() }")
        return lines
    }

    private func deepLinkSteps() -> [String] {
        var lines: [String] = []
        for link in spec.deepLinks.indices {
            for arguments in model.deepLinkArguments[link] {
                lines.append(step(guard: "1", body: deepLink(link, arguments: arguments, cut: "ok")))
            }
        }
        return lines
    }
}
