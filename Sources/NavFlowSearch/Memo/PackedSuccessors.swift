import NavFlowModel
import NavFlowSpec

/// The transition function of a `FlowModel` on packed states, memoized by
/// what a step can see (docs/performance.md gives the argument).
///
/// In-app steps are worked out once per *footprint* (`FootprintTransitions`):
/// the local view without the routes below the top of the paths on screen.
/// In an app whose root is a tab view of two tabs or more, the transitions
/// of each local view are kept as well, while views are met again
/// (`ViewMemos`): states that share a view (they differ in the other tabs'
/// slots) share them, and a target that keeps the
/// selected tab is given by the number of its view, its rest being the
/// source's. A tab switch, or a deep link into another tab, from a state
/// whose rest holds no slots but those of the tab it selects, is given by
/// numbers too: its view (the view it lands on is numbered once per
/// landing globals and rest) and the rest made of the slots it leaves
/// (`CompressedStateStore.slotsLeft(by:)`). Deep links are worked out once
/// per flags, inputs and selected tab (`DeepLinkTransitions`). Steps that
/// can act on another tab's stack (an edge with `tab` or `open`, some deep
/// links) are run on the unpacked state every time.
///
/// Transitions come in the order of `FlowModel.successors`, so a search
/// numbers states the same way whichever it uses.
public final class PackedSuccessors {
    public let model: FlowModel
    /// The labels of the transitions produced so far.
    public private(set) var labels = TransitionLabels()
    /// How many labels are numbered so far (`TransitionLabels.count`).
    public var labelCount: Int { labels.count }
    /// How many notes are numbered (`TransitionLabels.notes`), read
    /// without copying the labels.
    public var noteCount: Int { labels.notes.values.count }
    /// How many deep-link transitions were worked out by running the
    /// transition function (for a memo, or for one state).
    public var deepLinksRun: Int { deepLinks.runs + footprints.linkRuns + deepLinksRunHere }
    private var deepLinksRunHere = 0

    private let width: Int
    private let view: LocalView
    private var footprints: FootprintTransitions
    private var deepLinks: DeepLinkTransitions
    /// Per local view (its number in the store): where its entries start
    /// and end; -1 until worked out.
    private var viewRange: [(start: Int32, end: Int32)] = []
    /// Whether the entries of each view are kept for its other states.
    var viewMemos = ViewMemoUse() {
        didSet { deepLinks.viewMemos.policy = viewMemos.policy }
    }
    private var entries: [ViewEntry] = []
    /// When the spec has appear hooks, per entry: whether a state whose
    /// hooks' conditions may hold runs the entry's step on the unpacked
    /// state instead (docs/performance.md, "Appear hooks and the memos").
    private var entryHooks: [HookExposure] = []
    /// When the spec has appear hooks, per entry: the number of its step
    /// unit in the footprints' table.
    private var entryUnits: [Int32] = []
    /// The word-level updates of the entries applied word by word
    /// (`ViewEntry.mask` and `value`): the bits of the local view the step
    /// changes, the same for every state of the view.
    private var viewUpdates: SparseUpdates
    /// A target's local-view words, reused.
    private var maskedTarget: [UInt64] = []
    private var unitsRunEveryTime: [StepUnit] = []
    /// The views, without the selected tab's slots, that tab switches land
    /// on; numbered for `ViewEntry.globals`.
    private var switchGlobals: StateStore
    /// Keys `globals << 32 | rest` of the tab switches met so far, and per
    /// key the number of the view it lands on.
    private var switchKeys = StateStore(width: 1, capacity: 64)
    private var switchViews: [Int32] = []
    private let target: UnsafeMutableBufferPointer<UInt64>
    /// The words of the state being expanded, when the store gave them.
    private let current: UnsafeMutableBufferPointer<UInt64>
    private var encoded: [UInt64] = []
    private let quietHooks: QuietAppearHooks
    /// The store's parking when some edge is taken from lifts of the tabs it
    /// selects (`ParkedPaths.transitions`), taken again when the store
    /// starts cutting with deep links.
    private var parking: ParkedPaths?
    /// The store's `parksWithDeepLinks` when `parking` was taken; unset at first.
    private var parkingPhase: Bool??
    /// When set, an edge taken from the lifts of a parked tab (thousands,
    /// in some states) stops at the first lift after it, and the
    /// expansion is cut short (`wasCutShort`): the search's time limit,
    /// honoured within one expansion.
    public var deadline: ContinuousClock.Instant?
    /// Whether the last expansion was cut short at `deadline`. Its batch
    /// then holds only part of the state's transitions (the units after
    /// the cut are not run): the search must not store them, and stops
    /// there with its time limit. The memos are never filled from lifts,
    /// so a cut leaves them whole.
    public private(set) var wasCutShort = false

