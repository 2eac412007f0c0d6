import NavFlowSpec

/// `sheet`/`cover`/`popover T`: puts T on top of the modals with an empty
/// path. Nothing happens when T is already up anywhere in the modal stack;
/// beyond the modal limit the step is cut off.
public struct PresentStatement: StatementMeaning {
    public let kind: ModalKind
    public let content: Content

    public init(kind: ModalKind, content: Content) {
        self.kind = kind
        self.content = content
    }

    public var footprint: StatementFootprint {
        StatementFootprint(reads: .modals, writes: .modals, presents: true, mayCutOffStep: true)
    }

    func run<Decider: ConditionDecider>(on state: inout NavState, in environment: StatementEnvironment<Decider>,
                                        facts: inout [StepFact]) -> StatementResult {
        guard let presentable = environment.model.shape.presentableIndex[content] else { return .done }
        if state.modals.contains(where: { $0.presentable == presentable }) { return .done }
        // A covered view (an appear hook's, under a modal) presents nothing.
        if let covering = environment.coveredBy {
            facts.append(.presentationFromCoveredView(presentable: presentable, coveredBy: covering,
                                                      statement: environment.range))
            return .done
        }
        guard state.modals.count < StateShape.modalLimit else {
            facts.append(.cutAtModalLimit(statement: environment.range))
            return .cutOff
        }
        // The bottom modal remembers the column that presented it.
        var column = 0
        if state.modals.isEmpty, case .slot(let slot) = environment.context {
            let active = environment.model.shape.activeSlots(selectedTab: state.selectedTab)
            if active.contains(slot) { column = slot - active.lowerBound }
        }
        state.modals.append(Modal(kind: kind, presentable: presentable, path: [], presenterColumn: column))
        return .done
    }
}
