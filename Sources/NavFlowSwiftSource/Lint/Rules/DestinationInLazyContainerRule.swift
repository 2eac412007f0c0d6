#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    /// Containers that build their content lazily, as it scrolls into view.
    static let lazyContainers: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "ForEach", "Table", "OutlineGroup"]

    static let destinationInLazyContainer = LintRule(
        id: "swift-destination-in-lazy-container",
        severity: .error,
        summary: "A `navigationDestination` inside a lazy container (`List`, `LazyVStack`, `ForEach`, ...).",
        rationale: """
            A lazy container builds its rows only as they scroll into view, so \
            the stack does not see a `navigationDestination` registered in a row \
            that is not built: a push of its type then shows nothing (SwiftUI \
            logs a warning and the link does nothing), and a deep link that \
            appends that type to the path fails. Register destinations on the \
            container itself, or higher, once per type.
            """,
        triggering: [
            """
            struct Items: View {
                let items: [Item]
                var body: some View {
                    List(items) { item in
                        NavigationLink(item.title, value: item)
                            .↓navigationDestination(for: Item.self) { ItemDetail(item: $0) }
                    }
                }
            }
            """,
            """
            struct Grid: View {
                var body: some View {
                    ScrollView {
                        LazyVGrid(columns: columns) {
                            ForEach(photos) { photo in
                                Thumbnail(photo).↓navigationDestination(isPresented: $showing) { PhotoView(photo) }
                            }
                        }
                    }
                }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Items: View {
                let items: [Item]
                var body: some View {
                    List(items) { item in
                        NavigationLink(item.title, value: item)
                    }
                    .navigationDestination(for: Item.self) { ItemDetail(item: $0) }
                }
            }
            """,
            """
            struct Rows: View {
                var body: some View {
                    List(rows) { row in
                        RowView(row).sheet(item: $editing) { row in
                            NavigationStack { Editor(row).navigationDestination(for: Field.self) { FieldView($0) } }
                        }
                    }
                }
            }
            """,
        ],
        check: { scope in
            scope.calls.compactMap { call -> Diagnostic? in
                guard call.calleeName == "navigationDestination", let modifier = call.modifier else { return nil }
                // The containers around it, up to the nearest stack or
                // presentation, which has its own destinations.
                for outer in call.enclosingCalls {
                    let name = outer.calleeName ?? ""
                    if navigationContainers.contains(name) || presentationModifiers.contains(name) || name == "navigationDestination" {
                        return nil
                    }
                    if LintRule.lazyContainers.contains(name) && outer.modifier == nil {
                        return scope.finding(
                            "'navigationDestination' inside '\(name)', which builds its content lazily: the stack may not see it, and a push of its type then shows nothing",
                            at: modifier.declName,
                            notes: [DiagnosticNote(message: "the lazy container starts here", range: scope.file.range(of: outer.calledExpression)),
                                    DiagnosticNote(message: "register the destination on the container or higher, once per type")])
                    }
                }
                return nil
            }
        }
    )
}
#endif
