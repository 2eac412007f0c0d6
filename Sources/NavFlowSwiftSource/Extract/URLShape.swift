#if SwiftSource
import NavFlowSpec

/// What a branch of a URL handler has tested of the URL on its way: the
/// schemes and hosts it compared, the path segments it compared or read,
/// and the query items it read. `patterns` writes it as NavFlow deep-link
/// patterns, one per scheme and host.
struct URLShape: Hashable {
    /// The schemes compared (lowercased), nil when the branch compared none.
    var schemes: [String]?
    /// The hosts compared (lowercased), nil when the branch compared none.
    var hosts: [String]?
    /// Whether the host is read, so a URL without one is not handled.
    var hostRead = false
    /// The path segments after the host, in order: a literal compared, or
    /// nil for a segment read (`pathComponents[2]`) without a comparison.
    var segments: [String?] = []
    /// Whether the whole path was compared (`path == "/new"`).
    var pathIsWhole = false
    /// Whether the last path segment is read (`lastPathComponent`), so one
    /// more segment follows those above.
    var lastSegmentRead = false
    /// The query items read, in the order read, each required when the
    /// branch goes on only with it (`guard let session = ...`).
    var queryItems: [(name: String, required: Bool)] = []
    /// Whether two comparisons of the branch contradict each other, so no
    /// URL takes it.
    var isImpossible = false

    static func == (lhs: URLShape, rhs: URLShape) -> Bool {
        lhs.schemes == rhs.schemes && lhs.hosts == rhs.hosts && lhs.hostRead == rhs.hostRead && lhs.segments == rhs.segments
            && lhs.pathIsWhole == rhs.pathIsWhole && lhs.lastSegmentRead == rhs.lastSegmentRead
            && lhs.queryItems.map(\.name) == rhs.queryItems.map(\.name) && lhs.queryItems.map(\.required) == rhs.queryItems.map(\.required)
            && lhs.isImpossible == rhs.isImpossible
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(schemes)
        hasher.combine(hosts)
        hasher.combine(segments)
        hasher.combine(queryItems.map(\.name))
    }

    mutating func compareScheme(with values: [String]) {
        let lowered = values.map { $0.lowercased() }
        schemes = schemes.map { $0.filter(lowered.contains) } ?? lowered
        if schemes?.isEmpty == true { isImpossible = true }
    }

    mutating func compareHost(with values: [String]) {
        let lowered = values.map { $0.lowercased() }
        hosts = hosts.map { $0.filter(lowered.contains) } ?? lowered
        if hosts?.isEmpty == true { isImpossible = true }
    }

