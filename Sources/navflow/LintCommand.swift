import ArgumentParser
import NavFlowDiagnostics
import NavFlowIO
import NavFlowReport
import NavFlowSource
import NavFlowSwiftSource

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the navigation code of a SwiftUI app's Swift sources (docs/lint.md lists the rules).",
        discussion: """
            Each PATH is a .swift file or a directory searched for them (build \
            folders, Pods, Carthage, DerivedData, checkouts and hidden folders \
            are skipped). The files are read together: a view pushed in one \
            file may show a stack in another. Exit codes: 0 no errors; 1 \
            findings of severity error (or warnings with --warnings-as-errors); \
            2 a path is missing or unreadable, or an option is wrong. A \
            '// navflow:disable RULE' comment before a statement or declaration \
            suppresses that rule's findings in it; '// navflow:disable-file \
            RULE' in the whole file.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("Swift files or directories of them (default: 'sources' of .navflow.yml).", valueName: "paths"))
    var givenPaths: [String] = []

    @OptionGroup var configured: ConfiguredPaths

    @OptionGroup var ruleOptions: RuleOptions

    /// The paths given, else those of the configuration file.
    var paths: [String] { givenPaths.isEmpty ? configured.sources : givenPaths }

    @Option(help: "Output format: text, json, sarif or github.")
    var format: LintFormat = .text

    @ArgumentParser.Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one Swift file or directory (or list them under 'sources' in .navflow.yml)") }
        #if SwiftSource
        _ = try ruleOptions.settings(known: Linter.rules.map(\.descriptor.id))
        #endif
    }

    func run() throws {
        #if SwiftSource
        let files = try SwiftSourceLoading.files(paths)
        var result = Linter.run(files)
        result.diagnostics = RuleSetting.apply(try ruleOptions.settings(known: Linter.rules.map(\.descriptor.id)), to: result.diagnostics)
        let report = LintReport(files: files, diagnostics: result.diagnostics, suppressed: result.suppressed,
                                rules: Linter.rules.map(\.descriptor), warningsAsErrors: warningsAsErrors)
        try Output.report(to: output, isText: format == .text) { report.render(format, colors: $0) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        #else
        throw CommandFailure.input(SwiftSourceAvailability.missing)
        #endif
    }
}

extension LintFormat: ExpressibleByArgument {}
