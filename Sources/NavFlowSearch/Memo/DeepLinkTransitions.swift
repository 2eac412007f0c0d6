import NavFlowModel
import NavFlowSpec

/// The deep-link steps of a `FlowModel` on packed states, memoized by flags,
/// inputs and the selected tab.
///
/// A deep link that closes the modals (no `keep modals`), selects a tab
/// when the root is a tab view, replaces the paths it describes (no
/// `/ ...`), and whose `else` is nothing or a statement
/// whose footprint reads only flags, inputs and the selected tab and writes
/// the flags at most (a `set`), reads only flags, inputs and the selected
/// tab: `requires`, whether its tab is hidden, and, for its `else`, what
/// the statement reads and whether the step hides the selected tab; after
/// closing the modals it reads nothing else of the state. What it writes is
/// fixed by those too: the flags (its `else`), the selected tab, the modals
/// and the slots it replaces (those of its tab, or of the root when there
/// is no tab view). So its transition from every state with the same flags,
/// inputs and selected tab is the same word-level update; it is worked out
/// once per (link, arguments, flags, inputs, selected tab).
///
/// A link that does the same but keeps the modals (`keep modals`, with or
/// without `close`, not `under modals`) reads the modals too, and nothing
/// else: whether a modal is up, which (what it must close, whether what it
/// presents is covered, or already up, what it leaves up that the target
/// does not name) and how many (the modal limit). What it writes is fixed
/// by those: the slots it replaces, the flags, the selected tab and the
/// modals. It is worked out once per (link, arguments, flags, inputs,
/// selected tab, modals), the modals with their paths and presenter
/// columns; the views its target shows (the modals' tops, and the slots it
/// replaces unless a cover hides them) are fixed by the same, so the appear
/// hooks are judged as for the links above (docs/performance.md, "Links
/// that keep the modals"). A link that a hook cut off (no target, where its
/// statements alone give one) is run on every state: the hook's run left
/// no fact, and whether it runs depends on the views the source showed.
///
/// In a search of shared states (`LocalView.isShared`), a link of one
/// handler that acts where the user is without naming a tab (`* ...`,
/// `... under modals`, keeping or closing modals, appending) and whose
/// `else` writes the flags at most reads and writes the local view alone
/// (the selected tab's slots, the modals, flags and inputs): it is worked
/// out once per local view (kept while views are met again, `ViewMemos`),
/// and its target is that of its view with the source's rest. Such a link
/// that also writes nothing below the top of a path (`writesAboveTheTopOnly`)
/// reads less than an edge of the top screen reads, and is kept per link
/// footprint instead (`FootprintTransitions.linkEntries`) wherever its
/// view's transitions are not kept (`ViewMemos`), and in a search where
/// views are not shared. Other deep links are run on the unpacked state
/// every time.
struct DeepLinkTransitions {
    let model: FlowModel
    private let quietHooks: QuietAppearHooks
    /// Every deep-link step unit, in the order of `FlowModel.forEachUnit`.
    let units: [StepUnit]
    /// Per unit: whether it is memoized by its key (flags, inputs and
    /// selected tab, with the modals for a link that keeps them).
    private let memoized: [Bool]
    /// Per unit memoized by its key: whether its key holds the modals.
    private let keyedWithModals: [Bool]
    /// Per unit: whether it is a link that keeps the selected tab's content
    /// (`keepsSelectedContent`), whose target is given by its update alone.
    private let keepsSelected: [Bool]
    /// The units whose key holds the modals, in unit order.
    private let modalKeyedUnits: [Int]
    /// Per unit: whether it is memoized by the local view instead, in a
    /// search of shared states; it is run on every state otherwise.
    private let memoizedByView: [Bool]
    /// Per unit: whether it may be kept per footprint (`writesAboveTheTopOnly`).
    private let memoizedByFootprint: [Bool]
    /// The units that may be kept per footprint, in unit order: the ones
    /// `FootprintTransitions.linkEntries` works out.
    let footprintUnits: [StepUnit]
    /// `width` words per unit, the link's write mask when it lands, then
    /// once more the bits of the flags: what a link's `else` can write.
    private let writeMasks: [UInt64]
    /// Words of a key after the unit number: the flags, inputs and selected tab.
    private let keyWords: Int
    private let keyMask: [UInt64]
    /// `width` words: the bits of the key of a link that keeps the modals
    /// (the flags, inputs, selected tab and modals).
    private let modalKeyMask: [UInt64]
    private let width: Int
    /// Whether states are stored as a local view and a rest (`LocalView.isShared`).
    private let sharesViews: Bool
    private var keys: StateStore
    /// The keys of the links that keep the modals: the unit's number, then
    /// the state's words under `modalKeyMask`.
    private var modalKeys: StateStore
    /// Per key: the number of its entry.
    private var keyEntries: [Int32] = []
    /// Per key of `modalKeys`: the number of its entry.
    private var modalKeyEntries: [Int32] = []
    /// The transitions worked out: one per key, and one per local view and
    /// unit memoized by the view.
    private var entries: [Entry] = []
    /// Per local view of a search of shared states: where its entries
    /// start in `viewEntries`, -1 until worked out.
    private var viewStart: [Int32] = []
    /// Per worked-out view: the number of its key words (its flags, inputs
    /// and selected tab, part of the view) in `groups`, the number of its
    /// words under `modalKeyMask` in `modalGroups` (-1 when no unit's key
    /// holds the modals), then the entry of each unit memoized by the view,
    /// in unit order.
    private var viewEntries: [Int32] = []
    /// The key words of the views worked out, numbered.
    private var groups: StateStore
    /// Per group, per unit: the entry of a unit memoized by a key without
    /// the modals (whose key is the group's words with the unit's number),
    /// else -1.
    private var groupEntries: [Int32] = []
    /// The words under `modalKeyMask` of the views worked out, numbered,
    /// when some unit's key holds the modals.
    private var modalGroups: StateStore
    /// Per modal group, per unit of `modalKeyedUnits`: its entry.
    private var modalGroupEntries: [Int32] = []
    /// `width` words per entry that may be applied word by word
    /// (`Entry.value`): the bits its transition writes.
    private var entryValues: [UInt64] = []
    /// Whether the entries of the units memoized by view are kept for the
    /// view's other states (`ViewMemos`).
    var viewMemos = ViewMemoUse()

