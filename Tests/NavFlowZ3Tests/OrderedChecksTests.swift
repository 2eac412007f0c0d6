#if Z3
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
        // Check 0 answers last and decides nothing; checks 1 to 3 decide at once.
        let decided = try OrderedChecks.run(count: 4, decides: { $0 != nil }) { index, _ -> Int? in
            if index == 0 { Thread.sleep(forTimeInterval: 0.2); return nil }
            return index
        }
        #expect(decided?.index == 1)
        #expect(decided?.outcome == 1)
        // Check 0 decides too, after check 1 has: check 0 answers.
        let first = try OrderedChecks.run(count: 2, decides: { $0 != nil }) { index, _ -> Int? in
            if index == 0 { Thread.sleep(forTimeInterval: 0.2) }
            return index
        }
        #expect(first?.index == 0)
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

    /// Check 0 decides while check 1 solves a problem that would take
    /// minutes: check 1 is interrupted, and the answer is check 0's.
    @Test func aCheckPastTheAnswerIsInterrupted() throws {
        let interrupted = Flag()
        let decided = try OrderedChecks.run(count: 2, decides: { $0 }) { index, slot -> Bool in
            if index == 0 {
                Thread.sleep(forTimeInterval: 0.3)
                return true
            }
            let solver = try Z3Solver(timeout: 120)
            try Self.pigeonhole(solver, pigeons: 13)
            do {
                _ = try slot.run(on: solver) { try solver.check() }
            } catch Z3Error.unknown(let reason) where !reason.contains("timeout") {
                interrupted.set()
            } catch is CheckSlot.Cancelled {
                interrupted.set()
            }
            return false
        }
        #expect(decided?.index == 0)
        #expect(interrupted.isSet)
    }

    /// A stop that comes after the check registered its solver but before
    /// Z3 began the check (whose first interrupt Z3 then drops) still
    /// stops it.
    @Test func aStopBeforeZ3BeginsTheCheckStopsIt() throws {
        let slot = CheckSlot()
        let solver = try Z3Solver(timeout: 20)
        try Self.pigeonhole(solver, pigeons: 13)
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            slot.stop()
        }
        stopper.start()
        #expect {
            _ = try slot.run(on: solver) { () throws -> Z3Result in
                Thread.sleep(forTimeInterval: 0.3)
                return try solver.check()
            }
        } throws: { error in
            guard case .unknown(let reason) = error as? Z3Error else { return false }
            return !reason.contains("timeout")
        }
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
