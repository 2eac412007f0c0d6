import NavFlowModel

/// The explorer's visited set. In an app whose root is a tab view of two
/// tabs or more, a state is stored as two 32-bit numbers: its local view
/// (`LocalView`) and the rest (the slots of the other tabs), each interned
/// once (the views kept short, `LocalViewStore`), and the pairs are kept in
/// a `PairTable`. The
/// states of a product of tabs share those parts, so a state costs its
/// 8-byte pair and its share of its rest's hash table (5.3 to 8 bytes),
/// plus the distinct views and rests (and a small header and table per
/// rest), which are far fewer than the states.
/// Elsewhere nothing is shared and states are stored whole.
public struct CompressedStateStore: Sendable {
    /// Words per packed state.
    public let width: Int
    private let view: LocalView
    /// Whether states are stored as pairs (`LocalView.isShared`).
    private let sharesViews: Bool
    /// Local views, each kept as the words its selected tab's mask touches
    /// (shared states only).
    private var views: LocalViewStore
    /// The other tabs' slots, `width` words each (shared states only).
    private var rests: StateStore
    /// Per state: `view << 32 | rest` (shared states only).
    private var pairTable: PairTable
    /// The whole packed states when nothing is shared.
    private var states: StateStore
    /// Whether every state is stored with the tabs that are not selected
    /// parked (`TabIndependence`): their paths cut by `ParkedPaths`.
    public var parksInactiveTabs: Bool { parking != nil }
    /// How the tabs that are not selected are cut, when they are.
    public var parkedPaths: ParkedPaths? { parking?.paths }
    /// Whether the tabs are cut with deep links allowed (nil when they are not parked).
    public var parksWithDeepLinks: Bool? { parking?.paths.withDeepLinks }
    /// How the tabs that are not selected are stored, when they are parked:
    /// boxed and never changed in place (a change boxes a changed copy), so
    /// that cutting a state's paths, once per state interned, borrows the
    /// parking instead of copying the many arrays it holds.
    private var parking: ParkingBox?

    private final class ParkingBox: Sendable {
        let paths: ParkedPaths
        init(_ paths: ParkedPaths) { self.paths = paths }
    }
    /// The rest interned last.
    private var lastRest = -1
    /// With parking: the rest of the state interned last before it was
    /// cut, then the bits of its flags and inputs (what the cut reads of a
    /// state besides the rest: `ParkedPaths.park`), and the number of the
    /// rest it was cut to; -1 until a state is interned. The targets of a
    /// state mostly keep its rest, which is then not cut again.
    private var uncut: [UInt64] = []
    private var uncutRest = -1
    private let valuationWords: Int
    private let valuationMask: [UInt64]
    /// Per rest: a bit per tab whose slots it holds (not all zero); every
    /// bit past 64 tabs.
    private var restTabs: [UInt64] = []
    /// Per local view: the number of the rest its selected tab's slots make
    /// once another tab is selected; -1 until asked for.
    private var slotsLeft: [Int32] = []
    /// Scratch: the pairs of a batch's targets.
    private var pairs: [UInt64] = []

    /// A store of the model's states; with `parksInactiveTabs`, of its states
    /// with the tabs that are not selected parked (`ParkedPaths`).
    public init(model: FlowModel, parksInactiveTabs: Bool = false) {
        self.init(model: model, parkedPaths: parksInactiveTabs ? ParkedPaths(model: model) : nil)
    }

    /// A store of the model's states; with `parkedPaths`, of its states
    /// with the tabs that are not selected cut by them.
    public init(model: FlowModel, parkedPaths: ParkedPaths?) {
        width = model.codec.words
        view = LocalView(model: model)
        sharesViews = view.isShared
        parking = view.isShared ? parkedPaths.map(ParkingBox.init) : nil
        let valuation = 0..<model.codec.tabField.lowerBound
        valuationWords = (valuation.count + 63) / 64
        valuationMask = Array(model.codec.mask([valuation]).prefix(valuationWords))
        uncut = [UInt64](repeating: 0, count: width + valuationWords)
        views = LocalViewStore(view: view)
        rests = StateStore(width: width, capacity: 16)
        pairTable = PairTable(capacity: sharesViews ? 1 << 12 : 1)
        states = StateStore(width: width, capacity: sharesViews ? 1 : 1 << 12)
    }

