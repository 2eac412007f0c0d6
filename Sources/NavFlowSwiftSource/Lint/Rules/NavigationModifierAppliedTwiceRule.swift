#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let navigationModifierAppliedTwice = LintRule(
        id: "swift-navigation-modifier-applied-twice",
        severity: .warning,
        summary: "A modifier that installs navigation handling applied twice in one view hierarchy.",
        rationale: """
            A modifier that installs navigation handling (an `onOpenURL` \
            handler, an `openURL` action, a watcher of a pending URL, \
            `navigationDestination` registrations, or a shared modifier such \
            as `withAppRouter()` that does any of these) is meant once per \
            stack or window. Applied around a view that applies it again, both \
            copies act: a URL is handled twice (pushed twice, or pushed by \
            whichever copy SwiftUI updates first), or destinations are \
            registered twice (SwiftUI warns and keeps one). Apply it once, where the \
            stack or layer is built. A sheet's content is another hierarchy: \
            applying it again there is not reported.
            """,
        triggering: [
            """
            struct LinkHandling: ViewModifier {
                @Environment(Router.self) private var router
                func body(content: Content) -> some View {
                    content.onOpenURL { router.open($0) }
                }
            }
            struct SplitRoot: View {
                var body: some View {
                    NavigationSplitView { Sidebar() } detail: { Layer() }
                        .↓modifier(LinkHandling())
                }
            }
            struct Layer: View {
                var body: some View {
                    NavigationStack { Feed() }.modifier(LinkHandling())
                }
            }
            """,
            """
            extension View {
                func withAppRouter() -> some View {
                    navigationDestination(for: Route.self) { $0.destination }
                }
            }
            struct Timeline: View {
                var body: some View {
                    NavigationStack(path: $path) { Posts().↓withAppRouter() }
                }
            }
            struct Posts: View {
                var body: some View { PostList().withAppRouter() }
            }
            """,
            """
            struct AppDestinations: ViewModifier {
                func body(content: Content) -> some View {
                    content.navigationDestination(for: Route.self) { $0.view }
                }
            }
            extension View {
                func withAppDestinations() -> some View { modifier(AppDestinations()) }
            }
            struct Feed: View {
                var body: some View { NavigationStack { Timeline().↓withAppDestinations() } }
            }
            struct Timeline: View {
                var body: some View { List { Text("Post") }.modifier(AppDestinations()) }
            }
            """,
        ],
        nonTriggering: [
            """
            extension View {
                func withAppRouter() -> some View {
                    navigationDestination(for: Route.self) { $0.destination }
                }
            }
            struct Timeline: View {
                var body: some View {
                    NavigationStack(path: $path) { Posts().withAppRouter() }
                        .sheet(item: $sheet) { _ in NavigationStack { Composer().withAppRouter() } }
                }
            }
            struct Posts: View {
                var body: some View { PostList() }
            }
            """,
            """
            struct AppDestinations: ViewModifier {
                func body(content: Content) -> some View {
                    content.navigationDestination(for: Route.self) { $0.view }
                }
            }
            extension View {
                func withAppDestinations() -> some View { modifier(AppDestinations()) }
            }
            struct Tabs: View {
                var body: some View {
                    TabView {
                        NavigationStack { Feed().withAppDestinations() }
                        NavigationStack { Inbox().withAppDestinations() }
                    }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    TabView { Feed(); Inbox() }.onOpenURL { handle($0) }
                }
            }
            struct Feed: View {
                var body: some View { List { Text("Feed") }.padding() }
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            for (viewName, applications) in scope.facts.applications.sorted(by: { $0.key < $1.key }) {
                for application in applications where application.file == scope.fileIndex {
                    for (inner, chain) in scope.facts.views(reachableFrom: application.wrapped) where inner != viewName {
                        guard let again = scope.facts.applications[inner]?.first(where: { !$0.installs.isDisjoint(with: application.installs) })
                        else { continue }
                        let path = chain.count > 1 ? " (through \(chain.dropLast().map { "'\($0)'" }.joined(separator: ", ")))" : ""
                        let repeated = again.modifier == application.modifier ? "it again" : "'\(again.modifier)', which installs the same"
                        let effect = application.handlesURLs ? "both copies handle each URL" : "its destinations are registered twice"
                        findings.append(scope.finding(
                            "'\(application.modifier)' is applied around '\(inner)'\(path), which applies \(repeated): \(effect)",
                            at: application.call.nameNode,
                            notes: [scope.note("'\(inner)' applies it here", at: again.call.nameNode, inFile: again.file),
                                    DiagnosticNote(message: "apply it once, where the stack or layer is built")]))
                        break
                    }
                }
            }
            return findings
        }
    )
}
#endif
