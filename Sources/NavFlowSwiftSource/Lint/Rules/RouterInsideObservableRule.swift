#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let routerInsideObservable = LintRule(
        id: "swift-router-inside-observable",
        severity: .warning,
        summary: "A router held inside another observable object whose changes do not reach the views.",
        rationale: """
            A router (an observable class that holds a navigation path) held \
            as a property of another observable object is only seen through it \
            when both use the same observation. An `ObservableObject` does not \
            publish the changes of an `ObservableObject` it holds, and the \
            Observation framework does not see `@Published` properties: views \
            that reach the router through the outer object do not update when \
            it pushes or pops, so the stack and the path part. Inject the router \
            into the environment itself, or make both `@Observable`, which \
            tracks a nested `@Observable` read through the outer one (not \
            reported).
            """,
        triggering: [
            """
            final class Router: ObservableObject {
                @Published var path = NavigationPath()
            }
            final class AppState: ObservableObject {
                @Published var ↓router = Router()
            }
            """,
            """
            final class Router: ObservableObject {
                @Published var path: [Route] = []
            }
            @Observable final class AppModel {
                var ↓router: Router = Router()
            }
            """,
        ],
        nonTriggering: [
            """
            @Observable final class Router {
                var path: [Route] = []
            }
            @Observable final class AppModel {
                var router = Router()
            }
            """,
            """
            final class Router: ObservableObject {
                @Published var path = NavigationPath()
            }
            final class Settings: ObservableObject {
                @Published var theme = Theme()
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            for (outerName, outer) in scope.facts.observables.sorted(by: { $0.key < $1.key }) {
                for property in outer.properties where property.file == scope.fileIndex {
                    guard let inner = scope.facts.observables[property.typeName], inner.isRouter,
                          inner.observation == .observableObject
                    else { continue }
                    let why = outer.observation == .observableObject
                        ? "an ObservableObject does not publish the changes of an ObservableObject it holds"
                        : "the Observation framework does not see its @Published properties"
                    let binding = property.declaration.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property.name }
                    findings.append(scope.finding(
                        "the router '\(property.typeName)' is held by '\(outerName)': \(why), so views that reach it through '\(outerName)' do not update when it navigates",
                        at: binding.map { Syntax($0.pattern) } ?? Syntax(property.declaration),
                        notes: [DiagnosticNote(message: "inject the router into the environment itself, or make both classes @Observable")]))
                }
            }
            return findings
        }
    )
}
#endif
