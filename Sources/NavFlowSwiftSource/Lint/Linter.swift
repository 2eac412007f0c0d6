#if SwiftSource
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource

/// Runs the navigation checks of `lint` on a code base.
public enum Linter {
    /// Every rule, in the order of the documentation.
    public static let rules: [LintRule] = [
        .navigationView,
        .destinationInLazyContainer,
        .viewLinkInValueStack,
        .nestedNavigationStack,
        .severalSheetsOnOneView,
        .viewInNavigationPath,
        .routerInsideObservable,
        .platformSwitchedContainer,
        .navigationPathWithoutCodable,
        .navigationModifierAppliedTwice,
    ]

    /// What a run of `lint` found.
    public struct Result: Sendable {
        /// The findings that stand, with those about suppression comments, sorted.
        public var diagnostics: [Diagnostic]
        /// The findings a comment suppressed.
        public var suppressed: [SuppressedDiagnostic]
    }

    /// Lints the files with every rule, then applies their suppression
    /// comments: a comment naming a rule of `lint` that suppresses nothing
    /// is a `superfluous-suppression` finding, one naming no such rule an
    /// `invalid-suppression` finding.
    public static func run(_ sources: [SourceFile]) -> Result {
        let files = sources.map(SwiftSourceFile.init)
        let found = lint(files, rules: rules)
        let catalog = rules.map(\.descriptor)
        let checked = Set(catalog.map(\.id))
        var result = Result(diagnostics: [], suppressed: [])
        for file in files {
            let outcome = SuppressionFilter.apply(LintSuppressions.directives(in: file), to: found.filter { $0.file == file.path },
                                                  file: file.path, checked: checked, catalog: catalog)
            result.diagnostics += outcome.diagnostics
            result.suppressed += outcome.suppressed
        }
        result.diagnostics = result.diagnostics.sortedByLocation()
        return result
    }

    /// The findings of `rules` on the files, outside preview code
    /// (`#Preview`, `PreviewProvider` types), which are read together (a
    /// view pushed in one file may show a stack in another), sorted by
    /// file and position.
    public static func lint(_ sources: [SourceFile], rules: [LintRule] = rules) -> [Diagnostic] {
        lint(sources.map(SwiftSourceFile.init), rules: rules)
    }

    static func lint(_ files: [SwiftSourceFile], rules: [LintRule]) -> [Diagnostic] {
        let facts = SourceFacts(files)
        var findings: [Diagnostic] = []
        for (index, file) in files.enumerated() {
            for rule in rules {
                // Preview code is not the app.
                findings += rule.check(LintScope(descriptor: rule.descriptor, files: files, fileIndex: index, facts: facts))
                    .filter { !file.index.isPreview($0.range.start.offset) }
            }
        }
        return findings.sortedByLocation()
    }
}
#endif
