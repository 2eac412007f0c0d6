import NavFlowSource
import NavFlowModel
import NavFlowSpec

/// Whether the tabs of an app do not interact, so that a search may keep
/// every tab but the selected one parked at its root instead of exploring
/// the product of the tabs' stacks (docs/performance.md proves that this
/// finds the same local views, in-app and with deep links, and so the same
/// findings).
///
/// The tabs do not interact when a tab's stack changes only by navigation
/// that depends on nothing outside it, and nothing reads a stack while its
/// tab is not selected:
///
/// 1. The root is a tab view of two tabs or more, each showing a stack or a screen.
/// 2. No statement selects a tab or opens a URL (`tab`, `open`), and `launch`
///    pushes or pops nothing.
/// 3. Every edge of a screen a tab's stack can show either navigates (only
///    `push`, `pop`, `popToRoot`, `dismiss`) under a guard that reads flags
///    only positively, or acts globally (only `set`, `sheet`/`cover`/
///    `popover`), never both.
/// 4. No edge pushes, pops or dismisses after a `dismiss`, so that closing
///    the last modal never acts on the stack beneath it.
/// 5. Flags only ever become true (`set F = false` appears nowhere outside
///    `launch`), and `hidden if` reads inputs only.
/// 6. Every deep link selects a tab, replaces its path (no `/ ...`),
///    presents nothing, closes modals (no `keep modals`), has a `requires` that reads inputs only, and an
///    `else` that pushes, pops and dismisses nothing.
/// 7. No screen has an `appear` hook: a hook runs when its screen appears,
///    and a tab switch shows a parked tab's root, not its stack's top.
///
/// What each statement does in these rules (acts on a stack, may leave its
/// tab, clears a flag, presents, closes a modal) is its `StatementFootprint`.
public struct TabIndependence: Sendable {
    /// Why the tabs may interact, one line per reason with its source line;
    /// empty when they do not.
    public let reasons: [String]

    /// Whether a search may park the tabs that are not selected.
    public var holds: Bool { reasons.isEmpty }

    public init(_ spec: FlowSpec) {
        var found: [(line: Int, text: String)] = []
        func add(_ reason: String, _ range: SourceRange) {
            found.append((range.start.line, "line \(range.start.line): \(reason)"))
        }
        guard let view = spec.rootTabView, view.tabs.count >= 2 else {
            reasons = ["the root is not a tab view of two tabs or more"]
            return
        }
        var tabScreens = Set<Int>()
        for tab in view.tabs {
            switch tab.content {
            case .stack(let stack):
                tabScreens.insert(spec.stacks[stack].root)
                tabScreens.formUnion(spec.stacks[stack].destinations)
            case .screen(let screen):
                tabScreens.insert(screen)
            default:
                add("tab '\(tab.id)' shows '\(spec.name(of: tab.content))', which is neither a stack nor a screen", tab.range)
            }
            if let hidden = tab.hiddenIf, !hidden.flagsRead.isEmpty {
                add("tab '\(tab.id)' is hidden by a flag", tab.range)
            }
        }
        for step in spec.launch {
            let footprint = step.statement.footprint
            if footprint.mayChangeAPath || footprint.mayLeaveItsTab {
                add("'launch' changes a tab or its stack", step.statement.range)
            }
        }
        for (index, screen) in spec.screens.enumerated() {
            for edge in screen.edges {
                Self.check(edge, navigable: tabScreens.contains(index), screen: screen.name, add: add)
            }
            for hook in screen.hooks {
                add("'\(screen.name)' has an appear hook", hook.keyword)
            }
        }
        for link in spec.deepLinks {
            let name = "\(link.subject)"
            // Handlers that are the outcomes of a choice run one at a time:
            // the outcome is one more argument value, as a target's values are.
            if let choice = link.choice {
                for outcome in spec.choices[choice].outcomes.indices {
                    let running = link.handlers.filter { $0.outcome == nil || $0.outcome?.outcome == outcome }.count
                    if running > 1 {
                        add("\(name) has \(running) handlers for outcome '\(spec.choices[choice].outcomes[outcome])' of choice '\(spec.choices[choice].name)'",
                            link.range)
                    }
                }
            } else if link.handlers.count > 1 {
                add("\(name) has \(link.handlers.count) handlers", link.range)
            }
            for (number, handler) in link.handlers.enumerated() {
                let range = number == 0 ? link.range : handler.range
                if handler.target.describesCurrentContext {
                    add("\(name) acts on the selected tab ('*')", range)
                } else if handler.target.tab == nil {
                    add("\(name) selects no tab", range)
                }
                if handler.keepsTab { add("\(name) changes a tab it does not select ('keep tab')", range) }
                if handler.target.appends { add("\(name) appends to a tab's path ('/ ...')", range) }
                if !handler.target.modals.isEmpty { add("\(name) presents a modal", range) }
                if !handler.closing.isEmpty {
                    add("\(name) keeps the modals it does not 'close'", range)
                } else if handler.underModals {
                    add("\(name) writes the router's current path beneath the modals ('under modals')", range)
                } else if handler.keepModals {
                    add("\(name) keeps modals", range)
                }
                if let requires = handler.requires, !requires.flagsRead.isEmpty { add("\(name) requires a flag", range) }
                if let otherwise = handler.otherwise {
                    let footprint = otherwise.footprint
                    if footprint.mayChangeAPath || footprint.mayLeaveItsTab || footprint.mayClearFlag {
                        add("the 'else' of \(name) changes a tab, a stack or clears a flag", otherwise.range)
                    }
                }
            }
        }
        reasons = found.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
    }

