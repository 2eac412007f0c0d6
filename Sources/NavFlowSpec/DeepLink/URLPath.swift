/// A URL split the way deep-link patterns are matched, as an app's
/// `onOpenURL` reads it: an origin (custom scheme, or http(s) host), the
/// path segments and the query items, all percent-decoded (what
/// `URL.pathComponents` and `URLComponents.queryItems` give). The fragment
/// is ignored; an empty trailing segment is dropped.
public struct URLPath: Hashable, Sendable {
    /// One `name=value` item of the query, decoded. `+` stays `+`, as in
    /// `URLComponents`.
    public struct QueryItem: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var origin: DeepLinkPattern.Origin
    public var segments: [String]
    public var query: [QueryItem]

    public init(origin: DeepLinkPattern.Origin, segments: [String], query: [QueryItem] = []) {
        self.origin = origin
        self.segments = segments
        self.query = query
    }

    /// Splits a URL, or returns nil when it has no `scheme://` prefix or a
    /// malformed percent escape (a URL the system would not build).
    public init?(_ url: String) {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        var rest = Substring(url[separator.upperBound...])
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring?
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var parts: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = Self.percentDecoded(raw) else { return nil }
            parts.append(decoded)
        }
        if parts.last == "" { parts.removeLast() }
        var items: [QueryItem] = []
        for raw in (queryText ?? "").split(separator: "&") {
            let pair = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.percentDecoded(pair[0]),
                  let value = pair.count > 1 ? Self.percentDecoded(pair[1]) : "" else { return nil }
            items.append(QueryItem(name: name, value: value))
        }
        if scheme == "http" || scheme == "https" {
            guard let host = parts.first, !host.isEmpty else { return nil }
            self.origin = .host(host.lowercased())
            self.segments = Array(parts.dropFirst())
        } else {
            self.origin = .scheme(scheme)
            self.segments = parts
        }
        self.query = items
    }

    /// `text` with its `%XX` escapes decoded as UTF-8, or nil when an
    /// escape is malformed or the bytes are not UTF-8.
    public static func percentDecoded(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `text` ready to be a path segment or query part of a URL: every byte
    /// outside the unreserved set (letters, digits, `-._~`) escaped.
    public static func percentEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 128, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return output
    }
}

extension DeepLinkPattern {
    /// Whether a parameter of this type accepts the segment, given the enum
    /// cases and id bases of the spec.
    public static func accepts(_ type: ValueType, _ segment: String, in spec: FlowSpec) -> Bool {
        accepted(type, segment, ignoringCase: false, in: spec) != nil
    }

    /// The value a parameter of this type takes from the segment (for an
    /// enum, the case as declared), or nil when it does not accept it.
    static func accepted(_ type: ValueType, _ segment: String, ignoringCase: Bool, in spec: FlowSpec) -> String? {
        switch type {
        case .enumeration(let index):
            let cases = spec.enums[index].cases
            if cases.contains(segment) { return segment }
            guard ignoringCase else { return nil }
            let folded = segment.lowercased()
            return cases.first { $0.lowercased() == folded }
        case .identifier(let index):
            switch spec.idTypes[index].base {
            case .int: return !segment.isEmpty && segment.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) ? segment : nil
            case .string: return segment.isEmpty ? nil : segment
            }
        }
    }

    /// Whether a segment of the pattern (not `**`) accepts a decoded URL
    /// segment; a parameter's value is written to `values`.
    func accepts(_ segment: Segment, _ text: String, in spec: FlowSpec, values: inout [String]) -> Bool {
        switch segment {
        case .literal(let literal):
            return literal == text || ignoresCase && literal.lowercased() == text.lowercased()
        case .parameter(let index):
            guard let value = Self.accepted(parameters[index].type, text, ignoringCase: ignoresCase, in: spec) else { return false }
            values[index] = value
            return true
        case .any:
            return !text.isEmpty
        case .typed(let type):
            return Self.accepted(type, text, ignoringCase: ignoresCase, in: spec) != nil
        case .rest:
            return false
        }
    }

    /// The argument values a URL binds, or nil when the pattern does not match.
    public func match(_ url: URLPath, in spec: FlowSpec) -> [String]? {
        guard url.origin == origin else { return nil }
        var values = [String](repeating: "", count: parameters.count)
        if let rest = segments.firstIndex(of: .rest) {
            let prefix = segments[..<rest]
            let suffix = segments[(rest + 1)...]
            guard url.segments.count >= prefix.count + suffix.count else { return nil }
            for (segment, text) in zip(prefix, url.segments) where !accepts(segment, text, in: spec, values: &values) {
                return nil
            }
            for (segment, text) in zip(suffix, url.segments.suffix(suffix.count))
            where !accepts(segment, text, in: spec, values: &values) {
                return nil
            }
        } else {
            guard url.segments.count == segments.count else { return nil }
            for (segment, text) in zip(segments, url.segments) where !accepts(segment, text, in: spec, values: &values) {
                return nil
            }
        }
        for item in query {
            // Items are looked up by name; the first of a repeated name counts.
            guard let given = url.query.first(where: { $0.name == item.name }) else {
                if item.optional { continue }
                return nil
            }
            guard accepts(item.value, given.value, in: spec, values: &values) else { return nil }
        }
        return values
    }

    /// The route arguments a URL gives the link's target (an enum
    /// parameter's case number; ids have one abstract value), or nil when
    /// the pattern does not match.
    public func arguments(for url: URLPath, in spec: FlowSpec) -> [Int]? {
        guard let values = match(url, in: spec) else { return nil }
        return zip(parameters, values).map { parameter, text -> Int in
            if case .enumeration(let type) = parameter.type { return spec.enums[type].cases.firstIndex(of: text) ?? 0 }
            return 0
        }
    }
}

