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
        var parameters: [PatternParameter] = []
        while position < scalars.count {
            let start = position
            while position < scalars.count, scalars[position] != "/" { position += 1 }
            let segment = Array(scalars[start..<position])
            let atEnd = position >= scalars.count
            if !atEnd { position += 1 }
            if segment.isEmpty {
                if atEnd && !segments.isEmpty { break }  // one trailing '/' is ignored
                return fail("empty path segment ('//'); remove the extra '/'", start, start + 1)
            }
            if let bad = segment.firstIndex(where: { "?#".unicodeScalars.contains($0) }) {
                return fail("query strings and fragments are not matched; end the pattern before '\(segment[bad])'",
                            start + bad, start + segment.count)
            }
            if segment.contains(where: { $0 == "{" || $0 == "}" }) {
                guard segment.first == "{", segment.last == "}" else {
                    return fail("a parameter must fill a whole path segment, as in '/{id: RecipeID}'",
                                start, start + segment.count)
                }
                let inner = String(String.UnicodeScalarView(segment[1..<(segment.count - 1)]))
                let parts = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingSpaces() }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    return fail("a parameter segment is '{name: Type}', with an enum or id type",
                                start, start + segment.count)
                }
                let name = parts[0]
                let typeName = parts[1]
                guard name.isIdentifier else {
                    return fail("'\(name)' is not a valid parameter name", start, start + segment.count)
                }
                if parameters.contains(where: { $0.name == name }) {
                    return fail("pattern parameter '\(name)' is bound twice", start, start + segment.count)
                }
                guard let type = types[typeName] else {
                    let suggestion = NameSuggestion.closest(to: typeName, among: types.keys)
                    diagnostics.append(Diagnostic(
                        rule: .unknownName, severity: .error, message: "unknown type '\(typeName)' in pattern parameter '\(name)'",
                        file: file.path, range: range(start, start + segment.count),
                        notes: (suggestion.map { [DiagnosticNote(message: "did you mean '\($0)'?")] } ?? [])
                            + [DiagnosticNote(message: "declare it with 'enum' or 'id'")]))
                    return Result(pattern: nil, diagnostics: diagnostics)
                }
                segments.append(.parameter(parameters.count))
                parameters.append(PatternParameter(name: name, type: type, range: range(start, start + segment.count)))
            } else {
                segments.append(.literal(String(String.UnicodeScalarView(segment))))
            }
        }
        return Result(pattern: DeepLinkPattern(origin: origin, segments: segments, parameters: parameters, text: text),
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