    /// Judges an edge by its statements' footprints. A statement that may
    /// leave its tab breaks rule 2 on its own; rules 3 to 5 judge the
    /// statements that stay in their tab.
    private static func check(_ edge: Edge, navigable: Bool, screen: String,
                              add: (String, SourceRange) -> Void) {
        var dismissed = false
        var staying: [StatementFootprint] = []
        for statement in edge.statements {
            let footprint = statement.footprint
            if footprint.mayLeaveItsTab {
                add("an edge of '\(screen)' selects a tab or opens a URL", statement.range)
                continue
            }
            staying.append(footprint)
            if footprint.seesWholePaths {
                add("an edge of '\(screen)' changes stacks that are not on screen ('push … under modals', 'rebuild')", statement.range)
            }
            if footprint.mayClearFlag {
                add("an edge of '\(screen)' sets a flag to false", statement.range)
            }
            if dismissed && footprint.mayChangeAPath {
                add("an edge of '\(screen)' acts on a stack after a 'dismiss'", statement.range)
            }
            if footprint.closesModals { dismissed = true }
        }
        guard navigable else { return }
        let navigates = staying.contains { $0.mayChangeAPath }
        let global = staying.contains { $0.writes.contains(.flags) || $0.presents }
        if navigates && global {
            add("an edge of '\(screen)' both navigates and changes a flag or presents", edge.range)
        }
        if navigates, let condition = edge.condition, !isPositive(condition) {
            add("a navigation edge of '\(screen)' is guarded by a negated flag", edge.range)
        }
        if staying.contains(where: { $0.stackOperations.contains(.selectIntoNextColumn) }) {
            add("an edge of '\(screen)' selects into a column", edge.range)
        }
    }

    /// Whether a condition can only become true, never false, when flags
    /// become true: flags appear under no `!` (or an even number) and in no `==`.
    static func isPositive(_ condition: Condition, negated: Bool = false) -> Bool {
        switch condition {
        case .constant, .input: true
        case .flag: !negated
        case .not(let operand): isPositive(operand, negated: !negated)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            isPositive(lhs, negated: negated) && isPositive(rhs, negated: negated)
        case .equal(let lhs, let rhs): lhs.flagsRead.isEmpty && rhs.flagsRead.isEmpty
        }
    }
}
