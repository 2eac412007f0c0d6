import NavFlowDiagnostics
import NavFlowSpec

/// `nested-stack`: a stack pushed as a route, or registered as a
/// destination of another stack. SwiftUI does not support a
/// `NavigationStack` inside another one's path.
public struct NestedStackProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .nestedStack, severity: .error, phase: .structural,
        summary: "A navigation stack pushed onto, or registered in, another stack.",
        givesWitness: false, examples: .defects(.nestedStack))

    public init() {}

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for stack in spec.stacks {
            for nested in stack.nestedDestinations {
                let name = spec.stacks[nested.stack].name
                findings.append(finding(
                    "stack '\(name)' is registered as a destination of stack '\(stack.name)'; stacks do not nest",
                    at: nested.range, in: spec,
                    notes: [DiagnosticNote(message: "register the root screen '\(spec.screens[spec.stacks[nested.stack].root].name)' instead, or present '\(name)' with 'sheet'")]))
            }
        }
        for screen in spec.screens {
            for edge in screen.edges {
                for statement in edge.statements {
                    guard case .pushStack(let stack) = statement.kind else { continue }
                    let name = spec.stacks[stack].name
                    findings.append(finding(
                        "screen '\(screen.name)' pushes stack '\(name)'; a NavigationStack cannot be pushed inside another",
                        at: statement.range, in: spec,
                        notes: [DiagnosticNote(message: "push its root '\(spec.screens[spec.stacks[stack].root].name)', or present the stack with 'sheet \(name)'")]))
                }
            }
        }
        return findings
    }
}

extension RuleID {
    public static let nestedStack = RuleID(rawValue: "nested-stack")
}