    /// Which bits a memoized link's transition writes (a byte per entry).
    private enum EntryKind: Int8 {
        /// The link has no target state.
        case noTarget
        /// It lands: it writes the link's landing mask.
        case landed
        /// Its `else` ran: it writes the flags at most.
        case otherwise
    }

    /// The transition of a memoized link from the states of one key.
    private struct Entry {
        var kind: EntryKind
        var label: Int32
        /// The number of the target's local view when the link lands in a
        /// tab view, else -1.
        var view: Int32
        /// Whether the link lands in another tab than the selected one, keeping
        /// every tab's slots; a target with a view number keeps the source's
        /// rest otherwise.
        var leavesSlots = false
        /// The tab the link lands in, when it leaves the slots.
        var tab: Int32 = -1
        /// Whether an appear hook ran in the step it was worked out from, or
        /// its target shows a screen with a hook whose condition holds (in
        /// its local view, for a link that lands): the link is then run on
        /// the unpacked state every time. Otherwise it runs no hook from any
        /// state of its key.
        var touchesHooks = false
        /// Where its masked target words start in `entryValues`, in units
        /// of the state's width, for a transition that may be applied word
        /// by word; else -1.
        var value: Int32 = -1
        /// For an entry that touches hooks: whether it is the transition
        /// from every state of its key with no modal up
        /// (`hooksFixedWithoutModals`), which then takes it from the memo.
        var fixedWithoutModals = false
    }

    /// Whether the appear hooks act only on what a link that closes the
    /// modals and selects a tab writes: the spec has a tab view and no
    /// dismissal hook, and no statement of an appear hook may select
    /// another tab or see paths whole (`open`, a statement on every slot).
    /// A hook then acts on the view it was shown on, the tab the link
    /// selected, or on the modals it presents, and sets flags.
    private let hooksStayInTheLanding: Bool

