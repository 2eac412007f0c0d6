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
/// `Explorer.Limits.maxResidentBytes` only where it does the same. Z3 reads
/// the cap as it allocates, on the checks' threads, while this thread sets
/// it: it is set only when it changes, in whole MiB. Once Z3 has run out of
/// memory, it keeps a flag of it for the rest of the process.
final class MemoryWatch: @unchecked Sendable {
    /// The limit on the process's resident memory, in bytes.
    let limit: Int
    /// How often the resident memory is read.
    static let period: useconds_t = 2_000
    private let lock = NSLock()
    private var stopping = false
    private var breach: Int?
    private var short = false
    /// The cap last set, in MiB.
    private var capped = -1
    /// Room under which a context Z3 could not make is the memory limit:
    /// a context takes a few MiB.
    static let shortRoom = 64 << 20
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching; nil when there is no limit, or where the platform
    /// does not tell the resident memory.
    init?(limit: Int) {
        guard limit < Int.max else { return nil }
        let resident = ProcessMemory.residentBytes()
        guard resident > 0 else { return nil }
        self.limit = limit
        cap(room: limit - resident)
        let thread = Thread { [self] in
            watch(from: resident)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// What the watch saw: the resident memory that left no room under the
    /// limit, if any, and whether the room was ever short (`shortRoom`).
    struct Usage {
        var breach: Int?
        var wasShort: Bool
    }

    /// Stops watching and lifts Z3's cap.
    func stop() -> Usage {
        lock.withLock { stopping = true }
        finished.wait()
        Z3Solver.setMemoryLimit(nil)
        return lock.withLock { Usage(breach: breach, wasShort: short) }
    }

    /// Caps Z3 at what it holds plus half of `room`.
    private func cap(room: Int) {
        let bytes = Z3Solver.allocatedBytes + max(0, room) / 2
        lock.withLock { if room < Self.shortRoom { short = true } }
        guard bytes >> 20 != capped else { return }
        capped = bytes >> 20
        Z3Solver.setMemoryLimit(bytes)
    }

    private func watch(from start: Int) {
        var last = start
        while true {
            usleep(Self.period)
            let resident = ProcessMemory.residentBytes()
            let room = limit - resident - max(0, resident - last)
            last = resident
            cap(room: room)
            let stopping: Bool = lock.withLock {
                if breach == nil, room <= 0 { breach = resident }
                return self.stopping
            }
            if stopping { return }
        }
    }
}
#endif
