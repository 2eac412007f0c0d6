#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let nestedNavigationStack = LintRule(
        id: "swift-nested-navigation-stack",
        severity: .error,
        summary: "A view pushed onto a stack shows a navigation stack of its own.",
        rationale: """
            A view pushed onto a `NavigationStack` is already inside it. If that \
            view shows its own `NavigationStack` (or split view), the stacks nest: \
            SwiftUI does not support it, the inner stack's pushes and destinations \
            are ignored or doubled, and the navigation bar shows twice. Only the \
            roots of tabs, windows and presented sheets own a stack; pushed views \
            use the one they are in. A sheet's, cover's or popover's content is \
            its own presentation wherever it is written: in the modifier's \
            closure, or in a property or function that only presentations use.
            """,
        triggering: [
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in ↓PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                var body: some View { NavigationStack { Text("Post") } }
            }
            """,
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        NavigationLink(destination: ↓SettingsScreen()) { Text("Settings") }
                    }
                }
            }
            struct SettingsScreen: View {
                var body: some View { SettingsContent() }
            }
            struct SettingsContent: View {
                var body: some View { NavigationSplitView { Text("Sidebar") } detail: { Text("Detail") } }
            }
            """,
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        Text("Feed").navigationDestination(for: Int.self) { _ in ↓NavigationStack { Text("Post") } }
                    }
                }
            }
            """,
            // A property the body shows in place is the view's own, though a sheet is applied to it.
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in ↓PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View { content.sheet(isPresented: $composing) { Text("Compose") } }
                private var content: some View { NavigationStack { Text("Post") } }
            }
            """,
            // A property shown both in place and in a sheet is shown in place.
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in ↓PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View { VStack { header }.sheet(isPresented: $composing) { header } }
                private var header: some View { NavigationStack { Text("Post") } }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View {
                    Text("Post").sheet(isPresented: $composing) { NavigationStack { Composer() } }
                }
            }
            """,
            // A sheet's content written as a property only the sheet shows.
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View { Text("Post").sheet(isPresented: $composing) { composerSheet } }
                private var composerSheet: some View { SheetShell { Text("Compose") } }
            }
            struct SheetShell<Content: View>: View {
                @ViewBuilder let content: Content
                var body: some View { NavigationStack { content } }
            }
            """,
            // A sheet's content passed as a function.
            """
            struct Feed: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Post", value: 1) }
                            .navigationDestination(for: Int.self) { id in PostView(id: id) }
                    }
                }
            }
            struct PostView: View {
                let id: Int
                @State private var composing = false
                var body: some View { Text("Post").sheet(isPresented: $composing, content: composer) }
                private func composer() -> some View { NavigationStack { Text("Compose") } }
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            for call in scope.calls {
                // What a stack pushes: a destination closure's views, a
                // link's destination.
                let pushed = call.calleeName == "navigationDestination" ? call.closures.map(Syntax.init)
                    : call.viewLinkDestination.map { [$0] } ?? []
                for root in pushed {
                    for built in CallVisitor.calls(in: root) {
                        // Presentations inside what is pushed have their own stacks.
                        guard let name = built.calleeName, built.modifier == nil, !built.isInsidePresentation else { continue }
                        if navigationContainers.contains(name) {
                            findings.append(scope.finding(
                                "a '\(name)' is pushed onto a stack: the stacks nest",
                                at: built.calledExpression,
                                notes: [DiagnosticNote(message: "a pushed view uses the stack it is in; only roots and presented views own one")]))
                            continue
                        }
                        guard scope.facts.isView(name), let (chain, file, container) = scope.facts.container(shownBy: name) else { continue }
                        let through = chain.count > 1 ? " through \(chain.dropFirst().map { "'\($0)'" }.joined(separator: ", "))" : ""
                        findings.append(scope.finding(
                            "'\(name)' is pushed onto a stack and shows a '\(container.calleeName ?? "NavigationStack")' of its own\(through): the stacks nest",
                            at: built.calledExpression,
                            notes: [scope.note("the inner container is here", at: container.calledExpression, inFile: file),
                                    DiagnosticNote(message: "a pushed view uses the stack it is in; only roots and presented views own one")]))
                    }
                }
            }
            return findings
        }
    )
}
#endif
