import ArgumentParser
import Foundation

@main
struct NavFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navflow",
        abstract: "Model-check the navigation flow of a SwiftUI app.",
        discussion: """
            Exit codes: 0 the checks hold; 1 findings of severity error; \
            2 the input is wrong (unreadable file, bad spec, bad flag or usage); \
            3 a limit was reached before an answer. Defaults for the commands' \
            options are read from .navflow.yml in the current folder, or the \
            file --config PATH names (--no-config reads none); see \
            docs/configuration.md.
            """,
        version: "0.1.0",
        subcommands: [VerifyCommand.self, QueryCommand.self, CoverageCommand.self, PlanCommand.self, GraphCommand.self,
                      GenerateCommand.self, ExportCommand.self, FormatCommand.self, LintCommand.self, ExtractCommand.self, DriftCommand.self]
    )

    /// Runs the command, mapping usage errors to exit code 2 as documented
    /// (ArgumentParser's own default is 64).
    static func main() {
        var applied = ConfigurationLoading.Applied(arguments: Array(CommandLine.arguments.dropFirst()))
        do {
            applied = try ConfigurationLoading.apply(to: applied.arguments)
            var command = try parseAsRoot(applied.arguments)
            try command.run()
        } catch let failure as CommandFailure {
            Output.writeError("navflow: error: \(failure.description)\n")
            Foundation.exit(failure.code)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let message = fullMessage(for: error)
                Output.writeError(message + "\n")
                if let note = ConfigurationLoading.note(for: message, applied) { Output.writeError(note + "\n") }
                Foundation.exit(CommandFailure.exitCode)
            }
            exit(withError: error)
        }
    }
}
