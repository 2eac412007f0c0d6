import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// A property judged on the explored state graph. Each rule of `verify`
/// that needs exploration is one type; the explorer knows none of them.
public protocol GraphProperty: FlowProperty {
    func check(_ analysis: GraphAnalysis) -> [Diagnostic]
}

extension GraphProperty {
    func finding(_ message: String, at range: SourceRange, in analysis: GraphAnalysis,
                 severity: Severity? = nil, notes: [DiagnosticNote] = [], witness: Witness? = nil) -> Diagnostic {
        Diagnostic(rule: rule, severity: severity ?? descriptor.severity, message: message, file: analysis.spec.file.path,
                   range: range, notes: notes, witness: witness)
    }
}

/// The graph properties `verify` checks, in the catalogue's order.
public enum GraphProperties {
    public static let all: [any GraphProperty] = RuleCatalog.properties.compactMap { $0 as? any GraphProperty }
}
