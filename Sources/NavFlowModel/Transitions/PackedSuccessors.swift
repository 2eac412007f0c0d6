import NavFlowSpec

/// The transition function of a `FlowModel` on packed states, memoized by
/// what a step can see.
///
/// In an app whose root is a tab view, a step reads and writes only the
/// *local view* of a state: the flags, inputs, selected tab, modals and the
/// slots of the selected tab. The one exception is a deep link that selects
/// another tab: it overwrites that tab's slots with values the link alone
/// fixes. So every state with the same local view has the same transitions,
/// each a word-level update `next = state & ~mask | value`; they are worked
/// out once per view, by `FlowModel.run` on the unpacked state, and applied
/// to every state that shares it. docs/performance.md gives the argument.
///
/// Steps that can act on another tab's stack before the step ends (an edge
/// with `tab` or `open`, a deep link whose `else` is an `open`) are run on
/// the unpacked state every time. Without a tab view of two tabs or more
/// nothing is shared, and every step is run that way.
///
/// Transitions come in the order of `FlowModel.successors`, so a search
/// numbers states the same way whichever it uses.
public final class PackedSuccessors {
    public let model: FlowModel
    /// Labels of the transitions produced so far, by id.
    public private(set) var steps = Interner<Step>()
    /// Notes of the transitions produced so far, by id; 0 is the empty note.
    public private(set) var notes = Interner<TransitionNote>()
    /// (step, note) pairs of the transitions produced so far, by id.
    public private(set) var labels = Interner<TransitionLabel>()

    private let width: Int
    private let view: LocalView
    /// Per screen and edge, and per deep link: whether the step must be run on every state.
    private let edgeRunsEveryTime: [[Bool]]
    /// Per local view (its number in the store): where its in-app entries
    /// start and end; -1 until worked out.
    private var inAppStart: [Int32] = []
    private var inAppEnd: [Int32] = []
    /// Per entry: the mask index of a word-level update, -1 for a step
    /// without a target state, or -2 - u for unit u run on the unpacked state.
    private var entryMask: [Int32] = []
    private var entryLabel: [Int32] = []
    /// Per entry: the number of the target's local view when the step keeps
    /// the selected tab and writes nothing outside its view (the target is
    /// then that view with the source's rest), else -1.
    private var entryView: [Int32] = []
    /// `width` words per entry: the masked words of the target.
    private var entryValues: [UInt64] = []
    private var unitsRunEveryTime: [StepUnit] = []
    private var deepLinks: DeepLinkTransitions
    private var encoded: [UInt64] = []

    public init(model: FlowModel) {
        self.model = model
        _ = notes.id(.empty)
        width = model.codec.words
        view = LocalView(model: model)
        let spec = model.spec
        edgeRunsEveryTime = spec.screens.map { screen in
            screen.edges.map { edge in
                edge.statements.contains { statement in
                    switch statement.kind {
                    case .selectTab, .open: true
                    default: false
                    }
                }
            }
        }
        deepLinks = DeepLinkTransitions(model: model)
    }

    /// Bytes held by the memo.
    public var bytes: Int {
        deepLinks.bytes + (inAppStart.capacity + inAppEnd.capacity
            + entryMask.capacity + entryLabel.capacity + entryView.capacity) * 4 + entryValues.capacity * 8
    }

    /// Fills `batch` with the transitions of state `index` of `store`, whose
    /// packed words are `state`: the in-app steps, or with `deepLinks` only
    /// the deep links. New local views of targets are numbered in `store`.
    public func successors(of index: Int, packed state: UnsafeBufferPointer<UInt64>, in store: inout CompressedStateStore,
                           deepLinks: Bool, into batch: inout SuccessorBatch) {
        batch.reset(width: width)
        if deepLinks {
            var unpacked: NavState?
            func decode() -> NavState {
                let decoded = unpacked ?? model.codec.decode(state)
                unpacked = decoded
                return decoded
            }
            self.deepLinks.successors(of: state, into: &batch, store: &store, decode: decode, label: label(of:)) { unit, batch in
                run(unit, from: decode(), into: &batch)
            }
            return
        }
        guard view.isShared else {
            runEveryUnit(of: model.codec.decode(state), into: &batch)
            return
        }
        if store.parksInactiveTabs {
            // Every state is its own local view: nothing would be met twice.
            runParked(model.codec.decode(state), selected: view.selectedTab(state), store: &store, into: &batch)
            return
        }
        let viewNumber = store.viewNumber(of: index)
        if viewNumber >= inAppStart.count || inAppStart[viewNumber] < 0 {
            record(model.codec.decode(state), selected: view.selectedTab(state), viewNumber: viewNumber, store: &store)
        }
        let range = Int(inAppStart[viewNumber])..<Int(inAppEnd[viewNumber])
        var unpacked: NavState?
        for entry in range {
            let mask = Int(entryMask[entry])
            if entryView[entry] >= 0 {
                batch.append(label: entryLabel[entry], view: entryView[entry])
            } else if mask >= 0 {
                entryValues.withUnsafeBufferPointer { values in
                    batch.append(label: entryLabel[entry]) { output in
                        view.apply(state, mask: mask,
                                   value: UnsafeBufferPointer(rebasing: values[(entry * width)..<((entry + 1) * width)]),
                                   into: output)
                    }
                }
            } else if mask == -1 {
                batch.appendCut(label: entryLabel[entry])
            } else {
                let decoded = unpacked ?? model.codec.decode(state)
                unpacked = decoded
                run(unitsRunEveryTime[-2 - mask], from: decoded, into: &batch)
            }
        }
    }

