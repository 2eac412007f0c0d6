import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// The pushes exploration cut at their stack's depth, and what lies beyond
/// them. A verdict that some screen, push, guard or link target is never
/// reached holds only within the depth bound when the thing judged lies
/// beyond a cut: `orphan-screen`, `unused-destination`, `dead-edge` and
/// `deeplink-unreachable` then say so instead of giving an unqualified
/// verdict.
///
/// "Beyond a cut" is judged on the spec's static navigation, ignoring
/// guards: the cut push's screen lies beyond it, and so does every screen
/// a screen beyond it can push, present or select, every flag such a
/// screen sets, and every screen opened under a guard, `hidden if`,
/// `requires` or launch condition that reads such a flag. This
/// over-approximates what deeper exploration could reach: a verdict is
/// qualified whenever more depth might change it.
public struct DepthCuts: Sendable {
    /// One cut push: `screen` pushed onto `stack` at its depth, by the
    /// statement at `statement`.
    public struct Cut: Sendable {
        public var stack: Int
        public var screen: Int
        public var statement: SourceRange
    }

    /// The cut pushes, one per (stack, screen), in source order.
    public let cuts: [Cut]
    /// Per stack: the first cut on it, if any.
    public let firstCutOfStack: [Int?]
    /// Per screen: the first cut (index into `cuts`) whose screen leads to it.
    public let beyond: [Int?]
    /// Per screen: the same, by in-app navigation only (deep links aside).
    public let beyondInApp: [Int?]
    /// Per flag: the first cut beyond which some screen sets it.
    public let flagBeyond: [Int?]

    /// The input valuations explored (those `assume` allows).
    private let valuations: [UInt64]

    /// Whether some explored input valuation and some flag values make a
    /// guard true: an edge whose guard cannot hold leads nowhere at any depth.
    public func satisfiable(_ condition: Condition?) -> Bool {
        Self.isSatisfiable(condition, valuations: valuations)
    }

    init(facts: some Sequence<StepFact>, spec: FlowSpec, valuations: [UInt64]) {
        self.valuations = valuations
        let satisfiable = { (condition: Condition?) in Self.isSatisfiable(condition, valuations: valuations) }
        var firstByPair: [[Int]: Cut] = [:]
        for case .cutAtStackDepth(let stack, let screen, let statement) in facts {
            if let known = firstByPair[[stack, screen]], known.statement.start <= statement.start { continue }
            firstByPair[[stack, screen]] = Cut(stack: stack, screen: screen, statement: statement)
        }
        cuts = firstByPair.values.sorted {
            ($0.statement.start, $0.stack, $0.screen) < ($1.statement.start, $1.stack, $1.screen)
        }
        var firstCutOfStack = [Int?](repeating: nil, count: spec.stacks.count)
        for (index, cut) in cuts.enumerated() where firstCutOfStack[cut.stack] == nil {
            firstCutOfStack[cut.stack] = index
        }
        self.firstCutOfStack = firstCutOfStack
        // What lies beyond a cut: its screen, what that screen leads to,
        // the flags those screens set, and whatever a guard, `hidden if`,
        // `requires` or launch condition reading such a flag opens.
        let successors = spec.screens.indices.map { Self.successors(of: $0, in: spec, where: satisfiable) }
        let setters: [[Int]] = spec.screens.map { declaration in
            declaration.statementBlocks.flatMap(\.statements).compactMap {
                if case .set(let flag, _) = $0.kind { return flag } else { return nil }
            }
        }
        var opensWhenRead = [[Int]](repeating: [], count: spec.flags.count)
        func gated(_ condition: Condition?, opens screens: [Int]) {
            guard let condition else { return }
            for flag in condition.flagsRead { opensWhenRead[flag] += screens }
        }
        for declaration in spec.screens {
            for block in declaration.statementBlocks where satisfiable(block.condition) {
                gated(block.condition, opens: block.statements.flatMap { Self.shows($0, in: spec) })
            }
        }
        for view in spec.tabViews {
            for tab in view.tabs { gated(tab.hiddenIf, opens: Self.entryScreens(of: tab.content, in: spec)) }
        }
        for step in spec.launch { gated(step.condition, opens: Self.shows(step.statement, in: spec)) }
        let inAppOpens = opensWhenRead
        for handler in spec.deepLinks.flatMap(\.handlers) {
            gated(handler.requires, opens: Self.screens(of: handler.target, in: spec))
        }
        let cuts = self.cuts
        func propagate(_ opens: [[Int]]) -> (screens: [Int?], flags: [Int?]) {
            var beyond = [Int?](repeating: nil, count: spec.screens.count)
            var flagBeyond = [Int?](repeating: nil, count: spec.flags.count)
            for (index, cut) in cuts.enumerated() where beyond[cut.screen] == nil {
                beyond[cut.screen] = index
                var queue = [cut.screen]
                while let screen = queue.popLast() {
                    var next = successors[screen]
                    for flag in setters[screen] where flagBeyond[flag] == nil {
                        flagBeyond[flag] = index
                        next += opens[flag]
                    }
                    for screen in next where beyond[screen] == nil {
                        beyond[screen] = index
                        queue.append(screen)
                    }
                }
            }
            return (beyond, flagBeyond)
        }
        (beyond, flagBeyond) = propagate(opensWhenRead)
        // Deep links are not in-app navigation: what only a link gated by a
        // flag set beyond a cut shows is still not reached in-app.
        beyondInApp = propagate(inAppOpens).screens
    }

