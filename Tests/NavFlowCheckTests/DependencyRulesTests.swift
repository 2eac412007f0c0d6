import Foundation
import NavFlowTestSupport
import Testing

/// The module dependencies docs/architecture.md allows are the ones the
/// sources have: every `import` of a source file names a module its
/// module's row allows (or the standard library, Foundation, Dispatch,
/// Glibc, Darwin). A new dependency is a change to that table first.
@Suite struct DependencyRulesTests {
    static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin", "Musl", "Synchronization"]

    /// The "may import" table of docs/architecture.md: module -> allowed imports.
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: Repository.path("docs/architecture.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        var inTable = false
        for line in text.components(separatedBy: "\n") {
            if line == "| module | may import |" { inTable = true; continue }
            guard inTable else { continue }
            if !line.hasPrefix("|") { break }
            if line.hasPrefix("|---") { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if cells[2].hasPrefix("every module above") {
                table[module] = Set(table.keys).union(cells[2].components(separatedBy: ", ").dropFirst()
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) })
            } else {
                table[module] = Set(cells[2].components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }
                    .filter { !$0.isEmpty })
            }
        }
        return table
    }

    @Test func everySourceModuleImportsOnlyWhatTheArchitectureAllows() throws {
        let allowed = try Self.allowedImports()
        let sources = Repository.path("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources).filter { !$0.hasPrefix(".") }.sorted()
        #expect(Set(modules) == Set(allowed.keys), "docs/architecture.md lists every module of Sources/")
        for module in modules {
            let permitted = (allowed[module] ?? []).union(Self.system)
            let enumerator = FileManager.default.enumerator(atPath: sources + "/" + module)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(contentsOfFile: sources + "/" + module + "/" + file, encoding: .utf8)
                for line in text.components(separatedBy: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }),
                          index + 1 < words.count else { continue }
                    let imported = String(words[index + 1].split(separator: ".").first!)
                    #expect(permitted.contains(imported), "\(module)/\(file) imports \(imported), which docs/architecture.md does not allow")
                }
            }
        }
    }

    /// The table is a real restriction: the model may not see the
    /// properties, the diagnostics or the search.
    @Test func theModelKnowsNoRuleAndNoSearch() throws {
        let allowed = try Self.allowedImports()
        let model = try #require(allowed["NavFlowModel"])
        #expect(!model.contains("NavFlowDiagnostics") && !model.contains("NavFlowCheck") && !model.contains("NavFlowSearch"))
    }
}
