#if Z3
import Dispatch
import Foundation
import Z3Solver

/// The checks of one query (the bounded checks and the induction step),
/// run in their order by two threads: while one solves a check, the other
/// solves the next, so a bound and the induction step, or two bounds,
/// overlap. The answer is the one the checks give one after the other:
/// the first check, in order, that decides (a run found, an induction
/// that closes, an error), once every check before it has answered
/// without deciding. So it does not depend on which thread finishes
/// first. A check after the deciding one is interrupted if it is running,
/// and none is started.
enum OrderedChecks {
    /// The threads that solve checks at once.
    static let threads = 2
    /// The stack of each thread but the caller's (8 MiB, a main thread's).
    static let stackSize = 8 << 20

    /// Runs checks 0..<count; returns the first, in order, whose outcome
    /// `decides`, with its index (nil when none does), and rethrows the
    /// first error met in that order.
    static func run<Outcome: Sendable>(count: Int, decides: @escaping @Sendable (Outcome) -> Bool,
                                       _ check: @escaping @Sendable (Int, CheckSlot) throws -> Outcome) throws
        -> (index: Int, outcome: Outcome)? {
        let schedule = Schedule<Outcome>(count: count, decides: decides)
        @Sendable func work() {
            while let (index, slot) = schedule.take() {
                for later in schedule.record(Result { try check(index, slot) }, at: index) { later.stop() }
            }
        }
        // Threads of their own (a pool may run its work one item after the
        // other), with the main thread's stack: building and solving a
        // check recurses over its terms.
        let finished = DispatchSemaphore(value: 0)
        let helpers = max(0, min(threads, count) - 1)
        for _ in 0..<helpers {
            let helper = Thread {
                work()
                finished.signal()
            }
            helper.stackSize = stackSize
            helper.start()
        }
        work()
        for _ in 0..<helpers { finished.wait() }
        return try schedule.answer()
    }

    /// What the threads share, under a lock.
    private final class Schedule<Outcome: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private let decides: @Sendable (Outcome) -> Bool
        private let slots: [CheckSlot]
        private var results: [Result<Outcome, any Error>?]
        private var next = 0
        /// Every check before this one answered without deciding.
        private var settled = 0
        /// The deciding check, or `count` when none decides.
        private var decision: Int?
        /// The first check known to decide, if the checks before it were
        /// not to: no check after it can give the answer.
        private var last: Int

        init(count: Int, decides: @escaping @Sendable (Outcome) -> Bool) {
            self.decides = decides
            slots = (0..<count).map { _ in CheckSlot() }
            results = Array(repeating: nil, count: count)
            last = count - 1
        }

        /// The next check to run; nil once the answer is known or every check has started.
        func take() -> (Int, CheckSlot)? {
            lock.withLock {
                guard decision == nil, next <= last else { return nil }
                next += 1
                return (next - 1, slots[next - 1])
            }
        }

        /// Records a check's result; returns the checks to stop, which can
        /// no longer give the answer: those after a check that decides.
        func record(_ result: Result<Outcome, any Error>, at index: Int) -> ArraySlice<CheckSlot> {
            lock.withLock {
                results[index] = result
                guard decision == nil else { return [] }
                let before = last
                if isDecisive(result), index < last { last = index }
                while settled <= last, let result = results[settled] {
                    if isDecisive(result) {
                        decision = settled
                        last = settled
                        break
                    }
                    settled += 1
                }
                if settled > last { decision = slots.count }
                return last < before ? slots[(last + 1)...(before)] : []
            }
        }

        private func isDecisive(_ result: Result<Outcome, any Error>) -> Bool {
            switch result {
            case .failure: true
            case .success(let outcome): decides(outcome)
            }
        }

        func answer() throws -> (index: Int, outcome: Outcome)? {
            try lock.withLock {
                guard let decision, decision < slots.count, let result = results[decision] else { return nil }
                return (decision, try result.get())
            }
        }
    }
}

/// One check's place in `OrderedChecks`: the solver it runs on, so that
/// another thread can stop it once its answer is not needed.
final class CheckSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var solver: Z3Solver?

    /// Thrown by a check whose answer was no longer needed.
    struct Cancelled: Error {}

    /// Throws `Cancelled` once the check is stopped: called as its terms
    /// are built, which an interrupt does not reach.
    func throwIfStopped() throws {
        if lock.withLock({ cancelled }) { throw Cancelled() }
    }

    /// Runs `body` (the solver's check), which `stop` interrupts.
    func run<T>(on solver: Z3Solver, _ body: () throws -> T) throws -> T {
        try lock.withLock {
            if cancelled { throw Cancelled() }
            self.solver = solver
        }
        defer { lock.withLock { self.solver = nil } }
        return try body()
    }

    /// Keeps the check from starting, or interrupts it until it returns:
    /// an interrupt that comes before Z3 has begun the check is lost (Z3
    /// clears it then), so it is repeated.
    func stop() {
        lock.withLock { cancelled = true }
        while lock.withLock({ () -> Bool in
            solver?.interrupt()
            return solver != nil
        }) {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
#endif
