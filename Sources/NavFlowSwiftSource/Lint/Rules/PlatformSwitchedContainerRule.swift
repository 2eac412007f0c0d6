#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    /// What a condition that picks a layout reads, lowercased: the
    /// interface idiom, a size class (or a property named for one), the
    /// platform.
    static let layoutConditions = ["idiom", "sizeclass", "os("]

    static let platformSwitchedContainer = LintRule(
        id: "swift-platform-switched-container",
        severity: .warning,
        summary: "A `NavigationStack` on some devices and a `NavigationSplitView` on others, picked by a platform or size check.",
        rationale: """
            Choosing between `NavigationStack` and `NavigationSplitView` with \
            `#if os(...)`, the interface idiom or the size class gives the app \
            two navigation models to keep in step: a path set by a deep link or \
            restored on one does not fit the other. Picked at run time (a size \
            class), the switch also replaces the whole hierarchy when the size \
            changes (iPad multitasking, rotation), and the user's path is lost. \
            `NavigationSplitView` collapses to a stack in compact width by \
            itself: use it everywhere, with one path for its detail stack.
            """,
        triggering: [
            """
            struct Root: View {
                @Environment(\\.horizontalSizeClass) private var sizeClass
                var body: some View {
                    ↓if sizeClass == .compact {
                        NavigationStack(path: $path) { Feed() }
                    } else {
                        NavigationSplitView { Sidebar() } detail: { Feed() }
                    }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    ↓#if os(iOS)
                    NavigationStack { Feed() }
                    #else
                    NavigationSplitView { Sidebar() } detail: { Feed() }
                    #endif
                }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Root: View {
                var body: some View {
                    NavigationSplitView { Sidebar() } detail: { NavigationStack(path: $path) { Feed() } }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    #if os(iOS)
                    NavigationStack { Feed() }.toolbarBackground(.visible, for: .navigationBar)
                    #else
                    NavigationStack { Feed() }
                    #endif
                }
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            /// The containers a branch shows itself, outside presentations.
            func containers(in branch: some SyntaxProtocol) -> Set<String> {
                Set(CallVisitor.calls(in: branch).compactMap { call -> String? in
                    guard let name = call.calleeName, call.modifier == nil,
                          name == "NavigationStack" || name == "NavigationSplitView", !call.isInsidePresentation
                    else { return nil }
                    return name
                })
            }
            func switches(_ branches: [Set<String>]) -> Bool {
                branches.contains { $0.contains("NavigationStack") && !$0.contains("NavigationSplitView") }
                    && branches.contains { $0.contains("NavigationSplitView") && !$0.contains("NavigationStack") }
            }
            let note = DiagnosticNote(message: "NavigationSplitView collapses to a stack in compact width: use it everywhere, with one path for its detail")
            for ifConfig in scope.file.index.ifConfigs {
                let branches = ifConfig.clauses.map { clause in clause.elements.map { containers(in: $0) } ?? [] }
                guard switches(branches) else { continue }
                let condition = ifConfig.clauses.first?.condition?.trimmedDescription ?? ""
                guard LintRule.layoutConditions.contains(where: condition.lowercased().contains) else { continue }
                findings.append(scope.finding(
                    "a NavigationStack on some platforms and a NavigationSplitView on others (\(condition)): two navigation models to keep in step, and a path from one does not fit the other",
                    at: ifConfig.clauses.first!.poundKeyword, notes: [note]))
            }
            for ifExpression in scope.file.index.ifExpressions {
                // The whole chain is judged from its first `if`.
                if ifExpression.parent?.is(IfExprSyntax.self) == true { continue }
                var branches: [Set<String>] = []
                var current: IfExprSyntax? = ifExpression
                var conditions = ""
                while let branch = current {
                    branches.append(containers(in: branch.body))
                    conditions += branch.conditions.trimmedDescription + " "
                    switch branch.elseBody {
                    case .ifExpr(let next)?: current = next
                    case .codeBlock(let block)?: branches.append(containers(in: block)); current = nil
                    case nil: current = nil
                    }
                }
                guard switches(branches), LintRule.layoutConditions.contains(where: conditions.lowercased().contains) else { continue }
                findings.append(scope.finding(
                    "a NavigationStack or a NavigationSplitView picked at run time by the device or size class: when it changes, the hierarchy is replaced and the user's path is lost",
                    at: ifExpression.ifKeyword, notes: [note]))
            }
            return findings
        }
    )
}
#endif
