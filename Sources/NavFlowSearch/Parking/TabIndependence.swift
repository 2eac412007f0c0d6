import NavFlowSource
import NavFlowModel
import NavFlowSpec

/// Whether a search may store the tabs that are not selected parked
/// (`ParkedPaths`: each path cut after its last screen that could not be
/// pushed again) instead of exploring the product of the tabs' paths.
/// docs/performance.md proves that the parked search finds the same local
/// views, in-app and with deep links, and so the same findings, when:
///
/// 1. The root is a tab view of two tabs or more, each showing a stack, a
///    screen or a split view.
/// 2. No screen has an `appear` hook: a hook runs when its screen appears,
///    and a switch to a parked tab shows the top of its cut path.
/// 3. A step that selects a tab and keeps its paths (a `tab` statement)
///    leaves it on screen and does nothing more to it: no statement after
///    `tab` acts on a stack or presents, and the step closes every modal
///    (`rebuild`) or is taken where no modal is up (its screen is never
///    presented). No statement opens a URL (`open`).
/// 4. A deep link that names a tab writes that tab's paths whole: it does
///    not append to it (`/ ...`), does not change it unselected (`keep
///    tab`), and writes beneath the modals (`under modals`) only in a tab
///    with one stack. Its `else` selects no tab.
///
/// Flags that go back and forth, edges that both navigate and set flags or
/// present, steps after a `dismiss`, `push … under modals`, `rebuild`,
/// `hidden if` and links that keep or present modals break none of these:
/// they change what `ParkedPaths` keeps, not whether it is exact.
public struct TabIndependence: Sendable {
    /// Why the tabs may not be parked, one line per reason with its source
    /// line; empty when they may.
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
        var stacksPerTab: [Int] = []
        for tab in view.tabs {
            switch tab.content {
            case .stack:
                stacksPerTab.append(1)
            case .screen:
                stacksPerTab.append(0)
            case .split(let split):
                stacksPerTab.append(spec.splits[split].columns.filter { if case .stack = $0 { true } else { false } }.count)
            default:
                stacksPerTab.append(0)
                add("tab '\(tab.id)' shows '\(spec.name(of: tab.content))', which is neither a stack, a screen nor a split view", tab.range)
            }
        }
        let presented = Self.presentedScreens(spec)
        for (index, screen) in spec.screens.enumerated() {
            for edge in screen.edges {
                Self.check(edge.statements, of: "an edge of '\(screen.name)'", presented: presented.contains(index), add: add)
            }
            for hook in screen.hooks {
                Self.check(hook.statements, of: "the appear hook of '\(screen.name)'", presented: presented.contains(index), add: add)
            }
        }
        for link in spec.deepLinks {
            let name = "\(link.subject)"
            for (number, handler) in link.handlers.enumerated() {
                let range = number == 0 ? link.range : handler.range
                if let tab = handler.target.tab {
                    if handler.keepsTab {
                        add("\(name) changes a tab it does not select ('keep tab')", range)
                    } else if handler.target.appends {
                        add("\(name) appends to the path of a tab it may select ('/ ...')", range)
                    } else if handler.underModals && stacksPerTab[tab] > 1 {
                        add("\(name) writes one stack of a tab of several beneath the modals ('under modals')", range)
                    }
                }
                if let otherwise = handler.otherwise {
                    switch otherwise.kind {
                    case .selectTab, .open: add("the 'else' of \(name) selects a tab or opens a URL", otherwise.range)
                    default: break
                    }
                }
            }
        }
        reasons = found.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
    }

    /// Judges the `tab` and `open` statements of a block (an edge, an
    /// appear hook) of a screen; `block` names it in the reasons.
    private static func check(_ statements: [Statement], of block: String, presented: Bool,
                              add: (String, SourceRange) -> Void) {
        let rebuilds = statements.contains { if case .rebuild = $0.kind { true } else { false } }
        for (index, statement) in statements.enumerated() {
            switch statement.kind {
            case .open:
                add("\(block) opens a URL", statement.range)
            case .selectTab:
                let after = statements[(index + 1)...].map(\.footprint)
                if after.contains(where: { $0.mayChangeAPath || $0.presents }) {
                    add("\(block) acts on the tab it selects, or presents, after 'tab'", statement.range)
                } else if !rebuilds && (presented || statements.contains { $0.footprint.presents }) {
                    add("\(block) selects a tab and may leave a modal up (no 'rebuild')", statement.range)
                }
            default:
                break
            }
        }
    }

    /// The screens a modal may show: presented ones, and the roots and
    /// destinations of presented stacks (by a statement or a deep link).
    static func presentedScreens(_ spec: FlowSpec) -> Set<Int> {
        var contents: [Content] = []
        for screen in spec.screens {
            for block in screen.statementBlocks {
                for statement in block.statements {
                    if case .present(_, let content) = statement.kind { contents.append(content) }
                }
            }
        }
        for step in spec.launch {
            if case .present(_, let content) = step.statement.kind { contents.append(content) }
        }
        for link in spec.deepLinks {
            for handler in link.handlers {
                contents += handler.target.modals.map(\.content)
                if let otherwise = handler.otherwise, case .present(_, let content) = otherwise.kind {
                    contents.append(content)
                }
            }
        }
        var screens = Set<Int>()
        for content in contents {
            switch content {
            case .screen(let screen):
                screens.insert(screen)
            case .stack(let stack):
                screens.insert(spec.stacks[stack].root)
                screens.formUnion(spec.stacks[stack].destinations)
            default:
                screens = Set(spec.screens.indices)
            }
        }
        return screens
    }
}