    /// `quietHooks` tells which targets show a screen whose hook's condition holds.
    init(model: FlowModel, quietHooks: QuietAppearHooks) {
        self.model = model
        self.quietHooks = quietHooks
        let spec = model.spec
        let codec = model.codec
        width = codec.words
        sharesViews = LocalView(model: model).isShared
        var units: [StepUnit] = []
        var memoized: [Bool] = []
        var keyedWithModals: [Bool] = []
        var keepsSelected: [Bool] = []
        var memoizedByView: [Bool] = []
        var memoizedByFootprint: [Bool] = []
        var writeMasks: [UInt64] = []
        // Flags, inputs and the selected tab are contiguous, from bit 0.
        let global = 0..<codec.tabField.upperBound
        for (index, link) in spec.deepLinks.enumerated() {
            let handler = link.handlers[0]
            var mask: [UInt64]?
            let keyed = Self.slotsReplacedByKey(link: index, in: model)
            let keyedWithTheModals = keyed == nil ? Self.slotsReplacedByKeyAndModals(link: index, in: model) : nil
            if let slots = keyed ?? keyedWithTheModals {
                var fields = [0..<spec.flags.count, codec.tabField, codec.modalField]
                for slot in slots { fields.append(codec.slotFields[slot]) }
                mask = codec.mask(fields)
            }
            // A link that acts where the user is, in the selected tab, reads and
            // writes the local view alone, and its `else` the flags at most.
            let staysInTheView = sharesViews && mask == nil && link.handlers.count == 1 && link.offeredIf == nil
                && handler.target.tab == nil
                && !handler.keepsTab && (handler.otherwise?.footprint.writes.isSubset(of: .flags) ?? true)
            let byFootprint = mask == nil && Self.writesAboveTheTopOnly(link: index, in: model)
            for arguments in model.deepLinkArguments[index] {
                units.append(.deepLink(link: index, arguments: arguments))
                memoizedByFootprint.append(byFootprint)
                memoized.append(mask != nil)
                keyedWithModals.append(keyedWithTheModals != nil)
                keepsSelected.append(keyedWithTheModals != nil && Self.keepsSelectedContent(link: index, in: model))
                memoizedByView.append(staysInTheView)
                writeMasks += mask ?? [UInt64](repeating: 0, count: width)
            }
        }
        self.units = units
        self.memoized = memoized
        self.keyedWithModals = keyedWithModals
        self.keepsSelected = keepsSelected
        modalKeyedUnits = keyedWithModals.indices.filter { keyedWithModals[$0] }
        self.memoizedByView = memoizedByView
        self.memoizedByFootprint = memoizedByFootprint
        footprintUnits = units.indices.filter { memoizedByFootprint[$0] }.map { units[$0] }
        self.writeMasks = writeMasks + codec.mask([0..<spec.flags.count])
        keyWords = max(1, (global.count + 63) / 64)
        keyMask = Array(codec.mask([global]).prefix(keyWords))
        modalKeyMask = codec.mask([global, codec.modalField])
        keys = StateStore(width: keyWords + 1)
        modalKeys = StateStore(width: width + 1, capacity: modalKeyedUnits.isEmpty ? 16 : 1 << 12)
        groups = StateStore(width: keyWords, capacity: 64)
        modalGroups = StateStore(width: width, capacity: modalKeyedUnits.isEmpty ? 16 : 1 << 12)
        hooksStayInTheLanding = model.hasTabView && !model.hasDismissHooks && spec.screens.allSatisfy { screen in
            screen.hooks.allSatisfy { hook in
                hook.statements.allSatisfy { !$0.footprint.mayLeaveItsTab && !$0.footprint.seesWholePaths }
            }
        }
    }

    /// The one handler of a link that a key may fix: not offered under a
    /// condition (`offeredIf`), and whose `else` reads the flags, inputs and
    /// selected tab at most and writes the flags at most. A link with
    /// several handlers, or an entry offered under a condition, is run
    /// every time.
    private static func keyableHandler(of index: Int, in model: FlowModel) -> DeepLinkHandler? {
        let link = model.spec.deepLinks[index]
        guard link.handlers.count == 1, link.offeredIf == nil else { return nil }
        let handler = link.handlers[0]
        if let otherwise = handler.otherwise?.footprint {
            guard otherwise.reads.isSubset(of: [.flags, .inputs, .selectedTab]), otherwise.writes.isSubset(of: .flags)
            else { return nil }
        }
        return handler
    }

