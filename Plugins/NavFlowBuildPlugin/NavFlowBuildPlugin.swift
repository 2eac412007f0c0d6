import Foundation
import PackagePlugin

/// Verifies the `.navflow` specs of the target it is applied to on every
/// build that changes them: one build command per spec runs `navflow
/// verify`, whose findings (`spec.navflow:12:5: error: ...`) become build
/// diagnostics, and an error fails the build as a compiler error would.
/// Each command writes an empty Swift file once its spec verifies, so the
/// build runs it before compiling the target and again only when the spec
/// or navflow changes.
@main
struct NavFlowBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "navflow")
        let specs = module.sourceFiles.map(\.url).filter { $0.pathExtension == "navflow" }.sorted { $0.path < $1.path }
        let folder = module.directoryURL.standardizedFileURL.path
        return specs.map { spec in
            // Named after the spec's path in the target, so two specs of one
            // name in different folders have stamps of their own.
            var relative = spec.standardizedFileURL.deletingPathExtension().path
            if relative.hasPrefix(folder + "/") { relative = String(relative.dropFirst(folder.count + 1)) }
            let name = relative.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("Verified_" + name + ".swift")
            return .buildCommand(
                displayName: "Verifying \(spec.lastPathComponent) with navflow",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "\"$0\" verify \"$1\" && printf '// %s verified by navflow\\n' \"$1\" > \"$2\"",
                            tool.url.path, spec.path, stamp.path],
                inputFiles: [spec, tool.url],
                outputFiles: [stamp]
            )
        }
    }
}
