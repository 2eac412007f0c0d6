import NavFlowQuery
import NavFlowReport
import Testing

/// `query --statistics`: every reason `--engine auto` can give, in words.
@Suite struct QueryEngineStatisticsTests {
    @Test func everyReasonIsPinned() {
        let reasons: [(QueryEngineReason, String)] = [
            (.answeredWithin(states: 1_000_000), "the explicit search answered within 1,000,000 states"),
            (.explicitStopped(states: 1_000_000), "the explicit search stored 1,000,000 states without an answer"),
            (.tooManyValuations(inputs: 39), "39 inputs have more valuations than the explicit engine enumerates"),
            (.notCovered, "z3 does not encode this spec's navigation state yet (some of its appear hooks), and its state graph is no smaller"),
            (.noSymbolicEngine, "this build has no z3 engine (the Z3 trait)"),
        ]
        for (reason, text) in reasons {
            #expect(QueryReport.EngineStatistics.describe(reason) == text)
        }
        let line = QueryReport.EngineStatistics(engine: "z3", encoding: "navigation state", reason: .explicitStopped(states: 1_000_000),
                                                seconds: 3.614).text
        #expect(line == "engine: z3 (navigation state), because the explicit search stored 1,000,000 states without an answer; 3.61 s")
        #expect(QueryReport.EngineStatistics(engine: "explicit", encoding: nil, reason: nil, seconds: 0.5).text == "engine: explicit; 0.50 s")
    }
}
