import NavFlowSearch

/// What a command prints to standard error when a limit stops it: the
/// limit, then what it had done by then (the states, and transitions when
/// it keeps them, the seconds since it started and the process's peak memory).
enum StoppedRun {
    static func write(_ what: String, limit: Explorer.LimitReached, states: Int, transitions: Int? = nil,
                      limits: Explorer.Limits) {
        let done = transitions.map { "explored \(states) states and \($0) transitions" } ?? "searched \(states) states"
        write(what, limit: limit.description, limits: limits) { "\(done) in \($0) s" }
    }

    /// The z3 engine stopped at a limit: it stores no states.
    static func write(_ what: String, symbolic: SymbolicEngineBridge.Stopped, limits: Explorer.Limits) {
        write(what, limit: symbolic.description, limits: limits) { "the z3 engine ran for \($0) s" }
    }

    /// `done` says what was done in the seconds it is given.
    private static func write(_ what: String, limit: String, limits: Explorer.Limits, done: (Double) -> String) {
        let seconds = (ResourceBudget(limits).seconds * 1000).rounded() / 1000
        Output.writeError("navflow: error: \(what) stopped at a limit: \(limit)\n"
            + "navflow: note: \(done(seconds)), peak memory \(ProcessMemory.peakBytes() >> 20) MiB\n")
    }
}
