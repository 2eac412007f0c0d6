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
    /// Bytes held by the memo tables, as of the last local view recorded.
    public private(set) var bytes = 0

    private let width: Int
    private let view: LocalView
    /// Per screen and edge, and per deep link: whether the step must be run on every state.
    private let edgeRunsEveryTime: [[Bool]]
    private let linkRunsEveryTime: [Bool]
    private var inApp: ViewTable
    private var links: ViewTable
    private var unitsRunEveryTime: [StepUnit] = []
    private var tableBytes = [0, 0]
    /// Scratch words for the local view of a state.
    private let key: UnsafeMutableBufferPointer<UInt64>
    private var encoded: [UInt64] = []

    /// The transitions of every local view met so far, in compressed rows.
    private struct ViewTable {
        var views: StateStore
        var start: [Int32] = [0]
        /// The mask index of a `target` entry, -1 for an entry without a
        /// target state, or -2 - u for unit u run on the unpacked state.
        var mask: [Int32] = []
        var label: [Int32] = []
        /// `width` words per entry: the masked words of the target.
        var values: [UInt64] = []

        init(width: Int) { views = StateStore(width: width) }

        var bytes: Int {
            views.bytes + (start.capacity + mask.capacity + label.capacity) * 4 + values.capacity * 8
        }
    }

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
        linkRunsEveryTime = spec.deepLinks.map { link in
            if case .open? = link.otherwise?.kind { return true }
            return false
        }
        inApp = ViewTable(width: width)
        links = ViewTable(width: width)
        key = .allocate(capacity: width)
        key.initialize(repeating: 0)
    }

    deinit {
        key.deallocate()
    }

    /// The number of local views met so far, in-app and for deep links.
    public var viewCount: Int { inApp.views.count + links.views.count }

    /// Fills `batch` with the transitions of the packed state `state`: the
    /// in-app steps, or with `deepLinks` only the deep links.
    public func successors(of state: UnsafeBufferPointer<UInt64>, deepLinks: Bool, into batch: inout SuccessorBatch) {
        batch.reset(width: width)
        guard view.isShared else {
            runEveryUnit(of: model.codec.decode(state), deepLinks: deepLinks, into: &batch)
            return
        }
        let selected = view.project(state, into: key)
        if deepLinks {
            successors(of: state, selected: selected, in: &links, deepLinks: true, into: &batch)
        } else {
            successors(of: state, selected: selected, in: &inApp, deepLinks: false, into: &batch)
        }
    }

    private func successors(of state: UnsafeBufferPointer<UInt64>, selected: Int, in table: inout ViewTable,
                            deepLinks: Bool, into batch: inout SuccessorBatch) {
        let (viewID, inserted) = table.views.insert(UnsafeBufferPointer(key))
        var unpacked: NavState?
        if inserted {
            let decoded = model.codec.decode(state)
            unpacked = decoded
            record(decoded, selected: selected, deepLinks: deepLinks, in: &table)
            tableBytes[deepLinks ? 1 : 0] = table.bytes
            bytes = tableBytes[0] + tableBytes[1]
        }
        let range = Int(table.start[viewID])..<Int(table.start[viewID + 1])
        for entry in range {
            let mask = Int(table.mask[entry])
            if mask >= 0 {
                table.values.withUnsafeBufferPointer { values in
                    batch.append(label: table.label[entry]) { output in
                        view.apply(state, mask: mask,
                                   value: UnsafeBufferPointer(rebasing: values[(entry * width)..<((entry + 1) * width)]),
                                   into: output)
                    }
                }
            } else if mask == -1 {
                batch.appendCut(label: table.label[entry])
            } else {
                let decoded = unpacked ?? model.codec.decode(state)
                unpacked = decoded
                run(unitsRunEveryTime[-2 - mask], from: decoded, into: &batch)
            }
        }
    }

    /// Works out the transitions of a new local view from one state that has it.
    private func record(_ state: NavState, selected: Int, deepLinks: Bool, in table: inout ViewTable) {
        func add(_ unit: StepUnit) {
            if runsEveryTime(unit) {
                table.mask.append(Int32(-2 - unitsRunEveryTime.count))
                unitsRunEveryTime.append(unit)
                table.label.append(-1)
                table.values.append(contentsOf: repeatElement(0, count: width))
                return
            }
            model.run(unit, from: state, decider: ConcreteDecider()) { transition in
                table.label.append(label(of: transition))
                guard let target = transition.target else {
                    table.mask.append(-1)
                    table.values.append(contentsOf: repeatElement(0, count: width))
                    return
                }
                let mask = view.maskIndex(selected: selected, written: written(by: unit, transition, selected: selected))
                model.codec.encode(target, into: &encoded)
                table.mask.append(Int32(mask))
                view.masked(encoded, mask: mask, appendingTo: &table.values)
            }
        }
        if deepLinks {
            for link in model.spec.deepLinks.indices {
                for arguments in model.deepLinkArguments[link] { add(.deepLink(link: link, arguments: arguments)) }
            }
        } else {
            model.forEachUnit(of: state, deepLinks: false) { add($0) }
        }
        table.start.append(Int32(table.mask.count))
    }

    /// The tab whose slots a transition overwrites besides the selected
    /// one's: the target tab of a deep link that was handled (not its
    /// `else`); otherwise the selected tab itself.
    private func written(by unit: StepUnit, _ transition: Transition, selected: Int) -> Int {
        guard case .deepLink(let link, _) = unit, transition.outcome != .otherwise,
              let tab = model.spec.deepLinks[link].target.tab else { return selected }
        return tab
    }

    private func runsEveryTime(_ unit: StepUnit) -> Bool {
        switch unit {
        case .edge(_, let screen, let edge): edgeRunsEveryTime[screen][edge]
        case .deepLink(let link, _): linkRunsEveryTime[link]
        case .back, .switchTab, .swipeDown: false
        }
    }

    private func label(of transition: Transition) -> Int32 {
        let note = transition.events.isEmpty && transition.outcome == nil
            ? 0 : notes.id(TransitionNote(events: transition.events, outcome: transition.outcome))
        return labels.id(TransitionLabel(step: steps.id(transition.step), note: note))
    }

    private func run(_ unit: StepUnit, from state: NavState, into batch: inout SuccessorBatch) {
        model.run(unit, from: state, decider: ConcreteDecider()) { transition in
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

    private func runEveryUnit(of state: NavState, deepLinks: Bool, into batch: inout SuccessorBatch) {
        if deepLinks {
            for link in model.spec.deepLinks.indices {
                for arguments in model.deepLinkArguments[link] {
                    run(.deepLink(link: link, arguments: arguments), from: state, into: &batch)
                }
            }
        } else {
            model.forEachUnit(of: state, deepLinks: false) { run($0, from: state, into: &batch) }
        }
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

    public init() {}

    mutating func reset(width: Int) {
        if width != self.width {
            self = SuccessorBatch()
            self.width = width
        }
        count = 0
    }

    mutating func append(label: Int32, _ fill: (UnsafeMutableBufferPointer<UInt64>) -> Void) {
        grow()
        hasTarget[count] = true
        self.label[count] = label
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
        count += 1
    }

    private mutating func grow() {
        guard count == hasTarget.count else { return }
        let capacity = max(16, count * 2)
        hasTarget += repeatElement(false, count: capacity - count)
        label += repeatElement(0, count: capacity - count)
        words += repeatElement(0, count: (capacity - count) * width)
    }
}