    /// Works out the transitions of a new local view from one state that has it.
    private func record(_ state: NavState, selected: Int, viewNumber: Int, store: inout CompressedStateStore) {
        let begin = Int32(entryMask.count)
        func add(_ unit: StepUnit) {
            if runsEveryTime(unit) {
                entryMask.append(Int32(-2 - unitsRunEveryTime.count))
                unitsRunEveryTime.append(unit)
                entryLabel.append(-1)
                entryView.append(-1)
                entryValues.append(contentsOf: repeatElement(0, count: width))
                return
            }
            model.run(unit, from: state, decider: ConcreteDecider()) { transition in
                entryLabel.append(label(of: transition))
                guard let target = transition.target else {
                    entryMask.append(-1)
                    entryView.append(-1)
                    entryValues.append(contentsOf: repeatElement(0, count: width))
                    return
                }
                let mask = view.maskIndex(selected: selected)
                model.codec.encode(target, into: &encoded)
                entryMask.append(Int32(mask))
                let start = entryValues.count
                view.masked(encoded, mask: mask, appendingTo: &entryValues)
                if target.selectedTab == selected {
                    let number = entryValues.withUnsafeBufferPointer { values in
                        store.numberView(UnsafeBufferPointer(rebasing: values[start..<(start + width)]))
                    }
                    entryView.append(Int32(number))
                } else {
                    entryView.append(-1)
                }
            }
        }
        model.forEachUnit(of: state, deepLinks: false) { add($0) }
        if inAppStart.count <= viewNumber {
            let grown = max(viewNumber + 1, inAppStart.count * 2)
            inAppStart += repeatElement(-1, count: grown - inAppStart.count)
            inAppEnd += repeatElement(-1, count: grown - inAppEnd.count)
        }
        inAppStart[viewNumber] = begin
        inAppEnd[viewNumber] = Int32(entryMask.count)
    }

    private func runsEveryTime(_ unit: StepUnit) -> Bool {
        switch unit {
        case .edge(_, let screen, let edge): edgeRunsEveryTime[screen][edge]
        case .deepLink, .back, .switchTab, .swipeDown: false
        }
    }

    private func label(of transition: Transition) -> Int32 {
        let note = transition.events.isEmpty && transition.outcome == nil
            ? 0 : notes.id(TransitionNote(events: transition.events, outcome: transition.outcome))
        return labels.id(TransitionLabel(step: steps.id(transition.step), note: note))
    }

    private func run(_ unit: StepUnit, from state: NavState, into batch: inout SuccessorBatch) {
        model.run(unit, from: state, decider: ConcreteDecider()) { transition in
            append(transition, to: &batch) { _ in -1 }
        }
    }

    /// Appends a transition to `batch`: by its target's view number when
    /// `viewNumber` gives one (not -1), else by its target's words.
    private func append(_ transition: Transition, to batch: inout SuccessorBatch,
                        viewNumber: (NavState) -> Int32) {
        let label = label(of: transition)
        guard let target = transition.target else {
            batch.appendCut(label: label)
            return
        }
        let number = viewNumber(target)
        if number >= 0 {
            batch.append(label: label, view: number)
            return
        }
        model.codec.encode(target, into: &encoded)
        batch.append(label: label) { output in
            for word in 0..<width { output[word] = encoded[word] }
        }
    }

    /// The in-app transitions of a state whose other tabs are parked: a
    /// target that keeps the tab is given by its local view (its rest is
    /// empty too), the others by their words.
    private func runParked(_ state: NavState, selected: Int, store: inout CompressedStateStore,
                           into batch: inout SuccessorBatch) {
        model.forEachUnit(of: state, deepLinks: false) { unit in
            model.run(unit, from: state, decider: ConcreteDecider()) { transition in
                append(transition, to: &batch) { target in
                    target.selectedTab == selected ? Int32(store.numberView(of: model.codec.encode(target))) : -1
                }
            }
        }
    }

    private func runEveryUnit(of state: NavState, into batch: inout SuccessorBatch) {
        model.forEachUnit(of: state, deepLinks: false) { run($0, from: state, into: &batch) }
    }
}

/// The transitions of one state, in order: for each, its label and its
/// packed target, if it has one. Reused from state to state.
public struct SuccessorBatch: Sendable {
    public private(set) var count = 0
    public private(set) var width = 1
    /// `width` words per transition (zero when it has no target).
    public private(set) var words: [UInt64] = []
    public private(set) var hasTarget: [Bool] = []
    public private(set) var label: [Int32] = []
    /// Per transition: the number of its target's local view when the
    /// target is that view with the source's rest (its words are then not
    /// filled in), else -1.
    public private(set) var view: [Int32] = []

    public init() {}

    mutating func reset(width: Int) {
        if width != self.width {
            self = SuccessorBatch()
            self.width = width
        }
        count = 0
    }

    mutating func append(label: Int32, view: Int32) {
        grow()
        hasTarget[count] = true
        self.label[count] = label
        self.view[count] = view
        count += 1
    }

    /// Appends a transition whose target is one word (a batch of width 1).
    mutating func append(label: Int32, word: UInt64) {
        grow()
        hasTarget[count] = true
        self.label[count] = label
        self.view[count] = -1
        words[count] = word
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
        words += repeatElement(0, count: (capacity - count) * width)
    }
}