    /// For a deep link whose transition is fixed by the flags, inputs and
    /// selected tab of its source (see above): the slots it replaces, whose
    /// paths and selections it writes with the flags, the selected tab and
    /// the modals when it lands (its `else` writes the flags alone). Nil
    /// for any other link.
    static func slotsReplacedByKey(link index: Int, in model: FlowModel) -> Range<Int>? {
        guard let handler = keyableHandler(of: index, in: model) else { return nil }
        // In a tab view, a link without a tab keeps the selected tab and its slots
        // (or, with `*`, writes slots chosen by the selected tab); a link that
        // appends reads a path.
        // With `keep tab`, the link writes a tab that is not the selected one.
        guard !handler.keepModals, !handler.target.dependsOnWhereTheUserIs(rootHasTabs: model.hasTabView),
              !handler.keepsTab else { return nil }
        guard model.hasTabView else { return model.shape.rootSlots }
        return handler.target.tab.map { model.shape.tabSlots[$0] } ?? 0..<0
    }

    /// For a deep link whose transition the flags, inputs, selected tab
    /// and modals of its source fix, and that `slotsReplacedByKey` leaves
    /// out: the slots it replaces, which it writes with the flags, the
    /// selected tab and the modals when it lands. Such a link is as those
    /// of `slotsReplacedByKey` but keeps the modals (`keep modals`, or
    /// `close`), or names no tab in a tab view (it presents from the
    /// selected tab and keeps its content: no slot is replaced). Nil for
    /// any other link, and for one that writes a stack beneath the modals
    /// (`under modals`: a router's path may be a modal's), describes where
    /// the user is (`*`: the top modal's path) or appends (`/ ...`).
    static func slotsReplacedByKeyAndModals(link index: Int, in model: FlowModel) -> Range<Int>? {
        guard let handler = keyableHandler(of: index, in: model) else { return nil }
        let target = handler.target
        let keepsSelectedContent = model.hasTabView && target.tab == nil
        guard handler.keepModals || keepsSelectedContent, !handler.underModals, !handler.keepsTab,
              !target.describesCurrentContext, !target.appends else { return nil }
        guard model.hasTabView else { return model.shape.rootSlots }
        return target.tab.map { model.shape.tabSlots[$0] } ?? 0..<0
    }

    /// Whether a deep link's transition is fixed by its source's footprint
    /// (`FootprintTransitions`), as an edge of the top screen is: it acts
    /// where the user is (`*`) and appends there (`/ ...`), with one
    /// handler, offered always, whose `else` reads the flags, inputs and
    /// selected tab at most and writes the flags at most. It then reads the
    /// modals, which stack is on top, that stack's length (never its
    /// routes), the tops of the paths it may uncover, and the flags and
    /// inputs, all in its link footprint; it writes the flags,
    /// the modals it closes and presents, and routes above the top of the
    /// path it appends to. The one write below a top is closing a modal,
    /// which zeroes its path: each of its routes, never zero before, shows
    /// as changed, and the footprint's update writes it whole. A modal the
    /// link presents after closing modals could be given a route equal to
    /// the one it replaces, so such a link must present modals without a
    /// path, or close none (`keep modals` without `close`, or `under modals`).
    static func writesAboveTheTopOnly(link index: Int, in model: FlowModel) -> Bool {
        guard let handler = keyableHandler(of: index, in: model), !handler.keepsTab else { return false }
        let target = handler.target
        guard target.describesCurrentContext, target.appends, target.columns.allSatisfy({ $0.shows == nil })
        else { return false }
        let closesNone = handler.keepModals && handler.closing.isEmpty
        return closesNone || target.modals.allSatisfy { $0.path.isEmpty }
    }

    /// Whether a deep link keeps the selected tab's content (a link of
    /// `slotsReplacedByKeyAndModals` that names no tab in a tab view): its
    /// target's local view is then not fixed by its key.
    static func keepsSelectedContent(link index: Int, in model: FlowModel) -> Bool {
        model.hasTabView && model.spec.deepLinks[index].handlers[0].target.tab == nil
    }

    /// Whether a deep-link unit's statements give a target from `state`
    /// before any hook runs: when its transition has none, a hook cut it off.
    static func landsWithoutHooks(_ unit: StepUnit, from state: NavState, in model: FlowModel) -> Bool {
        guard case .deepLink(let link, let arguments) = unit else { return false }
        return model.handleDeepLink(link, arguments: arguments, from: state, decider: ConcreteDecider()).target != nil
    }

    /// How many transitions were worked out for a memo (the units run on
    /// every state are counted by the caller, which runs them).
    private(set) var runs = 0

