#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let navigationPathWithoutCodable = LintRule(
        id: "swift-navigation-path-without-codable",
        severity: .error,
        summary: "A `NavigationPath` saved or restored without its `codable` representation.",
        rationale: """
            `NavigationPath` is not `Codable`: what it holds is type-erased. To \
            save it, encode `path.codable` (nil when an element is not \
            `Codable`), and to restore it, decode a \
            `NavigationPath.CodableRepresentation` and build the path from it, \
            handling the failure (a route that no longer exists). A type that \
            saves a `NavigationPath` some other way loses the path or does not \
            restore it.
            """,
        triggering: [
            """
            final class Router: ObservableObject, Codable {
                @Published var ↓path = NavigationPath()
                func encode(to encoder: Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(String(describing: path))
                }
            }
            """,
            """
            struct SavedState: Codable {
                var tab: Int
                var ↓path: NavigationPath
            }
            """,
        ],
        nonTriggering: [
            """
            final class Router: ObservableObject, Codable {
                @Published var path = NavigationPath()
                func encode(to encoder: Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(path.codable)
                }
                required init(from decoder: Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    path = NavigationPath(try container.decode(NavigationPath.CodableRepresentation.self))
                }
            }
            """,
            """
            @Observable final class Router {
                var path = NavigationPath()
            }
            """,
        ],
        check: { scope in
            var findings: [Diagnostic] = []
            let types = scope.file.index.classes.map { ($0.inheritanceClause, $0.memberBlock) }
                + scope.file.index.structs.map { ($0.inheritanceClause, $0.memberBlock) }
            for (inheritance, members) in types {
                let conforms = inheritance?.names.contains { ["Codable", "Encodable", "Decodable"].contains($0) } == true
                guard conforms else { continue }
                let text = members.trimmedDescription
                if text.contains(".codable") || text.contains("CodableRepresentation") { continue }
                for member in members.members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.accessorBlock == nil {
                        let typed = binding.typeAnnotation?.type.baseName == "NavigationPath"
                        let initialized = binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calleeName == "NavigationPath"
                        guard typed || initialized else { continue }
                        findings.append(scope.finding(
                            "'\(binding.pattern.trimmedDescription)' is a NavigationPath in a Codable type that never uses its codable representation: the path is not saved or not restored",
                            at: binding.pattern,
                            notes: [DiagnosticNote(message: "encode 'path.codable' and restore with NavigationPath(_:) from a decoded NavigationPath.CodableRepresentation")]))
                    }
                }
            }
            return findings
        }
    )
}
#endif
