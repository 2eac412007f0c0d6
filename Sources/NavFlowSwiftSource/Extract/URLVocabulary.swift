#if SwiftSource
import NavFlowSource
import SwiftSyntax

/// The words an app's code compares a URL's parts with: string literals
/// tested against an expression that names a scheme, host, path or query
/// (`components.host == "note"`, `url.pathComponents[1] == "u"`,
/// `switch url.host { case "post": ... }`, `url.path.hasPrefix("/c/")`,
/// `["http", "https"].contains(url.scheme)`). A literal that holds slashes
/// gives each of its segments. This is what the code shows of the URLs it
/// accepts, read wherever it is, outside preview code.
struct URLVocabulary {
    struct Word: Hashable {
        /// Lowercased, without slashes.
        var text: String
        var citation: DraftSpec.Citation
    }

    /// The words that name a URL part in an expression's text.
    static let partNames = ["scheme", "host", "path", "query", "url", "lastpathcomponent"]

    /// The words of every file, the names bound across all of them first
    /// (a domain list declared in one file, compared in another).
    static func words(in files: [SwiftSourceFile]) -> [Word] {
        let names = BoundNames(viewMode: .sourceAccurate)
        for file in files { names.walk(file.tree) }
        return files.flatMap { file in
            let visitor = Visitor(file: file, urlNames: names.found, collections: names.collections)
            visitor.walk(file.tree)
            return visitor.words
        }
    }

    static func namesURLPart(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return partNames.contains { lowered.contains($0) }
    }

    /// Whether a node's identifiers name a URL part, read token by token
    /// (an initializer may be a whole closure).
    static func namesURLPart(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { token in
            if case .identifier = token.tokenKind { return namesURLPart(token.text) }
            return false
        }
    }

    /// The names bound to a URL's parts (`let parts = url.pathComponents`),
    /// and the names of literal string collections (`static let domains: Set<String> = ["a.org", ...]`).
    private final class BoundNames: SyntaxVisitor {
        var found: Set<String> = []
        var collections: [String: [StringLiteralExprSyntax]] = [:]

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
               URLVocabulary.namesURLPart(value) {
                found.insert(name)
            }
            return .visitChildren
        }

        /// The one URL literal (`scheme://...`) a URL constant is built from
        /// (`URL(string: "https://e.org/")!`, `.init(string: "...").forceUnwrapped`).
        static func urlLiteral(_ value: ExprSyntax) -> StringLiteralExprSyntax? {
            let literals = value.tokens(viewMode: .sourceAccurate).compactMap { token -> StringLiteralExprSyntax? in
                guard case .stringSegment(let text) = token.tokenKind, text.contains("://") else { return nil }
                var node = token.parent
                while let current = node, !current.is(StringLiteralExprSyntax.self) { node = current.parent }
                return node?.as(StringLiteralExprSyntax.self)
            }
            return literals.count == 1 ? literals[0] : nil
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value
            else { return .visitChildren }
            if URLVocabulary.namesURLPart(value) { found.insert(name) }
            if let array = value.as(ArrayExprSyntax.self) {
                let literals = array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self) }
                if !literals.isEmpty, literals.count == array.elements.count { collections[name] = literals }
            } else if let literal = value.as(StringLiteralExprSyntax.self) ?? Self.urlLiteral(value) {
                // `static let site = "https://e.org/"`, `static let site = URL(string: "https://e.org/")!`
                collections[name] = [literal]
            }
            return .visitChildren
        }
    }

    private final class Visitor: SyntaxVisitor {
        let file: SwiftSourceFile
        let urlNames: Set<String>
        let collections: [String: [StringLiteralExprSyntax]]
        var words: [Word] = []

        init(file: SwiftSourceFile, urlNames: Set<String>, collections: [String: [StringLiteralExprSyntax]]) {
            self.file = file
            self.urlNames = urlNames
            self.collections = collections
            super.init(viewMode: .sourceAccurate)
        }

        /// Whether an expression names a URL part, or a local bound to one.
        func namesURLPart(_ node: some SyntaxProtocol) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains { token in
                guard case .identifier(let name) = token.tokenKind else { return false }
                return urlNames.contains(name) || URLVocabulary.namesURLPart(name)
            }
        }

        /// `a == "x"` as the parser leaves it, operators not folded.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (index, element) in elements.enumerated() where index > 0 && index < elements.count - 1 {
                guard let op = element.as(BinaryOperatorExprSyntax.self), ["==", "!=", "~="].contains(op.operator.text) else { continue }
                // The operands next to the operator, up to the neighbouring `&&`, `||` or `,`.
                if let literal = elements[index + 1].as(StringLiteralExprSyntax.self), namesURLPart(elements[index - 1]) { add(literal) }
                if let literal = elements[index - 1].as(StringLiteralExprSyntax.self), namesURLPart(elements[index + 1]) { add(literal) }
            }
            return .visitChildren
        }

        func add(_ literal: StringLiteralExprSyntax) {
            guard literal.segments.count == 1, case .stringSegment(let segment)? = literal.segments.first,
                  !file.index.isPreview(literal.positionAfterSkippingLeadingTrivia.utf8Offset) else { return }
            let citation = DraftSpec.Citation(file: file.path, line: file.line(of: literal))
            let text = segment.content.text.lowercased()
            for part in text.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "?" || $0 == "&" || $0 == "=" }) where !part.isEmpty {
                words.append(Word(text: String(part), citation: citation))
            }
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if let op = node.operator.as(BinaryOperatorExprSyntax.self), ["==", "!=", "~="].contains(op.operator.text) {
                if let literal = node.rightOperand.as(StringLiteralExprSyntax.self), namesURLPart(node.leftOperand) { add(literal) }
                if let literal = node.leftOperand.as(StringLiteralExprSyntax.self), namesURLPart(node.rightOperand) { add(literal) }
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return .visitChildren }
            switch member.declName.baseName.text {
            case "hasPrefix", "hasSuffix", "contains", "starts", "range":
                if namesURLPart(base) {
                    for argument in node.arguments {
                        if let literal = argument.expression.as(StringLiteralExprSyntax.self) { add(literal) }
                        // `url.absoluteString.contains(Defaults.URL.site.absoluteString)`: the constant's literal.
                        for token in argument.expression.tokens(viewMode: .sourceAccurate) {
                            if case .identifier(let name) = token.tokenKind { for literal in collections[name] ?? [] { add(literal) } }
                        }
                    }
                } else if node.arguments.contains(where: { namesURLPart($0.expression) }) {
                    // `["http", "https"].contains(url.scheme)`, `Self.domains.contains(host)`.
                    if let array = base.as(ArrayExprSyntax.self) {
                        for element in array.elements { if let literal = element.expression.as(StringLiteralExprSyntax.self) { add(literal) } }
                    } else if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text
                                ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                        for literal in collections[name] ?? [] { add(literal) }
                    }
                }
            default:
                break
            }
            return .visitChildren
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            guard namesURLPart(node.subject) else { return .visitChildren }
            for switchCase in node.cases {
                guard let items = switchCase.as(SwitchCaseSyntax.self)?.label.as(SwitchCaseLabelSyntax.self)?.caseItems else { continue }
                for item in items {
                    if let literal = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(StringLiteralExprSyntax.self) { add(literal) }
                }
            }
            return .visitChildren
        }
    }
}
#endif
