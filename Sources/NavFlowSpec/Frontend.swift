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
    }

    /// Reads a spec. Names are resolved only when there is no syntax error,
    /// so a typo never causes a cascade of unknown-name errors.
    public static func load(_ file: SourceFile) -> Output {
        let (syntax, syntaxDiagnostics) = Parser.parse(file)
        if syntaxDiagnostics.containsErrors {
            return Output(file: file, syntax: syntax, spec: nil, diagnostics: syntaxDiagnostics.sortedByLocation())
        }
        let (spec, diagnostics) = Resolver.resolve(syntax, file: file)
        return Output(file: file, syntax: syntax, spec: spec,
                      diagnostics: (syntaxDiagnostics + diagnostics).sortedByLocation())
    }
}