    public init(model: FlowModel) {
        self.model = model
        quietHooks = QuietAppearHooks(model: model)
        width = model.codec.words
        view = LocalView(model: model)
        deepLinks = DeepLinkTransitions(model: model, quietHooks: quietHooks)
        footprints = FootprintTransitions(model: model, linkUnits: deepLinks.footprintUnits)
        viewUpdates = SparseUpdates(width: width)
        switchGlobals = StateStore(width: width, capacity: 16)
        target = .allocate(capacity: width)
        target.initialize(repeating: 0)
        current = .allocate(capacity: width)
        current.initialize(repeating: 0)
    }

    deinit {
        target.deallocate()
        current.deallocate()
    }

    /// Bytes held by the memos.
    public var bytes: Int {
        footprints.bytes + deepLinks.bytes
            + viewRange.capacity * 8 + entries.capacity * MemoryLayout<ViewEntry>.stride + viewUpdates.bytes
            + switchGlobals.bytes + switchKeys.bytes + switchViews.capacity * 4
            + entryHooks.capacity + entryUnits.capacity * 4
    }

    /// The most bytes the memos allocate beside what they hold before the
    /// next periodic check: every array and table may double once, and a
    /// doubling allocates twice the old capacity while the old is alive.
    public var growthBytes: Int { 2 * bytes }

    /// Fills `batch` with the transitions of state `index` of `store`: the
    /// in-app steps, or with `deepLinks` only the deep links. New local
    /// views of targets are numbered in `store`. Where views are shared
    /// and tabs not parked, the transitions come from the state's local
    /// view, and the state's words are read from the store only when one
    /// needs them: a word-level update, a step run on the unpacked state,
    /// or a tab switch or deep link whose rest cannot be given by numbers.
    public func successors(of index: Int, in store: inout CompressedStateStore,
                           deepLinks: Bool, into batch: inout SuccessorBatch) {
        wasCutShort = false
        let phase = store.parksWithDeepLinks
        if parkingPhase != .some(phase) {
            parking = store.parkedPaths.flatMap { $0.liftsTabs ? $0 : nil }
            parkingPhase = .some(phase)
        }
        // What an appear hook does depends on the views a step shows, which
        // no footprint or local view sees. A quiet state, where no hook can
        // run in any step, takes the memos as they are.
        var copied = false
        var unpacked: NavState?
        if model.hasAppearHooks {
            store.copy(index, into: current)
            copied = true
        }
        // What a dismissal hook does depends on the modals a step closes and
        // on the flags and the context it leaves, which no memo keys. A state
        // with a modal up that has one at its root takes its steps on the
        // state, and no memo is worked out from it. From any other state a
        // step runs one only after an appear hook of the step closed a modal,
        // and a step that runs an appear hook is taken on the state already
        // (below): the others take the memos (docs/performance.md,
        // "Dismissal hooks").
        if model.hasDismissHooks {
            if !copied { store.copy(index, into: current) }
            copied = true
            let state = model.codec.decode(UnsafeBufferPointer(current))
            unpacked = state
            if state.modals.contains(where: model.hasDismissHook) {
                batch.reset(width: width)
                model.forEachUnit(of: state, deepLinks: deepLinks) { unit in
                    if unit.isDeepLink == deepLinks { run(unit, from: state, into: &batch) }
                }
                return
            }
        }
        // Any other state takes them step by step: hooks run on the views
        // a step shows anew at its end, so a step that ran no hook where it
        // was worked out, and whose target shows no screen with a hook whose
        // condition holds, runs none from any state it is taken from. An
        // in-app step is worked out once per local view, which fixes the
        // views it shows unless it selects another tab (`HookExposure`); a
        // memoized deep link fixes the views it shows by its key
        // (`DeepLinkTransitions`). The other steps run on the state.
        var loud = false
        var showsHook = false
        if model.hasAppearHooks && !quietHooks.isQuiet(UnsafeBufferPointer(current)) {
            let state = model.codec.decode(UnsafeBufferPointer(current))
            unpacked = state
            loud = true
            if !deepLinks { showsHook = quietHooks.showsHookThatHolds(state) }
            if !view.isShared {
                batch.reset(width: width)
                model.forEachUnit(of: state, deepLinks: deepLinks) { unit in
                    if unit.isDeepLink == deepLinks { run(unit, from: state, into: &batch) }
                }
                return
            }
        }
        guard view.isShared else {
            if !copied { store.copy(index, into: current) }
            unsharedSuccessors(of: UnsafeBufferPointer(current), in: &store, deepLinks: deepLinks, into: &batch)
            return
        }
        batch.reset(width: width)
        let current = self.current
        func decode() -> NavState {
            let decoded = unpacked ?? model.codec.decode(UnsafeBufferPointer(current))
            unpacked = decoded
            return decoded
        }
        if deepLinks {
            self.deepLinks.successors(ofStateAt: index, in: &store, footprints: &footprints, words: current, into: &batch,
                                      decode: decode, label: label(of:)) { unit, batch in
                run(unit, from: decode(), into: &batch)
            }
            return
        }
        let viewNumber = store.viewNumber(of: index)
        // What the memos held before a view worked out for this state alone.
        var discarded: (entries: Int, unitsRunEveryTime: Int, values: Int)?
        let range: (start: Int32, end: Int32)
        if viewNumber >= viewRange.count || viewRange[viewNumber].start < 0 {
            store.copy(index, into: current)
            copied = true
            let keeps = viewMemos.keeps
            if !keeps { discarded = (entries.count, unitsRunEveryTime.count, viewUpdates.valueCount) }
            viewMemos.countWorkedOut()
            range = record(UnsafeBufferPointer(current), viewNumber: viewNumber, keeping: keeps, store: &store)
        } else {
            viewMemos.countMetAgain()
            range = viewRange[viewNumber]
        }
        appendViewSuccessors(of: index, entries: range, in: &store, loud: loud, showsHook: showsHook,
                             copied: copied, decode: decode, into: &batch)
        if let discarded {
            entries.removeSubrange(discarded.entries...)
            if model.hasAppearHooks {
                entryHooks.removeSubrange(discarded.entries...)
                entryUnits.removeSubrange(discarded.entries...)
            }
            unitsRunEveryTime.removeSubrange(discarded.unitsRunEveryTime...)
            viewUpdates.removeValues(from: discarded.values)
        }
    }

