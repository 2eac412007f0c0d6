import ArgumentParser
import Foundation
import NavFlowCheck
import NavFlowConfiguration
import NavFlowIO
import NavFlowSource
import NavFlowSwiftSource

/// Reads `.navflow.yml` (or the file `--config PATH` names; `--no-config`
/// reads none) and puts the options it gives the command first among the
/// command's arguments, so the command line's own come after and win.
enum ConfigurationLoading {
    struct Applied {
        var arguments: [String]
        /// The file read, if any, and the command its options were given to.
        var file: ConfigurationFile?
        var command: String?
    }

    static func apply(to given: [String]) throws -> Applied {
        var arguments: [String] = []
        var path: String?
        var explicit = false
        var disabled = false
        var index = 0
        while index < given.count {
            let argument = given[index]
            if argument == "--no-config" {
                disabled = true
            } else if argument == "--config" {
                guard index + 1 < given.count else { throw CommandFailure.input("--config needs a file") }
                path = given[index + 1]
                explicit = true
                index += 1
            } else if argument.hasPrefix("--config=") {
                path = String(argument.dropFirst("--config=".count))
                explicit = true
            } else {
                arguments.append(argument)
            }
            index += 1
        }
        guard !disabled, let command = arguments.first, !command.hasPrefix("-"),
              ConfigurationFile.options[command] != nil || ConfigurationFile.specCommands.contains(command)
                || ConfigurationFile.sourceCommands.contains(command) else {
            return Applied(arguments: arguments)
        }
        let file = path ?? ConfigurationFile.defaultName
        if !explicit && !FileManager.default.fileExists(atPath: file) { return Applied(arguments: arguments) }
        let bytes: [UInt8]
        switch InputFiles.read(file) {
        case .success(let read): bytes = read
        case .failure(let failure): throw CommandFailure.input("configuration \(failure.description)")
        }
        let parsed = ConfigurationFile.parse(SourceFile(path: file, bytes: bytes),
                                             commandsOfRule: commands(ofRule:), knownRules: knownRules)
        switch parsed {
        case .failure(let invalid):
            for problem in invalid.problems { Output.writeError(problem.description + "\n") }
            throw ExitCode(CommandFailure.exitCode)
        case .success(let configuration):
            let injected = configuration.arguments(for: command)
            return Applied(arguments: [command] + injected + arguments.dropFirst(), file: configuration, command: command)
        }
    }

    /// Every rule id this build knows, for "did you mean".
    static var knownRules: [String] {
        var ids = RuleCatalog.all.filter { $0.phase != .frontEnd }.map(\.id.rawValue)
        #if SwiftSource
        ids += Linter.rules.map(\.descriptor.id.rawValue) + Drift.rules.map(\.id.rawValue)
        #endif
        return ids
    }

    /// The commands that report a rule. Without the SwiftSource trait the
    /// source rules are not built in: ids of their form are taken on trust.
    static func commands(ofRule id: String) -> Set<String> {
        var commands: Set<String> = []
        if RuleCatalog.all.contains(where: { $0.id.rawValue == id && $0.phase != .frontEnd }) { commands.insert("verify") }
        #if SwiftSource
        if Linter.rules.contains(where: { $0.descriptor.id.rawValue == id }) { commands.insert("lint") }
        if Drift.rules.contains(where: { $0.id.rawValue == id }) { commands.insert("drift") }
        #else
        if id.hasPrefix("swift-") { commands.insert("lint") }
        if id.hasPrefix("drift-") { commands.insert("drift") }
        #endif
        return commands
    }

    /// A note for a usage error that may come from the configuration file:
    /// where it sets the options the message names.
    static func note(for message: String, _ applied: Applied) -> String? {
        guard let file = applied.file, let command = applied.command else { return nil }
        let places = (ConfigurationFile.options[command] ?? [:]).keys.sorted().compactMap { option -> String? in
            guard message.contains("--\(option)"), let line = file.line(ofOption: option, in: command) else { return nil }
            return "\(file.path):\(line) sets \(option)"
        }
        return places.isEmpty ? nil : "note: " + places.joined(separator: "; ")
    }
}
