#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let viewInNavigationPath = LintRule(
        id: "swift-view-in-navigation-path",
        severity: .error,
        summary: "Views stored in a navigation path, or in the routes it holds.",
        rationale: """
            A path is data: it is compared to tell what changed, encoded to \
            restore it, and built from a URL by a deep link. Views are none of \
            these: `AnyView` is neither `Hashable` nor `Codable`, a view value is \
            rebuilt on every update, so a path of views cannot be restored or \
            built from a link, and equal routes compare unequal. Store route \
            values (an enum of the screens and their identifiers) and build the \
            views in `navigationDestination(for:)`.
            """,
        triggering: [
            """
            final class Router: ObservableObject {
                @Published var path: ↓[AnyView] = []
            }
            """,
            """
            struct Feed: View {
                @State private var path = NavigationPath()
                var body: some View {
                    NavigationStack(path: $path) {
                        Button("Open") { path.append(↓PostView(id: 1)) }
                    }
                }
            }
            struct PostView: View, Hashable {
                let id: Int
                var body: some View { Text("Post") }
            }
            """,
            """
            enum Route: Hashable {
                case post(Int)
                case custom(↓AnyView)
            }
            struct Feed: View {
                var body: some View {
                    NavigationStack { Text("Feed").navigationDestination(for: Route.self) { $0.view } }
                }
            }
            """,
        ],
        nonTriggering: [
            """
            final class Router: ObservableObject {
                @Published var path: [Route] = []
                var cache: [AnyView] = []
            }
            enum Route: Hashable { case post(Int), profile(String) }
            """,
            """
            enum Toast: Hashable {
                case basic(String)
                case custom(AnyView)
            }
            """,
            """
            struct Feed: View {
                @State private var path = NavigationPath()
                var body: some View {
                    NavigationStack(path: $path) {
                        Button("Open") { path.append(Route.post(1)) }
                    }
                }
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            let advice = DiagnosticNote(message: "store route values (an enum of the screens and their identifiers) and build the views in navigationDestination(for:)")
            func isViewType(_ type: TypeSyntax) -> Bool {
                guard let name = type.baseName else { return false }
                return name == "AnyView" || scope.facts.isView(name)
            }
            // Path properties declared as arrays of views.
            for variable in scope.file.index.variables {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          name.lowercased().contains("path"),
                          let array = binding.typeAnnotation?.type.as(ArrayTypeSyntax.self), isViewType(array.element)
                    else { continue }
                    findings.append(scope.finding("the navigation path '\(name)' holds views: a path of views cannot be compared, restored or built from a link",
                                                  at: array, notes: [advice]))
                }
            }
            // Views appended to a path.
            for call in scope.calls {
                guard call.calleeName == "append", let receiver = call.modified,
                      receiver.trimmedDescription.lowercased().contains("path"),
                      let value = call.arguments.first?.expression.as(FunctionCallExprSyntax.self),
                      let name = value.calleeName, value.modifier == nil, name == "AnyView" || scope.facts.isView(name)
                else { continue }
                findings.append(scope.finding("a view '\(name)' is appended to the navigation path '\(receiver.trimmedDescription)': a path of views cannot be compared, restored or built from a link",
                                              at: value, notes: [advice]))
            }
            // Routes that carry views.
            for enumDecl in scope.file.index.enums
            where scope.facts.routeTypes.contains(enumDecl.name.text) {
                for member in enumDecl.memberBlock.members {
                    guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                    for element in cases.elements {
                        for parameter in element.parameterClause?.parameters ?? [] where isViewType(parameter.type) {
                            findings.append(scope.finding("the route '\(enumDecl.name.text).\(element.name.text)' carries a view: a path of such routes cannot be compared, restored or built from a link",
                                                          at: parameter.type, notes: [advice]))
                        }
                    }
                }
            }
            return findings
        }
    )
}
#endif