    /// The screens a screen's edges whose guard can hold show next: what
    /// they push, select or present, and the content of the tabs they select.
    private static func successors(of screen: Int, in spec: FlowSpec, where satisfiable: (Condition?) -> Bool) -> [Int] {
        spec.screens[screen].statementBlocks.filter { satisfiable($0.condition) }.flatMap(\.statements).flatMap { shows($0, in: spec) }
    }

    /// A guard tested against the input valuations explored, with the flags
    /// it reads free (a guard reading more than 12 flags counts as satisfiable).
    private static func isSatisfiable(_ condition: Condition?, valuations: [UInt64]) -> Bool {
        guard let condition else { return true }
        let flags = condition.flagsRead.sorted()
        guard flags.count <= 12 else { return true }
        for inputs in valuations {
            for values in 0..<(1 << flags.count) {
                let holds = condition.evaluate(
                    flags: { flag in flags.firstIndex(of: flag).map { values >> $0 & 1 == 1 } ?? false },
                    inputs: { inputs >> UInt64($0) & 1 == 1 })
                if holds { return true }
            }
        }
        return false
    }

    /// The screens one statement can show.
    private static func shows(_ statement: Statement, in spec: FlowSpec) -> [Int] {
        switch statement.kind {
        case .push(let route), .pushUnderModals(let route), .pushInline(let route), .select(let route):
            return [route.screen]
        case .pushStack(let stack):
            return [spec.stacks[stack].root]
        case .present(_, let content):
            return entryScreens(of: content, in: spec)
        case .selectTab(let tab):
            guard let view = spec.rootTabView else { return [] }
            return entryScreens(of: view.tabs[tab].content, in: spec)
        case .dismiss, .close, .pop, .popToRoot, .rebuild, .set, .open:
            return []
        }
    }

    /// The screens a deep link's target shows: the routes of its paths and
    /// columns, its modals, and the selected tab's first screens.
    static func screens(of target: DeepLinkTarget, in spec: FlowSpec) -> [Int] {
        var screens = target.columns.flatMap { column in (column.shows.map { [$0] } ?? []) + column.path }.map(\.screen)
        for modal in target.modals {
            screens += entryScreens(of: modal.content, in: spec) + modal.path.map(\.screen)
        }
        if let tab = target.tab, let view = spec.rootTabView {
            screens += entryScreens(of: view.tabs[tab].content, in: spec)
        }
        return screens
    }

    /// The screens a content shows when it first appears: a stack's root,
    /// every tab's and every column's first screens.
    private static func entryScreens(of content: Content, in spec: FlowSpec) -> [Int] {
        switch content {
        case .screen(let screen):
            return [screen]
        case .stack(let stack):
            return [spec.stacks[stack].root]
        case .tabs(let view):
            return spec.tabViews[view].tabs.flatMap { entryScreens(of: $0.content, in: spec) }
        case .split(let split):
            return spec.splits[split].columns.flatMap { entryScreens(of: $0, in: spec) }
        }
    }

    /// The cut a verdict about `screen` depends on, if any.
    public func cut(reaching screen: Int) -> Cut? {
        beyond[screen].map { cuts[$0] }
    }

    /// The cut a verdict about reaching `screen` in-app depends on, if any.
    public func cut(reachingInApp screen: Int) -> Cut? {
        beyondInApp[screen].map { cuts[$0] }
    }

    /// The first cut a verdict about a condition reading `flags` depends
    /// on: a cut beyond which one of the flags is set.
    public func cut(setting flags: some Sequence<Int>) -> Cut? {
        flags.compactMap { flagBeyond[$0] }.min().map { cuts[$0] }
    }

    /// The first cut on `stack`, if exploration cut any push there.
    public func cut(onStack stack: Int) -> Cut? {
        firstCutOfStack[stack].map { cuts[$0] }
    }
}

extension DepthCuts.Cut {
    /// "within depth 4 of stack 'HomeStack'".
    func within(_ spec: FlowSpec) -> String {
        let stack = spec.stacks[self.stack]
        return "within depth \(stack.depth) of stack '\(stack.name)'"
    }

    /// Where the cut happened, and how to look further: raise the depth,
    /// never add a navigation that is already there.
    func notes(_ spec: FlowSpec) -> [DiagnosticNote] {
        let stack = spec.stacks[self.stack]
        let raise = stack.depthOverridden
            ? "raise --depth \(stack.name)=N above \(stack.depth)"
            : "raise 'depth' of stack '\(stack.name)' above \(stack.depth) (or run with --depth \(stack.name)=N)"
        return [
            DiagnosticNote(message: "exploration cut this push of '\(spec.screens[screen].name)' at the depth of stack '\(stack.name)'",
                           range: statement),
            DiagnosticNote(message: "\(raise) to explore deeper; the verdict holds only up to that bound"),
        ]
    }
}
