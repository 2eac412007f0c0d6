import NavFlowModel
import NavFlowSpec

/// The program's state variables: one per part of a `NavState`, their
/// initial values, backups, and equality with and assignment of a state.
extension PromelaExporter {
    /// The context number of the top modal (slots are numbered from 0).
    static let modalContext = 255
    var routeType: String { routes.count > 255 ? "short" : "byte" }
    var presentableType: String { shape.presentables.count > 255 ? "short" : "byte" }
    var modalDepth: Int { spec.stacks.map(\.depth).max() ?? 0 }
    var relevant: [Int] { model.relevantInputs }

    func slotDepth(_ slot: Int) -> Int {
        if case .stack(let stack) = shape.slots[slot].declared { return spec.stacks[stack].depth }
        return 0
    }

    func slotHasShows(_ slot: Int) -> Bool {
        shape.slots[slot].split != nil && shape.slots[slot].column > 0
    }

    func rootRoute(of content: Content) -> Int {
        switch content {
        case .stack(let stack): routes.id(screen: spec.stacks[stack].root, values: [])
        case .screen(let screen): routes.id(screen: screen, values: [])
        default: 0
        }
    }

    func stackOfSlot(_ slot: Int) -> Int? {
        if case .stack(let stack) = shape.slots[slot].declared { return stack }
        return nil
    }

    /// The presentable index of each stack, when it can be presented.
    func presentable(ofStack stack: Int) -> Int? {
        shape.presentableIndex[.stack(stack)]
    }


    /// The state variables, initialised to `state`, and the scratch ones.
    func declarations(_ state: NavState) -> [String] {
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
        if hasColumns {
            // The column of the selected tab that presented the bottom modal;
            // `sc` holds it as the step began, for statements after closing it.
            lines.append("byte mc = \(state.modals.first?.presenterColumn ?? 0)")
            lines.append("hidden byte sc, sc2")
        }
        lines += ["hidden byte cx, st, plen, i, k, found, cv, ok, ok1", "hidden \(routeType) r"]
        lines += backupDeclarations(level: 0) + backupDeclarations(level: 1)
        return lines
    }

    static func kindCode(_ kind: ModalKind) -> Int {
        switch kind {
        case .sheet: 0
        case .cover: 1
        case .popover: 2
        }
    }

    /// Every state variable with its array size (nil for a scalar).
    var variables: [(name: String, type: String, size: Int?)] {
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
        if hasColumns { result.append(("mc", "byte", nil)) }
        return result
    }

    func backupDeclarations(level: Int) -> [String] {
        // `hidden` variables cannot be bits: the backups of bits are bytes.
        variables.map { "hidden \($0.type == "bit" ? "byte" : $0.type) b\(level)_\($0.name)" + ($0.size.map { "[\($0)]" } ?? "") }
    }

    func copy(from source: String, to target: String) -> [String] {
        variables.map { variable in
            if let size = variable.size {
                return "  " + (0..<size).map { "\(target)\(variable.name)[\($0)] = \(source)\(variable.name)[\($0)]" }.joined(separator: "; ")
            }
            return "  \(target)\(variable.name) = \(source)\(variable.name)"
        }
    }

    /// A full-equality test against a state (inputs included).
    func equals(_ state: NavState) -> String {
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
        if hasColumns { tests.append("mc == \(state.modals.first?.presenterColumn ?? 0)") }
        return tests.joined(separator: " && ")
    }

    /// Assignments that make the state `state` (the inputs too).
    func assign(_ state: NavState) -> String {
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
        if hasColumns { parts.append("mc = \(state.modals.first?.presenterColumn ?? 0)") }
        return parts.joined(separator: "; ")
    }

    /// Assignments that empty a slot's path.
    func clearSlot(_ slot: Int) -> [String] {
        let depth = slotDepth(slot)
        guard depth > 0 else { return [] }
        return ["n\(slot) = 0"] + (0..<depth).map { "p\(slot)[\($0)] = 0" }
    }

    /// Assignments that make `path` a slot's path.
    func setSlotPath(_ slot: Int, _ path: [Int]) -> [String] {
        let depth = slotDepth(slot)
        guard depth > 0 else { return [] }
        return (0..<depth).map { "p\(slot)[\($0)] = \($0 < path.count ? path[$0] : 0)" } + ["n\(slot) = \(path.count)"]
    }
}
