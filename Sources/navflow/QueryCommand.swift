import ArgumentParser
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowReport
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowZ3

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Answer a reachability question with a shortest witness or a proof that none exists.",
        discussion: """
            QUERY is 'reach PATTERN'. A pattern uses the deep-link target syntax \
            with wildcards: '_' any argument, '/ ...' any run of routes, '*' any \
            tab, '+ sheet NAME' modal layers, '+ ...' any modals, and 'where EXPR' \
            over flags and inputs. Steps are in-app only unless --deeplinks. \
            Exit codes: 0 reachable (a witness is printed); 1 unreachable (a proof \
            is printed); 2 the spec, the query or an option is wrong; 3 a limit or \
            the timeout was reached before an answer, or a z3 witness did not \
            replay (NavFlow's own error); 4 no witness up to --bound \
            (z3), and none proved impossible beyond it.
            """
    )

    enum Engine: String, ExpressibleByArgument, CaseIterable {
        case auto, explicit, z3
    }

    @ArgumentParser.Argument(help: "The spec file.")
    var spec: String

    @ArgumentParser.Argument(help: "The question, e.g. 'reach * / ... / Privacy where !isPro'.")
    var query: String

    @Option(help: "Start from the states matching this pattern instead of launch.")
    var from: String?

    @ArgumentParser.Flag(help: "Count opening a deep link or an entry point as a step.")
    var deeplinks = false

    @Option(help: "The engine: auto (explicit, and z3 in a build that has it when the inputs have too many valuations or, where z3 encodes the navigation state, past 1,000,000 explicit states), explicit (breadth-first search) or z3 (bounded model checking).")
    var engine: Engine = .auto

    @Option(help: ArgumentHelp(
        "How the explicit engine explores: automatic (store the tabs that are not selected parked, as verify does, when they can be; the witness is lifted to a path of the app and may then not be a shortest one), full or plain (every state: a shortest witness).",
        valueName: "mode"))
    var exploration: Verifier.Exploration = .automatic

    @Option(help: "The longest witness the z3 engine looks for (with --from, the steps from launch to the start count too).")
    var bound: Int = 12

    @Option(help: "Seconds the z3 engine may take; past it, exit 3.")
    var timeout: Double = 60

    @Option(help: "Output format: text or json.")
    var format: QueryFormat = .text

    @ArgumentParser.Flag(help: "Also print which engine answered (and with which encoding), why, and in how long.")
    var statistics = false

    @OptionGroup var limitOptions: LimitOptions

    @OptionGroup var depthOptions: DepthOptions

    func validate() throws {
        if bound < 0 || bound > 1000 { throw ValidationError("--bound must be between 0 and 1000") }
        if timeout <= 0 { throw ValidationError("--timeout must be positive") }
        if engine == .z3 && exploration != .automatic {
            throw ValidationError("--exploration applies to the explicit engine; the z3 engine does not explore states")
        }
    }

    func run() throws {
        let limits = limitOptions.limits
        let checked = try SpecLoading.checked(spec, depths: try depthOptions.override, inputs: try depthOptions.inputs)
        let target = try resolve(query, path: "<query>", PatternResolver.resolveQuery, in: checked)
        let start = try from.map { try resolve($0, path: "<from>", PatternResolver.resolvePattern, in: checked) }
        let model: FlowModel
        do {
            model = try FlowModel(checked)
        } catch {
            Output.writeError("navflow: error: \(error.description)\n")
            throw ExitCode(3)
        }
        let request = ReachabilityQuery(target: target, from: start, deepLinks: deeplinks)
        let answer: QueryAnswer
        var defects: [WitnessDefect] = []
        var used = QueryReport.EngineStatistics(engine: engine.rawValue, encoding: nil, reason: nil, seconds: 0)
        let clock = ContinuousClock.now
        // Every mode runs the plain explorer's search; automatic parks the tabs when it may.
        var parks: Bool { exploration == .automatic && TabIndependence(model: model).holds }
        do {
            var trail: WitnessTrail?
            switch engine {
            case .explicit:
                (answer, trail) = try ExplicitQueryEngine(limits: limits, parksInactiveTabs: parks).answerWithTrail(request, model: model)
            case .z3:
                (answer, used.encoding) = try SymbolicEngineBridge.answer(request, model: model, bound: bound, timeout: timeout,
                                                                          limits: limits)
            case .auto:
                let automatic = AutomaticQueryEngine(limits: limits, parksInactiveTabs: parks, bound: bound, timeout: timeout)
                let choice: AutomaticQueryEngine.Choice
                (answer, trail, choice) = try SymbolicEngineBridge.automaticAnswer(request, model: model, engine: automatic)
                used.engine = choice.engine
                used.encoding = choice.encoding
                used.reason = choice.reason
            }
            if let trail { defects = WitnessAudit.defects(of: trail, model: model, limits: limits) }
        } catch let limit as Explorer.LimitReached {
            StoppedRun.write("query", limit: limit, states: limit.states, limits: limits)
            throw ExitCode(3)
        } catch let stopped as SymbolicEngineBridge.Stopped {
            StoppedRun.write("query", symbolic: stopped, limits: limits)
            throw ExitCode(3)
        }
        let elapsed = ContinuousClock.now - clock
        used.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var report = QueryReport(query: query, engine: used.engine, answer: answer, defects: defects)
        if statistics { report.statistics = used }
        Output.write(report.render(format))
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    private func resolve(_ text: String, path: String,
                         _ resolver: (String, FlowSpec, String) -> (StatePattern?, [Diagnostic]),
                         in spec: FlowSpec) throws -> StatePattern {
        let (pattern, diagnostics) = resolver(text, spec, path)
        if let pattern { return pattern }
        let source = SourceFile(path: path, text: text)
        Output.writeError(DiagnosticTextRenderer(colors: Output.stderrIsTerminal).render(diagnostics, sources: [path: source]))
        throw ExitCode(2)
    }
}

extension QueryFormat: ExpressibleByArgument {}
