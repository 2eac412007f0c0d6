import NavFlowModel

/// Numbers what transitions carry besides their target, so that a stored
/// transition is its target and one label (`EdgeList` keeps it in two
/// bytes while the labels are few enough): the steps, the notes
/// (facts and deep-link outcome; 0 is the empty note) and the (step, note)
/// pairs, each in the order first met. Both explorers label this way.
public struct TransitionLabels {
    public private(set) var steps = Interner<Step>()
    public private(set) var notes = Interner<TransitionNote>()
    public private(set) var pairs = Interner<TransitionLabel>()

    public init() {
        _ = notes.id(.empty)
    }

    /// How many labels are numbered: every label so far is below it.
    public var count: Int { pairs.values.count }

    /// The label of a transition, numbering what is new in it.
    public mutating func label(of transition: Transition) -> Int32 {
        let note = transition.facts.isEmpty && transition.outcome == nil
            ? 0 : notes.id(TransitionNote(facts: transition.facts, outcome: transition.outcome))
        return pairs.id(TransitionLabel(step: steps.id(transition.step), note: note))
    }
}
