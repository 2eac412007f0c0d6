import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `deeplink-out-of-context`: a deep link presents a modal over a state in
/// which the app itself never presents it. What the link builds (its tab,
/// its paths, the modals it presents) is reachable in-app; what it leaves
/// as it was is where the user is. The combination, say a settings sheet
/// over a pushed detail page when the app offers settings only on the
/// root, is one no tap produces: worth knowing, but not a fabricated back
/// stack (`deeplink-unreachable`). `anywhere` after the target declares
/// the link valid over any state.
public struct DeepLinkOutOfContextProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkOutOfContext, severity: .warning, phase: .exploration,
        summary: "A deep link presents a modal over a state where the app itself never presents it.",
        givesWitness: true, examples: .defects(.deeplinkOutOfContext))

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        let model = analysis.model
        let spec = analysis.spec
        return analysis.linkFindings.compactMap { found in
            guard case .presentsOutOfContext(let presentable, let landing) = found.problem,
                  case .deepLink(let link, _) = found.step else { return nil }
            let declaration = spec.deepLinks[link]
            let name = spec.name(of: model.shape.presentables[presentable])
            let beneath = Self.screenBeneath(presentable, in: analysis.state(landing), model: model)
            let over = beneath.map { " over '\(spec.screens[$0].name)'" } ?? ""
            let handlers = declaration.handlers.filter { !$0.target.modals.isEmpty && !$0.anywhere }
            let fixIts = handlers.map { FixIt(range: SourceRange(start: $0.range.end, end: $0.range.end), replacement: " anywhere") }
            // The message reads the link alone (see `linkDiagnostics`).
            var diagnostic = finding("\(declaration.subject) presents a modal over a state where the app itself never presents it",
                                     at: declaration.patternRange, in: analysis,
                                     notes: [.witnessShows("it presents '\(name)'\(over)"),
                                             DiagnosticNote(message: "the link keeps where the user is and builds what no tap builds there; if '\(name)' may show over any screen, write 'anywhere' after the target")],
                                     witness: analysis.witness(to: found.source, then: found.step))
            diagnostic.fixIts = fixIts
            return diagnostic
        }
    }

    /// The screen on screen beneath the first modal `presentable` of a state.
    static func screenBeneath(_ presentable: Int, in state: NavState, model: FlowModel) -> Int? {
        guard let index = state.modals.firstIndex(where: { $0.presentable == presentable }) else { return nil }
        let route: Int
        if index > 0 {
            route = model.visibleRoute(of: state.modals[index - 1])
        } else {
            let slot = model.shape.activeSlots(selectedTab: state.selectedTab).lowerBound + state.modals[0].presenterColumn
            route = model.visibleRoute(of: .slot(slot), in: state)
        }
        return model.routes.screen(of: route)
    }
}

extension RuleID {
    public static let deeplinkOutOfContext = RuleID(rawValue: "deeplink-out-of-context")
}
