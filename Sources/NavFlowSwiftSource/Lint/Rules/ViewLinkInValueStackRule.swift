#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let viewLinkInValueStack = LintRule(
        id: "swift-view-link-in-value-stack",
        severity: .warning,
        summary: "A view-based `NavigationLink` (`destination:` or a destination closure) inside a stack driven by a path.",
        rationale: """
            A stack bound to a path (`NavigationStack(path:)`) is the app's \
            record of where the user is: links, the back button and deep links \
            all go through it. A `NavigationLink` that builds its destination \
            view pushes something the path does not hold, so the app cannot \
            read, restore or pop to it, and setting the path (a deep link, pop \
            to root) drops it unannounced. Push a value (`NavigationLink(value:)`) \
            and map it with `navigationDestination(for:)`.
            """,
        triggering: [
            """
            struct Feed: View {
                @State private var path: [Route] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        List {
                            ↓NavigationLink(destination: Settings()) { Text("Settings") }
                            NavigationLink("Profile", value: Route.profile)
                        }
                        .navigationDestination(for: Route.self) { $0.view }
                    }
                }
            }
            """,
            """
            struct Feed: View {
                @Bindable var router: Router
                var body: some View {
                    NavigationStack(path: $router.path) {
                        ↓NavigationLink("About") { AboutView() }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Feed: View {
                @State private var path: [Route] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        NavigationLink("Settings", value: Route.settings)
                        NavigationLink(value: Route.profile) { Label("Profile", systemImage: "person") }
                    }
                    .navigationDestination(for: Route.self) { $0.view }
                }
            }
            """,
            """
            struct Legacy: View {
                var body: some View {
                    NavigationStack {
                        NavigationLink("About") { AboutView() }
                    }
                }
            }
            """,
        ],
        check: { scope in
            scope.calls.compactMap { call -> Diagnostic? in
                guard call.viewLinkDestination != nil,
                      let stack = call.enclosingCalls.first(where: { navigationContainers.contains($0.calleeName ?? "") }),
                      stack.calleeName == "NavigationStack", stack.hasArgument("path")
                else { return nil }
                return scope.finding(
                    "a view-based 'NavigationLink' inside a stack driven by a path: what it pushes is not in the path, so the app cannot read, restore or pop to it",
                    at: call.calledExpression,
                    notes: [DiagnosticNote(message: "the stack's path is bound here", range: scope.file.range(of: stack.argument("path")!)),
                            DiagnosticNote(message: "push a value with NavigationLink(value:) and map it with navigationDestination(for:)")])
            }
        }
    )
}
#endif
