import ArgumentParser
import NavFlowIO
import NavFlowSource
import NavFlowSwiftSource

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Draft a spec from a SwiftUI app's Swift sources (docs/extract.md says what it reads).",
        discussion: """
            Each PATH is a .swift file or a directory searched for them, as for \
            lint. The draft cites the source of every line and lists at its top \
            what it could not decide; review it before relying on it. Exit codes: \
            0 a draft was written; 2 a path is missing or unreadable, or an \
            option is wrong.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("Swift files or directories of them (default: 'sources' of .navflow.yml).", valueName: "paths"))
    var givenPaths: [String] = []

    @OptionGroup var configured: ConfiguredPaths

    /// The paths given, else those of the configuration file.
    var paths: [String] { givenPaths.isEmpty ? configured.sources : givenPaths }

    @Option(help: "Write the draft to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one Swift file or directory") }
    }

    func run() throws {
        #if SwiftSource
        let files = try SwiftSourceLoading.files(paths)
        let draft = Extractor.extract(files, manifests: ManifestFiles.readAll(paths)).text
        if let output {
            do {
                try AtomicFile.write(draft, to: output)
            } catch {
                throw CommandFailure.input("\(output): cannot write the draft: \(error.localizedDescription)")
            }
        } else {
            Output.write(draft)
        }
        #else
        throw CommandFailure.input(SwiftSourceAvailability.missing)
        #endif
    }
}