    /// How many deep-link units are memoized by a key that holds the modals.
    var unitsKeyedWithModals: Int { modalKeyedUnits.count }

    var bytes: Int {
        keys.bytes + modalKeys.bytes + groups.bytes + modalGroups.bytes
            + entries.capacity * MemoryLayout<Entry>.stride + entryValues.capacity * 8
            + (viewStart.capacity + viewEntries.capacity + keyEntries.capacity + groupEntries.capacity
                + modalKeyEntries.capacity + modalGroupEntries.capacity) * 4
    }

    /// Appends the deep-link transitions of `state` to `batch`. `decode`
    /// unpacks the state when a link must be worked out or run; `label`
    /// interns a transition's label; `run` runs a unit on the unpacked state.
    /// A landed link's target whose rest is the source's (the tabs are
    /// parked, or the link selects the tab that is selected) is given by the
    /// number of its local view alone.
    mutating func successors(of state: UnsafeBufferPointer<UInt64>, into batch: inout SuccessorBatch,
                             store: inout CompressedStateStore, footprints: inout FootprintTransitions,
                             decode: () -> NavState, label: (Transition) -> Int32,
                             run: (StepUnit, inout SuccessorBatch) -> Void) {
        var byFootprint: (entries: Range<Int>, table: FootprintTransitions.EntryTable)?
        var nextByFootprint = 0
        for number in 0..<memoized.count {
            if memoizedByFootprint[number] {
                if byFootprint == nil {
                    let entries = footprints.linkEntries(of: state, label: label) { exposesHooks($0, $1, $2) }
                    byFootprint = (entries, footprints.table)
                }
                let (entries, table) = byFootprint!
                appendFootprintEntry(entries.lowerBound + nextByFootprint, of: table, from: state, into: &batch, run: run)
                nextByFootprint += 1
                continue
            }
            guard memoized[number] else {
                run(units[number], &batch)
                continue
            }
            let entry = entry(of: number, from: state, decode: decode, label: label, store: &store)
            let memo = entries[entry]
            if memo.touchesHooks && !(memo.fixedWithoutModals && noModalUp(state)) {
                run(units[number], &batch)
            } else if memo.kind == .noTarget {
                batch.appendCut(label: memo.label)
            } else if memo.view >= 0 && !memo.leavesSlots {
                batch.append(label: memo.label, view: memo.view)
            } else {
                appendUpdate(entry, of: number, from: state, into: &batch)
            }
        }
    }

