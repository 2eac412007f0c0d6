import Foundation
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The TextMate grammar of `Editors/vscode`, run by a small TextMate
/// tokenizer (match rules, begin/end rules, includes, captures) over every
/// spec of the repository: each token the language's lexer reads gets the
/// scope of its kind, and no pattern of the grammar nests one unbounded
/// repetition in another (the shape that backtracks without bound).
@Suite struct TextMateGrammarTests {
    static let grammarPath = "Editors/vscode/syntaxes/navflow.tmLanguage.json"

    /// A rule of the grammar, its includes resolved.
    final class Rule: @unchecked Sendable {
        var name: String?
        var match: NSRegularExpression?
        var begin: NSRegularExpression?
        var end: NSRegularExpression?
        var captures: [Int: String] = [:]
        var patterns: [Rule] = []
    }

    /// A run of a line's characters (UTF-16 offsets) and the scopes on it.
    struct Scoped {
        var range: Range<Int>
        var scopes: [String]
    }

    struct Grammar {
        var root: [Rule]
        var regexes: [String]
    }

    static func loadGrammar() throws -> Grammar {
        let data = try #require(FileManager.default.contents(atPath: Repository.path(grammarPath)))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let repository = json["repository"] as? [String: Any] ?? [:]
        var built: [String: Rule] = [:]
        var regexes: [String] = []
        func regex(_ source: Any?) throws -> NSRegularExpression? {
            guard let text = source as? String else { return nil }
            regexes.append(text)
            return try NSRegularExpression(pattern: text, options: [.anchorsMatchLines])
        }
        func rule(_ object: [String: Any]) throws -> [Rule] {
            if let include = object["include"] as? String {
                let key = String(include.dropFirst())
                if let done = built[key] { return [done] }
                let made = Rule()
                built[key] = made
                let body = try #require(repository[key] as? [String: Any], "unknown include \(include)")
                let inner = try rule(body)
                // A repository entry that is a group stands for its patterns.
                if inner.count == 1 {
                    let only = inner[0]
                    made.name = only.name; made.match = only.match; made.begin = only.begin; made.end = only.end
                    made.captures = only.captures; made.patterns = only.patterns
                    return [made]
                }
                made.patterns = inner
                return [made]
            }
            let made = Rule()
            made.name = object["name"] as? String
            made.match = try regex(object["match"])
            made.begin = try regex(object["begin"])
            made.end = try regex(object["end"])
            for key in ["captures", "beginCaptures", "endCaptures"] {
                for (index, value) in object[key] as? [String: Any] ?? [:] {
                    if let number = Int(index), let name = (value as? [String: Any])?["name"] as? String { made.captures[number] = name }
                }
            }
            let nested = try (object["patterns"] as? [[String: Any]] ?? []).flatMap(rule)
            if made.match == nil && made.begin == nil { return nested.isEmpty ? [made] : nested }
            made.patterns = nested
            return [made]
        }
        let root = try (json["patterns"] as? [[String: Any]] ?? []).flatMap(rule)
        return Grammar(root: root, regexes: regexes)
    }

    /// The match rules and begin rules a list stands for, groups flattened.
    static func flattened(_ rules: [Rule]) -> [Rule] {
        rules.flatMap { rule -> [Rule] in
            if rule.match == nil && rule.begin == nil { return flattened(rule.patterns) }
            return [rule]
        }
    }

