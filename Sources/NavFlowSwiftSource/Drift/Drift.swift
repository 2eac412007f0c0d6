#if SwiftSource
import NavFlowDiagnostics
import NavFlowReport
import NavFlowSource
import NavFlowSpec

/// The spec and the code side by side: the screens, stacks, destinations,
/// presentations, tabs and deep links that one has and the other does
/// not, each a finding at its own side with the other side's place in a
/// note. The code side is what `extract` reads from the sources.
///
/// Elements are matched by name (docs/drift.md): a spec element matches a
/// code element when their names agree once case, `View`/`Screen` (and, for
/// stacks, `Stack`) endings and punctuation are set aside, or when a screen
/// is named after the route case that leads to the view. A
/// `// navflow:code NAME ...` comment gives an element the names it has in
/// the code; `// navflow:code none` marks it absent from the code on
/// purpose; `// navflow:code-only NAME ...` names views of the code the spec
/// leaves out on purpose.
public enum Drift {
    /// Every rule of `drift`: one per kind of element.
    public static let rules: [RuleDescriptor] = Kind.allCases.map(\.descriptor) + [invalidDirective]

    /// A `navflow:code` comment that says something the code contradicts.
    public static let invalidDirective = RuleDescriptor(
        id: RuleID(rawValue: "drift-invalid-directive"), severity: .warning, phase: .source,
        summary: "A `navflow:code` comment that matches nothing, or marks absent an element the code has.")

    /// The kinds of element compared.
    public enum Kind: String, CaseIterable, Sendable {
        case screen, stack, destination, presentation, tab, deepLink = "deep-link"

        public var descriptor: RuleDescriptor {
            RuleDescriptor(id: RuleID(rawValue: "drift-\(rawValue)"), severity: .error, phase: .source, summary: summary)
        }

        var summary: String {
            switch self {
            case .screen: "A screen of the spec with no view in the code, or a view the code navigates to that the spec lacks."
            case .stack: "A navigation stack in one of the spec and the code and not in the other."
            case .destination: "A destination one side's stack registers and the other side's same stack does not."
            case .presentation: "A sheet, cover or popover presented on one side and not on the other, or as another kind."
            case .tab: "A tab of the root tab view on one side and not on the other."
            case .deepLink: "A deep link whose scheme, host or path the app never declares or compares, or a URL scheme or domain the app declares that no deep link uses."
            }
        }

        /// The element's name in messages.
        var noun: String {
            switch self {
            case .deepLink: "deep link"
            default: rawValue
            }
        }
    }

    /// How many elements of one kind were compared, and how.
    public struct Tally: Sendable, Equatable {
        public var matched = 0
        public var onlyInSpec = 0
        public var onlyInCode = 0
        /// Marked intentionally absent (`navflow:code none`, `navflow:code-only`).
        public var intentional = 0
        /// Present on both sides but not compared (a deep link's URL shape).
        public var notCompared = 0
    }

    /// What a comparison found.
    public struct Result: Sendable {
        /// The findings, spec file first, then the Swift files, in position order.
        public var diagnostics: [Diagnostic]
        /// Per kind, in `Kind.allCases` order.
        public var tallies: [(kind: Kind, tally: Tally)]
        /// What the comparison could not decide, for the report's notes.
        public var remarks: [String]
    }

    /// A name as `drift` compares it: letters and digits, lowercased,
    /// without the endings a view's type name often carries (`View`,
    /// `Screen`, `Sheet`, `Page`, `Tab`, `Content`), and without `Stack`
    /// for a stack's name; never empty when the name is not.
    public static func key(_ name: String, stack: Bool = false) -> String {
        DriftComparison.key(name, stack: stack)
    }

    /// Compares a spec (with its `navflow:code` comments) with the draft
    /// `extract` makes of the Swift files.
    /// `manifests` are the app's property lists (`Info.plist`,
    /// entitlements), for the URL schemes and domains it declares.
    public static func compare(spec: FlowSpec, directives: [CodeDirective], sources: [SourceFile],
                               manifests: [SourceFile] = []) -> Result {
        var comparison = DriftComparison(spec: spec, directives: directives, sources: sources,
                                         draft: Extractor.extract(sources), manifests: manifests)
        return comparison.run()
    }
}
extension DriftReport {
    /// The report of a comparison of `spec` with the Swift `files`.
    public init(spec: SourceFile, files: [SourceFile], result: Drift.Result) {
        self.init(spec: spec, files: files, diagnostics: result.diagnostics,
                  rows: result.tallies.map { kind, tally in
                      Row(kind: kind.rawValue, matched: tally.matched, onlyInSpec: tally.onlyInSpec, onlyInCode: tally.onlyInCode,
                          intentional: tally.intentional, notCompared: tally.notCompared)
                  },
                  remarks: result.remarks, rules: Drift.rules)
    }
}
#endif