    /// Appends the deep-link transitions of state `index` of `store`, whose
    /// local view is shared and whose tabs are not parked, to `batch`.
    /// Their entries are looked up once per local view; the state's words
    /// are copied into `words` only when a transition needs them (a link
    /// run every time, an `else`, or one that lands in another tab while
    /// the rest holds other tabs' slots). `decode` and `run` read `words`.
    mutating func successors(ofStateAt index: Int, in store: inout CompressedStateStore,
                             footprints: inout FootprintTransitions,
                             words: UnsafeMutableBufferPointer<UInt64>, into batch: inout SuccessorBatch,
                             decode: () -> NavState, label: (Transition) -> Int32,
                             run: (StepUnit, inout SuccessorBatch) -> Void) {
        var copied = false
        let viewNumber = store.viewNumber(of: index)
        // What the view's entries start at, when they are worked out for this state alone.
        var discarded: (viewEntries: Int, entries: Int, values: Int)?
        let base: Int
        if viewNumber >= viewStart.count || viewStart[viewNumber] < 0 {
            store.copy(index, into: words)
            copied = true
            base = viewEntries.count
            let keeps = viewMemos.keeps
            if keeps {
                if viewStart.count <= viewNumber {
                    viewStart += repeatElement(-1, count: max(viewNumber + 1, viewStart.count * 2) - viewStart.count)
                }
                viewStart[viewNumber] = Int32(base)
            }
            // The entries of the units memoized by key, which `group` may work out, stay.
            viewEntries.append(Int32(group(of: UnsafeBufferPointer(words), decode: decode, label: label, store: &store)))
            viewEntries.append(modalKeyedUnits.isEmpty ? -1
                : Int32(modalGroup(of: UnsafeBufferPointer(words), decode: decode, label: label, store: &store)))
            if !keeps { discarded = (base, entries.count, entryValues.count) }
            viewMemos.countWorkedOut()
            for number in 0..<memoized.count where memoizedByView[number] {
                // A view worked out for this state alone: a link that its
                // footprint fixes is taken from the footprint's entries.
                if !keeps && memoizedByFootprint[number] {
                    viewEntries.append(Self.byFootprint)
                    continue
                }
                viewEntries.append(Int32(entries.count))
                record(number, from: decode(), label: label, store: &store)
            }
        } else {
            viewMemos.countMetAgain()
            base = Int(viewStart[viewNumber])
        }
        defer {
            if let discarded {
                viewEntries.removeSubrange(discarded.viewEntries...)
                entries.removeSubrange(discarded.entries...)
                entryValues.removeSubrange(discarded.values...)
            }
        }
        let groupBase = Int(viewEntries[base]) * memoized.count
        var byModals = Int(viewEntries[base + 1]) * modalKeyedUnits.count
        var byView = base + 2
        // With parked tabs, the rest a link that stays in its tab keeps,
        // cut again now that deep links can push screens again.
        var kept: Int32?
        // The footprint's entries of the links it fixes, when one is taken from them.
        var byFootprint: (entries: Range<Int>, table: FootprintTransitions.EntryTable)?
        var footprintUnit = 0
        for number in 0..<memoized.count {
            var entry = -1
            if keyedWithModals[number] {
                entry = Int(modalGroupEntries[byModals])
                byModals += 1
            } else if memoized[number] {
                entry = Int(groupEntries[groupBase + number])
            } else if memoizedByView[number] {
                entry = Int(viewEntries[byView])
                byView += 1
            }
            if memoizedByFootprint[number] { footprintUnit += 1 }
            if entry == Int(Self.byFootprint) {
                if !copied { store.copy(index, into: words); copied = true }
                let state = UnsafeBufferPointer(words)
                if byFootprint == nil {
                    let entries = footprints.linkEntries(of: state, label: label) { exposesHooks($0, $1, $2) }
                    byFootprint = (entries, footprints.table)
                }
                let (entries, table) = byFootprint!
                appendFootprintEntry(entries.lowerBound + footprintUnit - 1, of: table, from: state, into: &batch, run: run)
                continue
            }
            if entry < 0 || entries[entry].touchesHooks {
                if !copied { store.copy(index, into: words); copied = true }
                if entry < 0 || !(entries[entry].fixedWithoutModals && noModalUp(UnsafeBufferPointer(words))) {
                    run(units[number], &batch)
                    continue
                }
            }
            let memo = entries[entry]
            if memo.kind == .noTarget {
                batch.appendCut(label: memo.label)
            } else if memo.view >= 0 && !memo.leavesSlots && store.parksInactiveTabs {
                if kept == nil { kept = Int32(store.parkedRest(of: index)) }
                batch.append(label: memo.label, view: memo.view, rest: kept!)
            } else if memo.view >= 0 && !memo.leavesSlots {
                batch.append(label: memo.label, view: memo.view)
            } else if memo.view >= 0 && !(memo.touchesHooks && store.parksInactiveTabs)
                        && store.restHolds(onlyTab: Int(memo.tab), ofState: index) {
                // (A hook may have set a flag, under which the tab left is
                // cut otherwise than under the source's: such a target is
                // given whole, and cut as stored.)
                batch.append(label: memo.label, view: memo.view, rest: Int32(store.slotsLeft(by: index)))
            } else {
                if !copied { store.copy(index, into: words); copied = true }
                appendUpdate(entry, of: number, from: UnsafeBufferPointer(words), into: &batch)
            }
        }
    }

    /// Whether no modal is up in a state, given its words.
    private func noModalUp(_ state: UnsafeBufferPointer<UInt64>) -> Bool {
        model.codec.read(model.codec.modalCount, in: state) == 0
    }

    /// Whether the transition of memoized unit `number` from `state`, which
    /// touches hooks, is the same from every state of its key with no
    /// modal up. It is when the unit is a link memoized by the flags,
    /// inputs and selected tab (which closes the modals and writes the
    /// tab it selects) that does not land in the selected tab, taken from a
    /// state with no modal up, and the hooks stay in the landing
    /// (`hooksStayInTheLanding`): such a state shows nothing the landing
    /// shows (the views of another tab, no modal), so every view of the
    /// landing is shown anew, as from any other such state, and the hooks
    /// that run read the flags and what the link wrote and write nothing
    /// else. Its `else` is not: it keeps the views the state shows.
    private func hooksFixedWithoutModals(_ number: Int, from state: NavState, outcome: DeepLinkOutcome?) -> Bool {
        guard hooksStayInTheLanding, memoized[number], !keyedWithModals[number], state.modals.isEmpty,
              outcome != .otherwise, case .deepLink(let link, _) = units[number],
              let tab = model.spec.deepLinks[link].handlers[0].target.tab else { return false }
        return tab != state.selectedTab
    }