    /// One line's scopes, from the rules open at its start; returns the rules
    /// still open after it. Patterns are matched from a position inside the
    /// line as a TextMate engine does: `^` is the line's start only, and a
    /// lookbehind sees the text before the position.
    static func tokenize(_ line: String, open: [Rule], root: [Rule]) -> (scoped: [Scoped], open: [Rule]) {
        let text = line as NSString
        var stack = open
        // Where each open region starts on this line (0 for one open before it).
        var regionStarts = [Int](repeating: 0, count: open.count)
        var position = 0
        var scoped: [Scoped] = []
        while position <= text.length {
            let candidates = flattened(stack.last?.patterns ?? root)
            var best: (match: NSTextCheckingResult, rule: Rule?, isEnd: Bool)?
            if let ending = stack.last, let end = ending.end,
               let found = end.firstMatch(in: line, options: [.withoutAnchoringBounds, .withTransparentBounds], range: NSRange(location: position, length: text.length - position)) {
                best = (found, ending, true)
            }
            for rule in candidates {
                guard let regex = rule.match ?? rule.begin,
                      let found = regex.firstMatch(in: line, options: [.withoutAnchoringBounds, .withTransparentBounds], range: NSRange(location: position, length: text.length - position)) else { continue }
                if best == nil || found.range.location < best!.match.range.location { best = (found, rule, false) }
            }
            guard let (found, rule, isEnd) = best, let matched = rule else { break }
            let outer = stack.compactMap(\.name)
            let range = found.range.location..<(found.range.location + found.range.length)
            var scopes = outer
            if !isEnd, let name = matched.name { scopes.append(name) }
            if !range.isEmpty { scoped.append(Scoped(range: range, scopes: scopes)) }
            for (index, name) in matched.captures where index < found.numberOfRanges {
                let capture = found.range(at: index)
                if capture.location != NSNotFound, capture.length > 0 {
                    scoped.append(Scoped(range: capture.location..<(capture.location + capture.length), scopes: scopes + [name]))
                }
            }
            if isEnd {
                // The whole region, from its begin to its end, has its scope.
                let start = regionStarts.removeLast()
                scoped.append(Scoped(range: start..<range.upperBound, scopes: outer))
                stack.removeLast()
            } else if matched.begin != nil {
                stack.append(matched)
                regionStarts.append(range.lowerBound)
            }
            // Progress even on an empty match.
            position = max(range.upperBound, position + (range.isEmpty ? 1 : 0))
            if range.isEmpty && !isEnd && matched.begin == nil { continue }
        }
        // Regions still open run to the end of the line.
        for (depth, start) in regionStarts.enumerated() where start < text.length {
            scoped.append(Scoped(range: start..<text.length, scopes: stack.prefix(depth + 1).compactMap(\.name)))
        }
        return (scoped, stack)
    }

    /// The scope a token of each kind must get (a prefix of one of its scopes).
    static func expectedScope(_ token: Token, atLineStart: Bool) -> String? {
        switch token.kind {
        case .string: return "string.quoted"
        case .integer: return "constant.numeric"
        case .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .colon, .semicolon: return "punctuation"
        case .slash, .plus, .greater, .star, .ellipsis, .arrow, .bang, .andAnd, .orOr, .equalEqual, .equal: return "keyword.operator"
        case .identifier:
            if atLineStart && Keywords.declarations.contains(token.text) { return "keyword.declaration" }
            if token.text == "true" || token.text == "false" { return "constant.language" }
            return ""
        case .endOfFile: return nil
        }
    }

