/// The local views (`LocalView`) of a search of shared states, numbered in
/// the order they are first met. A view whose selected tab is `t` is zero
/// outside the mask of `t`, and the modals it does not present are zero
/// too, so it is kept as the words that mask touches (the flags, inputs,
/// selected tab and modals, and the slots of `t`), without the zero words
/// that end them (the modal entries above the top one). A parked app has
/// about as many views as states (each state's rest takes few values), so
/// the views are most of what the visited set holds: on the interacting
/// app at depth 8, 54 bytes a view with its tables and numbers, against
/// 114 when every view took the state's 13 words.
///
/// The views of one tab and length are interned in a `StateStore` of that
/// width; a view's number is its place in the order of insertion over
/// every store, and it maps to its store and its number there. A view
/// read back (`withView`, `copy`) is its words put back in their places,
/// the others zero: the words it was inserted with, so nothing that reads
/// a view can tell this store from one that keeps every word.
struct LocalViewStore: Sendable {
    /// Words of a packed state, and of a view as it is inserted and read.
    let width: Int
    private let view: LocalView
    /// The words of a state each tab's views may have nonzero, ascending,
    /// tab after tab; those of tab `t` are `kept[keptStart[t]..<keptStart[t + 1]]`.
    private let kept: [Int]
    private let keptStart: [Int]
    /// Per tab and length (`t * (width + 1) + length`): the index of its
    /// store in `stores`, -1 until a view of that tab and length is met.
    private var storeOf: [Int32]
    /// The views of one tab and length, as their first `length` kept words.
    private var stores: [StateStore] = []
    /// Per store: its tab.
    private var storeTabs: [Int] = []
    /// Per view number: its store (high 32 bits) and its number there.
    private var located: [UInt64] = []
    /// Per store: the view number of each view it holds.
    private var numbers: [[Int32]] = []

    init(view: LocalView) {
        self.view = view
        width = view.width
        let tabs = max(1, view.isShared ? view.tabCount : 1)
        let wordsOfTab = (0..<tabs).map { tab in
            let base = view.maskIndex(selected: tab) * view.width
            return (0..<view.width).filter { view.masks[base + $0] != 0 }
        }
        kept = wordsOfTab.flatMap { $0 }
        keptStart = wordsOfTab.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        storeOf = [Int32](repeating: -1, count: tabs * (width + 1))
    }

    /// The number of views.
    var count: Int { located.count }

    /// Bytes in use.
    var bytes: Int {
        stores.reduce(0) { $0 + $1.bytes } + located.capacity * 8 + numbers.reduce(0) { $0 + $1.capacity * 4 }
    }

    /// The words the views take, as they are kept.
    var keptWords: Int { stores.reduce(0) { $0 + $1.count * $1.width } }

    /// The most bytes inserting `count` more views allocates beside what the
    /// store holds: every store's growth as if it took them all, the stores
    /// not made yet (room for 16 views each), and the arrays of numbers,
    /// which double.
    func growthBytes(inserting count: Int) -> Int {
        var bytes = stores.reduce(0) { $0 + $1.growthBytes(inserting: count) }
        // A new store: 16 views of at most `width` words, a table of 32 entries, a directory of 4 chunks.
        bytes += (storeOf.count - stores.count) * (16 * width * 8 + 32 * 4 + 4 * 8)
        func doubling(_ array: some RangeReplaceableCollection, capacity: Int, stride: Int) -> Int {
            array.count + count > capacity ? 2 * max(capacity, array.count + count) * stride : 0
        }
        bytes += doubling(located, capacity: located.capacity, stride: 8)
        let largest = numbers.max { $0.count < $1.count } ?? []
        bytes += doubling(largest, capacity: largest.capacity, stride: 4)
        return bytes
    }

    /// Inserts a view (`width` words, zero outside its tab's mask); returns
    /// its number and whether it is new.
    mutating func insert(_ words: UnsafeBufferPointer<UInt64>) -> (index: Int, inserted: Bool) {
        let tab = view.maskIndex(selected: view.selectedTab(words))
        assert((0..<width).allSatisfy { words[$0] & view.masks[tab * width + $0] == words[$0] },
               "a local view has bits outside its tab's mask")
        let (store, local, inserted) = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { narrow in
            let length = gather(words, of: tab, into: narrow)
            var store = Int(storeOf[tab * (width + 1) + length])
            if store < 0 {
                store = stores.count
                storeOf[tab * (width + 1) + length] = Int32(store)
                stores.append(StateStore(width: length, capacity: 16))
                storeTabs.append(tab)
                numbers.append([])
            }
            let (local, inserted) = stores[store].insert(UnsafeBufferPointer(rebasing: narrow[0..<length]))
            return (store, local, inserted)
        }
        guard inserted else { return (Int(numbers[store][local]), false) }
        let number = located.count
        precondition(number < StateStore.maximumCount, "a state store holds at most \(StateStore.maximumCount) local views")
        located.append(UInt64(store) << 32 | UInt64(local))
        numbers[store].append(Int32(truncatingIfNeeded: number))
        return (number, true)
    }

    /// The number of a view (zero outside its tab's mask), if stored.
    func find(_ words: UnsafeBufferPointer<UInt64>) -> Int? {
        let tab = view.maskIndex(selected: view.selectedTab(words))
        assert((0..<width).allSatisfy { words[$0] & view.masks[tab * width + $0] == words[$0] },
               "a local view has bits outside its tab's mask")
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { narrow -> Int? in
            let length = gather(words, of: tab, into: narrow)
            let store = Int(storeOf[tab * (width + 1) + length])
            guard store >= 0, let local = stores[store].find(UnsafeBufferPointer(rebasing: narrow[0..<length])) else {
                return nil
            }
            return Int(numbers[store][local])
        }
    }

    /// Writes the words of view `index` into `output` (`width` words).
    @inline(__always)
    func copy(_ index: Int, into output: UnsafeMutableBufferPointer<UInt64>) {
        let place = located[index]
        let store = Int(place >> 32)
        let first = keptStart[storeTabs[store]]
        for word in 0..<width { output[word] = 0 }
        stores[store].withState(Int(place & 0xFFFF_FFFF)) { narrow in
            kept.withUnsafeBufferPointer { kept in
                for position in 0..<narrow.count { output[kept[first + position]] = narrow[position] }
            }
        }
    }

    /// Calls `body` with the words of view `index` (`width` words).
    func withView<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: width) { words in
            copy(index, into: words)
            return body(UnsafeBufferPointer(words))
        }
    }

    /// Writes the words of `words` that views of `tab` keep into `narrow`, in
    /// order, and returns how many there are without the zero words that
    /// end them (at least one).
    @inline(__always)
    private func gather(_ words: UnsafeBufferPointer<UInt64>, of tab: Int, into narrow: UnsafeMutableBufferPointer<UInt64>) -> Int {
        var length = 1
        narrow[0] = 0
        kept.withUnsafeBufferPointer { kept in
            let first = keptStart[tab]
            for position in 0..<(keptStart[tab + 1] - first) {
                let word = words[kept[first + position]]
                narrow[position] = word
                if word != 0 { length = position + 1 }
            }
        }
        return length
    }
}
