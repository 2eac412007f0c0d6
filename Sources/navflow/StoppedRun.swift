import NavFlowSearch

/// What a command prints to standard error when a limit stops it: the
/// limit, then what it had done by then (the states, and transitions when
/// it keeps them, the seconds since it started and the process's peak memory).
enum StoppedRun {
    static func write(_ what: String, limit: Explorer.LimitReached, states: Int, transitions: Int? = nil,
                      limits: Explorer.Limits) {
        let seconds = ResourceBudget(limits).seconds
        let done = transitions.map { "explored \(states) states and \($0) transitions" } ?? "searched \(states) states"
        Output.writeError("navflow: error: \(what) stopped at a limit: \(limit.description)\n"
            + "navflow: note: \(done) in \(((seconds * 1000).rounded() / 1000)) s, peak memory \(ProcessMemory.peakBytes() >> 20) MiB\n")
    }
}