    /// Appends the in-app transitions of state `index`, whose view's
    /// entries are `range`, to `batch`; `copied` says whether `current`
    /// holds its words already.
    private func appendViewSuccessors(of index: Int, entries range: (start: Int32, end: Int32),
                                      in store: inout CompressedStateStore, loud: Bool, showsHook: Bool, copied: Bool,
                                      decode: () -> NavState, into batch: inout SuccessorBatch) {
        var copied = copied
        let current = self.current
        // The footprints' units, taken when an entry exposed to hooks first needs one.
        var table: FootprintTransitions.EntryTable?
        // The unit last run on the state for an entry exposed to hooks: its other entries are skipped.
        var unitRun: Int32 = -1
        let updates = viewUpdates.table
        entries.withUnsafeBufferPointer { entries in
            for entry in Int(range.start)..<Int(range.end) {
                let memo = entries[entry]
                if loud && entryHooks[entry].runsOnState(showingHook: showsHook) {
                    let unit = entryUnits[entry]
                    if unit != unitRun {
                        unitRun = unit
                        if table == nil { table = footprints.table }
                        run(table!.unit(numbered: unit), from: decode(), into: &batch)
                    }
                } else if memo.view >= 0 {
                    batch.append(label: memo.label, view: memo.view)
                } else if memo.globals >= 0 && store.restHolds(onlyTab: Int(memo.tab), ofState: index) {
                    let landed = switchView(globals: memo.globals, tab: Int(memo.tab), from: index, in: &store)
                    batch.append(label: memo.label, view: landed, rest: Int32(store.slotsLeft(by: index)))
                } else if memo.mask >= 0 {
                    if !copied {
                        store.copy(index, into: current)
                        copied = true
                    }
                    let update = SparseUpdates.Update(mask: memo.mask, value: memo.value)
                    batch.append(label: memo.label) { output in
                        updates.apply(update, to: UnsafeBufferPointer(current), into: output)
                    }
                } else if memo.mask == -1 {
                    batch.appendCut(label: memo.label)
                } else {
                    if !copied {
                        store.copy(index, into: current)
                        copied = true
                    }
                    run(unitsRunEveryTime[Int(-2 - memo.mask)], from: decode(), into: &batch)
                }
            }
        }
    }

