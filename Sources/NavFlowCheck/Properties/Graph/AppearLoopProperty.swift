import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `appear-loop`: the appear hooks one step runs show a view again whose
/// hook already ran in that step and whose condition still holds; or they
/// close a modal again whose dismissal hook already ran in that step (the
/// dismissal hook showed it, an appear hook closed it). SwiftUI
/// calls `onAppear` (and starts `.task`) each time the view appears, so the
/// app would run the same hooks again and again: the screen flickers
/// between views, or hangs. The model runs each hook once per view and
/// step and cuts the step off there. Reported once per hook, with the
/// shortest witness that takes the step.
public struct AppearLoopProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .appearLoop, severity: .error, phase: .exploration,
        summary: "Appear hooks show a screen again whose hook already ran in the same step.",
        givesWitness: true, examples: .defects(.appearLoop))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        let spec = model.spec
        if case .dismissLoop(let id, let ran) = fact {
            let screen = spec.screens[id.screen]
            let chain = (ran + [id]).map { "'\(spec.screens[$0.screen].name)' (line \(spec.screens[$0.screen].dismissHooks[$0.hook].keyword.start.line))" }
            return StatementDefect(statement: screen.dismissHooks[id.hook].keyword,
                                   message: "'\(screen.name)' is dismissed again in the step its dismissal hook ran in, and the hook would run again",
                                   detail: "appear hooks close what the dismissal hooks of \(chain.joined(separator: ", then ")) show, without end")
        }
        guard case .appearLoop(let id, let ran) = fact else { return nil }
        let name = spec.screens[id.screen].name
        let chain = (ran + [id]).map { "'\(spec.screens[$0.screen].name)' (line \(spec.screens[$0.screen].hooks[$0.hook].keyword.start.line))" }
        return StatementDefect(statement: spec.screens[id.screen].hooks[id.hook].keyword,
                               message: "'\(name)' appears again in the step its appear hook ran in, and the hook would run again",
                               detail: "the hooks of \(chain.joined(separator: ", then ")) show each other's screens without end")
    }
}

/// `presentation-dropped`, for appear hooks: a hook of a view under a
/// modal (pushed beneath a sheet, or a tab's screen under one) presents
/// from that view. A view presents one modal at a time, and only while
/// nothing covers it, so SwiftUI does not show the modal. Reported once
/// per statement, with the shortest witness.
public struct HookPresentationDroppedProperty: StatementDefectProperty {
    public static let descriptor = PresentationDroppedProperty.descriptor
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .presentationFromCoveredView(let presentable, let coveredBy, let statement) = fact else { return nil }
        let shape = model.shape
        return StatementDefect(statement: statement,
                               message: "the appear hook presents '\(model.spec.name(of: shape.presentables[presentable]))' from a view another modal covers, so SwiftUI does not show it",
                               detail: "'\(model.spec.name(of: shape.presentables[coveredBy]))' covers that view")
    }
}

extension RuleID {
    public static let appearLoop = RuleID(rawValue: "appear-loop")
}
