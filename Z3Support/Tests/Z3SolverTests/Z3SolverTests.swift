import Testing
import Z3Solver

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

    @Test func unsatisfiableAndScopes() throws {
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
        // The solver stays usable after an error.
        try solver.assert(solver.boolean("b"))
        #expect(try solver.check() == .satisfiable)
    }

    @Test func aResourceLimitGivesUpWithUnknown() throws {
        let solver = try Z3Solver(resourceLimit: 1)
        // A pigeonhole problem (9 pigeons, 8 holes) needs far more than one unit.
        var pigeons: [[Z3Term]] = []
        for pigeon in 0..<9 {
            pigeons.append(try (0..<8).map { hole throws(Z3Error) in try solver.boolean("p\(pigeon)_\(hole)") })
        }
        for row in pigeons { try solver.assert(solver.or(row)) }
        for hole in 0..<8 {
            for first in 0..<9 {
                for second in (first + 1)..<9 {
                    try solver.assert(solver.not(solver.and([pigeons[first][hole], pigeons[second][hole]])))
                }
            }
        }
        do {
            _ = try solver.check()
            Issue.record("expected the resource limit to stop the check")
        } catch {
            guard case .unknown = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }
}