extension FlowSpec {
    /// The deep link that handles a URL, the first in declaration order
    /// whose pattern matches, and the arguments it gives the target: the one
    /// matcher of `open`, coverage replay and plans.
    public func deepLink(handling url: URLPath) -> (link: Int, arguments: [Int])? {
        for (index, link) in deepLinks.enumerated() {
            if let arguments = link.pattern.arguments(for: url, in: self) { return (index, arguments) }
        }
        return nil
    }
}

extension DeepLinkPattern {
    /// Representative values of a type: every case of an enum, a digit
    /// string for any id, and a word for a String id. Enough to decide
    /// whether two segment classes share a value.
    public static func examples(of type: ValueType, in spec: FlowSpec) -> [String] {
        switch type {
        case .enumeration(let index): spec.enums[index].cases
        case .identifier(let index): spec.idTypes[index].base == .int ? ["1"] : ["x", "1"]
        }
    }

    /// Representative values a segment (not `**`) matches; a parameter
    /// takes its argument when one is given.
    public func examples(of segment: Segment, arguments: [Int] = [], in spec: FlowSpec) -> [String] {
        switch segment {
        case .literal(let text): [text]
        case .any: ["x"]
        case .typed(let type): Self.examples(of: type, in: spec)
        case .parameter(let index):
            if index < arguments.count, case .enumeration(let type) = parameters[index].type {
                [spec.enums[type].cases[arguments[index]]]
            } else {
                Self.examples(of: parameters[index].type, in: spec)
            }
        case .rest: []
        }
    }

    /// The URL text for an origin, decoded path segments and query items.
    public static func url(_ origin: Origin, segments: [String], query: [URLPath.QueryItem]) -> String {
        let path = segments.map(URLPath.percentEncoded).joined(separator: "/")
        let base = switch origin {
        case .scheme(let scheme): "\(scheme)://" + path
        case .host(let host): "https://\(host)" + (segments.isEmpty ? "" : "/" + path)
        case .entry(_, let name): name
        }
        guard !query.isEmpty else { return base }
        return base + "?" + query.map { URLPath.percentEncoded($0.name) + "=" + URLPath.percentEncoded($0.value) }
            .joined(separator: "&")
    }

    /// A URL this pattern matches, with the given argument values (enum
    /// cases by number): `x` for `_`, a type's first example for `{_: T}`,
    /// nothing for `**`, required query items only. In a spec without
    /// `deeplink-ambiguous` no other pattern matches it.
    public func exampleURL(arguments: [Int], in spec: FlowSpec) -> String {
        if case .entry(_, let name) = origin {
            // An entry point with its argument values: `mention(id: x)`.
            guard !parameters.isEmpty else { return name }
            let values = parameters.indices.map { index in
                "\(parameters[index].name): \(examples(of: .parameter(index), arguments: arguments, in: spec).first ?? "")"
            }
            return name + "(" + values.joined(separator: ", ") + ")"
        }
        let path = segments.compactMap { examples(of: $0, arguments: arguments, in: spec).first }
        let items = query.filter { !$0.optional }.map {
            URLPath.QueryItem(name: $0.name, value: examples(of: $0.value, arguments: arguments, in: spec).first ?? "")
        }
        return Self.url(origin, segments: path, query: items)
    }
}

extension DeepLinkPattern {
    /// Whether a segment (not `**`) matches a decoded URL segment or value.
    public func matches(_ segment: Segment, _ text: String, in spec: FlowSpec) -> Bool {
        var values = [String](repeating: "", count: parameters.count)
        return accepts(segment, text, in: spec, values: &values)
    }
}
