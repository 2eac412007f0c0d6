import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// `open-unmatched`: an `open "url"` statement whose URL no deep-link
/// pattern matches, so handling it does nothing. Which link handles a URL
/// is the `open` statement's meaning (`OpenStatement.link(in:)`), asked here
/// rather than matched again.
public struct OpenUnmatchedProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .openUnmatched, severity: .warning, phase: .structural,
        summary: "An `open` statement's URL matches no deep-link pattern.",
        givesWitness: false, examples: .defects(.openUnmatched))

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        var statements: [Statement] = spec.launch.map(\.statement)
        statements += spec.deepLinks.flatMap(\.handlers).compactMap(\.otherwise)
        for screen in spec.screens {
            for block in screen.statementBlocks { statements += block.statements }
        }
        return statements.compactMap { statement in
            // The statement's own meaning says which link handles the URL.
            guard case .open(let url) = statement.kind, OpenStatement(url: url).link(in: spec) == nil else { return nil }
            return finding("no deep link matches \"\(url)\", so opening it does nothing; fix the URL or declare a matching 'deeplink'",
                           at: statement.range, in: spec)
        }
    }
}

extension RuleID {
    public static let openUnmatched = RuleID(rawValue: "open-unmatched")
}
