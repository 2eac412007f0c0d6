import ArgumentParser
import NavFlowDiagnostics
import NavFlowIO
import NavFlowReport
import NavFlowSource
import NavFlowSpec
import NavFlowSwiftSource

struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare a spec with the app's Swift sources (docs/drift.md says how elements are matched).",
        discussion: """
            Reads the sources as extract does and reports the screens, stacks, \
            destinations, presentations, tabs and deep links found on one side \
            and not the other, each at its place with the other side's in a note. \
            '// navflow:code NAME' before an element of the spec names what it is \
            in the code; '// navflow:code none -- why' marks it absent from the \
            code on purpose; '// navflow:code-only NAME -- why' names views the \
            spec leaves out. Exit codes: 0 no drift; 1 drift; 2 the spec does \
            not read, a path is missing or unreadable, or an option is wrong.
            """
    )

    @ArgumentParser.Argument(help: "The spec.")
    var spec: String

    @ArgumentParser.Argument(help: ArgumentHelp("Swift files or directories of them (default: 'sources' of .navflow.yml).", valueName: "paths"))
    var givenPaths: [String] = []

    @OptionGroup var configured: ConfiguredPaths

    @OptionGroup var ruleOptions: RuleOptions

    /// The paths given, else those of the configuration file.
    var paths: [String] { givenPaths.isEmpty ? configured.sources : givenPaths }

    @Option(help: "Output format: text, json, sarif or github.")
    var format: LintFormat = .text

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one Swift file or directory after the spec (or list them under 'sources' in .navflow.yml)") }
        #if SwiftSource
        _ = try ruleOptions.settings(known: Drift.rules.map(\.id))
        #endif
    }

    func run() throws {
        #if SwiftSource
        let (loaded, checked) = try SpecLoading.frontEnd(spec)
        let files = try SwiftSourceLoading.files(paths)
        var result = Drift.compare(spec: checked, directives: loaded.codeDirectives, sources: files,
                                   manifests: ManifestFiles.readAll(paths))
        result.diagnostics = RuleSetting.apply(try ruleOptions.settings(known: Drift.rules.map(\.id)), to: result.diagnostics)
        let report = DriftReport(spec: loaded.file, files: files, result: result)
        try Output.report(to: output, isText: format == .text) { report.render(format, colors: $0) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        #else
        throw CommandFailure.input(SwiftSourceAvailability.missing)
        #endif
    }
}
