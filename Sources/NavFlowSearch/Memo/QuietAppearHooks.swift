import NavFlowModel
import NavFlowSpec

/// When no appear hook can run in any step from a state, so that the memos
/// (which do not see the views a step shows) give that state's transitions
/// exactly (docs/performance.md, "Appear hooks and the memos").
///
/// A state is **quiet** when every hook's condition is false in it and no
/// step from it can make one hold while a view appears: hooks run at the
/// end of a step, on the flags the step's statements left, so a step runs
/// a hook only if one of its statements turns a condition to true. That is
/// ruled out for the whole spec when every block of statements (an edge,
/// a hook, a deep link's `else`) either sets no flag in a condition's
/// favour, or does so and then `rebuild`s with nothing after the rebuild but
/// `set` and `tab`, and no slot's root has a hook: after such a step the
/// views shown are the roots, which run nothing. Inputs never change.
///
/// When some hook has no condition, or some block can turn one on and show
/// a view, no state is quiet. A state that is not quiet takes the memos
/// step by step, where the step is shown to run no hook (`PackedSuccessors`).
public struct QuietAppearHooks: Sendable {
    /// Every hook's condition; nil when no state is quiet.
    private let conditions: [Condition]?
    /// Per route id (0 for none): the conditions of its screen's hooks
    /// (nil for a hook without one, which always runs).
    private let hookConditions: [[Condition?]]
    private let codec: StateCodec
    private let model: FlowModel

    public init(model: FlowModel) {
        self.model = model
        codec = model.codec
        hookConditions = [[]] + (0..<model.routes.count).map { index in
            model.spec.screens[model.routes.screen(of: index + 1)].hooks.map(\.condition)
        }
        var conditions: [Condition] = []
        for screen in model.spec.screens {
            for hook in screen.hooks {
                guard let condition = hook.condition else {
                    self.conditions = nil
                    return
                }
                conditions.append(condition)
            }
        }
        guard !conditions.isEmpty else {
            self.conditions = nil
            return
        }
        // The flags a `set` to true (positive) or to false (negative) can turn a condition on by.
        var positive = Set<Int>()
        var negative = Set<Int>()
        for condition in conditions { Self.collect(condition, negated: false, positive: &positive, negative: &negative) }
        let hookedRoot = model.shape.slots.indices.contains { slot in
            let root = model.declaredRoot(ofSlot: slot)
            return root > 0 && !model.spec.screens[model.routes.screen(of: root)].hooks.isEmpty
        }
        for block in FlagStability.blocks(of: model.spec) {
            let turnsOn = block.contains { statement in
                guard case .set(let flag, let value) = statement.kind else { return false }
                return value ? positive.contains(flag) : negative.contains(flag)
            }
            guard turnsOn else { continue }
            let lastRebuild = block.lastIndex { if case .rebuild = $0.kind { true } else { false } }
            let onlyRootsShown = lastRebuild.map { last in
                block[(last + 1)...].allSatisfy { statement in
                    switch statement.kind {
                    case .set, .selectTab: true
                    default: false
                    }
                }
            } ?? false
            guard onlyRootsShown, !hookedRoot else {
                self.conditions = nil
                return
            }
        }
        self.conditions = conditions
    }

    /// Whether some state can be quiet.
    public var mayBeQuiet: Bool { conditions != nil }

    /// Whether no appear hook can run in any step from the packed `state`.
    public func isQuiet(_ state: UnsafeBufferPointer<UInt64>) -> Bool {
        guard let conditions else { return false }
        let flags = codec.flagField.lowerBound
        let inputs = codec.inputField.lowerBound
        func bit(_ index: Int) -> Bool { state[index >> 6] >> UInt64(index & 63) & 1 == 1 }
        return !conditions.contains { condition in
            condition.evaluate(flags: { bit(flags + $0) }, inputs: { bit(inputs + $0) })
        }
    }

    /// Whether a screen anywhere in `state` (a slot's root or selection, a
    /// path, a modal) has a hook whose condition holds in it. Hooks run on
    /// the views a step shows at its end, each when its condition holds
    /// then: a step to a target where this is false runs none.
    public func showsHookThatHolds(_ state: NavState) -> Bool {
        func holds(_ route: Int) -> Bool {
            hookConditions[route].contains { condition in
                condition?.evaluate(flags: { state.flags >> UInt64($0) & 1 == 1 },
                                    inputs: { state.inputs >> UInt64($0) & 1 == 1 }) ?? true
            }
        }
        for slot in model.shape.slots.indices {
            if holds(model.rootRoute(ofSlot: slot, in: state)) || state.paths[slot].contains(where: holds) { return true }
        }
        return state.modals.contains { modal in
            let root = model.rootRoute(of: modal)
            // A modal whose content has no root route is judged the safe way.
            return root == 0 || holds(root) || modal.path.contains(where: holds)
        }
    }

    private static func collect(_ condition: Condition, negated: Bool, positive: inout Set<Int>, negative: inout Set<Int>) {
        switch condition {
        case .constant, .input: break
        case .flag(let flag):
            if negated { negative.insert(flag) } else { positive.insert(flag) }
        case .not(let operand):
            collect(operand, negated: !negated, positive: &positive, negative: &negative)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            collect(lhs, negated: negated, positive: &positive, negative: &negative)
            collect(rhs, negated: negated, positive: &positive, negative: &negative)
        case .equal(let lhs, let rhs):
            for operand in [lhs, rhs] {
                collect(operand, negated: false, positive: &positive, negative: &negative)
                collect(operand, negated: true, positive: &positive, negative: &negative)
            }
        }
    }
}