    /// The number of the view a tab switch lands on from state `index`: its
    /// view without the slots of `tab`, numbered `globals`, with the slots
    /// of `tab` that the state's rest holds.
    private func switchView(globals: Int32, tab: Int, from index: Int, in store: inout CompressedStateStore) -> Int32 {
        let key = UInt64(globals) << 32 | UInt64(store.restNumber(of: index))
        let (number, inserted) = withUnsafePointer(to: key) { switchKeys.insert(UnsafeBufferPointer(start: $0, count: 1)) }
        if inserted {
            let landed = switchGlobals.withState(Int(globals)) { words in
                store.numberView(globals: words, slotsOf: tab, inRestOf: index)
            }
            switchViews.append(Int32(landed))
        }
        return switchViews[number]
    }

    /// The transitions of a state whose words are `state` where no local
    /// view is shared (no tab view, or the tabs are parked): the in-app
    /// steps per footprint, or with `deepLinks` the deep links.
    private func unsharedSuccessors(of state: UnsafeBufferPointer<UInt64>, in store: inout CompressedStateStore,
                                    deepLinks: Bool, into batch: inout SuccessorBatch) {
        batch.reset(width: width)
        var unpacked: NavState?
        func decode() -> NavState {
            let decoded = unpacked ?? model.codec.decode(state)
            unpacked = decoded
            return decoded
        }
        if deepLinks {
            self.deepLinks.successors(of: state, into: &batch, store: &store, footprints: &footprints,
                                      decode: decode, label: label(of:)) { unit, batch in
                run(unit, from: decode(), into: &batch)
            }
            return
        }
        // Without a tab view nothing is shared: no view is met twice.
        let range = footprints.entries(of: state, label: label(of:))
        let table = footprints.table
        for entry in range {
            if let unit = table.unitRunEveryTime(entry) {
                run(unit, from: decode(), into: &batch)
            } else if table.isCut(entry) {
                batch.appendCut(label: table.label(entry))
            } else {
                table.apply(entry, to: state, into: target)
                batch.append(label: table.label(entry)) { output in
                    for word in 0..<width { output[word] = target[word] }
                }
            }
        }
    }

    /// Whether two packed states have the same flags.
    private func sameFlags(_ lhs: UnsafeBufferPointer<UInt64>, _ rhs: UnsafeBufferPointer<UInt64>) -> Bool {
        let flags = model.codec.flagField
        return flags.isEmpty || model.codec.read(flags, in: lhs) == model.codec.read(flags, in: rhs)
    }

