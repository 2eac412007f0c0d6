import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// A property judged on the checked spec alone, without exploring states:
/// a structural defect (a stack pushed onto a stack), an analysis of the
/// deep-link patterns, or a declaration nothing reads.
public protocol StructuralProperty: FlowProperty {
    /// Every violation in the spec, as diagnostics of `rule`.
    func check(_ spec: FlowSpec) -> [Diagnostic]
}

extension StructuralProperty {
    func finding(_ message: String, at range: SourceRange, in spec: FlowSpec,
                 notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(rule: rule, severity: descriptor.severity, message: message, file: spec.file.path, range: range,
                   notes: notes, fixIts: fixIts)
    }
}

/// The structural properties `verify` checks, in the catalogue's order.
public enum StructuralProperties {
    public static let all: [any StructuralProperty] = RuleCatalog.properties.compactMap { $0 as? any StructuralProperty }
}
