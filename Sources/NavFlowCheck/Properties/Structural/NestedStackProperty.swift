import NavFlowDiagnostics
import NavFlowSpec

/// `nested-stack`: a stack pushed as a route, or registered as a
/// destination of another stack, directly or through a destination set. SwiftUI does not support a
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
        for (setIndex, set) in spec.destinationSets.enumerated() {
            let including = spec.stacks(including: setIndex)
            for nested in set.nestedStacks {
                let name = spec.stacks[nested.stack].name
                let includers: String
                switch including.count {
                case 0: includers = ""
                case 1: includers = ", which stack '\(spec.stacks[including[0]].name)' includes"
                default: includers = ", which \(including.count) stacks include"
                }
                var notes = including.map { stackIndex in
                    let stack = spec.stacks[stackIndex]
                    let inclusion = stack.includedSets.first { $0.set == setIndex }!
                    return DiagnosticNote(message: "stack '\(stack.name)' includes '\(set.name)' here", range: inclusion.range)
                }
                notes.append(DiagnosticNote(message: "list the root screen '\(spec.screens[spec.stacks[nested.stack].root].name)' instead, or present '\(name)' with 'sheet'"))
                findings.append(finding(
                    "stack '\(name)' is listed in destination set '\(set.name)'\(includers); stacks do not nest",
                    at: nested.range, in: spec, notes: notes))
            }
        }
        for screen in spec.screens {
            for block in screen.statementBlocks {
                for statement in block.statements {
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
