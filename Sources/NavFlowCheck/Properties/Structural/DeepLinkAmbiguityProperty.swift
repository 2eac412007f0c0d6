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
    public static func commonURL(_ a: DeepLinkPattern, _ b: DeepLinkPattern, in spec: FlowSpec) -> String? {
        guard a.origin == b.origin, a.segments.count == b.segments.count else { return nil }
        var parts: [String] = []
        for (left, right) in zip(a.segments, b.segments) {
            guard let part = commonSegment(left, a, right, b, in: spec) else { return nil }
            parts.append(part)
        }
        let prefix = switch a.origin {
        case .scheme(let scheme): "\(scheme)://"
        case .host(let host): "https://\(host)/"
        }
        return prefix + parts.joined(separator: "/")
    }

    private static func commonSegment(_ left: DeepLinkPattern.Segment, _ a: DeepLinkPattern,
                                      _ right: DeepLinkPattern.Segment, _ b: DeepLinkPattern,
                                      in spec: FlowSpec) -> String? {
        switch (left, right) {
        case let (.literal(x), .literal(y)):
            return x == y ? x : nil
        case let (.literal(x), .parameter(index)):
            return DeepLinkPattern.accepts(b.parameters[index].type, x, in: spec) ? x : nil
        case let (.parameter(index), .literal(y)):
            return DeepLinkPattern.accepts(a.parameters[index].type, y, in: spec) ? y : nil
        case let (.parameter(i), .parameter(j)):
            let leftType = a.parameters[i].type
            let rightType = b.parameters[j].type
            return examples(of: leftType, in: spec).first {
                DeepLinkPattern.accepts(rightType, $0, in: spec)
            }
        }
    }

    /// Representative segment values of a type: every case of an enum, a
    /// digit string for any id, and a word for a String id.
    private static func examples(of type: ValueType, in spec: FlowSpec) -> [String] {
        switch type {
        case .enumeration(let index): spec.enums[index].cases
        case .identifier(let index): spec.idTypes[index].base == .int ? ["1"] : ["1", "x"]
        }
    }
}

extension RuleID {
    public static let deeplinkAmbiguous = RuleID(rawValue: "deeplink-ambiguous")
}
