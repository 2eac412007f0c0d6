import NavFlowModel
import NavFlowSpec

/// The in-app steps of a `FlowModel` on packed states, memoized by their
/// *footprint*: the local view (`LocalView`) without the routes below the
/// top of the paths on screen (the selected tab's slots, or the top
/// modal's path when one is up).
///
/// Of such a path a step reads only its length and its top route: the
/// edges are the top screen's, `push` and the depth check need the length,
/// back and `pop` remove the top. What it writes below the top is zero
/// (`popToRoot`, a second `pop`, `select` clearing the next columns), over
/// routes that are never zero, so those writes show as changed routes of
/// the target; the whole route is then written. A screen with an edge that
/// writes a route (`push`, `select`) after emptying a path (`popToRoot`,
/// or `close`, which drops whole modals) or after two pops (`pop`,
/// `dismiss`) could write a route
/// equal to the one it replaces; where such a screen is on top, the
/// footprint keeps the whole path. Which statements do what is read from
/// their `StatementFootprint`.
///
/// With a modal up, the routes below the top of the paths beneath it are
/// left out too: a step that closes the modal shows their tops anew and
/// nothing below, unless an edge of the screen on top pops, empties or
/// selects on a path after closing modals, or sees paths whole
/// (`readsBeneathTheModal`), or may push below a top (`pushesBelowTop`:
/// `close S; sheet S; push A` writes the first route of a modal's path
/// anew); the footprint then keeps them.
///
/// So states with the same footprint have the same in-app transitions, each
/// the update `next = state & ~mask | value`, with `mask` the footprint's
/// bits that the step changes (the others are equal in every state of the
/// footprint and in its targets) and the routes written below the top,
/// kept as `SparseUpdates`. They are worked out once per
/// footprint, on the unpacked state; edges with a statement that may leave
/// its tab (`tab`, `open`) or sees paths whole (`open`) are run on every state.
///
/// The deep links that act where the user is and write nothing below the
/// top of a path (`DeepLinkTransitions.writesAboveTheTopOnly`) read even
/// less: of the path they append to, its length alone, and of the others
/// their tops, which a step may show anew. They are kept per *link
/// footprint* (`linkEntries`): the local view without any route of the
/// path they append to (the top modal's or, with no modal up, the selected
/// tab's stack where `*` appends) and without the routes below the top of
/// the other paths (docs/performance.md, "Links that append where the
/// user is").
struct FootprintTransitions {
    let model: FlowModel
    private let width: Int
    private let view: LocalView
    /// Per screen: whether one of its edges may push below the top of a path.
    private let pushesBelowTop: [Bool]
    /// Per screen: whether one of its edges, on top of a modal, may read or
    /// write a route below the top of a path beneath that modal: a
    /// statement after one that closes modals pops or selects there (or
    /// reads later columns), or a statement sees paths whole.
    private let readsBeneathTheModal: [Bool]
    /// Per screen and edge: whether the edge must run on every state.
    private let edgeRunsEveryTime: [[Bool]]
    /// The deep-link units kept per footprint, in unit order.
    private let linkUnits: [StepUnit]
    private var keys: StateStore
    /// Per footprint: where its in-app entries start and end, -1 until worked out.
    private var start: [Int32] = []
    private var end: [Int32] = []
    /// The link footprints met so far, numbered.
    private var linkKeys: StateStore
    /// Per link footprint: where the entries of `linkUnits` start (one per
    /// unit, in their order).
    private var linkStart: [Int32] = []
    /// How many deep-link transitions were worked out for the memo.
    private(set) var linkRuns = 0
    /// What one memo entry holds (a byte per entry).
    enum EntryKind: Int8 {
        /// A word-level update of the source: `masks` and `values`.
        case update
        /// The step has no target state (cut off).
        case noTarget
        /// The step's unit must run on every state: `unit` names it.
        case runEveryTime
    }

    /// Per entry: what it holds.
    private var kind: [EntryKind] = []
    private var label: [Int32] = []
    /// Per entry: the index in `units` of the step unit that gave it.
    private var unit: [Int32] = []
    /// Each unit some entry came from, numbered once.
    private var units = Interner<StepUnit>()
    /// Per entry: its update, when it is one (`mask` -1 otherwise).
    private var update: [SparseUpdates.Update] = []
    private var updates: SparseUpdates
    private var key: [UInt64]
    private var below: [UInt64]
    /// The routes left out of the footprint: the bits of each.
    private var belowRoutes: [Range<Int>] = []
    private var encoded: [UInt64] = []

