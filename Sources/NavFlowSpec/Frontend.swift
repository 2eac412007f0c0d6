import NavFlowDiagnostics
import NavFlowSource

/// The spec front end in one call: lex, parse and, when the text parsed
/// cleanly, resolve into a checked `FlowSpec`.
public enum Frontend {
    /// What reading one spec file produced.
    public struct Output: Sendable {
        public var file: SourceFile
        public var syntax: SpecSyntax
        /// Nil when there is any front-end error.
        public var spec: FlowSpec?
        /// Every front-end diagnostic, in source order.
        public var diagnostics: [Diagnostic]
        /// The file's `// navflow:` comments, in source order.
        public var directives: [SuppressionDirective] = []
        /// The file's `// navflow:code` comments, in source order (for `drift`).
        public var codeDirectives: [CodeDirective] = []
    }

    /// What the front end reads at most; larger input is an `input-limit`
    /// error (exit 2) rather than minutes of work or a memory blow-up.
    public enum Limits {
        /// The largest spec file read: 64 MiB.
        public static let maxFileBytes = 64 << 20
        /// The longest identifier: 1,024 bytes.
        public static let maxIdentifierBytes = 1_024
        /// The most declarations in one spec: 1,000,000.
        public static let maxDeclarations = 1_000_000
    }

    /// Reads a spec. Names are resolved only when there is no syntax error,
    /// so a typo never causes a cascade of unknown-name errors.
    public static func load(_ file: SourceFile) -> Output {
        if file.bytes.count > Limits.maxFileBytes {
            let diagnostic = Diagnostic(rule: .inputLimit, severity: .error,
                                        message: "the file is \(file.bytes.count >> 20) MiB; specs may be at most \(Limits.maxFileBytes >> 20) MiB",
                                        file: file.path, range: file.range(0, 0))
            return Output(file: file, syntax: SpecSyntax(app: nil, declarations: []), spec: nil, diagnostics: [diagnostic])
        }
        let parsed = Parser.parseKeepingTrivia(file)
        let syntax = parsed.syntax
        let directives = SuppressionDirectives.collect(file: file, syntax: syntax, tokens: parsed.tokens,
                                                       comments: parsed.comments)
        let codeDirectives = CodeDirective.collect(file: file, syntax: syntax, tokens: parsed.tokens, comments: parsed.comments)
        var syntaxDiagnostics = parsed.diagnostics
        if syntax.declarations.count > Limits.maxDeclarations {
            syntaxDiagnostics.append(Diagnostic(rule: .inputLimit, severity: .error,
                                                message: "the spec has \(syntax.declarations.count) declarations; at most \(Limits.maxDeclarations) are read",
                                                file: file.path, range: file.range(0, 0)))
        }
        if syntaxDiagnostics.containsErrors {
            return Output(file: file, syntax: syntax, spec: nil, diagnostics: syntaxDiagnostics.sortedByLocation(),
                          directives: directives, codeDirectives: codeDirectives)
        }
        let (spec, diagnostics) = Resolver.resolve(syntax, file: file)
        return Output(file: file, syntax: syntax, spec: spec,
                      diagnostics: (syntaxDiagnostics + diagnostics).sortedByLocation(), directives: directives,
                      codeDirectives: codeDirectives)
    }
}
