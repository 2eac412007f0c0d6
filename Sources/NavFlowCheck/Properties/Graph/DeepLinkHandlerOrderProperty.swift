import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// `deeplink-handler-order`: a link with several handlers leads somewhere
/// else when its handlers run in another order. SwiftUI calls every
/// `onOpenURL` handler a URL reaches, in an order it does not document, so
/// the app relies on an order it is not given. Reported once per link, with
/// the shortest witness that opens it where the order matters.
public struct DeepLinkHandlerOrderProperty: StatementDefectProperty {
    public static let descriptor = RuleDescriptor(
        id: .deeplinkHandlerOrder, severity: .warning, phase: .exploration,
        summary: "A deep link's handlers give another result in another order.",
        givesWitness: true, examples: .defects(.deeplinkHandlerOrder))
    public init() {}

    public func defect(_ fact: StepFact, in model: FlowModel) -> StatementDefect? {
        guard case .handlerOrderMatters(let link) = fact else { return nil }
        let declaration = model.spec.deepLinks[link]
        // With a choice, only the handlers of one outcome run together.
        let handlers = declaration.choice.map { "the handlers of \(declaration.subject) for one outcome of choice '\(model.spec.choices[$0].name)'" }
            ?? "the \(declaration.handlers.count) handlers of \(declaration.subject)"
        return StatementDefect(statement: declaration.patternRange,
                               message: "\(handlers) lead to another state when they run in another order, and SwiftUI does not say in which order it calls them")
    }
}

extension RuleID {
    public static let deeplinkHandlerOrder = RuleID(rawValue: "deeplink-handler-order")
}
