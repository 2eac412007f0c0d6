import ArgumentParser
import NavFlowCheck
import NavFlowModel
import NavFlowReport
import NavFlowSpec

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a spec's screen graph as Graphviz DOT, a Mermaid flowchart or JSON.",
        discussion: """
            Nodes are screens and containers (stacks, tab views, split views); \
            edges are pushes, modal presentations, tab switches and column \
            selections, labelled with their guards; deep links enter from the side. \
            Render DOT with 'dot -Tsvg'; paste Mermaid into a ```mermaid block on GitHub.
            """
    )

    @ArgumentParser.Argument(help: "The spec file.")
    var spec: String

    @Option(help: "Output format: dot, mermaid or json.")
    var format: GraphFormat = .dot

    func run() throws {
        let model = try SpecLoading.checked(spec)
        Output.write(ScreenGraphRenderer.render(ScreenGraph(model), as: format))
    }
}

extension GraphFormat: ExpressibleByArgument {}
