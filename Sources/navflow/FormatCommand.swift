import ArgumentParser
import NavFlowIO
import NavFlowReport
import NavFlowSource
import NavFlowSpec

struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Print specs in the canonical layout (docs/format.md), keeping their tokens, line breaks and comments.",
        discussion: """
            Each SPEC is a .navflow file or a directory searched for them. \
            With one spec and neither --in-place nor --check, the formatted \
            spec is printed. Exit codes: 0 done (with --check: every spec is \
            formatted); 1 with --check, a spec is not formatted (each is named); \
            2 a spec is unreadable or does not parse (its diagnostics are \
            printed and it is left as it is), or an option is wrong.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("Spec files or directories of .navflow files (default: 'specs' of .navflow.yml).", valueName: "specs"))
    var givenSpecs: [String] = []

    @OptionGroup var configured: ConfiguredPaths

    /// The specs given, else those of the configuration file.
    var specs: [String] { givenSpecs.isEmpty ? configured.specs : givenSpecs }

    @ArgumentParser.Flag(help: "Rewrite each spec in place (atomically) instead of printing it.")
    var inPlace = false

    @ArgumentParser.Flag(help: "Change nothing; name each spec that is not formatted and exit 1 if any.")
    var check = false

    func validate() throws {
        if specs.isEmpty { throw ValidationError("name at least one spec file or directory") }
        if inPlace && check { throw ValidationError("--in-place and --check cannot be used together") }
    }

    func run() throws {
        let paths: [String]
        switch SpecFiles.expand(specs) {
        case .success(let found): paths = found
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
        if paths.count > 1 && !inPlace && !check {
            throw CommandFailure.input("\(paths.count) specs: print one at a time, or use --in-place or --check")
        }
        var invalid = false
        var unformatted: [String] = []
        for path in paths {
            let file: SourceFile
            switch SpecFiles.read(path) {
            case .success(let read): file = read
            case .failure(let failure): throw CommandFailure.input(failure.description)
            }
            switch SpecFormatter.format(file) {
            case .failure(.invalid(let diagnostics)):
                Output.writeError(DiagnosticTextRenderer(colors: Output.stderrIsTerminal).render(diagnostics, sources: [file.path: file]))
                invalid = true
            case .success(let formatted):
                let original = String(decoding: file.bytes, as: UTF8.self)
                if check {
                    if formatted != original { unformatted.append(path) }
                } else if inPlace {
                    if formatted != original {
                        do {
                            try AtomicFile.write(formatted, to: path)
                        } catch {
                            throw CommandFailure.input("\(path): cannot write the formatted spec: \(error.localizedDescription)")
                        }
                    }
                } else {
                    Output.write(formatted)
                }
            }
        }
        for path in unformatted { Output.write("\(path): not formatted\n") }
        if invalid { throw ExitCode(2) }
        if !unformatted.isEmpty { throw ExitCode(1) }
    }
}
