import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSpec

extension GraphAnalysis {
    /// One diagnostic per link finding that `select` accepts, at the link's
    /// pattern, with the witness that opens the link from its source.
    /// The message reads the link alone: a link is reported once per kind
    /// of problem, and which source a search meets first must not change
    /// what the finding says (a baseline matches on it); what the
    /// witness's source shows (`detail`) is the first note.
    /// A link's finding that a closer reading explains (a verdict within
    /// a depth bound, a link-only screen) gets `refined`'s message, notes
    /// and severity instead.
    func linkDiagnostics(_ property: some GraphProperty, select: (LinkProblem) -> Bool,
                         message: (DeepLink) -> String,
                         detail: (LinkProblem) -> String? = { _ in nil },
                         notes: (DeepLink) -> [DiagnosticNote],
                         refined: (DeepLink) -> (message: String, notes: [DiagnosticNote], severity: Severity)? = { _ in nil })
        -> [Diagnostic] {
        linkFindings.filter { select($0.problem) }.map { found in
            let link = spec.deepLinks[found.link]
            let witness = witness(to: found.source, then: found.step)
            if let refined = refined(link) {
                return property.finding(refined.message, at: link.patternRange, in: self, severity: refined.severity,
                                        notes: refined.notes, witness: witness)
            }
            let shown = detail(found.problem).map { [DiagnosticNote.witnessShows($0)] } ?? []
            return property.finding(message(link), at: link.patternRange, in: self, notes: shown + notes(link),
                                    witness: witness)
        }
    }
}

extension DeepLinkFailure {
    /// Why the link's result is invalid, in words.
    public func reason(in model: FlowModel) -> String {
        let spec = model.spec
        switch self {
        case .hiddenTab(let tab):
            return "tab '\(spec.rootTabView!.tabs[tab].id)' is hidden"
        case .pathOutsideStack(let slot):
            return "'\(spec.name(of: model.shape.slots[slot].declared))' is not a stack"
        case .pathOnModalScreen(let presentable):
            return "'\(spec.name(of: model.shape.presentables[presentable]))' is presented on top, and it is not a stack"
        case .unregisteredDestination(let stack, let screen):
            return "stack '\(spec.stacks[stack].name)' has no destination '\(spec.screens[screen].name)'"
        case .deeperThanStack(let stack):
            return "the path is deeper than stack '\(spec.stacks[stack].name)''s depth \(spec.stacks[stack].depth)"
        }
    }
}

extension DeepLinkOutcome {
    /// Why the link did not land on its target, in words; nil when it did,
    /// or when `requires` was false.
    public func reason(in model: FlowModel) -> String? {
        switch self {
        case .otherwise, .landed:
            return nil
        case .notTheTarget(let extraModals):
            let names = extraModals.map { "'\(model.spec.name(of: model.shape.presentables[$0]))'" }
            return names.isEmpty
                ? "the modals on screen are not the target's"
                : "\(names.joined(separator: ", ")) \(names.count == 1 ? "stays" : "stay") presented along with the target"
        case .presentationDropped(let presentable, let coveredBy):
            let name = model.spec.name(of: model.shape.presentables[presentable])
            let cover = model.spec.name(of: model.shape.presentables[coveredBy])
            return "'\(name)' is presented from a view that '\(cover)' covers, and a view presents one modal at a time: SwiftUI does not show '\(name)'"
        case .invalid(let failure):
            return failure.reason(in: model)
        }
    }
}
