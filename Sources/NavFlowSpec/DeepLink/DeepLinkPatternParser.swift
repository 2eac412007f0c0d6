import NavFlowDiagnostics
import NavFlowSource

/// Parses the URL pattern of a `deeplink` declaration:
/// `scheme://seg/{name: Type}/...` or `https://host/seg/...`.
/// Errors point into the string literal at the offending character.
public enum DeepLinkPatternParser {
    public struct Result {
        public var pattern: DeepLinkPattern?
        public var diagnostics: [Diagnostic]
    }

    public static func parse(_ literal: StringLiteral, file: SourceFile, spec: FlowSpec,
                             types: [String: ValueType]) -> Result {
        var diagnostics: [Diagnostic] = []
        let text = literal.value
        let scalars = Array(text.unicodeScalars)
        // Map a scalar index in the value to a source range, exact when the
        // literal has no escapes (the common case).
        let sourceText = file.text(of: literal.range)
        let exact = sourceText.unicodeScalars.count == scalars.count + 2
        func range(_ from: Int, _ to: Int) -> SourceRange {
            guard exact else { return literal.range }
            let base = literal.range.start
            let prefixBytes = String(String.UnicodeScalarView(scalars[0..<from])).utf8.count
            let spanBytes = String(String.UnicodeScalarView(scalars[from..<max(from, to)])).utf8.count
            return file.range(base.offset + 1 + prefixBytes, base.offset + 1 + prefixBytes + spanBytes)
        }
        func fail(_ message: String, _ from: Int, _ to: Int) -> Result {
            diagnostics.append(Diagnostic(rule: .deeplinkPattern, severity: .error, message: message, file: file.path,
                                          range: range(from, to)))
            return Result(pattern: nil, diagnostics: diagnostics)
        }

        guard let separator = text.firstRange(of: "://") else {
            return fail("a deep-link pattern starts with 'scheme://' (a custom scheme) or 'https://host'", 0, scalars.count)
        }
        let scheme = String(text[..<separator.lowerBound])
        let schemeLength = scheme.unicodeScalars.count
        guard !scheme.isEmpty else { return fail("the pattern has no scheme before '://'", 0, 3) }
        var position = schemeLength + 3
        var origin: DeepLinkPattern.Origin
        let lowered = scheme.lowercased()
        if lowered == "http" || lowered == "https" {
            let hostStart = position
            while position < scalars.count, scalars[position] != "/" { position += 1 }
            let host = String(String.UnicodeScalarView(scalars[hostStart..<position])).lowercased()
            guard !host.isEmpty else { return fail("expected a host after '\(scheme)://'", hostStart, hostStart) }
            guard spec.hosts.contains(host) else {
                return fail("host \"\(host)\" is not declared; add 'host \"\(host)\"' to the spec", hostStart, position)
            }
            origin = .host(host)
            if position < scalars.count { position += 1 }
        } else {
            guard spec.schemes.contains(lowered) else {
                let declared = spec.schemes.isEmpty ? "" : " (declared: \(spec.schemes.map { "\"\($0)\"" }.joined(separator: ", ")))"
                return fail("scheme \"\(scheme)\" is not declared\(declared); add 'scheme \"\(scheme)\"' to the spec",
                            0, schemeLength)
            }
            origin = .scheme(lowered)
        }

        var segments: [DeepLinkPattern.Segment] = []
        var query: [DeepLinkPattern.QueryItem] = []
        var parameters: [PatternParameter] = []
        // Where the query starts (after '?'), if there is one.
        let pathEnd = scalars[position...].firstIndex(of: "?") ?? scalars.count
        if let hash = scalars[position...].firstIndex(of: "#") {
            return fail("fragments are not matched (apps read the path and the query); end the pattern before '#'",
                        hash, scalars.count)
        }

        /// One segment or query value: `_`, `{_: Type}`, `{name: Type}` or a
        /// literal (percent-decoded). Nil after reporting an error.
        func value(_ from: Int, _ to: Int, inQuery: Bool) -> DeepLinkPattern.Segment? {
            let part = Array(scalars[from..<to])
            let partText = String(String.UnicodeScalarView(part))
            if partText == "_" { return .any }
            if partText == "**" {
                if inQuery {
                    _ = fail("'**' matches path segments; a query value takes '_' for any value", from, to)
                    return nil
                }
                return .rest
            }
            if part.contains(where: { $0 == "{" || $0 == "}" }) {
                guard part.first == "{", part.last == "}" else {
                    _ = fail(inQuery ? "a parameter must fill a whole query value, as in '?id={id: ItemID}'"
                                     : "a parameter must fill a whole path segment, as in '/{id: RecipeID}'", from, to)
                    return nil
                }
                let inner = String(String.UnicodeScalarView(part[1..<(part.count - 1)]))
                let parts = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingSpaces() }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    _ = fail("a parameter segment is '{name: Type}', with an enum or id type ('{_: Type}' binds nothing)",
                             from, to)
                    return nil
                }
                let name = parts[0]
                let typeName = parts[1]
                guard name == "_" || name.isIdentifier else {
                    _ = fail("'\(name)' is not a valid parameter name", from, to)
                    return nil
                }
                if name != "_", parameters.contains(where: { $0.name == name }) {
                    _ = fail("pattern parameter '\(name)' is bound twice", from, to)
                    return nil
                }
                guard let type = types[typeName] else {
                    let suggestion = NameSuggestion.closest(to: typeName, among: types.keys)
                    diagnostics.append(Diagnostic(
                        rule: .unknownName, severity: .error,
                        message: name == "_" ? "unknown type '\(typeName)' in '{_: \(typeName)}'"
                                             : "unknown type '\(typeName)' in pattern parameter '\(name)'",
                        file: file.path, range: range(from, to),
                        notes: (suggestion.map { [DiagnosticNote(message: "did you mean '\($0)'?")] } ?? [])
                            + [DiagnosticNote(message: "declare it with 'enum' or 'id'")]))
                    return nil
                }
                if name == "_" { return .typed(type) }
                parameters.append(PatternParameter(name: name, type: type, range: range(from, to), typeName: typeName))
                return .parameter(parameters.count - 1)
            }
            guard let decoded = URLPath.percentDecoded(Substring(partText)) else {
                _ = fail("malformed percent escape; write '%' as '%25', and escapes as '%' and two hex digits of UTF-8",
                         from, to)
                return nil
            }
            return .literal(decoded)
        }

        var restAt: Int?
        while position < pathEnd {
            let start = position
            while position < pathEnd, scalars[position] != "/" { position += 1 }
            let atEnd = position >= pathEnd
            if !atEnd { position += 1 }
            if start == (atEnd ? position : position - 1) {
                if atEnd && !segments.isEmpty { break }  // one trailing '/' is ignored
                return fail("empty path segment ('//'); remove the extra '/'", start, start + 1)
            }
            let end = atEnd ? position : position - 1
            guard let segment = value(start, end, inQuery: false) else { return Result(pattern: nil, diagnostics: diagnostics) }
            if segment == .rest {
                if let first = restAt {
                    diagnostics.append(Diagnostic(rule: .deeplinkPattern, severity: .error,
                        message: "a pattern has at most one '**'; the second could split the segments between them in many ways",
                        file: file.path, range: range(start, end),
                        notes: [DiagnosticNote(message: "the first '**' is here", range: range(first, first + 2))]))
                    return Result(pattern: nil, diagnostics: diagnostics)
                }
                restAt = start
            }
            segments.append(segment)
        }
        if pathEnd < scalars.count {
            position = pathEnd + 1
            while position <= scalars.count {
                let start = position
                while position < scalars.count, scalars[position] != "&" { position += 1 }
                let end = position
                position += 1
                guard start < end else {
                    if end == scalars.count && start == end && !query.isEmpty { break }
                    return fail("empty query item; write 'name=VALUE' between '&'", start, min(start + 1, scalars.count))
                }
                guard let equals = scalars[start..<end].firstIndex(of: "=") else {
                    return fail("a query item is 'name=VALUE' ('name?=VALUE' when it may be absent)", start, end)
                }
                var nameEnd = equals
                let optional = nameEnd > start && scalars[nameEnd - 1] == "?"
                if optional { nameEnd -= 1 }
                guard nameEnd > start,
                      let name = URLPath.percentDecoded(Substring(String(String.UnicodeScalarView(scalars[start..<nameEnd]))))
                else {
                    return fail("a query item needs a name before '='", start, equals + 1)
                }
                if query.contains(where: { $0.name == name }) {
                    return fail("query item '\(name)' is matched twice; apps read the first item of a name", start, end)
                }
                guard equals + 1 < end else {
                    return fail("a query item needs a value after '=': a literal, '_', '{_: Type}' or '{name: Type}'",
                                start, end)
                }
                let bound = parameters.count
                guard let itemValue = value(equals + 1, end, inQuery: true) else {
                    return Result(pattern: nil, diagnostics: diagnostics)
                }
                if optional, case .parameter = itemValue {
                    parameters.removeLast(parameters.count - bound)
                    return fail("an optional query item may be absent, so it cannot bind a value for the target; write '\(name)?=_' or '\(name)?={_: Type}', or make the item required",
                                start, end)
                }
                query.append(DeepLinkPattern.QueryItem(name: name, value: itemValue, optional: optional))
            }
        }
        return Result(pattern: DeepLinkPattern(origin: origin, segments: segments, query: query, parameters: parameters,
                                               text: text),
                      diagnostics: diagnostics)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }

    var isIdentifier: Bool {
        guard let first = unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}

extension Substring {
    func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}