    public var count: Int { sharesViews ? pairTable.count : states.count }

    /// From now on, parked paths are cut with deep links allowed
    /// (`ParkedPaths.withDeepLinks`): the search has found every state
    /// reachable in-app and goes on with deep links.
    public mutating func parkWithDeepLinks() {
        guard var paths = parking?.paths else { return }
        paths.withDeepLinks = true
        parking = ParkingBox(paths)
        uncutRest = -1
        for index in slotsLeft.indices { slotsLeft[index] = -1 }
    }

    /// Bytes in use: the states, their hash tables and the interned parts.
    public var bytes: Int {
        (sharesViews ? pairTable.bytes : states.bytes) + views.bytes + rests.bytes
            + restTabs.capacity * 8 + slotsLeft.capacity * 4
    }

    /// The most bytes inserting `count` more states allocates beside what
    /// the store holds (`StateStore.growthBytes(inserting:)`): their pairs,
    /// and as many new views and rests, or the states whole.
    public func growthBytes(inserting count: Int) -> Int {
        guard sharesViews else { return states.growthBytes(inserting: count) }
        return pairTable.growthBytes(inserting: count) + views.growthBytes(inserting: count)
            + rests.growthBytes(inserting: count) + (restTabs.capacity + slotsLeft.capacity) * 8
    }

    /// One more than the largest view number.
    public var viewNumberCount: Int { sharesViews ? views.count : states.count }

    /// The local view of state `index`, numbered: states with the same
    /// number have the same local view. Without sharing, the state's own number.
    public func viewNumber(of index: Int) -> Int {
        sharesViews ? Int(pairTable.pair(of: index) >> 32) : index
    }

    /// The rest of state `index` (the other tabs' slots), numbered; 0 without sharing.
    public func restNumber(of index: Int) -> Int {
        sharesViews ? Int(pairTable.pair(of: index) & 0xFFFF_FFFF) : 0
    }

    /// The number of the local view of a packed state, numbering it if it is new.
    public mutating func numberView(of state: [UInt64]) -> Int {
        state.withUnsafeBufferPointer { numberView(of: $0) }
    }

    /// The number of the local view of a packed state, numbering it if it is new.
    public mutating func numberView(of state: UnsafeBufferPointer<UInt64>) -> Int {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { key in
            view.project(state, into: key)
            return views.insert(UnsafeBufferPointer(key)).index
        }
    }

    /// The number of a local view (packed words masked to the view), numbering it if it is new.
    public mutating func numberView(_ localView: UnsafeBufferPointer<UInt64>) -> Int {
        views.insert(localView).index
    }

    /// Writes the packed words of state `index` into `output` (at least `width` words).
    public func copy(_ index: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        guard sharesViews else {
            states.copy(index, into: output)
            return
        }
        let pair = pairTable.pair(of: index)
        views.copy(Int(pair >> 32), into: output)
        rests.withState(Int(pair & 0xFFFF_FFFF)) { rest in
            for word in 0..<width { output[word] |= rest[word] }
        }
    }