    /// `linkUnits`: the deep-link units to keep per footprint, each a link
    /// of `DeepLinkTransitions.writesAboveTheTopOnly`.
    init(model: FlowModel, linkUnits: [StepUnit] = []) {
        self.model = model
        self.linkUnits = linkUnits
        width = model.codec.words
        view = LocalView(model: model)
        pushesBelowTop = model.spec.screens.map { screen in
            screen.edges.contains { edge in
                var pops = 0
                var cleared = false
                for statement in edge.statements {
                    let operations = statement.footprint.stackOperations
                    if operations.contains(.popAll) { cleared = true }
                    // `close` drops whole modals, paths included: a modal
                    // presented after it has a path that starts afresh.
                    if statement.footprint.closesModals && !operations.contains(.popTop) { cleared = true }
                    if operations.contains(.popTop) { pops += 1 }
                    if !operations.isDisjoint(with: [.push, .selectIntoNextColumn]) && (cleared || pops >= 2) { return true }
                }
                return false
            }
        }
        readsBeneathTheModal = model.spec.screens.map { screen in
            screen.edges.contains { edge in
                var closed = false
                for statement in edge.statements {
                    let footprint = statement.footprint
                    let parts = footprint.reads.union(footprint.writes)
                    if parts.contains(.slots) { return true }
                    if closed && (!footprint.stackOperations.isDisjoint(with: [.popTop, .popAll, .selectIntoNextColumn])
                                  || parts.contains(.laterColumns)) { return true }
                    if footprint.closesModals { closed = true }
                }
                return false
            }
        }
        edgeRunsEveryTime = model.spec.screens.map { screen in
            screen.edges.map { edge in edge.statements.contains { $0.footprint.mayLeaveItsTab || $0.footprint.seesWholePaths } }
        }
        keys = StateStore(width: width)
        linkKeys = StateStore(width: width, capacity: linkUnits.isEmpty ? 16 : 1 << 10)
        updates = SparseUpdates(width: width)
        key = [UInt64](repeating: 0, count: width)
        below = [UInt64](repeating: 0, count: width)
    }

    var bytes: Int {
        keys.bytes + linkKeys.bytes + kind.capacity
            + (start.capacity + end.capacity + linkStart.capacity + label.capacity + unit.capacity) * 4
            + units.values.capacity * MemoryLayout<StepUnit>.stride * 3 // the values, and the table that numbers them
            + update.capacity * MemoryLayout<SparseUpdates.Update>.stride + updates.bytes
    }

    /// The entries of a state's in-app transitions, in the order of
    /// `FlowModel.forEachUnit`, worked out if its footprint is new.
    mutating func entries(of state: UnsafeBufferPointer<UInt64>, label: (Transition) -> Int32) -> Range<Int> {
        let selected = footprint(of: state)
        let (number, inserted) = key.withUnsafeBufferPointer { keys.insert($0) }
        if inserted { record(state, selected: selected, label: label) }
        return Int(start[number])..<Int(end[number])
    }

    /// The entries of a state's deep-link transitions of `linkUnits`, one
    /// per unit in their order, worked out if its link footprint is new.
    /// `exposed` tells, from the state a transition was worked out from,
    /// whether an appear hook may make it differ from another state's (as
    /// `DeepLinkTransitions` judges its memos); such an entry runs its unit
    /// on every state.
    mutating func linkEntries(of state: UnsafeBufferPointer<UInt64>, label: (Transition) -> Int32,
                              exposed: (StepUnit, NavState, Transition) -> Bool) -> Range<Int> {
        let selected = linkFootprint(of: state)
        let (number, inserted) = key.withUnsafeBufferPointer { linkKeys.insert($0) }
        if inserted { recordLinks(state, selected: selected, label: label, exposed: exposed) }
        let first = Int(linkStart[number])
        return first..<(first + linkUnits.count)
    }

    /// The entries' tables as they are now, for reading entries from a
    /// range `entries(of:label:)` gave. The hot loops read them through
    /// this value, taken once per state: reading them through the memo
    /// itself between calls into the model's transition function (another
    /// module, which the optimizer cannot see through) copies the whole
    /// memo, each of its arrays retained, at every read.
    var table: EntryTable {
        EntryTable(kind: kind, label: label, unit: unit, units: units.values, update: update, updates: updates.table)
    }

    /// The entries of the memo, read-only.
    struct EntryTable {
        let kind: [EntryKind]
        let label: [Int32]
        let unit: [Int32]
        let units: [StepUnit]
        let update: [SparseUpdates.Update]
        let updates: SparseUpdates.Table

        func isCut(_ entry: Int) -> Bool { kind[entry] == .noTarget }
        func label(_ entry: Int) -> Int32 { label[entry] }
        /// The unit an entry runs on every state, if it is one.
        func unitRunEveryTime(_ entry: Int) -> StepUnit? { kind[entry] == .runEveryTime ? units[Int(unit[entry])] : nil }
        /// The number of the step unit that gave `entry`. The entries of a
        /// footprint come from distinct units, each unit's consecutive.
        func unitIndex(_ entry: Int) -> Int32 { unit[entry] }
        /// The unit numbered `index` by `unitIndex(_:)`.
        func unit(numbered index: Int32) -> StepUnit { units[Int(index)] }

