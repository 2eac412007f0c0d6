#if SwiftSource
import NavFlowSource
import NavFlowSpec
import NavFlowSwiftSource
import NavFlowTestSupport
import Testing

/// No Swift text stops `lint` or `extract`: cut short, with bytes changed,
/// or folded onto itself, every input gives findings and a draft, and the
/// draft still says where its elements came from.
@Suite struct MalformedSourceTests {
    /// Every rule example and the fixture app, as one corpus.
    static func corpus() throws -> [String] {
        let examples = Linter.rules.flatMap { $0.triggering + $0.nonTriggering }
            .map { $0.replacingOccurrences(of: "↓", with: "") }
        // Modifiers that apply each other, around a stack that applies one of them.
        let cycle = """
            extension View {
                func first() -> some View { second().navigationDestination(for: Int.self) { _ in Leaf() } }
                func second() -> some View { modifier(Third()) }
            }
            struct Third: ViewModifier { func body(content: Content) -> some View { content.first() } }
            struct Leaf: View { var body: some View { NavigationStack { Leaf().first() } } }
            """
        return examples + [cycle] + (try LintFixtureTests.files().map { String(decoding: $0.bytes, as: UTF8.self) })
    }

    /// A seeded generator, so a failure names its input.
    struct Mixer: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutations(of text: String, seed: UInt64) -> [String] {
        var bytes = Array(text.utf8)
        var random = Mixer(state: seed)
        var variants: [String] = []
        // Cut short at several places.
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 7)) {
            variants.append(String(decoding: bytes[..<cut], as: UTF8.self))
        }
        // Bytes changed to braces, quotes, dots and arbitrary values.
        let noise: [UInt8] = Array("{}()[].\"\\$#@:,\n".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<6 where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] = noise.randomElement(using: &random)!
            variants.append(String(decoding: bytes, as: UTF8.self))
        }
        // Nested into itself.
        variants.append(text + text.prefix(text.count / 2) + "{" + text)
        return variants
    }

    @Test func mutatedSourcesNeverStopTheTools() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "routers.navflow", text: try String(
            contentsOfFile: Repository.path(DriftTests.inSync), encoding: .utf8))).spec)
        for (number, text) in try Self.corpus().enumerated() {
            for variant in Self.mutations(of: text, seed: UInt64(number)) {
                let file = SourceFile(path: "Mutated.swift", text: variant)
                _ = Linter.run([file])
                let draft = Extractor.extract([file]).text
                #expect(draft.hasPrefix("// Drafted by `navflow extract`"))
                #expect(draft.contains("\napp "))
                // The same bytes as a property list, beside the file.
                let plist = SourceFile(path: "Info.plist", text: "<plist><key>CFBundleURLSchemes</key><array><string>" + variant)
                _ = Drift.compare(spec: spec, directives: [], sources: [file], manifests: [plist])
            }
        }
    }

    /// Nesting far past what the parser takes is cut off by the parser, not by a stack overflow.
    @Test func deepNestingIsRead() {
        let nested = "struct V: View { var body: some View { " + String(repeating: "NavigationStack { ", count: 5_000) + " }"
        let file = SourceFile(path: "Nested.swift", text: nested)
        _ = Linter.run([file])
        #expect(Extractor.extract([file]).text.contains("\napp "))
    }
}
#endif