    /// Marks, in `viewEntries`, a unit taken from its footprint's entries.
    private static let byFootprint: Int32 = -2

    /// Appends the transition of a deep link kept per footprint: `entry`
    /// of `table`, from a state whose words are `state`.
    private func appendFootprintEntry(_ entry: Int, of table: FootprintTransitions.EntryTable,
                                      from state: UnsafeBufferPointer<UInt64>, into batch: inout SuccessorBatch,
                                      run: (StepUnit, inout SuccessorBatch) -> Void) {
        if let unit = table.unitRunEveryTime(entry) {
            run(unit, &batch)
        } else if table.isCut(entry) {
            batch.appendCut(label: table.label(entry))
        } else {
            batch.append(label: table.label(entry)) { output in table.apply(entry, to: state, into: output) }
        }
    }

    /// Whether a deep link's transition, worked out from `state`, may run
    /// an appear hook from another state of its memo's key: as `record`
    /// judges an entry's `touchesHooks`. The footprint fixes the views a
    /// link of `writesAboveTheTopOnly` shows (the tops of the paths on
    /// screen and the modals) and the flags, as a local view does.
    private func exposesHooks(_ unit: StepUnit, _ state: NavState, _ transition: Transition) -> Bool {
        guard model.hasAppearHooks else { return false }
        if transition.facts.contains(where: { if case .appearHookRan = $0 { true } else { false } }) { return true }
        guard let target = transition.target else { return Self.landsWithoutHooks(unit, from: state, in: model) }
        return transition.outcome != .otherwise ? model.showsAppearHookThatHolds(target) : quietHooks.showsHookThatHolds(target)
    }

    /// Appends the target of `entry`, of memoized unit `number`, from a
    /// state: its word-level update of the state's words.
    private func appendUpdate(_ entry: Int, of number: Int, from state: UnsafeBufferPointer<UInt64>,
                              into batch: inout SuccessorBatch) {
        let width = self.width
        let written = (entries[entry].kind == .landed ? number : memoized.count) * width
        let value = Int(entries[entry].value) * width
        writeMasks.withUnsafeBufferPointer { masks in
            entryValues.withUnsafeBufferPointer { values in
                batch.append(label: entries[entry].label) { output in
                    for word in 0..<width {
                        output[word] = state[word] & ~masks[written + word] | values[value + word]
                    }
                }
            }
        }
    }