    /// Works out the entries of a new local view, numbered `viewNumber`,
    /// from `state`, one state that has it, and gives where they lie; the
    /// view is marked worked out only when `keeping` (`ViewMemos`).
    private func record(_ state: UnsafeBufferPointer<UInt64>, viewNumber: Int, keeping: Bool,
                        store: inout CompressedStateStore) -> (start: Int32, end: Int32) {
        let begin = Int32(entries.count)
        let selected = view.selectedTab(state)
        let mask = view.maskIndex(selected: selected)
        let range = footprints.entries(of: state, label: label(of:))
        let table = footprints.table
        let hooks = model.hasAppearHooks
        for entry in range {
            if hooks {
                entryUnits.append(table.unitIndex(entry))
                entryHooks.append(.none)
            }
            if let unit = table.unitRunEveryTime(entry) {
                entries.append(ViewEntry(mask: Int32(-2 - unitsRunEveryTime.count), label: -1, view: -1))
                unitsRunEveryTime.append(unit)
                continue
            }
            if hooks && ranAHook(table.label(entry)) { entryHooks[entryHooks.count - 1] = .always }
            if table.isCut(entry) {
                // A hook that cuts its step off (a push at its stack's depth)
                // leaves no fact that it ran, and from another state of the
                // view (another top on the tab a switch selects) it may not
                // run or not cut: with hooks, a cut step runs on the state.
                if hooks { entryHooks[entryHooks.count - 1] = .always }
                entries.append(ViewEntry(mask: -1, label: table.label(entry), view: -1))
                continue
            }
            table.apply(entry, to: state, into: target)
            let kept = UnsafeBufferPointer(target)
            if hooks && entryHooks[entryHooks.count - 1] == .none {
                // A step that keeps the selected tab shows views of the
                // target's local view, the same for every state of this
                // view; a tab switch that keeps every slot shows the other
                // tab's top, which the state's rest holds.
                if view.selectedTab(kept) != selected {
                    entryHooks[entryHooks.count - 1] = view.keepsSlots(of: selected, from: state, in: kept)
                        ? .whenTheStateShowsOne : .always
                } else if model.showsAppearHookThatHolds(model.codec.decode(kept)) {
                    entryHooks[entryHooks.count - 1] = .always
                }
            }
            maskedTarget.removeAll(keepingCapacity: true)
            view.masked(kept, mask: mask, appendingTo: &maskedTarget)
            var number: Int32 = -1
            var globals: Int32 = -1
            let tab = view.selectedTab(kept)
            if tab == selected {
                // A step that changes a flag may let more of the parked tabs
                // be cut (`ParkedPaths`): its target is stored whole, parked anew.
                if !store.parksInactiveTabs || sameFlags(kept, state) {
                    number = maskedTarget.withUnsafeBufferPointer { Int32(store.numberView($0)) }
                }
            } else if view.keepsSlots(of: selected, from: state, in: kept) {
                // A tab switch: the other tabs' slots come from the state
                // unchanged, and the view it lands on is the target's words
                // outside any slot with the slots of the tab it selects.
                let landing = (0..<width).map { word in
                    kept[word] & view.masks[tab * width + word] & ~view.slotMasks[tab * width + word]
                }
                globals = Int32(landing.withUnsafeBufferPointer { switchGlobals.insert($0).index })
            }
            // A target given by its view's number needs no words; another
            // is the update of the view's bits the step changes.
            var update = SparseUpdates.Update(mask: 0, value: -1)
            if number < 0 {
                update = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { changed in
                    for word in 0..<width { changed[word] = (state[word] ^ kept[word]) & view.masks[mask * width + word] }
                    return viewUpdates.append(mask: UnsafeBufferPointer(changed), target: kept)
                }
            }
            entries.append(ViewEntry(mask: update.mask, label: table.label(entry), view: number,
                                     globals: globals, tab: Int32(tab), value: update.value))
        }
        if hooks {
            // A unit is run on the state for all its entries or for none.
            var first = Int(begin)
            while first < entries.count {
                var end = first + 1
                while end < entries.count && entryUnits[end] == entryUnits[first] { end += 1 }
                let exposure = entryHooks[first..<end].max() ?? .none
                for entry in first..<end { entryHooks[entry] = exposure }
                first = end
            }
        }
        let worked = (start: begin, end: Int32(entries.count))
        guard keeping else { return worked }
        if viewRange.count <= viewNumber {
            let grown = max(viewNumber + 1, viewRange.count * 2)
            viewRange += repeatElement((start: Int32(-1), end: Int32(-1)), count: grown - viewRange.count)
        }
        viewRange[viewNumber] = worked
        return worked
    }

    /// Whether the transitions labelled `label` ran an appear hook.
    private func ranAHook(_ label: Int32) -> Bool {
        let note = labels.pairs.values[Int(label)].note
        guard note > 0 else { return false }
        return labels.notes.values[Int(note)].facts.contains { if case .appearHookRan = $0 { true } else { false } }
    }

    private func label(of transition: Transition) -> Int32 {
        labels.label(of: transition)
    }

