#if Z3
import Dispatch
import Foundation
@testable import NavFlowZ3
import Testing
import Z3Solver

/// The checks of a query run on two threads give the answer they give one
/// after the other, whichever finishes first, and a check whose answer is
/// not needed is interrupted.
@Suite struct OrderedChecksTests {
    struct Failure: Error, Equatable {}

    @Test func theFirstDecidingCheckInOrderAnswersWhateverFinishesFirst() throws {
        // Check 1 decides and answers first; check 0, which waits for it, decides too: check 0 answers.
        let oneDone = DispatchSemaphore(value: 0)
        let first = try OrderedChecks.run(count: 2, decides: { $0 != nil }) { index, _ -> Int? in
            if index == 1 {
                oneDone.signal()
                return 1
            }
            _ = oneDone.wait(timeout: .now() + 30)
            Thread.sleep(forTimeInterval: 0.1)
            return 0
        }
        #expect(first?.index == 0)
        // Check 0 answers last and decides nothing: the first deciding check after it answers.
        let decided = try OrderedChecks.run(count: 4, decides: { $0 != nil }) { index, _ -> Int? in
            if index == 0 { Thread.sleep(forTimeInterval: 0.2); return nil }
            return index
        }
        #expect(decided?.index == 1)
        #expect(decided?.outcome == 1)
    }

    /// Once a check is known to decide, no check after it starts (it could
    /// not give the answer), even while a check before it still runs.
    @Test func noCheckStartsAfterOneKnownToDecide() throws {
        let started = Flag()
        let oneDone = DispatchSemaphore(value: 0)
        let decided = try OrderedChecks.run(count: 3, decides: { $0 }) { index, _ -> Bool in
            switch index {
            case 0:
                _ = oneDone.wait(timeout: .now() + 30)
                Thread.sleep(forTimeInterval: 0.2)
                return false
            case 1:
                oneDone.signal()
                return true
            default:
                started.set()
                return true
            }
        }
        #expect(decided?.index == 1)
        #expect(!started.isSet)
    }

    @Test func anErrorDecidesInItsPlace() throws {
        #expect(throws: Failure.self) {
            try OrderedChecks.run(count: 3, decides: { $0 }) { index, _ -> Bool in
                if index == 0 { Thread.sleep(forTimeInterval: 0.2); throw Failure() }
                return true
            }
        }
        let decided = try OrderedChecks.run(count: 3, decides: { $0 }) { index, _ -> Bool in
            if index == 2 { throw Failure() }
            return index == 1
        }
        #expect(decided?.index == 1)
    }

    @Test func noDecidingCheckGivesNil() throws {
        let decided = try OrderedChecks.run(count: 5, decides: { $0 }) { _, _ in false }
        #expect(decided == nil)
    }

    /// Check 0 decides once check 1 is solving a problem that would take
    /// minutes: check 1 is interrupted, and the answer is check 0's.
    @Test func aCheckPastTheAnswerIsInterrupted() throws {
        let interrupted = Flag()
        let solving = DispatchSemaphore(value: 0)
        let decided = try OrderedChecks.run(count: 2, decides: { $0 }) { index, slot -> Bool in
            if index == 0 {
                _ = solving.wait(timeout: .now() + 30)
                Thread.sleep(forTimeInterval: 0.1)
                return true
            }
            let solver = try Z3Solver(timeout: 120)
            try Self.pigeonhole(solver, pigeons: 13)
            do {
                _ = try slot.run(on: solver) { () throws -> Z3Result in
                    solving.signal()
                    return try solver.check()
                }
            } catch Z3Error.unknown(let reason) where !reason.contains("timeout") {
                interrupted.set()
            }
            return false
        }
        #expect(decided?.index == 0)
        #expect(interrupted.isSet)
    }

    /// A stop while the check is registered but Z3 has not begun it (an
    /// interrupt then is dropped: the one made here first is) still stops
    /// the check: the stop repeats its interrupt until the check returns.
    @Test func aStopBeforeZ3BeginsTheCheckStopsIt() throws {
        let slot = CheckSlot()
        let solver = try Z3Solver(timeout: 20)
        try Self.pigeonhole(solver, pigeons: 13)
        #expect {
            _ = try slot.run(on: solver) { () throws -> Z3Result in
                solver.interrupt()
                Thread { slot.stop() }.start()
                return try solver.check()
            }
        } throws: { error in
            guard case .unknown(let reason) = error as? Z3Error else { return false }
            return !reason.contains("timeout")
        }
    }

    /// A stopped check that is still building its terms gives up at the
    /// next frame, which an interrupt does not reach.
    @Test func aStoppedCheckGivesUpWhileBuilding() {
        let slot = CheckSlot()
        slot.stop()
        #expect(throws: CheckSlot.Cancelled.self) { try slot.throwIfStopped() }
        #expect(throws: Never.self) { try CheckSlot().throwIfStopped() }
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    /// `pigeons` pigeons in one fewer holes: hard for a SAT solver.
    static func pigeonhole(_ solver: Z3Solver, pigeons: Int) throws {
        var grid: [[Z3Term]] = []
        for pigeon in 0..<pigeons {
            var row: [Z3Term] = []
            for hole in 0..<(pigeons - 1) { row.append(try solver.boolean("p\(pigeon)_\(hole)")) }
            grid.append(row)
            try solver.assert(solver.or(row))
        }
        for hole in 0..<(pigeons - 1) {
            for first in 0..<pigeons {
                for second in (first + 1)..<pigeons {
                    try solver.assert(solver.not(solver.and([grid[first][hole], grid[second][hole]])))
                }
            }
        }
    }
}
#endif
