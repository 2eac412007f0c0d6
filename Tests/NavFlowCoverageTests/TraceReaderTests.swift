import Foundation
import NavFlowCoverage
import NavFlowSpec
import Testing

@Suite struct TraceReaderTests {
    func read(_ text: String, reader: TraceReader = TraceReader()) -> (events: [(TraceEvent, Int)], errors: [TraceError]) {
        read(Array(text.utf8), reader: reader)
    }

    func read(_ bytes: [UInt8], reader: TraceReader = TraceReader()) -> (events: [(TraceEvent, Int)], errors: [TraceError]) {
        var events: [(TraceEvent, Int)] = []
        let errors = reader.read(bytes: bytes, file: "t.jsonl") { events.append(($0, $1.line)) }
        return (events, errors)
    }

    @Test func readsEveryEventOfTheFormat() {
        let text = """
            {"event":"launch","inputs":{"isPro":false}}
            {"event":"tab","tab":"home"}
            {"event":"push","screen":"Category","args":{"category":"desserts"}}
            {"event":"push","screen":"Recipe","args":{"id":42}}
            {"event":"back"}
            {"event":"sheet","screen":"ComposeStack"}
            {"event":"dismiss"}
            {"event":"deeplink","url":"recipes://recipe/42"}
            {"event":"action","screen":"Login","label":"Sign in"}
            {"event":"cover","screen":"Onboarding","time":"12:00"}
            {"event":"popover","screen":"Tip"}
            {"event":"pop"}
            {"event":"popToRoot"}
            {"event":"select","screen":"RecipeList","args":{"category":"salad"}}
            """
        let (events, errors) = read(text)
        #expect(errors.isEmpty)
        #expect(events.map(\.0) == [
            .launch(inputs: ["isPro": false]), .tab("home"),
            .push(screen: "Category", arguments: ["category": "desserts"]), .push(screen: "Recipe", arguments: ["id": "42"]),
            .back, .present(.sheet, screen: "ComposeStack"), .dismiss, .deepLink(url: "recipes://recipe/42"),
            .action(screen: "Login", label: "Sign in"), .present(.cover, screen: "Onboarding"), .present(.popover, screen: "Tip"),
            .back, .popToRoot, .select(screen: "RecipeList", arguments: ["category": "salad"]),
        ])
        #expect(events.map(\.1) == Array(1...14))
    }

    @Test func crlfByteOrderMarkAndBlankLinesChangeNothing() {
        let lines = [#"{"event":"launch"}"#, "", #"{"event":"back"}"#, "   ", #"{"event":"dismiss"}"#]
        let plain = read(lines.joined(separator: "\n"))
        let windows = read([0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
        #expect(plain.errors.isEmpty && windows.errors.isEmpty)
        #expect(plain.events.map(\.1) == [1, 3, 5])
        #expect(windows.events.map(\.0) == plain.events.map(\.0))
        #expect(windows.events.map(\.1) == plain.events.map(\.1))
    }

    @Test func everyErrorNamesTheFileLineAndColumnAndReadingGoesOn() {
        let text = """
            {"event":"launch"}
            {"event":"push"}
            {"event":"push","screen":3}
            {"event":"fly"}
            [1,2]
            {"event":"launch","inputs":{"isPro":"yes"}}
            {"event":"push","screen":"A","args":{"id":[1]}}
            not json
            {"event":"back"}
            """
        let (events, errors) = read(text)
        #expect(events.map(\.1) == [1, 9])
        #expect(errors.map(\.description) == [
            "t.jsonl:2:1: error: a \"push\" event needs a \"screen\" member",
            "t.jsonl:3:17: error: \"screen\" must be a string, found a number",
            "t.jsonl:4:2: error: unknown event \"fly\"; expected one of launch, tab, push, select, sheet, cover, popover, back, pop, popToRoot, dismiss, deeplink, entry, action, appear",
            "t.jsonl:5:1: error: expected an object with an \"event\" member, found an array",
            "t.jsonl:6:29: error: input \"isPro\" must be true or false, found a string",
            "t.jsonl:7:38: error: argument \"id\" must be a string, number or Boolean, found an array",
            "t.jsonl:8:1: error: expected a JSON value",
        ])
    }

    @Test func anOverlongLineIsAnErrorAndIsNeverHeldInMemory() {
        let long = #"{"event":"push","screen":""# + String(repeating: "x", count: 5000) + #""}"#
        let reader = TraceReader(maxLineBytes: 1000)
        let (events, errors) = read(#"{"event":"launch"}"# + "\n" + long + "\n" + #"{"event":"back"}"#, reader: reader)
        #expect(events.map(\.1) == [1, 3])
        #expect(errors.map(\.description) == [
            "t.jsonl:2: error: the line is longer than 1000 bytes (--max-trace-line); a trace event takes one short line",
        ])
    }

    @Test func errorsPerFileAreCapped() {
        let text = Array(repeating: "oops", count: 50).joined(separator: "\n")
        let (_, errors) = read(text)
        #expect(errors.count == 21)
        #expect(errors.last?.description == "t.jsonl: error: 30 more errors in this file are not shown")
    }

    @Test func aMissingFileOrADirectoryIsAnError() {
        let reader = TraceReader()
        #expect(reader.read(path: "/no/such/trace.jsonl") { _, _ in }.map(\.description) == ["/no/such/trace.jsonl: error: no such file"])
        #expect(reader.read(path: "/tmp") { _, _ in }.first?.message.hasPrefix("is a directory") == true)
    }

    @Test func aHundredMegabyteLineIsSkippedWithAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-long-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        try handle.write(contentsOf: Data(#"{"event":"push","screen":""#.utf8))
        for _ in 0..<100 { try handle.write(contentsOf: chunk) }
        try handle.write(contentsOf: Data("\"}\n{\"event\":\"back\"}\n".utf8))
        try handle.close()
        var events: [Int] = []
        let errors = TraceReader().read(path: path) { events.append($1.line) }
        #expect(events == [2])
        #expect(errors.map(\.location.line) == [1])
    }

    @Test func tenMillionEventsStreamThroughAPipe() throws {
        // A named pipe: the reader never sees the trace as a whole, so this
        // checks it reads as it goes, not only that it counts right.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let total = 10_000_000
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            let line = Array(#"{"event":"back"}"#.utf8) + [0x0A]
            var block: [UInt8] = []
            block.reserveCapacity(line.count * 10_000)
            for _ in 0..<10_000 { block += line }
            let data = Data(block)
            for _ in 0..<(total / 10_000) { try? handle.write(contentsOf: data) }
            try? handle.close()
        }
        writer.start()
        var count = 0
        var last = 0
        let errors = TraceReader().read(path: path) { _, location in
            count += 1
            last = location.line
        }
        #expect(errors.isEmpty)
        #expect(count == total)
        #expect(last == total)
    }
}
