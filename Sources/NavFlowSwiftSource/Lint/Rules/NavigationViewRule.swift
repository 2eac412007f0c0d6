#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let navigationView = LintRule(
        id: "swift-navigation-view",
        severity: .warning,
        summary: "`NavigationView`, deprecated since iOS 16, in new code.",
        rationale: """
            `NavigationView` has no path: what it shows cannot be set, read or \
            restored from code, so deep links and state restoration cannot drive \
            it, and it behaves differently from one iOS version to the next. Use \
            `NavigationStack` for one column (with a `path` the app owns) and \
            `NavigationSplitView` for several.
            """,
        triggering: [
            """
            struct Root: View {
                var body: some View {
                    ↓NavigationView { List { Text("Inbox") } }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    ↓NavigationView { Sidebar(); Detail() }.navigationViewStyle(.columns)
                }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Root: View {
                @State private var path: [Route] = []
                var body: some View {
                    NavigationStack(path: $path) { List { Text("Inbox") } }
                }
            }
            """,
            """
            // NavigationView is deprecated; this comment names it.
            struct Root: View {
                var body: some View { NavigationSplitView { Sidebar() } detail: { Detail() } }
            }
            """,
        ],
        check: { scope in
            scope.calls.compactMap { call -> Diagnostic? in
                guard call.calleeName == "NavigationView", call.modifier == nil else { return nil }
                return scope.finding(
                    "'NavigationView' is deprecated since iOS 16: it has no path, so links and state restoration cannot set what it shows",
                    at: call.calledExpression,
                    notes: [DiagnosticNote(message: "use NavigationStack for one column, NavigationSplitView for several")])
            }
        }
    )
}
#endif
