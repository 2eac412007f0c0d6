import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// `mixed-navigation-links`: a stack whose path can take a value while a
/// screen pushed by a view-destination link (`push R inline`) is on it.
/// SwiftUI keeps a view-destination view outside the path the app holds: a
/// value appended while one is shown can drop it or be shown beneath it,
/// and the path no longer says what is on screen.
///
/// Judged from the spec alone, per stack: the screens the stack can show
/// (its root, what it registers, and what is pushed inline from those),
/// the screens pushed inline from them, everything pushed from those in
/// turn (by value or inline), and then the value pushes that can run while
/// one of those is on top: a `push` from one of them, a deep link that
/// appends to the stack's path (`/ ...` into its tab, or `*`), and a `push
/// … under modals` onto a stack a tab or the root shows.
public struct MixedNavigationLinksProperty: StructuralProperty {
    public static let descriptor = RuleDescriptor(
        id: .mixedNavigationLinks, severity: .warning, phase: .structural,
        summary: "A stack's path takes values while a view pushed by a view-destination link is on it.",
        givesWitness: false, examples: .defects(.mixedNavigationLinks))

    public init() {}

    /// A push statement, with the screen it shows the route on.
    private struct Push {
        var from: Int
        var route: Route
        var inline: Bool
        var range: SourceRange
    }

    public func check(_ spec: FlowSpec) -> [Diagnostic] {
        var pushes: [Push] = []
        var underModals: [(from: Int, text: String, range: SourceRange)] = []
        // Per screen: the screens it shows on top of itself, by a presentation
        // (the presented screen, or the root of the presented stack) or a push.
        var onTop = [Set<Int>](repeating: [], count: spec.screens.count)
        for (index, screen) in spec.screens.enumerated() {
            for statement in screen.statementBlocks.flatMap(\.statements) {
                switch statement.kind {
                case .push(let route): pushes.append(Push(from: index, route: route, inline: false, range: statement.range))
                case .pushInline(let route): pushes.append(Push(from: index, route: route, inline: true, range: statement.range))
                case .pushUnderModals(let route):
                    underModals.append((index, "`push \(spec.screens[route.screen].name) under modals` on '\(screen.name)'", statement.range))
                default: break
                }
                switch statement.kind {
                case .push(let route), .pushInline(let route): onTop[index].insert(route.screen)
                case .present(_, .screen(let shown)): onTop[index].insert(shown)
                case .present(_, .stack(let stack)): onTop[index].insert(spec.stacks[stack].root)
                default: break
                }
            }
        }
        guard pushes.contains(where: \.inline) else { return [] }
        // The stacks a tab or the root shows: `push … under modals` reaches them.
        var baseStacks = Set<Int>()
        if case .stack(let stack) = spec.root { baseStacks.insert(stack) }
        for tab in spec.tabViews.flatMap(\.tabs) { if case .stack(let stack) = tab.content { baseStacks.insert(stack) } }
        // Per `inline` push statement: the stacks whose paths take values while
        // its screen is on them, each with those value pushes.
        var mixing: [SourceRange: [(stack: Int, values: [(String, SourceRange)])]] = [:]
        var inlineOrder: [Push] = []
        for (stackIndex, stack) in spec.stacks.enumerated() {
            let registered = Set(stack.destinations)
            // What the stack can show: its root, what it registers, what is pushed inline from those.
            var shown = registered.union([stack.root])
            var grew = true
            while grew {
                grew = false
                for push in pushes where push.inline && shown.contains(push.from) && !shown.contains(push.route.screen) {
                    shown.insert(push.route.screen)
                    grew = true
                }
            }
            // Values any view of the stack takes from outside: links that append
            // (a route: `/ ...` with nothing after keeps the path), pushes under modals.
            var outside: [(String, SourceRange)] = []
            for link in spec.deepLinks {
                for handler in link.handlers
                where handler.target.appends && !(handler.target.columns.first?.path.isEmpty ?? true) {
                    let reaches: Bool
                    if let tab = handler.target.tab, let view = spec.rootTabView {
                        reaches = view.tabs[tab].content == .stack(stackIndex)
                    } else {
                        reaches = handler.target.describesCurrentContext || spec.root == .stack(stackIndex)
                    }
                    if reaches { outside.append(("the \(link.subject) (it appends to the path)", handler.range)) }
                }
            }
            for inlinePush in pushes where inlinePush.inline && shown.contains(inlinePush.from) {
                // Everything that can be on the path above the view it pushes.
                var above: Set<Int> = [inlinePush.route.screen]
                grew = true
                while grew {
                    grew = false
                    for push in pushes where above.contains(push.from) && !above.contains(push.route.screen)
                        && (push.inline || registered.contains(push.route.screen)) {
                        above.insert(push.route.screen)
                        grew = true
                    }
                }
                // A `push … under modals` reaches the stack from a modal shown over one of them.
                var overIt = Set<Int>()
                var pending = Array(above)
                while let screen = pending.popLast() {
                    for next in onTop[screen] where !above.contains(next) && overIt.insert(next).inserted { pending.append(next) }
                }
                let values = pushes
                    .filter { !$0.inline && above.contains($0.from) && registered.contains($0.route.screen) }
                    .map { ("`push \(spec.screens[$0.route.screen].name)` on '\(spec.screens[$0.from].name)'", $0.range) }
                    + outside
                    + (baseStacks.contains(stackIndex) ? underModals.filter { overIt.contains($0.from) }.map { ($0.text, $0.range) } : [])
                guard !values.isEmpty else { continue }
                if mixing[inlinePush.range] == nil { inlineOrder.append(inlinePush) }
                mixing[inlinePush.range, default: []].append((stackIndex, values.sorted { $0.1.start.offset < $1.1.start.offset }))
            }
        }
        return inlineOrder.sorted { $0.range.start.offset < $1.range.start.offset }.map { inlinePush in
            let stacks = mixing[inlinePush.range]!
            let name = spec.screens[inlinePush.route.screen].name
            let first = stacks[0]
            let more = stacks.count > 1 ? " (and \(stacks.count - 1) more stack\(stacks.count > 2 ? "s" : ""))" : ""
            var notes = stacks.prefix(3).map { entry in
                DiagnosticNote(message: "in stack '\(spec.stacks[entry.stack].name)', \(entry.values[0].0) can run while '\(name)' is on the path"
                               + (entry.values.count > 1 ? " (and \(entry.values.count - 1) more)" : ""),
                               range: entry.values[0].1)
            }
            if stacks.count > 3 {
                notes.append(DiagnosticNote(message: "and in " + stacks.dropFirst(3).map { "'\(spec.stacks[$0.stack].name)'" }.joined(separator: ", ")))
            }
            notes.append(DiagnosticNote(message: "SwiftUI keeps a view pushed by a view-destination link outside the path: a value appended while it is shown can drop it or be shown beneath it, and the path no longer says what is on screen"))
            notes.append(DiagnosticNote(message: "register '\(name)' in the stack and push it by value, as the stack's other screens are"))
            return finding(
                "'\(name)' is pushed by a view-destination link (`inline`) onto stack '\(spec.stacks[first.stack].name)'\(more), whose path takes values while it is on it: \(first.values[0].0)",
                at: inlinePush.range, in: spec, notes: notes)
        }
    }
}

extension RuleID {
    public static let mixedNavigationLinks = RuleID(rawValue: "mixed-navigation-links")
}
