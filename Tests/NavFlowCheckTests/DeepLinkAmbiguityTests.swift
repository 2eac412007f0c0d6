import NavFlowCheck
import NavFlowSource
import NavFlowSpec
import Testing

/// `deeplink-ambiguous` with `_`, `{_: T}`, `**`, query items and
/// `ignoring case` is exact:
/// its decision agrees with trying every URL over a small alphabet, and the
/// URL it reports matches both patterns.
@Suite struct DeepLinkAmbiguityTests {
    static func spec() throws -> FlowSpec {
        try #require(Frontend.load(SourceFile(path: "a.navflow", text: """
            app A
            scheme "s"
            enum E { a, b }
            id N: Int
            screen H
            start H
            """)).spec)
    }

    /// A small random pattern: up to three segments from a fixed choice,
    /// at most one `**`, maybe a query item `q`, and a third of them
    /// `ignoring case`.
    static func pattern(_ seed: inout UInt64) -> DeepLinkPattern {
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let choices: [DeepLinkPattern.Segment] = [.literal("a"), .literal("A"), .literal("1"), .any, .typed(.enumeration(0)),
                                                  .typed(.identifier(0)), .rest]
        var segments: [DeepLinkPattern.Segment] = []
        for _ in 0..<next(4) {
            let segment = choices[next(choices.count)]
            if segment == .rest && segments.contains(.rest) { continue }
            segments.append(segment)
        }
        var query: [DeepLinkPattern.QueryItem] = []
        let values: [DeepLinkPattern.Segment] = [.literal("a"), .literal("A"), .literal("1"), .any, .typed(.identifier(0))]
        if next(2) == 0 { query.append(.init(name: "q", value: values[next(values.count)], optional: next(2) == 0)) }
        var pattern = DeepLinkPattern(origin: .scheme("s"), segments: segments, query: query, parameters: [], text: "")
        pattern.ignoresCase = next(3) == 0
        return pattern
    }

    /// Every URL with up to five segments from {a, A, b, 1, x} and a query
    /// of none, q=a, q=A, q=1, q=x.
    static let urls: [URLPath] = {
        var paths: [[String]] = [[]]
        var all: [[String]] = [[]]
        for _ in 0..<5 {
            paths = paths.flatMap { path in ["a", "A", "b", "1", "x"].map { path + [$0] } }
            all += paths
        }
        let queries: [[URLPath.QueryItem]] = [[], [.init(name: "q", value: "a")], [.init(name: "q", value: "A")],
                                              [.init(name: "q", value: "1")], [.init(name: "q", value: "x")]]
        return all.flatMap { path in queries.map { URLPath(origin: .scheme("s"), segments: path, query: $0) } }
    }()

    @Test(arguments: 0..<4) func theDecisionAgreesWithEveryURL(batch: UInt64) throws {
        let spec = try Self.spec()
        var seed = 9_000 + batch
        for _ in 0..<150 {
            let a = Self.pattern(&seed)
            let b = Self.pattern(&seed)
            let both = Self.urls.first { a.match($0, in: spec) != nil && b.match($0, in: spec) != nil }
            let common = DeepLinkAmbiguityProperty.commonURL(a, b, in: spec)
            #expect((both != nil) == (common != nil), "\(a.segments) \(a.query) vs \(b.segments) \(b.query): \(String(describing: common))")
            if let common {
                let url = try #require(URLPath(common))
                #expect(a.match(url, in: spec) != nil && b.match(url, in: spec) != nil, "\(common)")
            }
        }
    }

    @Test func theFindingNamesAURLBothMatch() throws {
        let result = Verifier.verify(SourceFile(path: "a.navflow", text: """
            app A
            scheme "s"
            id N: Int
            stack S root H { destination D }
            start S
            screen H { push D }
            screen D(n: N)
            deeplink "s://**/d/{n: N}" -> / D(n)
            deeplink "s://x/_/{n: N}?ref=_" -> / D(n)
            """))
        #expect(result.diagnostics.filter { $0.rule == .deeplinkAmbiguous }.map(\.message) == [
            "deep links \"s://**/d/{n: N}\" and \"s://x/_/{n: N}?ref=_\" both match s://x/d/1?ref=x; the first one declared handles it",
        ])
    }
}
