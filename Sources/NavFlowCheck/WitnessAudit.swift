import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSpec

/// Something a query's witness passes through that `verify` reports as an
/// error: a step with a statement defect, a deep link that misses its
/// target, or a trap state. `step` is the witness step's number (1 is its
/// start).
public struct WitnessDefect: Hashable, Sendable {
    public var step: Int
    public var rule: RuleID
    public var message: String

    public init(step: Int, rule: RuleID, message: String) {
        self.step = step
        self.rule = rule
        self.message = message
    }
}

/// Judges a witness's run with `verify`'s rules, so that a query answer
/// that goes through an error state says so instead of passing it off as
/// an ordinary path. Only error rules are judged; each (rule, message) is
/// reported once, at its first step.
public enum WitnessAudit {
    /// The statement-defect rules whose findings are errors.
    private static let statementRules: [any StatementDefectProperty] = RuleCatalog.properties
        .compactMap { $0 as? any StatementDefectProperty }
        .filter { type(of: $0).descriptor.severity == .error }

    public static func defects(of trail: WitnessTrail, model: FlowModel,
                               limits: Explorer.Limits = .standard) -> [WitnessDefect] {
        var found: [WitnessDefect] = []
        var seen = Set<[String]>()
        func add(_ step: Int, _ rule: RuleID, _ message: String) {
            guard seen.insert([rule.rawValue, message]).inserted else { return }
            found.append(WitnessDefect(step: step, rule: rule, message: message))
        }
        func judge(_ facts: [StepFact], step: Int) {
            for fact in facts {
                for property in statementRules {
                    // The witness's own step: what it shows belongs in the message.
                    if let defect = property.defect(fact, in: model) {
                        add(step, property.rule, defect.message + (defect.detail.map { "; here, \($0)" } ?? ""))
                    }
                }
            }
        }
        if trail.startsAtLaunch { judge(trail.launchFacts, step: 1) }
        let isTrap = trapJudge(model: model, limits: limits)
        if isTrap(trail.states[0]) { add(1, .trap, trapMessage(trail.states[0], model: model)) }
        for (index, step) in trail.steps.enumerated() {
            let number = index + 2
            judge(step.transition.facts, step: number)
            if case .notTheTarget(let extraModals)? = step.transition.outcome,
               case .deepLink(let link, _) = step.transition.step {
                let reason = DeepLinkOutcome.notTheTarget(extraModals: extraModals).reason(in: model) ?? ""
                add(number, .deeplinkStateDependent,
                    "\(model.spec.deepLinks[link].subject) does not land on its target here: \(reason)")
            }
            if let outcome = step.transition.outcome, case .presentationDropped = outcome,
               case .deepLink(let link, _) = step.transition.step {
                add(number, .presentationDropped,
                    "\(model.spec.deepLinks[link].subject) does not show its target here: \(outcome.reason(in: model) ?? "")")
            }
            if let target = step.transition.target, isTrap(target) { add(number, .trap, trapMessage(target, model: model)) }
        }
        return found.sorted { ($0.step, $0.rule.rawValue, $0.message) < ($1.step, $1.rule.rawValue, $1.message) }
    }

    /// Whether no in-app step leads from a state back to a home state,
    /// found by searching from it; a search that meets a limit claims
    /// nothing.
    private static func trapJudge(model: FlowModel, limits: Explorer.Limits) -> (NavState) -> Bool {
        let explorer = PlainExplorer(limits: limits)
        var known: [NavState: Bool] = [:]
        return { state in
            if let answer = known[state] { return answer }
            let trapped: Bool
            if model.isHome(state) {
                trapped = false
            } else if let search = try? explorer.search(model, from: [state], deepLinks: false, until: { model.isHome($0) }) {
                trapped = search.found == nil
            } else {
                trapped = false
            }
            known[state] = trapped
            return trapped
        }
    }

    private static func trapMessage(_ state: NavState, model: FlowModel) -> String {
        guard let context = model.activeContexts(of: state).last else {
            return "trap: no in-app step leads back to a home state"
        }
        let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
        return TrapProperty.message(name: model.spec.screens[screen].name, presented: state.modals.last?.kind)
    }
}
