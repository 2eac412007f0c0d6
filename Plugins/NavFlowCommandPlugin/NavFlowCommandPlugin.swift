import Foundation
import PackagePlugin

/// `swift package navflow COMMAND [ARGUMENTS...]` in a package that depends
/// on NavFlow: runs `navflow COMMAND` (verify, coverage, plan, query, graph,
/// format, lint, extract, drift) with the arguments given, in the package's
/// folder, where navflow reads the package's `.navflow.yml`. When a command
/// that reads specs is given none and that file lists none, it takes the
/// package's specs by convention: the `.navflow` files of its `navflow/`
/// folder, else those of its targets' folders; `lint` and `extract` given
/// no path take the targets' folders. What the command prints is also written to the
/// plugin's work directory (`COMMAND.txt`, or the report's own extension),
/// and `plan` writes its traces there unless given `--output`.
@main
struct NavFlowCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let command = arguments.first, !command.hasPrefix("-") else {
            throw PluginFailure("name a navflow command: swift package navflow verify|coverage|plan|query|graph|format|lint|extract|drift [ARGUMENTS...]")
        }
        var rest = Array(arguments.dropFirst())
        let positional = Self.positional(rest)
        let specs = Self.specs(in: context.package)
        let sources = context.package.targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }.sorted()
        func firstSpec() throws -> String {
            guard let spec = specs.first else {
                throw PluginFailure("no spec given and none found: put the package's .navflow files in a navflow/ folder at its root, or in its targets' folders")
            }
            return spec.path
        }
        // A `.navflow.yml` that lists specs or sources gives them itself: navflow reads it.
        let configuration = (try? String(contentsOf: context.package.directoryURL.appendingPathComponent(".navflow.yml"), encoding: .utf8)) ?? ""
        let configured = configuration.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let configuredSpecs = configured.contains { $0.hasPrefix("specs:") }
        let configuredSources = configured.contains { $0.hasPrefix("sources:") }
        if (configuredSpecs && ["verify", "format", "coverage", "plan"].contains(command))
            || (configuredSources && ["lint", "extract"].contains(command)) {
            // Nothing to add.
        } else if ["verify", "format"].contains(command) && positional.isEmpty {
            _ = try firstSpec()
            rest = specs.map(\.path) + rest
        } else if ["coverage", "plan", "graph"].contains(command) && positional.isEmpty {
            rest = [try firstSpec()] + rest
        } else if command == "query" && positional.count == 1 {
            // The query alone: the spec goes first.
            rest = [try firstSpec()] + rest
        } else if command == "drift" && positional.isEmpty {
            rest = [try firstSpec()] + sources + rest
        } else if ["lint", "extract"].contains(command) && positional.isEmpty {
            rest = sources + rest
        }
        let work = context.pluginWorkDirectoryURL
        if command == "plan" && !rest.contains("--output") {
            rest += ["--output", work.appendingPathComponent("plan").path]
        }
        let tool = try context.tool(named: "navflow")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [command] + rest
        process.currentDirectoryURL = context.package.directoryURL
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        FileHandle.standardOutput.write(data)
        let report = work.appendingPathComponent(command + "." + Self.fileExtension(of: rest))
        try? data.write(to: report)
        if !data.isEmpty { Diagnostics.remark("navflow \(command): the output is also in \(report.path)") }
        if process.terminationStatus != 0 {
            throw PluginFailure("navflow \(command) exited with \(process.terminationStatus)")
        }
    }

    /// The options of navflow's commands that take no value.
    static let flags: Set<String> = ["--warnings-as-errors", "--statistics", "--in-place", "--check", "--deeplinks",
                                     "--allow-drift", "--interactions", "--help", "-h", "--version", "--no-config"]

    /// The arguments that are not options or their values.
    static func positional(_ arguments: [String]) -> [String] {
        var found: [String] = []
        var takesValue = false
        for argument in arguments {
            if takesValue { takesValue = false; continue }
            if argument.hasPrefix("-") {
                takesValue = !flags.contains(argument) && !argument.hasPrefix("--no-") && !argument.contains("=")
            } else {
                found.append(argument)
            }
        }
        return found
    }

    /// The package's specs: its `navflow/` folder's, else its targets' folders'.
    static func specs(in package: Package) -> [URL] {
        let folder = package.directoryURL.appendingPathComponent("navflow")
        let conventional = navflowFiles(in: folder)
        if !conventional.isEmpty { return conventional }
        return package.targets.compactMap { $0 as? SourceModuleTarget }.flatMap { navflowFiles(in: $0.directoryURL) }
    }

    static func navflowFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "navflow" }.sorted { $0.path < $1.path }
    }

    /// The extension of the report a command prints: its `--format`'s.
    static func fileExtension(of arguments: [String]) -> String {
        guard let index = arguments.firstIndex(of: "--format"), index + 1 < arguments.count else { return "txt" }
        switch arguments[index + 1] {
        case "json": return "json"
        case "sarif": return "sarif"
        case "junit": return "xml"
        case "markdown": return "md"
        case "html": return "html"
        case "dot": return "dot"
        case "mermaid": return "mmd"
        default: return "txt"
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