    /// The packed words of state `index`.
    public func state(_ index: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: width) { buffer, initialized in
            copy(index, into: buffer)
            initialized = width
        }
    }

    /// Inserts a packed state; returns its number and whether it is new.
    public mutating func insert(_ state: [UInt64]) -> (index: Int, inserted: Bool) {
        guard sharesViews else { return states.insert(state) }
        let parking = self.parking
        let pair = state.withUnsafeBufferPointer { intern($0, parking: parking) }
        return pairTable.insert(pair)
    }

    /// A packed state of the model as this store keeps it: with the tabs
    /// that are not selected cut, as the in-app phase of the search cuts
    /// them or, with `withDeepLinks`, as the deep-link phase does; the
    /// state itself when nothing is parked.
    public func parked(_ state: [UInt64], withDeepLinks: Bool) -> [UInt64] {
        guard var parking = parking?.paths else { return state }
        parking.withDeepLinks = withDeepLinks
        var words = state
        state.withUnsafeBufferPointer { state in words.withUnsafeMutableBufferPointer { parking.park($0, of: state) } }
        return words
    }

    /// The number of a packed state, if stored.
    public func find(_ state: [UInt64]) -> Int? {
        guard sharesViews else { return states.find(state) }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * width) { buffer -> Int? in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<width])
            let rest = UnsafeMutableBufferPointer(rebasing: buffer[width..<(2 * width)])
            state.withUnsafeBufferPointer { state in
                view.project(state, into: key)
                for word in 0..<width { rest[word] = state[word] ^ key[word] }
                parking?.paths.park(rest, of: state)
            }
            guard let viewNumber = views.find(UnsafeBufferPointer(key)),
                  let restNumber = rests.find(UnsafeBufferPointer(rest)) else { return nil }
            return pairTable.find(UInt64(viewNumber) << 32 | UInt64(restNumber))
        }
    }

    /// Inserts the targets of a batch of transitions from state `source`, in
    /// order; see `StateStore.insert(_:numbers:isNew:)`. A target given by
    /// its view number has the rest the batch gives, or the source's.
    public mutating func insert(_ batch: SuccessorBatch, from source: Int, numbers: inout [Int32], isNew: inout [Bool]) {
        guard sharesViews else {
            states.insert(batch, numbers: &numbers, isNew: &isNew)
            return
        }
        if pairs.count < batch.count { pairs = [UInt64](repeating: 0, count: batch.count * 2) }
        let rest = UInt64(restNumber(of: source))
        // The box, taken once per batch and lent to `intern`: the paths it
        // holds are borrowed from it, never copied (a copy retains each of
        // their arrays, which cost a tenth of Trawl's search).
        let parking = self.parking
        var pairs = self.pairs
        self.pairs = []
        pairs.withUnsafeMutableBufferPointer { pairs in
            batch.words.withUnsafeBufferPointer { targets in
                batch.hasTarget.withUnsafeBufferPointer { hasTarget in
                    batch.view.withUnsafeBufferPointer { views in
                        for position in 0..<batch.count where hasTarget[position] {
                            if views[position] >= 0 {
                                let known = batch.rest[position]
                                pairs[position] = UInt64(views[position]) << 32 | (known >= 0 ? UInt64(known) : rest)
                            } else {
                                pairs[position] = intern(UnsafeBufferPointer(rebasing: targets[(position * width)..<((position + 1) * width)]),
                                                        parking: parking)
                            }
                        }
                    }
                    if numbers.count < batch.count {
                        numbers = [Int32](repeating: -1, count: batch.count * 2)
                        isNew = [Bool](repeating: false, count: batch.count * 2)
                    }
                    numbers.withUnsafeMutableBufferPointer { numbers in
                        isNew.withUnsafeMutableBufferPointer { isNew in
                            pairTable.insert(UnsafeBufferPointer(pairs), hasTarget: hasTarget, count: batch.count,
                                             numbers: numbers.baseAddress!, isNew: isNew.baseAddress!)
                        }
                    }
                }
            }
        }
        self.pairs = pairs
    }

    /// The number of the rest of state `index` cut again (shared states
    /// only): after `parkWithDeepLinks()`, a state stored before may keep
    /// screens a deep link can now push again. A step that keeps its tab
    /// and its flags (a deep link landing in it) has this rest.
    public mutating func parkedRest(of index: Int) -> Int {
        let restNumber = restNumber(of: index)
        guard let parking, parking.paths.withDeepLinks else { return restNumber }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * width) { buffer in
            let state = UnsafeMutableBufferPointer(rebasing: buffer[0..<width])
            let rest = UnsafeMutableBufferPointer(rebasing: buffer[width..<(2 * width)])
            copy(index, into: state)
            rests.withState(restNumber) { words in
                for word in 0..<width { rest[word] = words[word] }
            }
            parking.paths.park(rest, of: UnsafeBufferPointer(state))
            return rests.holds(restNumber, UnsafeBufferPointer(rest)) ? restNumber : numberRest(UnsafeBufferPointer(rest))
        }
    }

    /// Whether the rest of state `index` holds no tab's slots but those of
    /// `tab` (shared states only): a step to `tab` that keeps every tab's
    /// slots then has `slotsLeft(by:)` as its rest.
    public func restHolds(onlyTab tab: Int, ofState index: Int) -> Bool {
        tab < 64 && restTabs[restNumber(of: index)] & ~(1 << UInt64(tab)) == 0
    }

    /// The number of the rest made of the selected tab's slots of state
    /// `index` (shared states only): the rest of a state that another tab is
    /// selected in and that keeps every tab's slots, when `restHolds(onlyTab:ofState:)`.
    public mutating func slotsLeft(by index: Int) -> Int {
        let viewNumber = self.viewNumber(of: index)
        if viewNumber < slotsLeft.count, slotsLeft[viewNumber] >= 0 { return Int(slotsLeft[viewNumber]) }
        // The view's words are copied out of the store first: cutting
        // inside `withView`'s closure, which read `self`, copied the store
        // of views and the parking (retaining their arrays) on each call.
        let width = self.width
        let parking = self.parking
        let number = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * width) { buffer in
            let words = UnsafeMutableBufferPointer(rebasing: buffer[0..<width])
            let slots = UnsafeMutableBufferPointer(rebasing: buffer[width..<(2 * width)])
            views.copy(viewNumber, into: words)
            let tab = view.selectedTab(UnsafeBufferPointer(words))
            for word in 0..<width { slots[word] = words[word] & view.slotMasks[tab * width + word] }
            parking?.paths.park(tab: tab, in: slots, of: UnsafeBufferPointer(words))
            return numberRest(UnsafeBufferPointer(slots))
        }
        if slotsLeft.count <= viewNumber {
            slotsLeft += repeatElement(-1, count: max(viewNumber + 1, slotsLeft.count * 2) - slotsLeft.count)
        }
        slotsLeft[viewNumber] = Int32(number)
        return number
    }

    /// The number of the local view made of `globals` (the words of a
    /// local view of `tab` without its slots) and the slots of `tab` that
    /// the rest of state `index` holds, numbering it if it is new (shared
    /// states only): the view a tab switch from that state lands on.
    public mutating func numberView(globals: UnsafeBufferPointer<UInt64>, slotsOf tab: Int, inRestOf index: Int) -> Int {
        let restNumber = restNumber(of: index)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { words in
            rests.withState(restNumber) { rest in
                for word in 0..<width { words[word] = globals[word] | rest[word] & view.slotMasks[tab * width + word] }
            }
            return views.insert(UnsafeBufferPointer(words)).index
        }
    }

    /// The number of a rest, numbering it if it is new.
    private mutating func numberRest(_ rest: UnsafeBufferPointer<UInt64>) -> Int {
        let (number, inserted) = rests.insert(rest)
        if inserted {
            var holds: UInt64 = view.tabCount > 64 ? .max : 0
            for tab in 0..<min(view.tabCount, 64)
            where (0..<width).contains(where: { rest[$0] & view.slotMasks[tab * width + $0] != 0 }) {
                holds |= 1 << UInt64(tab)
            }
            restTabs.append(holds)
        }
        return number
    }

    /// Interns the local view and the rest of a state; returns their pair.
    private mutating func intern(_ state: UnsafeBufferPointer<UInt64>, parking: ParkingBox?) -> UInt64 {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * width) { buffer in
            let key = UnsafeMutableBufferPointer(rebasing: buffer[0..<width])
            let rest = UnsafeMutableBufferPointer(rebasing: buffer[width..<(2 * width)])
            view.project(state, into: key)
            for word in 0..<width { rest[word] = state[word] ^ key[word] }
            let viewNumber = views.insert(UnsafeBufferPointer(key)).index
            if let parking {
                // The same rest before the cut, with the same flags and inputs, is cut the same way.
                var same = uncutRest >= 0
                for word in 0..<width where same { same = uncut[word] == rest[word] }
                for word in 0..<valuationWords where same { same = uncut[width + word] == state[word] & valuationMask[word] }
                if same { return UInt64(viewNumber) << 32 | UInt64(uncutRest) }
                for word in 0..<width { uncut[word] = rest[word] }
                for word in 0..<valuationWords { uncut[width + word] = state[word] & valuationMask[word] }
                parking.paths.park(rest, of: state)
            }
            // The targets of one state that leave its tab (tab switches, deep
            // links) mostly share their rest: the tab they leave.
            var restNumber = lastRest
            if restNumber < 0 || !rests.holds(restNumber, UnsafeBufferPointer(rest)) {
                restNumber = numberRest(UnsafeBufferPointer(rest))
                lastRest = restNumber
            }
            if parking != nil { uncutRest = restNumber }
            return UInt64(viewNumber) << 32 | UInt64(restNumber)
        }
    }
}
