import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `deeplink-unreachable`: the link lands on its target, but no in-app
/// navigation reaches that state: it fabricates a back stack, or bypasses
/// a gate (a locked sign-in, onboarding).
public struct DeepLinkUnreachableProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkUnreachable, severity: .error, phase: .exploration,
        summary: "A deep link lands on a state that no in-app navigation reaches.",
        givesWitness: true, examples: .defects(.deeplinkUnreachable))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(self, select: { $0 == .landsUnreachable }, message: { link in
            "\(link.subject) lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate"
        }, notes: { _ in
            [DiagnosticNote(message: "build the target path in the order users navigate, or add 'requires' (with 'else') for the gate the link skips")]
        }, refined: { link in
            // A target showing a screen that only deep links show (at any
            // depth) is unreachable in-app by construction;
            // `deeplink-only-screen` reports the screen, and this finding
            // only points at the link.
            let spec = analysis.spec
            if let linkOnly = link.handlers.flatMap({ DepthCuts.screens(of: $0.target, in: spec) }).first(where: {
                analysis.visibleAnywhere[$0] && !analysis.visibleInApp[$0] && analysis.depthCuts.cut(reachingInApp: $0) == nil
            }) {
                let name = spec.screens[linkOnly].name
                return ("\(link.subject) shows '\(name)', which only deep links show, so no in-app navigation reaches where it lands",
                        [DiagnosticNote(message: "see deeplink-only-screen at '\(name)'; if the screen is link-only by design, this is expected",
                                        range: spec.screens[linkOnly].range)], .note)
            }
            // A target presenting a modal that nothing in the app presents
            // (an app-level sheet for links) is unreachable in-app by design
            // or for want of a tap: a warning at the link, with the modal.
            if let modal = Self.linkOnlyModal(of: link, in: spec) {
                let name = spec.name(of: modal)
                return ("\(link.subject) presents '\(name)', which only deep links present, so no in-app navigation reaches where it lands",
                        [DiagnosticNote(message: "if '\(name)' is where the app shows what links open, this is expected; otherwise add the tap that presents it",
                                        range: Self.range(of: modal, in: spec))], .warning)
            }
            guard let cut = Self.depthCut(for: link, in: analysis) else { return nil }
            return ("\(link.subject) lands on a state no in-app navigation reaches \(cut.within(analysis.spec))",
                    cut.notes(analysis.spec), .warning)
        })
    }

    /// The first modal the link's target presents that no edge and no
    /// `launch` statement presents, for a link of one handler whose target
    /// only presents (a path elsewhere could be the cause instead).
    static func linkOnlyModal(of link: DeepLink, in spec: FlowSpec) -> Content? {
        guard link.handlers.count == 1, let target = link.handlers.first?.target,
              target.columns.allSatisfy({ $0.path.isEmpty && $0.shows == nil }) else { return nil }
        let presented = spec.contentsPresentedByStatements(linkElses: false)
        return link.handlers.flatMap(\.target.modals).map(\.content).first { !presented.contains($0) }
    }

    private static func range(of content: Content, in spec: FlowSpec) -> SourceRange {
        switch content {
        case .screen(let index): spec.screens[index].range
        case .stack(let index): spec.stacks[index].range
        case .tabs(let index): spec.tabViews[index].range
        case .split(let index): spec.splits[index].range
        }
    }

    /// The cut the verdict depends on, if any. The link lands on its
    /// target paths and modals over an explored source's flags and other
    /// tabs; pushes and pops alone reach a path the same way at any depth,
    /// so only the guards on the way can make the landing state reachable
    /// deeper: the verdict is qualified when a guard of an edge that builds
    /// the target (a push along a path, a presentation of a target modal)
    /// or the target tab's `hidden if` reads a flag set beyond a cut. A
    /// target no edges build (a path with a screen after one that never
    /// pushes it, a modal nothing presents) is unreachable at any depth.
    static func depthCut(for link: DeepLink, in analysis: GraphAnalysis) -> DepthCuts.Cut? {
        let spec = analysis.spec
        let edges = spec.screens.flatMap(\.statementBlocks)
        var flags = Set<Int>()
        /// The guards' flags of the edges that run a statement `matches`
        /// accepts; false when no edge does.
        func building(_ matches: (Statement.Kind) -> Bool, from screens: [Int]? = nil) -> Bool {
            let candidates = screens.map { $0.flatMap { spec.screens[$0].statementBlocks } } ?? edges
            let found = candidates.filter { $0.statements.contains { matches($0.kind) } }
            for edge in found { flags.formUnion(edge.condition?.flagsRead ?? []) }
            return !found.isEmpty
        }
        func root(of content: Content?) -> Int? {
            if case .stack(let stack)? = content { return spec.stacks[stack].root }
            return nil
        }
        // Each path with the screen it is pushed onto, when the target says.
        var paths: [(base: Int?, path: [Route])] = []
        var hiddenFlags = Set<Int>()
        for handler in link.handlers {
            let target = handler.target
            let tab = target.tab.flatMap { tab in spec.rootTabView.map { $0.tabs[tab] } }
            hiddenFlags.formUnion(tab?.hiddenIf?.flagsRead ?? [])
            let baseContent = spec.rootTabView == nil ? spec.root : tab?.content
            for column in target.columns {
                // Appended routes go on top of whatever the path holds: no known screen beneath.
                // `under modals` writes whichever path is the router's current one.
                let base = target.appends || target.describesCurrentContext || handler.underModals ? nil
                    : column.shows?.screen ?? (target.columns.count == 1 ? root(of: baseContent) : nil)
                paths.append((base, column.path))
            }
            for modal in target.modals {
                paths.append((root(of: modal.content), modal.path))
                let built = building({
                    if case .present(_, let content) = $0 { return content == modal.content } else { return false }
                })
                if !built { return nil }
            }
        }
        for (base, path) in paths {
            let screens = (base.map { [$0] } ?? []) + path.map(\.screen)
            for (from, to) in zip(screens, screens.dropFirst()) {
                let built = building({
                    switch $0 {
                    case .push(let route), .pushUnderModals(let route), .pushInline(let route): return route.screen == to
                    default: return false
                    }
                }, from: [from])
                if !built { return nil }
            }
        }
        flags.formUnion(hiddenFlags)
        return analysis.depthCuts.cut(setting: flags)
    }
}

extension RuleID {
    public static let deeplinkUnreachable = RuleID(rawValue: "deeplink-unreachable")
}
