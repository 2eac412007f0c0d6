import NavFlowSpec

/// `orphan-screen`: a declared screen that no reachable state shows, over
/// every input valuation and with deep links.
public struct OrphanScreenProperty: GraphProperty {
    public let rule = RuleID.orphanScreen

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.spec.screens.indices.filter { !analysis.visibleAnywhere[$0] }.map { screen in
            let name = analysis.spec.screens[screen].name
            return finding("screen '\(name)' is never on screen: no reachable state shows it, with or without deep links",
                           at: analysis.spec.screens[screen].range, in: analysis,
                           notes: [DiagnosticNote(message: "push, present or select '\(name)' from a reachable screen, or remove it")])
        }
    }
}

/// `deeplink-only-screen`: a screen only a deep link can show; a user
/// tapping through the app never sees it.
public struct DeepLinkOnlyScreenProperty: GraphProperty {
    public let rule = RuleID.deeplinkOnlyScreen

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.spec.screens.indices.filter { analysis.visibleAnywhere[$0] && !analysis.visibleInApp[$0] }.map { screen in
            let name = analysis.spec.screens[screen].name
            return finding("screen '\(name)' is visible only after a deep link; no in-app navigation reaches it",
                           at: analysis.spec.screens[screen].range, in: analysis,
                           notes: [DiagnosticNote(message: "add an in-app way to '\(name)' (a push, sheet or tab), or accept that it is link-only")])
        }
    }
}

/// `tab-never-visible`: a tab hidden in every reachable state.
public struct TabNeverVisibleProperty: GraphProperty {
    public let rule = RuleID.tabNeverVisible

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        guard let view = analysis.spec.rootTabView else { return [] }
        return view.tabs.indices.filter { !analysis.tabShown[$0] }.map { tab in
            finding("tab '\(view.tabs[tab].id)' is hidden in every reachable state; its 'hidden if' condition is always true",
                    at: view.tabs[tab].range, in: analysis)
        }
    }
}

/// `dead-edge`: an edge whose guard is false wherever its screen is visible.
public struct DeadEdgeProperty: GraphProperty {
    public let rule = RuleID.deadEdge

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (screen, declaration) in analysis.spec.screens.enumerated() where analysis.visibleAnywhere[screen] {
            for (index, edge) in declaration.edges.enumerated() where !analysis.guardHeld[screen][index] {
                let condition = edge.condition.map { analysis.spec.text(of: $0) } ?? "true"
                findings.append(finding("this edge of '\(declaration.name)' can never be taken: its guard '\(condition)' is false wherever '\(declaration.name)' is visible",
                                        at: edge.range, in: analysis))
            }
        }
        return findings
    }
}

/// `unused-destination`: a registered destination that neither an edge nor
/// a deep-link target ever puts on its stack.
public struct UnusedDestinationProperty: GraphProperty {
    public let rule = RuleID.unusedDestination

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (stackIndex, stack) in analysis.spec.stacks.enumerated() {
            for (destination, range) in zip(stack.destinations, stack.destinationRanges)
            where !analysis.pushed.contains(.init(stack: stackIndex, screen: destination)) {
                let name = analysis.spec.screens[destination].name
                findings.append(finding("'\(name)' is registered in stack '\(stack.name)' but nothing ever pushes it there",
                                        at: range, in: analysis,
                                        notes: [DiagnosticNote(message: "remove the registration, or push '\(name)' from a screen shown in '\(stack.name)'")]))
            }
        }
        return findings
    }
}
