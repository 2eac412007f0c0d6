import Foundation
import NavFlowCheck
import NavFlowReport
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import Testing

/// Odd and hostile input: each ends in an answer or in located errors,
/// never in a crash, a hang or unbounded memory.
@Suite struct HostileInputTests {
    static let clean = "app Shop\nscreen Home {\n  push Detail\n}\nscreen Detail\nstack S root Home { destination Detail }\n"

    func check(_ bytes: [UInt8]) -> Verifier.Result {
        var limits = Explorer.Limits.standard
        limits.maxStates = 100_000
        return Verifier.verify(SourceFile(path: "hostile.navflow", bytes: bytes), options: Verifier.Options(limits: limits))
    }

    func located(_ result: Verifier.Result, size: Int) -> Bool {
        !result.diagnostics.isEmpty && result.diagnostics.allSatisfy { $0.range.start.line >= 1 && $0.range.start.offset <= size }
    }

    @Test func invalidUTF8AndNULBytesAreLocatedErrors() {
        var bytes = Array(Self.clean.utf8)
        bytes.insert(contentsOf: [0xFF, 0xC3], at: 9)
        let invalid = check(bytes)
        #expect(invalid.spec == nil)
        #expect(invalid.diagnostics.first.map { "\($0.range.start)" } == "2:1")
        #expect(invalid.diagnostics.first?.message.hasPrefix("invalid UTF-8") == true)
        var nul = Array(Self.clean.utf8)
        nul.insert(0, at: 20)
        let withNUL = check(nul)
        #expect(withNUL.spec == nil)
        #expect(located(withNUL, size: nul.count))
    }

    @Test func aByteOrderMarkCRLFAndTabsChangeNothingButColumns() {
        let plain = check(Array("app Shop\nscreen Home { pussh Detail }\n".utf8))
        let windows = check([0xEF, 0xBB, 0xBF] + Array("app Shop\r\nscreen Home { pussh Detail }\r\n".utf8))
        #expect(plain.diagnostics.map(\.message) == windows.diagnostics.map(\.message))
        #expect(plain.diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" }
                == windows.diagnostics.map { "\($0.range.start.line):\($0.range.start.column)" })
        let tabbed = check(Array("app Shop\nscreen Home {\tpussh Detail }\n".utf8))
        #expect(tabbed.diagnostics.first.map { "\($0.range.start)" } == "2:15")
        #expect(check(Array(Self.clean.replacingOccurrences(of: "\n", with: "\r\n").utf8)).spec != nil)
    }

    @Test func anEmptyFileSaysWhatIsMissing() {
        let empty = check([])
        #expect(empty.spec == nil)
        #expect(empty.diagnostics.map { "\($0.range.start): \($0.message)" } == ["1:1: a spec starts with 'app NAME'"])
    }

    @Test func aTenMegabyteLineIsReadAndLocated() {
        let line = "app Shop screen Home // " + String(repeating: "x", count: 10 << 20)
        let result = check(Array(line.utf8))
        #expect(result.spec != nil)
        let noise = check(Array(("app Shop " + String(repeating: "screen ", count: 1 << 20)).utf8))
        #expect(noise.spec == nil)
        #expect(located(noise, size: 9 + 7 << 20))
        #expect(noise.diagnostics.count == Parser.maximumErrors + 1)
        #expect(noise.diagnostics.last?.message == "too many errors (1000); stopping here: fix these and run again")
    }

    @Test func aHundredThousandScreens() throws {
        var text = "app Big\nstart S0\nscreen S0 { push S1 }\nstack Root root S0 { destination S1 }\n"
        for index in 1..<100_000 { text += "screen S\(index)\n" }
        let output = Frontend.load(SourceFile(path: "big.navflow", text: text))
        let spec = try #require(output.spec)
        #expect(spec.screens.count == 100_000)
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let parentheses = "app A\nflag f = false\nscreen Home { push Home if " + String(repeating: "(", count: 100_000) + "f" + String(repeating: ")", count: 100_000) + " }\n"
        let bangs = "app A\nflag f = false\nscreen Home { push Home if " + String(repeating: "!", count: 100_000) + "f }\n"
        for text in [parentheses, bangs] {
            let result = check(Array(text.utf8))
            #expect(result.spec == nil)
            #expect(result.diagnostics.contains { $0.message.contains("nested more than 200 levels") })
        }
    }

    @Test func inputLimitsAreErrorsWithAMessage() {
        let long = check(Array("app A\nscreen \(String(repeating: "a", count: 5_000))\n".utf8))
        #expect(long.diagnostics.map(\.rule) == [.inputLimit])
        #expect(long.diagnostics.first?.message == "this identifier is 5000 bytes long; names may be at most 1024 bytes")
        let huge = check(Array(repeating: UInt8(ascii: " "), count: (64 << 20) + 1))
        #expect(huge.diagnostics.map(\.message) == ["the file is 64 MiB; specs may be at most 64 MiB"])
    }

    @Test func swiftKeywordsAndUnicodeNamesAreNames() throws {
        let text = "app Überblick\nstack class root 設定 { destination func }\nscreen 設定 { push func }\nscreen func\n"
        let output = Frontend.load(SourceFile(path: "names.navflow", text: text))
        let spec = try #require(output.spec, "\(output.diagnostics.map(\.message))")
        #expect(spec.screens.map(\.name) == ["設定", "func"])
    }

    @Test func reportsStayValidJSONWhateverTheLabels() throws {
        let text = #"app Shop"# + "\n" + #"screen Home { action "q\"uo\\te\t\n</x>" { dismiss } }"# + "\n"
        let result = verify(text)
        #expect(!result.diagnostics.isEmpty)
        let report = VerifyReport(results: [result])
        for output in [report.render(.json), report.render(.sarif)] {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(output.utf8)) }
        }
    }
}