    private func run(_ unit: StepUnit, from state: NavState, into batch: inout SuccessorBatch) {
        guard !wasCutShort else { return }
        if unit.isDeepLink { deepLinksRunHere += 1 }
        func each(_ body: (Transition) -> Void) {
            if let parking {
                let deadline = self.deadline
                let whole = parking.transitions(of: unit, from: state, stopping: { deadline.map { .now > $0 } ?? false }, body)
                if !whole { wasCutShort = true }
            } else {
                model.run(unit, from: state, decider: ConcreteDecider(), body)
            }
        }
        each { transition in
            let label = label(of: transition)
            guard let target = transition.target else {
                batch.appendCut(label: label)
                return
            }
            model.codec.encode(target, into: &encoded)
            batch.append(label: label) { output in
                for word in 0..<width { output[word] = encoded[word] }
            }
        }
    }
}
/// When a memoized in-app step of a local view is run on the state
/// instead, in a state where an appear hook's condition may hold: the memo
/// does not see the views a step shows, where hooks run.
private enum HookExposure: Int8, Comparable {
    /// The step ran no hook and its target's local view shows no screen
    /// with a hook whose condition holds: so for every state of the view.
    case none
    /// The step selects another tab and keeps every slot: it shows that
    /// tab's top, which the state's rest holds; run on the state when the
    /// state shows a screen with a hook whose condition holds anywhere.
    case whenTheStateShowsOne
    /// The step ran a hook, or its target shows a screen with one whose condition holds.
    case always

    func runsOnState(showingHook: Bool) -> Bool {
        switch self {
        case .none: false
        case .whenTheStateShowsOne: showingHook
        case .always: true
        }
    }

    static func < (lhs: HookExposure, rhs: HookExposure) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One memoized transition of a local view.
private struct ViewEntry {
    /// The number of a word-level update's mask in
    /// `PackedSuccessors.viewUpdates` (0 when the target is given by its
    /// view's number), -1 for a step without a target state, or -2 - u for
    /// unit u run on the unpacked state.
    var mask: Int32
    var label: Int32
    /// The number of the target's local view when the step keeps the
    /// selected tab (the target is then that view with the source's rest), else -1.
    var view: Int32
    /// When the step selects another tab and keeps every tab's slots: the
    /// number of the target's view without its tab's slots (in
    /// `PackedSuccessors.switchGlobals`), else -1.
    var globals: Int32 = -1
    /// The tab the step selects, when `globals` is set.
    var tab: Int32 = -1
    /// Where the update's words start in `PackedSuccessors.viewUpdates`,
    /// for an update applied word by word; else -1.
    var value: Int32 = -1
}

/// The transitions of one state, in order: for each, its label and its
/// packed target, if it has one. Reused from state to state.
public struct SuccessorBatch: Sendable {
    public private(set) var count = 0
    public private(set) var width = 1
    /// `width` words per transition; not filled in when it has no target
    /// or is given by view number.
    public private(set) var words: [UInt64] = []
    public private(set) var hasTarget: [Bool] = []
    public private(set) var label: [Int32] = []
    /// Per transition: the number of its target's local view when the
    /// target is given by numbers (its words are then not filled in), else -1.
    public private(set) var view: [Int32] = []
    /// Per transition given by numbers: the number of its target's rest,
    /// or -1 when it is the source's.
    public private(set) var rest: [Int32] = []

    public init() {}

    /// The most transitions the batch has room for: at least as many as
    /// the largest batch so far.
    public var capacity: Int { label.count }

    mutating func reset(width: Int) {
        if width != self.width {
            self = SuccessorBatch()
            self.width = width
        }
        count = 0
    }

    /// A target given by the number of its local view and of its rest (-1: the source's).
    mutating func append(label: Int32, view: Int32, rest: Int32 = -1) {
        grow()
        hasTarget[count] = true
        self.label[count] = label
        self.view[count] = view
        self.rest[count] = rest
        count += 1
    }

    mutating func append(label: Int32, _ fill: (UnsafeMutableBufferPointer<UInt64>) -> Void) {
        grow()
        hasTarget[count] = true
        self.label[count] = label
        self.view[count] = -1
        let base = count * width
        words.withUnsafeMutableBufferPointer { words in
            fill(UnsafeMutableBufferPointer(rebasing: words[base..<(base + width)]))
        }
        count += 1
    }

    mutating func appendCut(label: Int32) {
        grow()
        hasTarget[count] = false
        self.label[count] = label
        self.view[count] = -1
        count += 1
    }

    private mutating func grow() {
        guard count == hasTarget.count else { return }
        let capacity = max(16, count * 2)
        hasTarget += repeatElement(false, count: capacity - count)
        label += repeatElement(0, count: capacity - count)
        view += repeatElement(-1, count: capacity - count)
        rest += repeatElement(-1, count: capacity - count)
        words += repeatElement(0, count: (capacity - count) * width)
    }
}
