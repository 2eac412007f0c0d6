import NavFlowCoverage
import NavFlowTrace
import Testing

/// The reader takes every event name the recorder and the planner may write.
@Suite struct TraceEventNameTests {
    @Test(arguments: TraceEventName.allCases) func everyNameIsRead(_ name: TraceEventName) {
        let members: [(String, TraceLine.Value)] = [
            ("screen", .string("Home")), ("tab", .string("home")), ("url", .string("app://home")), ("label", .string("Go")),
            ("name", .string("newMail")),
        ]
        var events: [TraceEvent] = []
        let errors = TraceReader().read(bytes: Array(TraceLine(event: name, members).text.utf8), file: "run.jsonl") { event, _ in
            events.append(event)
        }
        #expect(errors.isEmpty)
        #expect(events.count == 1)
        let written = name == .pop ? TraceEventName.back : name
        #expect(events.first?.summary.hasPrefix(written.rawValue) == true, "\(events)")
    }

    @Test func messagesListTheSameNames() {
        #expect(TraceEvent.names == TraceEventName.allCases.map(\.rawValue))
    }
}
