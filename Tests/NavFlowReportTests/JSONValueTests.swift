import NavFlowReport
import NavFlowTrace
import Testing

/// Reports quote strings as trace lines do, byte for byte.
@Suite struct JSONValueTests {
    @Test func stringsAreQuotedAsInTraces() {
        var samples = ["", "plain", "quote \" and backslash \\", "tab\tline\nreturn\r", "é, 日本, 🙂", "a\u{301}"]
        samples += (0...0x20).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["\u{7F}", "\u{80}", "\u{2028}", "\u{2029}", "\u{FEFF}", "/"]
        for sample in samples {
            #expect(JSONValue.quoted(sample) == TraceLine.quoted(sample), "\(Array(sample.unicodeScalars))")
        }
        #expect(JSONValue.quoted("\u{1}\u{1F}\u{7F}\u{2028}") == #""\u0001\u001f\u007f\u2028""#)
    }
}
