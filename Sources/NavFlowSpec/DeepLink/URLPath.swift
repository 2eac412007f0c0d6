/// A URL split the way deep-link patterns are matched: an origin (custom
/// scheme, or http(s) host) and the path segments. Query and fragment are
/// ignored; an empty trailing segment is dropped.
public struct URLPath: Hashable, Sendable {
    public var origin: DeepLinkPattern.Origin
    public var segments: [String]

    public init(origin: DeepLinkPattern.Origin, segments: [String]) {
        self.origin = origin
        self.segments = segments
    }

    /// Splits a URL, or returns nil when it has no `scheme://` prefix.
    public init?(_ url: String) {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        var rest = Substring(url[separator.upperBound...])
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        if scheme == "http" || scheme == "https" {
            guard let host = parts.first, !host.isEmpty else { return nil }
            self.origin = .host(host.lowercased())
            self.segments = Array(parts.dropFirst())
        } else {
            self.origin = .scheme(scheme)
            self.segments = parts
        }
    }
}

extension DeepLinkPattern {
    /// Whether a parameter of this type accepts the segment, given the enum
    /// cases and id bases of the spec.
    public static func accepts(_ type: ValueType, _ segment: String, in spec: FlowSpec) -> Bool {
        switch type {
        case .enumeration(let index):
            return spec.enums[index].cases.contains(segment)
        case .identifier(let index):
            switch spec.idTypes[index].base {
            case .int: return !segment.isEmpty && segment.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
            case .string: return !segment.isEmpty
            }
        }
    }

    /// The argument values a URL binds, or nil when the pattern does not match.
    public func match(_ url: URLPath, in spec: FlowSpec) -> [String]? {
        guard url.origin == origin, url.segments.count == segments.count else { return nil }
        var values = [String](repeating: "", count: parameters.count)
        for (segment, text) in zip(segments, url.segments) {
            switch segment {
            case .literal(let literal):
                guard literal == text else { return nil }
            case .parameter(let index):
                guard Self.accepts(parameters[index].type, text, in: spec) else { return nil }
                values[index] = text
            }
        }
        return values
    }
}
