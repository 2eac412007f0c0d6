import NavFlowModel
import NavFlowSpec

/// A push onto the context's stack when it registers the chosen screen (any
/// stack, for `push R inline`): at the stack's depth the step is cut off.
extension PushStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        site.inContext(Self.pushOntoContextStack(in: program, at: site, needsRegistration: !inline))
    }

    /// The push onto the stack of the context `cx` already names.
    static func pushOntoContextStack(in program: PromelaExporter, at site: PromelaStatementSite,
                                     needsRegistration: Bool = true) -> [String] {
        guard let route = site.chosenRoute else { return [] }
        let spec = program.spec
        let screen = program.routes.screen(of: route)
        let stacks = spec.stacks.indices.filter { !needsRegistration || spec.stacks[$0].destinations.contains(screen) }
        var lines = ["  contextStack();", "  if"]
        for stack in stacks {
            lines.append("  :: st == \(stack) && plen >= \(spec.stacks[stack].depth) -> \(site.cut) = 0")
            lines.append("  :: st == \(stack) && plen < \(spec.stacks[stack].depth) -> contextPush(\(route))")
        }
        lines.append("  :: else -> skip")
        lines.append("  fi;")
        return lines
    }
}
