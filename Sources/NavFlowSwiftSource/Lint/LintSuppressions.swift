#if SwiftSource
import NavFlowSource
import NavFlowSpec
import SwiftSyntax

/// The `// navflow:disable RULE ...` and `// navflow:disable-file RULE ...`
/// comments of a Swift file. A `disable` comment on its own line covers
/// the statement, declaration or member that starts at the next token; a
/// `disable-file` comment, the whole file.
enum LintSuppressions {
    static func directives(in file: SwiftSourceFile) -> [SuppressionDirective] {
        var directives: [SuppressionDirective] = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia {
                defer { offset += piece.sourceLength.utf8Length }
                guard case .lineComment(let text) = piece, text.hasPrefix("//") else { continue }
                let end = offset + piece.sourceLength.utf8Length
                guard var directive = SuppressionDirective.parse(comment: String(text.dropFirst(2)), from: offset, to: end, in: file.file)
                else { continue }
                if case .item = directive.scope {
                    directive.scope = .item(item(startingAt: token).map { file.range(of: $0) })
                }
                directives.append(directive)
            }
        }
        return directives
    }

    /// The statement, declaration or member that begins with `token`.
    private static func item(startingAt token: TokenSyntax) -> Syntax? {
        var found: Syntax?
        var node = token.parent
        while let current = node, current.firstToken(viewMode: .sourceAccurate) == token {
            if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) || current.is(SwitchCaseSyntax.self) {
                found = current
            }
            node = current.parent
        }
        return found
    }
}
#endif