        /// Writes the target of update `entry` from `state` into `output`.
        @inline(__always)
        func apply(_ entry: Int, to state: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt64>) {
            updates.apply(update[entry], to: state, into: output)
        }
    }

    /// Sets `key` to the footprint of `state` and `below` to the routes it
    /// leaves out; returns the selected tab.
    private mutating func footprint(of state: UnsafeBufferPointer<UInt64>) -> Int {
        let codec = model.codec
        let selected = key.withUnsafeMutableBufferPointer { view.project(state, into: $0) }
        for word in 0..<width { below[word] = 0 }
        belowRoutes.removeAll(keepingCapacity: true)
        let modals = codec.read(codec.modalCount, in: state)
        func leaveOut(_ path: StateCodec.PathField) -> Bool {
            let length = codec.read(path.length, in: state)
            guard length >= 2 else { return true }
            guard let top = topRoute(of: path, in: state), !pushesBelowTop[model.routes.screen(of: top)] else { return false }
            self.leaveOut(routes: length - 1, of: path)
            return true
        }
        var reducible = true
        if modals > 0 {
            let top = codec.path(ofModal: modals - 1)
            reducible = leaveOut(top)
            // Beneath the top modal, only the tops of the paths can be
            // shown anew (by a step that closes it); unless an edge of the
            // screen on top reads further down, the routes below them are
            // left out too.
            if reducible, let screen = topScreen(of: top, modal: modals - 1, in: state),
               !readsBeneathTheModal[screen], !pushesBelowTop[screen] {
                for modal in 0..<(modals - 1) { leaveOutBelowTheTop(codec.path(ofModal: modal), in: state) }
                for slot in model.shape.activeSlots(selectedTab: selected) {
                    leaveOutBelowTheTop(codec.path(ofSlot: slot), in: state)
                }
            }
        } else {
            for slot in model.shape.activeSlots(selectedTab: selected) where reducible {
                reducible = leaveOut(codec.path(ofSlot: slot))
            }
        }
        if !reducible {
            for word in 0..<width { below[word] = 0 }
            belowRoutes.removeAll(keepingCapacity: true)
        }
        for word in 0..<width { key[word] &= ~below[word] }
        return selected
    }

    /// The screen on top of modal `index` of `state`, whose path is `path`:
    /// its top route's, or the modal's root; nil for a modal that shows
    /// neither.
    private func topScreen(of path: StateCodec.PathField, modal index: Int, in state: UnsafeBufferPointer<UInt64>) -> Int? {
        let codec = model.codec
        if codec.read(path.length, in: state) > 0 {
            return topRoute(of: path, in: state).map { model.routes.screen(of: $0) }
        }
        switch model.shape.presentables[codec.read(codec.modalPresentable(index), in: state)] {
        case .screen(let screen): return screen
        case .stack(let stack): return model.spec.stacks[stack].root
        case .tabs, .split: return nil
        }
    }

    /// The route on top of a path that holds one, nil for an empty path
    /// or a value that names no route.
    private func topRoute(of path: StateCodec.PathField, in state: UnsafeBufferPointer<UInt64>) -> Int? {
        let length = model.codec.read(path.length, in: state)
        guard length > 0 else { return nil }
        let topStart = path.firstRoute + (length - 1) * path.routeBits
        let top = model.codec.read(topStart..<(topStart + path.routeBits), in: state)
        return top >= 1 && top <= model.routes.count ? top : nil
    }

    /// Leaves the routes of `path` below its top out of the footprint.
    private mutating func leaveOutBelowTheTop(_ path: StateCodec.PathField, in state: UnsafeBufferPointer<UInt64>) {
        leaveOut(routes: model.codec.read(path.length, in: state) - 1, of: path)
    }

    /// Leaves the first `count` routes of `path` out of the footprint
    /// (`below`, `belowRoutes`); nothing when `count` is not positive.
    private mutating func leaveOut(routes count: Int, of path: StateCodec.PathField) {
        guard count > 0 else { return }
        let end = path.firstRoute + count * path.routeBits
        for bit in path.firstRoute..<end { below[bit >> 6] |= 1 << UInt64(bit & 63) }
        for first in stride(from: path.firstRoute, to: end, by: path.routeBits) {
            belowRoutes.append(first..<(first + path.routeBits))
        }
    }

