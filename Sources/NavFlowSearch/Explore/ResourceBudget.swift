/// The time and memory a run may spend, held as it goes: `--max-time`
/// against the clock since the run started, `--max-memory` against the
/// memory the process really holds (its resident set) with what it is
/// about to allocate. The searches check it as they store states and
/// before they grow their tables; the analyses and the planner that follow
/// a search check it too, so that a limit ends every phase of a command.
///
/// A check between two large allocations keeps room for as much again as
/// the process grew since the previous check: what grows between checks
/// (memos, small tables) is never larger than that in the next interval
/// by more than the check's period allows. Large growth (a state table,
/// transition lists) is announced with its size and checked exactly.
public struct ResourceBudget: Sendable {
    public let limits: Explorer.Limits
    /// When the run's clock started (`limits.startedAt`, or when the budget was made).
    public let started: ContinuousClock.Instant
    private var lastResident = 0
    private var growthBetweenChecks = 0

    public init(_ limits: Explorer.Limits) {
        self.limits = limits
        started = limits.startedAt ?? .now
        if limits.maxResidentBytes < Int.max { lastResident = ProcessMemory.residentBytes() }
    }

    /// The same budget with `seconds` more time.
    public func extended(bySeconds seconds: Double) -> ResourceBudget {
        var limits = self.limits
        limits.maxSeconds += seconds
        limits.startedAt = started
        var budget = ResourceBudget(limits)
        budget.lastResident = lastResident
        budget.growthBetweenChecks = growthBetweenChecks
        return budget
    }

    /// Seconds since the run started.
    public var seconds: Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Whether the time limit is over.
    public var isOverTime: Bool {
        limits.maxSeconds.isFinite && ContinuousClock.now - started > .seconds(limits.maxSeconds)
    }

    /// When the time limit is over; nil without one.
    public var deadline: ContinuousClock.Instant? {
        limits.maxSeconds.isFinite ? started + .seconds(limits.maxSeconds) : nil
    }

    /// How many units of a search's work (expansions, frames) may pass
    /// between two reads of the clock (`checkTime`). A unit costs from a
    /// few microseconds (a release build) to a few milliseconds (the first
    /// expansions of a debug build, which fill the memos), and a read of
    /// the clock some tens of nanoseconds: checked this often, a search
    /// stops within 16 units of its time limit, for a cost under one
    /// percent. (A unit that takes long on its own, an edge taken from
    /// thousands of lifts of a parked tab, is cut short within itself:
    /// `ParkedPaths.transitions(of:from:stopping:_:)`.) The memory is
    /// read less often (`/proc`), every 4096 states.
    public static let unitsBetweenTimeChecks = 16

    /// Throws the time limit when it is over, as a search reports it after
    /// `states` states (`withoutAnswer`: a goal-directed search's
    /// wording). One read of the clock: cheap enough for a search's inner
    /// loop, every `unitsBetweenTimeChecks` units.
    public func checkTime(states: Int, withoutAnswer: Bool = false) throws(Explorer.LimitReached) {
        if isOverTime { throw Explorer.LimitReached(.time, limits: limits, states: states, withoutAnswer: withoutAnswer) }
    }

    /// What a check found over the limits.
    public enum Breach: Sendable, Equatable {
        /// The time limit is over.
        case time
        /// The process holds `resident` bytes and would need `more`: over `limits.maxResidentBytes`.
        case memory(resident: Int, more: Int)
    }

    /// The limit the run breaks now, or would break by allocating `bytes`
    /// more: time first, then the process's memory.
    public mutating func breach(allocating bytes: Int = 0) -> Breach? {
        if isOverTime { return .time }
        return memoryBreach(allocating: bytes)
    }

    /// Whether the process would hold more than its limit by allocating
    /// `bytes` more (0: at a periodic check, which also measures the growth
    /// since the previous one). The time is not looked at.
    public mutating func memoryBreach(allocating bytes: Int) -> Breach? {
        guard limits.maxResidentBytes < Int.max else { return nil }
        let resident = ProcessMemory.residentBytes()
        guard resident > 0 else { return nil }
        if bytes == 0 {
            growthBetweenChecks = max(0, resident - lastResident)
            lastResident = resident
        }
        let more = bytes + growthBetweenChecks
        return resident + more > limits.maxResidentBytes ? .memory(resident: resident, more: more) : nil
    }

    /// The same check, as the limit a search reports.
    public mutating func check(allocating bytes: Int = 0, states: Int) throws(Explorer.LimitReached) {
        if let breach = breach(allocating: bytes) { throw Explorer.LimitReached(breach, limits: limits, states: states) }
    }

    /// Makes room for `count` more elements in `array`, growing it by half
    /// its capacity (or to what it needs), after checking that the process
    /// can hold the new buffer beside the old one (memory only: the time is
    /// checked at the periodic checks). The search's largest arrays (its
    /// transitions) grow this way: by half, a sixth of their room is unused
    /// on average where doubling leaves a quarter, and a copy holds 2.5
    /// times the array where doubling holds 3.
    public mutating func reserve<Element>(_ count: Int, in array: inout [Element], states: Int) throws(Explorer.LimitReached) {
        let needed = array.count + count
        guard needed > array.capacity else { return }
        let capacity = max(needed, array.capacity + array.capacity / 2)
        if let breach = memoryBreach(allocating: capacity * MemoryLayout<Element>.stride) {
            throw Explorer.LimitReached(breach, limits: limits, states: states)
        }
        array.reserveCapacity(capacity)
    }
}

extension Explorer.LimitReached {
    /// The limit a breached budget reports, after `states` states; a
    /// goal-directed search says it stopped without an answer.
    public init(_ breach: ResourceBudget.Breach, limits: Explorer.Limits, states: Int, withoutAnswer: Bool = false) {
        switch breach {
        case .time where withoutAnswer:
            self.init(description: "the search ran for more than \(limits.maxSeconds) seconds without an answer (--max-time)", states: states)
        case .time:
            self = .tooLong(limits, count: states)
        case .memory(let resident, let more):
            let need = more > 0 ? " and needed \(Self.size(more)) more" : ""
            let answer = withoutAnswer ? " without an answer" : ""
            self.init(description: "the process held \(Self.size(resident))\(need), over the memory limit of \(limits.maxResidentBytes >> 20) MiB (--max-memory), after \(states) states\(answer); lower a stack's depth or raise the limit",
                      states: states)
        }
    }

    /// A size as the messages give it: MiB, KiB under a MiB, bytes under a KiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) B"
    }
}