    /// `path == "/a/b"`, or with `whole: false` `path.hasPrefix("/a/")`.
    mutating func comparePath(with text: String, whole: Bool) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // A prefix that does not end at a slash ends inside a segment: only
        // the segments before it are known.
        let known = whole || text.hasSuffix("/") ? parts : Array(parts.dropLast())
        for (offset, part) in known.enumerated() { compareSegment(offset, with: part) }
        if whole {
            if segments.count > known.count { isImpossible = true }
            pathIsWhole = true
        }
    }

    /// The segment at `offset` after the host compared with `text`.
    mutating func compareSegment(_ offset: Int, with text: String) {
        readSegment(offset)
        if let existing = segments[offset], existing != text { isImpossible = true }
        segments[offset] = text
    }

    mutating func readSegment(_ offset: Int) {
        while segments.count <= offset { segments.append(nil) }
    }

    mutating func readQueryItem(_ name: String, required: Bool) {
        if let index = queryItems.firstIndex(where: { $0.name == name }) {
            queryItems[index].required = queryItems[index].required || required
        } else {
            queryItems.append((name, required))
        }
    }

    /// The whole URL compared with `text` (`absoluteString == "app://a/b"`),
    /// or with `whole: false` its start (`absoluteString.hasPrefix(...)`).
    /// A prefix that does not end at a slash ends inside its last part (a
    /// host, or a segment), so only the parts before it are known: of
    /// `mlem://fediverse-auth`, the scheme, and that a host is there.
    mutating func compareURL(with text: String, whole: Bool) {
        guard let range = text.range(of: "://") else { return }
        compareScheme(with: [String(text[..<range.lowerBound])])
        let rest = String(text[range.upperBound...])
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let endsAtSlash = rest.hasSuffix("/")
        if parts.last == "" { parts.removeLast() }
        // The last part of a prefix that does not end at a slash is partial.
        let partial = !whole && !endsAtSlash && !parts.isEmpty
        guard let host = parts.first, !host.isEmpty else { return }
        if partial && parts.count == 1 {
            hostRead = true
            return
        }
        compareHost(with: [host])
        let segments = Array(parts.dropFirst(1).dropLast(partial ? 1 : 0))
        for (offset, part) in segments.enumerated() where !part.isEmpty { compareSegment(offset, with: part) }
        if partial { readSegment(segments.count) }
        if whole {
            if self.segments.count > segments.count { isImpossible = true }
            pathIsWhole = true
        }
    }

    /// A literal NavFlow accepts as a segment as it is: one that needs no
    /// escape and is not a wildcard.
    static func isPlainSegment(_ text: String) -> Bool {
        !text.isEmpty && text != "_" && text != "**" && URLPath.percentEncoded(text) == text
    }

    /// The NavFlow patterns of the branch for each scheme in `schemes`
    /// (the branch's own, else those given), nil when a part cannot be
    /// written (a web link without a known host, a segment with characters
    /// a pattern does not take).
    func patterns(schemes given: [String]) -> [String]? {
        let schemes = self.schemes ?? given
        var result: [String] = []
        for scheme in schemes {
            let isWeb = scheme == "http" || scheme == "https"
            let hostChoices: [String?]
            if let hosts { hostChoices = hosts } else if isWeb { return nil } else { hostChoices = [nil] }
            for host in hostChoices {
                var parts: [String] = []
                if let host {
                    guard Self.isPlainSegment(host) || (isWeb && host.contains(".")) else { return nil }
                    parts.append(host)
                } else if hostRead || !segments.isEmpty || lastSegmentRead {
                    parts.append("_")
                }
                for segment in segments {
                    if let segment {
                        guard Self.isPlainSegment(segment) else { return nil }
                        parts.append(segment)
                    } else {
                        parts.append("_")
                    }
                }
                if !pathIsWhole {
                    parts.append("**")
                    if lastSegmentRead { parts.append("_") }
                }
                var text = scheme + "://" + parts.joined(separator: "/")
                guard queryItems.allSatisfy({ Self.isPlainSegment($0.name) }) else { return nil }
                if !queryItems.isEmpty {
                    text += "?" + queryItems.map { $0.name + ($0.required ? "=_" : "?=_") }.joined(separator: "&")
                }
                result.append(text)
            }
        }
        return result
    }
}

extension URLShape {
    /// Whether two patterns written by `patterns` can match one URL: the
    /// same scheme (and host, for a web link) and a path both match. Query
    /// items never tell them apart, since every value is `_`.
    static func overlap(_ first: String, _ second: String) -> Bool {
        func split(_ pattern: String) -> (String, [String]) {
            let withoutQuery = String(pattern.prefix { $0 != "?" })
            guard let range = withoutQuery.range(of: "://") else { return (withoutQuery, []) }
            let scheme = String(withoutQuery[..<range.lowerBound])
            var parts = withoutQuery[range.upperBound...].split(separator: "/").map(String.init)
            if scheme == "http" || scheme == "https", !parts.isEmpty { return (scheme + "://" + parts.removeFirst(), parts) }
            return (scheme, parts)
        }
        let (a, aParts) = split(first), (b, bParts) = split(second)
        return a == b && pathsOverlap(aParts[...], bParts[...])
    }

    private static func pathsOverlap(_ a: ArraySlice<String>, _ b: ArraySlice<String>) -> Bool {
        if a.isEmpty && b.isEmpty { return true }
        if a.first == "**" {
            if pathsOverlap(a.dropFirst(), b) { return true }
            return !b.isEmpty && pathsOverlap(a, b.dropFirst())
        }
        if b.first == "**" { return pathsOverlap(b, a) }
        guard let x = a.first, let y = b.first else { return false }
        guard x == "_" || y == "_" || x == y else { return false }
        return pathsOverlap(a.dropFirst(), b.dropFirst())
    }
}

#endif