    /// Sets `key` to the link footprint of `state` and `below` to the
    /// routes it leaves out: every route of the path on screen a link
    /// appends to (the top modal's, or with no modal up, the selected
    /// tab's stack where `*` appends: a split's last stack column), and
    /// the routes below the top of every other path of the local view;
    /// returns the selected tab.
    private mutating func linkFootprint(of state: UnsafeBufferPointer<UInt64>) -> Int {
        let codec = model.codec
        let selected = key.withUnsafeMutableBufferPointer { view.project(state, into: $0) }
        for word in 0..<width { below[word] = 0 }
        belowRoutes.removeAll(keepingCapacity: true)
        func leaveOut(_ path: StateCodec.PathField, withTop: Bool) {
            let length = codec.read(path.length, in: state)
            self.leaveOut(routes: withTop ? length : length - 1, of: path)
        }
        let modals = codec.read(codec.modalCount, in: state)
        let appendedSlot = modals > 0 ? nil : model.shape.currentStackSlot(selectedTab: selected)
        for slot in model.shape.activeSlots(selectedTab: selected) {
            leaveOut(codec.path(ofSlot: slot), withTop: slot == appendedSlot)
        }
        for modal in 0..<modals {
            leaveOut(codec.path(ofModal: modal), withTop: modal == modals - 1)
        }
        for word in 0..<width { key[word] &= ~below[word] }
        return selected
    }

    private mutating func record(_ packed: UnsafeBufferPointer<UInt64>, selected: Int, label: (Transition) -> Int32) {
        start.append(Int32(kind.count))
        let state = model.codec.decode(packed)
        let viewMask = view.mask(selected: selected)
        model.forEachUnit(of: state, deepLinks: false) { unit in
            if case .edge(_, let screen, let edge) = unit, edgeRunsEveryTime[screen][edge] {
                kind.append(.runEveryTime)
                self.label.append(-1)
                self.unit.append(units.id(unit))
                update.append(.init(mask: -1, value: -1))
                return
            }
            let unitNumber = units.id(unit)
            model.run(unit, from: state, decider: ConcreteDecider()) { transition in
                self.unit.append(unitNumber)
                appendEntry(of: transition, from: packed, viewMask: viewMask, label: label)
            }
        }
        end.append(Int32(kind.count))
    }

    /// Works out the entries of `linkUnits` from `packed`, a state of the
    /// link footprint last numbered.
    private mutating func recordLinks(_ packed: UnsafeBufferPointer<UInt64>, selected: Int,
                                      label: (Transition) -> Int32, exposed: (StepUnit, NavState, Transition) -> Bool) {
        linkStart.append(Int32(kind.count))
        let state = model.codec.decode(packed)
        let viewMask = view.mask(selected: selected)
        for unit in linkUnits {
            linkRuns += 1
            var transition: Transition?
            model.run(unit, from: state, decider: ConcreteDecider()) { transition = $0 }
            guard let transition else { preconditionFailure("a deep link step always gives a transition") }
            self.unit.append(units.id(unit))
            if exposed(unit, state, transition) {
                kind.append(.runEveryTime)
                self.label.append(-1)
                update.append(.init(mask: -1, value: -1))
            } else {
                appendEntry(of: transition, from: packed, viewMask: viewMask, label: label)
            }
        }
    }

    /// Appends the label, kind and update of the entry of `transition`,
    /// taken from `packed`, whose unit is appended.
    private mutating func appendEntry(of transition: Transition, from packed: UnsafeBufferPointer<UInt64>,
                                      viewMask: [UInt64], label: (Transition) -> Int32) {
        self.label.append(label(transition))
        guard let target = transition.target else {
            kind.append(.noTarget)
            update.append(.init(mask: -1, value: -1))
            return
        }
        kind.append(.update)
        appendUpdate(from: packed, to: target, viewMask: viewMask)
    }

    /// Appends the update that takes every state of the footprint last set
    /// (`key`, `below`) where the step took `packed` to `target`: the
    /// footprint's bits it changes, and whole each route left out that it
    /// changed (such a route is never zero, and the steps memoized write
    /// one only with zero, or above the top).
    private mutating func appendUpdate(from packed: UnsafeBufferPointer<UInt64>, to target: NavState, viewMask: [UInt64]) {
        model.codec.encode(target, into: &encoded)
        // Of the footprint's bits, those the step changes: the others
        // are the same in every state of the footprint, and so in
        // every target.
        var mask = (0..<width).map { (packed[$0] ^ encoded[$0]) & viewMask[$0] & ~below[$0] }
        // A route below the top that changed was written whole (with
        // zero): it is not in the footprint, so it is written whole.
        for field in belowRoutes {
            guard field.contains(where: { bit in (packed[bit >> 6] ^ encoded[bit >> 6]) >> UInt64(bit & 63) & 1 == 1 })
            else { continue }
            for bit in field { mask[bit >> 6] |= 1 << UInt64(bit & 63) }
        }
        update.append(encoded.withUnsafeBufferPointer { target in
            mask.withUnsafeBufferPointer { updates.append(mask: $0, target: target) }
        })
    }
}
