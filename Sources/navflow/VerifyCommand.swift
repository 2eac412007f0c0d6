import ArgumentParser
import NavFlowCheck
import NavFlowReport

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check specs and report every finding.",
        discussion: """
            Each SPEC is a .navflow file or a directory searched for them. \
            Exit codes: 0 no errors; 1 findings of severity error (or warnings \
            with --warnings-as-errors); 2 a spec is unreadable or does not \
            parse or resolve; 3 a limit was reached.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @ArgumentParser.Argument(help: "Spec files or directories of .navflow files.")
    var specs: [String]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file or directory") }
    }

    func run() throws {
        let paths: [String]
        switch SpecFiles.expand(specs) {
        case .success(let found): paths = found
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
        var results: [Verifier.Result] = []
        for path in paths {
            switch SpecFiles.read(path) {
            case .success(let file): results.append(Verifier.verify(file))
            case .failure(let failure): throw CommandFailure.input(failure.description)
            }
        }
        let report = VerifyReport(results: results, warningsAsErrors: warningsAsErrors)
        switch format {
        case .text: Output.write(report.text(colors: Output.stdoutIsTerminal))
        case .json: Output.write(report.json())
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