    /// The number of a state's key words (flags, inputs, selected tab) in
    /// `groups`; when they are new, the entries of the units memoized by
    /// key are looked up, or worked out, for them.
    private mutating func group(of state: UnsafeBufferPointer<UInt64>, decode: () -> NavState,
                                label: (Transition) -> Int32, store: inout CompressedStateStore) -> Int {
        let (group, inserted) = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: keyWords) { key in
            for word in 0..<keyWords { key[word] = state[word] & keyMask[word] }
            return groups.insert(UnsafeBufferPointer(key))
        }
        if inserted {
            for number in 0..<memoized.count {
                let byKey = memoized[number] && !keyedWithModals[number]
                let found = byKey ? entry(of: number, from: state, decode: decode, label: label, store: &store) : -1
                groupEntries.append(Int32(found))
            }
        }
        return group
    }

    /// The number of a state's words under `modalKeyMask` in
    /// `modalGroups`; when they are new, the entries of the units whose key
    /// holds the modals are looked up, or worked out, for them.
    private mutating func modalGroup(of state: UnsafeBufferPointer<UInt64>, decode: () -> NavState,
                                     label: (Transition) -> Int32, store: inout CompressedStateStore) -> Int {
        let (group, inserted) = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { key in
            for word in 0..<width { key[word] = state[word] & modalKeyMask[word] }
            return modalGroups.insert(UnsafeBufferPointer(key))
        }
        if inserted {
            for number in modalKeyedUnits {
                modalGroupEntries.append(Int32(entry(of: number, from: state, decode: decode, label: label, store: &store)))
            }
        }
        return group
    }

    /// The entry of memoized unit `number` from a state, worked out if its key is new.
    private mutating func entry(of number: Int, from state: UnsafeBufferPointer<UInt64>, decode: () -> NavState,
                                label: (Transition) -> Int32, store: inout CompressedStateStore) -> Int {
        let withModals = keyedWithModals[number]
        let (keyNumber, inserted) = withModals
            ? Self.insertKey(of: number, from: state, mask: modalKeyMask, into: &modalKeys)
            : Self.insertKey(of: number, from: state, mask: keyMask, into: &keys)
        if inserted {
            if withModals { modalKeyEntries.append(Int32(entries.count)) } else { keyEntries.append(Int32(entries.count)) }
            record(number, from: decode(), label: label, store: &store)
        }
        return Int(withModals ? modalKeyEntries[keyNumber] : keyEntries[keyNumber])
    }

    /// Numbers the key of unit `number` from a state: the unit's number,
    /// then the state's first `mask.count` words under `mask`.
    private static func insertKey(of number: Int, from state: UnsafeBufferPointer<UInt64>, mask: [UInt64],
                                  into keys: inout StateStore) -> (index: Int, inserted: Bool) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: mask.count + 1) { key in
            key[0] = UInt64(number)
            for word in mask.indices { key[word + 1] = state[word] & mask[word] }
            return keys.insert(UnsafeBufferPointer(key))
        }
    }

    private mutating func record(_ number: Int, from state: NavState, label: (Transition) -> Int32,
                                 store: inout CompressedStateStore) {
        runs += 1
        var transition: Transition?
        model.run(units[number], from: state, decider: ConcreteDecider()) { transition = $0 }
        guard let transition else {
            preconditionFailure("a deep link step always gives a transition")
        }
        guard let target = transition.target else {
            // A hook that cuts the step off (a push at the stack's depth, a
            // modal past the limit) leaves no `appearHookRan` fact, and whether
            // it runs depends on the views the source showed: a link whose
            // statements alone give a target was cut by a hook.
            let touchesHooks = exposesHooks(units[number], state, transition)
            entries.append(Entry(kind: .noTarget, label: label(transition), view: -1, touchesHooks: touchesHooks,
                                 fixedWithoutModals: touchesHooks && hooksFixedWithoutModals(number, from: state, outcome: transition.outcome)))
            return
        }
        let landed = transition.outcome != .otherwise
        // A landed link shows the views of its target's local view, which
        // its key fixes; its `else` shows nothing anew (it writes flags). A
        // link that keeps the selected tab's content shows it anew when it
        // closes the last cover over it, and that content is not in the key.
        func covered(_ modals: [Modal]) -> Bool { modals.contains { $0.kind == .cover } }
        let uncovers = keepsSelected[number] && covered(state.modals) && !covered(target.modals)
        let touchesHooks = exposesHooks(units[number], state, transition) || (model.hasAppearHooks && uncovers)
        let written = (landed ? number : memoized.count) * width
        let packed = model.codec.encode(target)
        // A landed link fixes its target's whole local view; its `else` does
        // not. The target's rest is the source's when the link lands in the
        // tab it leaves; when it lands in another tab, it leaves the selected
        // tab's slots as they were (parked, when the tabs are).
        var view: Int32 = -1
        var leavesSlots = false
        if landed && sharesViews && !keepsSelected[number] {
            view = Int32(store.numberView(of: packed))
            leavesSlots = target.selectedTab != state.selectedTab
        }
        // A link memoized per view that lands in its tab is always given by
        // its view's number; the others may be applied word by word.
        var value: Int32 = -1
        if !(memoizedByView[number] && view >= 0 && !leavesSlots) {
            value = Int32(entryValues.count / width)
            for word in 0..<width { entryValues.append(packed[word] & writeMasks[written + word]) }
        }
        entries.append(Entry(kind: landed ? .landed : .otherwise, label: label(transition), view: view, leavesSlots: leavesSlots,
                             tab: Int32(target.selectedTab), touchesHooks: touchesHooks, value: value,
                             fixedWithoutModals: touchesHooks && hooksFixedWithoutModals(number, from: state, outcome: transition.outcome)))
    }
}
