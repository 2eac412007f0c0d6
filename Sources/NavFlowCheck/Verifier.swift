import NavFlowSpec

/// Runs `verify` on one spec file: the front end, then every property.
/// It never prints; callers render the findings and choose the exit code.
public enum Verifier {
    /// The outcome of verifying one spec.
    public struct Result: Sendable {
        public var file: SourceFile
        /// The checked spec; nil when the front end reported errors.
        public var spec: FlowSpec?
        /// Front-end diagnostics, then property findings, in source order.
        public var diagnostics: [Diagnostic]

        /// Whether the spec could not be read into a model (exit 2).
        public var hasInputErrors: Bool { spec == nil }
    }

    public static func verify(_ file: SourceFile,
                              properties: [any StructuralProperty] = StructuralProperties.all) -> Result {
        let output = Frontend.load(file)
        guard let spec = output.spec else {
            return Result(file: file, spec: nil, diagnostics: output.diagnostics)
        }
        var diagnostics = output.diagnostics
        for property in properties {
            diagnostics += property.check(spec)
        }
        return Result(file: file, spec: spec, diagnostics: diagnostics.sortedByLocation())
    }
}
