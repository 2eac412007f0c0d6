#if Z3
import Foundation
import Testing
import Z3Solver

/// A solver another thread interrupts (`interrupt` is the call that may
/// cross threads) until the check is done.
private final class SharedSolver: @unchecked Sendable {
    let solver: Z3Solver
    private let lock = NSLock()
    private var finished = false
    init(solver: Z3Solver) { self.solver = solver }
    var isDone: Bool { lock.withLock { finished } }
    func done() { lock.withLock { finished = true } }
}

/// The Swift wrapper over the C shim: errors, time-outs and resource limits
/// come back as thrown errors and never abort the process.
@Suite struct Z3SolverTests {
    @Test func solvesAndReadsTheModel() throws {
        let solver = try Z3Solver()
        let x = try solver.bitVector("x", width: 8)
        let flag = try solver.boolean("flag")
        try solver.assert(solver.equal(x, solver.bitVector(value: 42, width: 8)))
        try solver.assert(flag)
        #expect(try solver.check() == .satisfiable)
        #expect(try solver.bitVectorValue(of: x) == 42)
        #expect(try solver.value(of: flag))
    }

    @Test func scopesPopAssertions() throws {
        let solver = try Z3Solver()
        let a = try solver.boolean("a")
        try solver.push()
        try solver.assert(solver.and([a, solver.not(a)]))
        #expect(try solver.check() == .unsatisfiable)
        try solver.pop()
        #expect(try solver.check() == .satisfiable)
    }

    @Test func anErrorIsThrownNotAborted() throws {
        let solver = try Z3Solver()
        #expect(throws: Z3Error.self) { try solver.provokeError() }
        try solver.assert(solver.boolean("b"))
        #expect(try solver.check() == .satisfiable)
    }

    /// Pigeonhole: `pigeons` pigeons in one fewer holes, hard for a SAT solver.
    private func pigeonhole(_ solver: Z3Solver, pigeons: Int) throws {
        let holes = pigeons - 1
        var grid: [[Z3Term]] = []
        for pigeon in 0..<pigeons {
            var row: [Z3Term] = []
            for hole in 0..<holes { row.append(try solver.boolean("p\(pigeon)_\(hole)")) }
            grid.append(row)
            try solver.assert(solver.or(row))
        }
        for hole in 0..<holes {
            for first in 0..<pigeons {
                for second in (first + 1)..<pigeons {
                    try solver.assert(solver.not(solver.and([grid[first][hole], grid[second][hole]])))
                }
            }
        }
    }

    @Test func aResourceLimitGivesUpWithUnknown() throws {
        let solver = try Z3Solver(resourceLimit: 1)
        try pigeonhole(solver, pigeons: 9)
        #expect {
            _ = try solver.check()
        } throws: { error in
            guard case .unknown = error as? Z3Error else { return false }
            return true
        }
    }

    /// An interrupt from another thread stops the running check (repeated
    /// until it returns: one made before Z3 begins the check is lost).
    @Test func anInterruptFromAnotherThreadStopsTheCheck() throws {
        let solver = try Z3Solver(timeout: 120)
        try pigeonhole(solver, pigeons: 13)
        let shared = SharedSolver(solver: solver)
        let interrupter = Thread {
            while !shared.isDone {
                shared.solver.interrupt()
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        interrupter.start()
        defer { shared.done() }
        #expect {
            _ = try solver.check()
        } throws: { error in
            guard case .unknown(let reason) = error as? Z3Error else { return false }
            return !reason.contains("timeout")
        }
    }

    /// A time-out set after the terms are built holds for the next check,
    /// in place of the one the solver was made with (two minutes here).
    @Test func aTimeoutSetLaterHoldsForTheNextCheck() throws {
        let solver = try Z3Solver(timeout: 120)
        try pigeonhole(solver, pigeons: 13)
        try solver.setTimeout(0.1)
        let start = ContinuousClock.now
        #expect {
            _ = try solver.check()
        } throws: { error in
            guard case .unknown(let reason) = error as? Z3Error else { return false }
            return reason.contains("timeout") || reason.contains("canceled")
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func aTimeoutGivesUpWithUnknown() throws {
        let solver = try Z3Solver(timeout: 0.05)
        try pigeonhole(solver, pigeons: 13)
        #expect {
            _ = try solver.check()
        } throws: { error in
            guard case .unknown(let reason) = error as? Z3Error else { return false }
            return reason.contains("timeout") || reason.contains("canceled")
        }
    }
}
#endif
