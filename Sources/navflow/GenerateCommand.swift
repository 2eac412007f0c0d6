import ArgumentParser
import NavFlowGenerator

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a generated app spec of a given size, for benchmarks and scale tests.",
        discussion: """
            The spec is a tab view of per-tab stacks whose screens push each \
            other, with sheets, flags, inputs and deep links. The same options \
            and seed always give the same text.
            """
    )

    @Option(help: "Tabs, each with its own stack.") var tabs = 3
    @Option(help: "Screens pushed inside the tabs (tab roots not counted).") var screens = 12
    @Option(help: "How many screens each screen pushes.") var fanOut = 2
    @Option(help: "Every stack's depth.") var depth = 4
    @Option(help: "Modal screens presented as sheets.") var sheets = 2
    @Option(help: "Flags that gate edges.") var flags = 1
    @Option(help: "Inputs that hide tabs.") var inputs = 0
    @Option(help: "Deep links along push paths.") var deeplinks = 3
    @Option(help: "The seed.") var seed: UInt64 = 1
    @Flag(help: "Add the interactions real apps have: sign-in and sign-out with rebuild, a tab shown when signed in, 'tab' in actions, an appear hook gating a screen on sign-in, links that act where the user is, keep the modals or present a sheet.")
    var interactions = false

    var shape: AppShape {
        var shape = AppShape(tabs: tabs, screens: screens, fanOut: fanOut, depth: depth, sheets: sheets, flags: flags,
                             inputs: inputs, deepLinks: deeplinks, seed: seed)
        shape.interactions = interactions
        return shape
    }

    func validate() throws {
        if let problem = shape.problem { throw ValidationError(problem) }
    }

    func run() throws {
        Output.write(AppSpecGenerator.spec(shape))
    }
}
