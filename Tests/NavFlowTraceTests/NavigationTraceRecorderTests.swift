import Foundation
import NavFlowTrace
import Testing

/// A sink that keeps what a recorder flushes.
final class Sink: @unchecked Sendable {
    private let lock = NSLock()
    private var blocks: [String] = []

    var write: @Sendable (String) -> Void {
        { [self] text in
            lock.lock()
            blocks.append(text)
            lock.unlock()
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return blocks.joined()
    }

    var flushes: Int {
        lock.lock()
        defer { lock.unlock() }
        return blocks.count
    }
}

@Suite struct NavigationTraceRecorderTests {
    @Test func writesOneLinePerEventInTheTraceFormat() {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(sink: sink.write)
        recorder.launch(inputs: ["isPro": true, "beta": false])
        recorder.selectTab("home")
        recorder.push("Category", arguments: ["category": "desserts"])
        recorder.back()
        recorder.present("ComposeStack")
        recorder.present("Onboarding", as: .cover)
        recorder.dismiss()
        recorder.popToRoot()
        recorder.select("RecipeList", arguments: ["category": "salad"])
        recorder.endRun()
        #expect(sink.text == """
            {"event":"launch","inputs":{"beta":false,"isPro":true}}
            {"event":"tab","tab":"home"}
            {"event":"push","screen":"Category","args":{"category":"desserts"}}
            {"event":"back"}
            {"event":"sheet","screen":"ComposeStack"}
            {"event":"cover","screen":"Onboarding"}
            {"event":"dismiss"}
            {"event":"popToRoot"}
            {"event":"select","screen":"RecipeList","args":{"category":"salad"}}

            """)
    }

    @Test func anActionOrADeepLinkIsOneEventWhateverItsWorkRecords() {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(sink: sink.write)
        recorder.launch()
        let value = recorder.action("Sign in", on: "Login") { () -> Int in
            recorder.dismiss()
            recorder.push("Home")
            return 7
        }
        recorder.deepLink("app://inbox") {
            recorder.selectTab("messages")
            recorder.popToRoot()
        }
        recorder.back()
        recorder.action("Open author", on: "Status", outcome: "someone") { recorder.push("Account") }
        recorder.deepLink("app://status/a/1", outcome: "remote") {}
        recorder.entry("newMail", arguments: ["id": "m-1"], outcome: "inbox") { recorder.push("Message") }
        recorder.endRun()
        #expect(value == 7)
        #expect(sink.text == """
            {"event":"launch"}
            {"event":"action","screen":"Login","label":"Sign in"}
            {"event":"deeplink","url":"app://inbox"}
            {"event":"back"}
            {"event":"action","screen":"Status","label":"Open author","outcome":"someone"}
            {"event":"deeplink","url":"app://status/a/1","outcome":"remote"}
            {"event":"entry","name":"newMail","args":{"id":"m-1"},"outcome":"inbox"}

            """)
    }

    /// A hook's navigation is part of its `appear` event, written after the
    /// step that showed the screen.
    @Test func anAppearHookIsOneEventAfterTheStepThatShowedItsScreen() {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(sink: sink.write)
        recorder.launch()
        recorder.selectTab("account")
        let shown = recorder.appear("Account") { () -> Bool in
            recorder.present("SignIn")
            return true
        }
        recorder.endRun()
        #expect(shown)
        #expect(sink.text == """
            {"event":"launch"}
            {"event":"tab","tab":"account"}
            {"event":"appear","screen":"Account"}

            """)
    }

    @Test func writesEachEventAtOnceByDefault() {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(sink: sink.write)
        recorder.launch()
        recorder.back()
        #expect(sink.text == "{\"event\":\"launch\"}\n{\"event\":\"back\"}\n")
        #expect(sink.flushes == 2)
    }

    @Test func anActionThatThrowsIsNotRecorded() {
        struct Failure: Error {}
        let sink = Sink()
        let recorder = NavigationTraceRecorder(sink: sink.write)
        #expect(throws: Failure.self) { try recorder.action("Pay") { throw Failure() } }
        #expect(sink.text.isEmpty)
    }

    @Test func bufferedRecordersFlushWhenARunEndsAndWhenTheNextBegins() {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(buffered: true, sink: sink.write)
        recorder.launch()
        recorder.back()
        #expect(sink.flushes == 0)
        recorder.launch()
        #expect(sink.text == "{\"event\":\"launch\"}\n{\"event\":\"back\"}\n")
        recorder.endRun()
        #expect(sink.flushes == 2)
    }

    @Test func escapesEveryValueIntoOneValidLine() {
        let line = TraceLine(event: "push", [("screen", .string("A\"B\\C\nD\u{01}\u{2028}")), ("args", .strings([("k\"", "<v>")]))])
        #expect(line.text == #"{"event":"push","screen":"A\"B\\C\nD\u0001\u2028","args":{"k\"":"<v>"}}"#)
    }

    @Test(arguments: [false, true]) func isSafeFromManyThreadsAtOnce(buffered: Bool) {
        let sink = Sink()
        let recorder = NavigationTraceRecorder(buffered: buffered, sink: sink.write)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<2_000 { recorder.push("Screen\(worker)", arguments: ["i": String(index)]) }
        }
        recorder.endRun()
        let lines = sink.text.split(separator: "\n")
        #expect(lines.count == 16_000)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"event":"push","screen":"Screen"#) && $0.hasSuffix("\"}}") })
        for worker in 0..<8 {
            let own = lines.filter { $0.contains("\"Screen\(worker)\"") }
            #expect(own.map { String($0) } == (0..<2_000).map { #"{"event":"push","screen":"Screen\#(worker)","args":{"i":"\#($0)"}}"# })
        }
    }

    @Test func appendsToAFileAndFlushesWhenReleased() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-trace-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let recorder = try NavigationTraceRecorder(url: url, buffered: true)
            recorder.launch()
            recorder.push("Settings")
        }
        do {
            let recorder = try NavigationTraceRecorder(url: url)
            recorder.launch()
            recorder.endRun()
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == "{\"event\":\"launch\"}\n{\"event\":\"push\",\"screen\":\"Settings\"}\n{\"event\":\"launch\"}\n")
    }
}
