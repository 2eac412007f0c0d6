import ArgumentParser
import NavFlowExport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a spec's state graph as a model for another checker.",
        discussion: """
            --format promela writes a Promela program whose reachable states are \
            the spec's: SPIN stores as many states as `navflow verify --format \
            json` reports in stats.states. Build pan with \
            'spin -a FILE.pml && gcc -O2 -DSAFETY -DNOREDUCE -o pan pan.c' and run \
            './pan -m100000000'. Exit codes: 0 written; 2 the spec or an option is \
            wrong, or the spec has appear or dismissal hooks, which the export \
            does not lower; 3 a limit (input valuations) was reached.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case promela
    }

    @ArgumentParser.Argument(help: "The spec file.")
    var spec: String

    @Option(help: "The output format: promela.")
    var format: Format = .promela

    func run() throws {
        let model = try SpecLoading.model(spec)
        do {
            Output.write(try PromelaExporter(model: model).export())
        } catch {
            Output.writeError("navflow: error: \(error.description)\n")
            // A limit is exit 3; a construct the export does not lower is the input's (2).
            throw ExitCode(error.isLimit ? 3 : 2)
        }
    }
}
