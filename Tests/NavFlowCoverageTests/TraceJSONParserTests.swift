import NavFlowCoverage
import Testing

@Suite struct TraceJSONParserTests {
    func parse(_ text: String) -> Result<TraceJSON, TraceJSONError> {
        TraceJSONParser.parse(Array(text.utf8))
    }

    func failure(_ text: String) -> TraceJSONError? {
        if case .failure(let error) = parse(text) { return error }
        return nil
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\u00e9\n\ud83d\ude00", "c": {}} "#).get()
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(members[0].value == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(members[1].value == .string("xé\n😀"))
        #expect(members[1].column == 40)
    }

    @Test(arguments: [
        (#"{"a":1,}"#, 8, "expected a member name in quotes"),
        (#"{"a":1,"a":2}"#, 8, "duplicated key \"a\""),
        (#"{"a" 1}"#, 6, "expected ':' after the member name"),
        (#"{"a":01}"#, 6, "a number may not start with 0"),
        (#"{"a":"\q"}"#, 7, "unknown escape '\\q'"),
        (#"{"a":"x"#, 6, "unterminated string"),
        (#"{"a":tru}"#, 6, "expected a JSON value"),
        (#"{"a":1} x"#, 9, "unexpected text after the JSON value"),
        (#"{"a":"\ud800"}"#, 13, "a high surrogate must be followed by a low surrogate"),
        ("{\"a\":\"\t\"}", 7, "a control character must be escaped in a string"),
        ("", 1, "expected a JSON value, found the end of the line"),
    ])
    func reportsWhatIsWrongAndTheColumn(_ text: String, _ column: Int, _ message: String) {
        let error = failure(text)
        #expect(error?.message == message)
        #expect(error?.column == column)
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let error = TraceJSONParser.parse(Array(#"{"a":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        guard case .failure(let failure) = error else { Issue.record("accepted invalid UTF-8"); return }
        #expect(failure.message == "the string is not valid UTF-8")
        #expect(failure.column == 7)
        // After an escape, the column of the run that is not valid.
        let escaped = TraceJSONParser.parse(Array(#"{"a":"\n"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        guard case .failure(let afterEscape) = escaped else { Issue.record("accepted invalid UTF-8 after an escape"); return }
        #expect(afterEscape.message == "the string is not valid UTF-8")
        #expect(afterEscape.column == 9)
        // Strings with and without escapes read the same text.
        guard case .success(.object(let members)) = TraceJSONParser.parse(Array(#"{"a":"Café 設定","b":"Caf\u00e9 設定"}"#.utf8)) else {
            Issue.record("valid strings rejected")
            return
        }
        // Compared as bytes: strings compare equal when only their normalisation differs.
        let bytes = members.map { member -> [UInt8] in
            if case .string(let text) = member.value { return Array(text.utf8) }
            return []
        }
        #expect(bytes == [Array("Café 設定".utf8), Array("Café 設定".utf8)])
    }

    @Test func limitsNestingWithoutUsingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.message == "JSON nested more than 32 levels deep")
    }

    @Test func aLineWithManyMembersIsReadInOnePass() throws {
        // 100,000 members: counting each member's column from the line's start would take 10^10 steps.
        let members = (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let value = try TraceJSONParser.parse(Array("{\(members)}".utf8)).get()
        guard case .object(let parsed) = value else { Issue.record("not an object"); return }
        #expect(parsed.count == 100_000)
        #expect(parsed.last?.column == 1_477_767)
    }
}
