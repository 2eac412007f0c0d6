import NavFlowDiagnostics
import NavFlowSpec

/// `deeplink-ambiguous`: two patterns can match the same URL. The first
/// declared handles it, so the second silently never sees that URL.
/// The finding gives a URL both match.
public struct DeepLinkAmbiguityProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkAmbiguous, severity: .error, phase: .structural,
        summary: "Two deep-link patterns can match the same URL.",
        givesWitness: false, examples: .defects(.deeplinkAmbiguous))

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let links = spec.deepLinks
        for later in links.indices {
            for earlier in 0..<later {
                guard let url = Self.commonURL(links[earlier].pattern, links[later].pattern, in: spec) else { continue }
                findings.append(finding(
                    "deep links \"\(links[earlier].pattern.text)\" and \"\(links[later].pattern.text)\" both match \(url); the first one declared handles it",
                    at: links[later].patternRange, in: spec,
                    notes: [DiagnosticNote(message: "the other pattern is declared here", range: links[earlier].patternRange),
                            DiagnosticNote(message: "make the literal segments differ, or use an Int id where only digits are valid")]))
                break
            }
        }
        return findings
    }

    /// A URL both patterns match, or nil when no URL matches both.
    ///
    /// The path is decided by a search over pairs of positions (one in each
    /// pattern) from the start: two ordinary segments advance together when
    /// some segment matches both; a `**` either ends (its pattern moves on)
    /// or takes one more segment that the other side's current segment
    /// matches (the other side moves on), and two `**` may take nothing
    /// from each other. The URL exists when both ends are reached. Query
    /// items only separate two patterns through a name both use: a URL can
    /// carry both patterns' other items, and omit optional ones, so the
    /// items of one name must share a value unless both may be absent.
    public static func commonURL(_ a: DeepLinkPattern, _ b: DeepLinkPattern, in spec: FlowSpec) -> String? {
        guard a.origin == b.origin, let path = commonPath(a, b, in: spec) else { return nil }
        var items: [URLPath.QueryItem] = []
        for item in a.query {
            if let other = b.query.first(where: { $0.name == item.name }) {
                if item.optional && other.optional { continue }
                guard let value = common(item.value, a, other.value, b, in: spec) else { return nil }
                items.append(URLPath.QueryItem(name: item.name, value: value))
            } else if !item.optional {
                items.append(URLPath.QueryItem(name: item.name, value: a.examples(of: item.value, in: spec).first ?? ""))
            }
        }
        for item in b.query where !item.optional && !a.query.contains(where: { $0.name == item.name }) {
            items.append(URLPath.QueryItem(name: item.name, value: b.examples(of: item.value, in: spec).first ?? ""))
        }
        return DeepLinkPattern.url(a.origin, segments: path, query: items)
    }

    /// The decoded segments of a path both patterns match, if any.
    private static func commonPath(_ a: DeepLinkPattern, _ b: DeepLinkPattern, in spec: FlowSpec) -> [String]? {
        struct Position: Hashable { var i: Int; var j: Int }
        let end = Position(i: a.segments.count, j: b.segments.count)
        var parent: [Position: (from: Position, segment: String?)] = [:]
        var queue = [Position(i: 0, j: 0)]
        var seen: Set<Position> = [queue[0]]
        var head = 0
        while head < queue.count {
            let here = queue[head]
            head += 1
            if here == end { break }
            var moves: [(Position, String?)] = []
            let left = here.i < a.segments.count ? a.segments[here.i] : nil
            let right = here.j < b.segments.count ? b.segments[here.j] : nil
            if left == .rest { moves.append((Position(i: here.i + 1, j: here.j), nil)) }
            if right == .rest { moves.append((Position(i: here.i, j: here.j + 1), nil)) }
            switch (left, right) {
            case (.rest?, let other?) where other != .rest:
                if let text = b.examples(of: other, in: spec).first(where: { !$0.isEmpty }) {
                    moves.append((Position(i: here.i, j: here.j + 1), text))
                }
            case (let other?, .rest?) where other != .rest:
                if let text = a.examples(of: other, in: spec).first(where: { !$0.isEmpty }) {
                    moves.append((Position(i: here.i + 1, j: here.j), text))
                }
            case (let x?, let y?) where x != .rest && y != .rest:
                if let text = common(x, a, y, b, in: spec) { moves.append((Position(i: here.i + 1, j: here.j + 1), text)) }
            default:
                break
            }
            for (next, text) in moves where seen.insert(next).inserted {
                parent[next] = (here, text)
                queue.append(next)
            }
        }
        guard seen.contains(end) else { return nil }
        var segments: [String] = []
        var at = end
        while let step = parent[at] {
            if let text = step.segment { segments.append(text) }
            at = step.from
        }
        return segments.reversed()
    }

    /// A value both segments (neither `**`) match.
    private static func common(_ left: DeepLinkPattern.Segment, _ a: DeepLinkPattern,
                               _ right: DeepLinkPattern.Segment, _ b: DeepLinkPattern, in spec: FlowSpec) -> String? {
        a.examples(of: left, in: spec).first { b.matches(right, $0, in: spec) }
            ?? b.examples(of: right, in: spec).first { a.matches(left, $0, in: spec) }
    }
}

extension RuleID {
    public static let deeplinkAmbiguous = RuleID(rawValue: "deeplink-ambiguous")
}
