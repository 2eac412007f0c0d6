import NavFlowDiagnostics
import NavFlowSpec

/// The part of `deeplink-invalid` that the target alone decides: a target
/// path that pushes a screen its stack does not register, or that is longer
/// than the stack's depth. Handling such a link fails from every state.
public struct DeepLinkTargetProperty: StructuralProperty {
    public static var descriptor: RuleDescriptor { DeepLinkInvalidProperty.descriptor }

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        spec.deepLinks.flatMap { findings(for: $0, in: spec) }
    }

    /// The links whose target is invalid whatever the state they are opened
    /// in: those this property reports.
    public static func linksInvalidFromEveryState(in spec: FlowSpec) -> Set<Int> {
        let property = DeepLinkTargetProperty()
        return Set(spec.deepLinks.indices.filter { !property.findings(for: spec.deepLinks[$0], in: spec).isEmpty })
    }

    private func findings(for link: DeepLink, in spec: FlowSpec) -> [Diagnostic] {
        link.handlers.flatMap { findings(for: $0.target, of: link, in: spec) }
    }

    private func findings(for target: DeepLinkTarget, of link: DeepLink, in spec: FlowSpec) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var base = spec.root
        if let tab = target.tab, let view = spec.rootTabView { base = view.tabs[tab].content }
        let columns: [Content] = if case .split(let split) = base { spec.splits[split].columns } else { [base] }
        for (index, column) in target.columns.enumerated() where index < columns.count {
            guard case .stack(let stack) = columns[index] else { continue }
            findings += checkPath(column.path, in: stack, link: link, target: target, spec: spec)
        }
        for modal in target.modals {
            guard case .stack(let stack) = modal.content else { continue }
            findings += checkPath(modal.path, in: stack, link: link, target: target, spec: spec)
        }
        return findings
    }

    private func checkPath(_ path: [Route], in stack: Int, link: DeepLink, target: DeepLinkTarget,
                           spec: FlowSpec) -> [Diagnostic] {
        let declaration = spec.stacks[stack]
        var findings: [Diagnostic] = []
        for route in path where !declaration.destinations.contains(route.screen) {
            let name = spec.screens[route.screen].name
            findings.append(finding(
                "\(link.subject) pushes '\(name)' onto stack '\(declaration.name)', which does not register it as a destination; SwiftUI would show nothing",
                at: route.range, in: spec,
                notes: [DiagnosticNote(message: "add 'destination \(name)' to stack '\(declaration.name)'", range: declaration.range)]))
        }
        if path.count > declaration.depth {
            findings.append(finding(
                "\(link.subject) builds a path of \(path.count) screens in stack '\(declaration.name)', deeper than its depth \(declaration.depth)",
                at: target.range, in: spec,
                notes: [DiagnosticNote(message: "raise the stack's 'depth' to at least \(path.count)", range: declaration.range)]))
        }
        return findings
    }
}