    @Test(arguments: Repository.allSpecs())
    func everyTokenOfEverySpecGetsTheScopeOfItsKind(_ path: String) throws {
        let grammar = try Self.loadGrammar()
        let file = Repository.source(path)
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize()
        let text = String(decoding: file.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var open: [Rule] = []
        var scopedLines: [[Scoped]] = []
        for line in lines {
            let (scoped, after) = Self.tokenize(line, open: open, root: grammar.root)
            scopedLines.append(scoped)
            open = after
        }
        var problems: [String] = []
        for token in tokens where token.kind != .endOfFile {
            let location = file.location(ofOffset: token.start)
            guard location.line - 1 < lines.count else { continue }
            let line = lines[location.line - 1]
            // The token's place in the line, in UTF-16 units.
            let lineStart = file.lineStarts[location.line - 1]
            let before = String(decoding: file.bytes[lineStart..<token.start], as: UTF8.self)
            let written = String(decoding: file.bytes[token.start..<token.end], as: UTF8.self)
            let start = before.utf16.count
            let end = start + (written.split(separator: "\n").first.map { String($0) } ?? written).utf16.count
            guard start < end, end <= (line as NSString).length else { continue }
            let scopes = scopedLines[location.line - 1].filter { $0.range.overlaps(start..<end) }
            let covered = (start..<end).allSatisfy { offset in scopes.contains { $0.range.contains(offset) } }
            if !covered {
                problems.append("\(location.line):\(location.column) '\(written)' has no scope")
                continue
            }
            if let expected = Self.expectedScope(token, atLineStart: token.atLineStart), !expected.isEmpty,
               !scopes.contains(where: { $0.scopes.contains { $0.hasPrefix(expected) } }) {
                problems.append("\(location.line):\(location.column) '\(written)' is not scoped \(expected): \(scopes.map(\.scopes))")
            }
            // A name that is not at the start of its line is never a declaration's keyword.
            if token.kind == .identifier, !token.atLineStart,
               scopes.contains(where: { $0.scopes.contains { $0.hasPrefix("keyword.declaration") } }) {
                problems.append("\(location.line):\(location.column) '\(written)' is scoped as a declaration's keyword")
            }
        }
        // Comments: the whole comment is a comment.
        for comment in lexer.comments {
            let location = file.location(ofOffset: comment.start)
            let scopes = scopedLines[location.line - 1]
            let lineStart = file.lineStarts[location.line - 1]
            let start = String(decoding: file.bytes[lineStart..<comment.start], as: UTF8.self).utf16.count
            if !scopes.contains(where: { $0.range.contains(start) && $0.scopes.contains { $0.hasPrefix("comment.line") } }) {
                problems.append("\(location.line):\(location.column) a comment is not scoped as one")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    /// No pattern repeats a group that itself repeats without bound
    /// (`(a+)*`, `(?:x*)+`): the shape that makes a backtracking engine
    /// take exponential time on a line that does not match.
    @Test func noPatternNestsUnboundedRepetitions() throws {
        let grammar = try Self.loadGrammar()
        #expect(!grammar.regexes.isEmpty)
        for pattern in grammar.regexes {
            #expect(!Self.nestsRepetitions(pattern), "\(pattern)")
        }
        #expect(Self.nestsRepetitions("(a+)*"))
        #expect(Self.nestsRepetitions("(?:[^\"]|x*)+"))
        #expect(!Self.nestsRepetitions("(a|b)*c+"))
        #expect(!Self.nestsRepetitions("\\(a+\\)*"))
    }

    /// Whether a regex has a group with an unbounded quantifier inside
    /// that is itself quantified without bound. Escapes and character
    /// classes are skipped.
    static func nestsRepetitions(_ pattern: String) -> Bool {
        let characters = Array(pattern)
        var groups: [Bool] = []   // per open group: whether it holds an unbounded quantifier
        var index = 0
        var inClass = false
        func unbounded(at position: Int) -> Bool {
            guard position < characters.count else { return false }
            if characters[position] == "*" || characters[position] == "+" { return true }
            if characters[position] == "{" {
                var end = position
                while end < characters.count, characters[end] != "}" { end += 1 }
                return String(characters[position..<min(end, characters.count)]).hasSuffix(",")
            }
            return false
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\" { index += 2; continue }
            if inClass { if character == "]" { inClass = false }; index += 1; continue }
            switch character {
            case "[": inClass = true
            case "(": groups.append(false)
            case ")":
                let holds = groups.popLast() ?? false
                if holds && unbounded(at: index + 1) { return true }
                if holds, !groups.isEmpty { groups[groups.count - 1] = true }
                if unbounded(at: index + 1), !groups.isEmpty { groups[groups.count - 1] = true }
            case "*", "+":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            default: break
            }
            index += 1
        }
        return false
    }

    /// A line built to trip a backtracking pattern (an unterminated string
    /// of escapes and braces, a long comment) is tokenized to its end.
    @Test func aPathologicalLineIsTokenizedToItsEnd() throws {
        let grammar = try Self.loadGrammar()
        let line = "deeplink \"" + String(repeating: "{a: \\\\{", count: 2_000) + " // " + String(repeating: "x", count: 10_000)
        let (scoped, open) = Self.tokenize(line, open: [], root: grammar.root)
        #expect(!scoped.isEmpty)
        #expect(open.isEmpty, "a string left open ends with its line")
    }
}
