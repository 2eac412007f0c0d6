#if SwiftSource
import NavFlowDiagnostics
import NavFlowSource
import SwiftSyntax

/// A check of SwiftUI navigation code, as data: its descriptor (id,
/// severity, summary), why it matters, the Swift snippets that trigger it
/// and those that do not (the tests are generated from them), and the
/// check itself. In a triggering snippet, `↓` marks where each finding
/// starts.
public struct LintRule: Sendable {
    public let descriptor: RuleDescriptor
    /// What goes wrong in the app, and what to write instead.
    public let rationale: String
    public let triggering: [String]
    public let nonTriggering: [String]
    let check: @Sendable (LintScope) -> [Diagnostic]

    init(id: String, severity: Severity, summary: String, rationale: String,
         triggering: [String], nonTriggering: [String],
         check: @escaping @Sendable (LintScope) -> [Diagnostic]) {
        descriptor = RuleDescriptor(id: RuleID(rawValue: id), severity: severity, phase: .source, summary: summary)
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.check = check
    }

    public var id: RuleID { descriptor.id }
}

/// What a rule's check is given: one file, the facts of all the files,
/// and the rule, whose findings it makes.
struct LintScope {
    let descriptor: RuleDescriptor
    let files: [SwiftSourceFile]
    /// The number of the file checked, in `files` (the facts' numbering).
    let fileIndex: Int
    let facts: SourceFacts

    var file: SwiftSourceFile { files[fileIndex] }

    /// Every call of the file, in source order.
    var calls: [FunctionCallExprSyntax] { file.index.calls }

    /// A finding of the rule at a node of the file.
    func finding(_ message: String, at node: some SyntaxProtocol, notes: [DiagnosticNote] = [],
                 fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(rule: descriptor.id, severity: descriptor.severity, message: message, file: file.path,
                   range: file.range(of: node), notes: notes, fixIts: fixIts)
    }

    /// A note pointing at a node of file number `index`; outside this
    /// file the note names the file and line, since a note's range is in
    /// the finding's file.
    func note(_ message: String, at node: some SyntaxProtocol, inFile index: Int) -> DiagnosticNote {
        let other = files[index]
        if index == fileIndex { return DiagnosticNote(message: message, range: file.range(of: node)) }
        return DiagnosticNote(message: "\(message) (\(other.path):\(other.line(of: node)))")
    }
}

/// Visits every call of a file, for the checks that look at calls.
final class CallVisitor: SyntaxVisitor {
    private let body: (FunctionCallExprSyntax) -> Void

    init(_ body: @escaping (FunctionCallExprSyntax) -> Void) {
        self.body = body
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        body(node)
        return .visitChildren
    }

    /// Every call of `tree`, in source order.
    static func calls(in tree: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        CallVisitor { calls.append($0) }.walk(tree)
        return calls
    }
}
#endif
