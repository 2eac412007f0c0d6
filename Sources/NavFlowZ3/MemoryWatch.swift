#if Z3
import Foundation
import NavFlowSearch
import Z3Solver

/// `--max-memory` for the z3 engine. Its memory is Z3's, and it grows
/// inside Z3's calls, where none of NavFlow's checks runs, so while a query
/// solves a thread reads the process's resident memory every `period` and
/// caps Z3's own allocations (all solvers together) at what Z3 holds now
/// plus half the room the limit leaves above the resident memory, less as
/// much again as it grew since the previous reading (the explicit search's
/// rule, `ResourceBudget`). The other half is for what Z3 does not count:
/// the allocator's overhead, NavFlow's arrays of terms. A Z3 call that
/// would allocate past the cap fails with Z3's memory error, whether it
/// builds a term or solves a check; when no room is left, the cap is what
/// Z3 holds, and the query ends with the memory limit.
///
/// Only one query of a process may be watched at a time: Z3's cap is the
/// process's. The command line runs one; a library caller sets
/// `Explorer.Limits.maxResidentBytes` only where it does the same.
final class MemoryWatch: @unchecked Sendable {
    /// The limit on the process's resident memory, in bytes.
    let limit: Int
    /// How often the resident memory is read.
    static let period: useconds_t = 2_000
    private let lock = NSLock()
    private var stopping = false
    private var breach: Int?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching; nil when there is no limit, or where the platform
    /// does not tell the resident memory.
    init?(limit: Int) {
        guard limit < Int.max else { return nil }
        let resident = ProcessMemory.residentBytes()
        guard resident > 0 else { return nil }
        self.limit = limit
        Self.cap(room: limit - resident)
        let thread = Thread { [self] in
            watch(from: resident)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Stops watching and lifts Z3's cap; returns the resident memory that
    /// breached the limit, if it did.
    func stop() -> Int? {
        lock.withLock { stopping = true }
        finished.wait()
        Z3Solver.setMemoryLimit(nil)
        return lock.withLock { breach }
    }

    /// Caps Z3 at what it holds plus half of `room`.
    private static func cap(room: Int) {
        Z3Solver.setMemoryLimit(Z3Solver.allocatedBytes + max(0, room) / 2)
    }

    private func watch(from start: Int) {
        var last = start
        while true {
            usleep(Self.period)
            let resident = ProcessMemory.residentBytes()
            let room = limit - resident - max(0, resident - last)
            last = resident
            Self.cap(room: room)
            let stopping: Bool = lock.withLock {
                if breach == nil, room <= 0 { breach = resident }
                return self.stopping
            }
            if stopping { return }
        }
    }
}
#endif
