import Foundation
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// Runs `verify` on one spec file: the front end, the structural
/// properties, then the explorer and the graph properties.
/// It never prints; callers render the findings and choose the exit code.
public enum Verifier {
    /// Figures about one exploration, for reports and benchmarks.
    public struct Statistics: Sendable, Equatable {
        /// Reachable states, deep links included.
        public var states: Int
        /// States reachable by in-app steps alone.
        public var inAppStates: Int
        public var transitions: Int
        /// Input valuations explored (after `assume`).
        public var valuations: Int
        /// Bits and 64-bit words of a packed state.
        public var stateBits: Int
        public var stateWords: Int
        /// Bytes the graph holds per state, transitions included.
        public var bytesPerState: Double
        /// Bytes the visited set holds per state: the stored states and their hash table.
        public var visitedBytesPerState: Double
        /// Exploration and every property.
        public var seconds: Double
        /// Exploration alone.
        public var exploreSeconds: Double
        /// Which search ran.
        public var search: Search = .full
        /// The process's peak resident memory when the run ended, in bytes
        /// (0 where the platform does not tell).
        public var peakMemoryBytes = 0
        /// Whether the search finished; false when a limit stopped it, and
        /// the figures are those of the part it explored.
        public var complete = true
        /// Why a tab app was explored as a product of its tabs, or, when the
        /// tabs were parked, why some were stored whole (empty otherwise).
        public var tabsInteract: [String] = []
        /// With `parked`: each `tab` statement the search checked to run
        /// with no modal up, which let it park the tab (`TabIndependence.watched`).
        public var tabsChecked: [String] = []

        /// The search that explored a spec.
        public enum Search: String, Sendable, Equatable {
            /// The explorer, with the tabs that were not selected kept parked
            /// at their root (`TabIndependence`): states are counted with them parked.
            case parked
            /// The explorer, over every state of the app.
            case full
            /// The plain explorer (`Exploration.plain`). Bytes per state then
            /// describe the graph it hands over, not its search.
            case plain
        }

        /// Whether the tabs that were not selected were stored parked (`ParkedPaths`).
        public var parkedInactiveTabs: Bool { search == .parked }

        public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
    }

    /// The outcome of verifying one spec.
    public struct Result: Sendable {
        public var file: SourceFile
        /// The checked spec; nil when the front end reported errors.
        public var spec: FlowSpec?
        /// Front-end diagnostics, then property findings, in source order;
        /// suppressed findings are not among them.
        public var diagnostics: [Diagnostic]
        /// The findings a suppression comment or a baseline kept out of
        /// `diagnostics`, in source order. They never fail the run.
        public var suppressed: [SuppressedDiagnostic] = []
        /// Exploration figures; nil when the spec was not explored.
        public var statistics: Statistics?
        /// Why exploration stopped before an answer, when a limit was hit.
        /// The findings proven before it are in `diagnostics`.
        public var limit: String?
        /// At a limit, the rules that need the whole graph and were not
        /// judged (`PartialGraphVerdict`), in catalogue order.
        public var undecided: [RuleID] = []
        /// Why the requested depths could not apply; the spec was not explored.
        public var depthProblem: DepthOverride.Problem?
        /// Why the requested input values could not apply; the spec was not explored.
        public var inputProblem: InputOverride.Problem?

        /// Whether the spec could not be read into a model (exit 2).
        public var hasInputErrors: Bool { spec == nil }
    }

    /// How the state graph is explored.
    public enum Exploration: String, Sendable, CaseIterable {
        /// Park the tabs that are not selected when the tabs do not interact
        /// (`TabIndependence`); explore the product of the tabs otherwise.
        case automatic
        /// Always explore every state of the app.
        case full
        /// Explore every state of the app with the plain explorer
        /// (`PlainExplorer`): no packing, memo or parking. Slower; the
        /// oracle the other two are tested against, and a fallback.
        case plain
    }

    /// What to check and within which limits.
    public struct Options: Sendable {
        public var structural: [any StructuralProperty]
        public var graph: [any GraphProperty]
        public var limits: Explorer.Limits
        public var exploration: Exploration = .automatic
        public var progress: (@Sendable (Int) -> Void)?
        /// Stack depths that replace the spec's before exploring.
        public var depths = DepthOverride()
        /// Input values fixed before exploring (`--input NAME=VALUE`).
        public var inputs = InputOverride()

        public init(structural: [any StructuralProperty] = StructuralProperties.all,
                    graph: [any GraphProperty] = GraphProperties.all,
                    limits: Explorer.Limits = .standard,
                    progress: (@Sendable (Int) -> Void)? = nil) {
            self.structural = structural
            self.graph = graph
            self.limits = limits
            self.progress = progress
        }
    }

    public static func verify(_ file: SourceFile, options: Options = Options()) -> Result {
        // The run's seconds count the front end too: the deadline does.
        let started = DispatchTime.now().uptimeNanoseconds
        let output = Frontend.load(file)
        guard let loaded = output.spec else {
            return Result(file: file, spec: nil, diagnostics: output.diagnostics)
        }
        var spec = loaded
        do {
            if !options.depths.isEmpty { spec = try spec.overridingDepths(options.depths) }
            if !options.inputs.isEmpty { spec = try spec.fixingInputs(options.inputs) }
        } catch {
            // The overrides from outside the spec do not apply: nothing is explored.
            var result = Result(file: file, spec: nil, diagnostics: output.diagnostics)
            result.depthProblem = error as? DepthOverride.Problem
            result.inputProblem = error as? InputOverride.Problem
            return result
        }
        var diagnostics = output.diagnostics
        for property in options.structural {
            diagnostics += property.check(spec)
        }
        var result = Result(file: file, spec: spec, diagnostics: diagnostics)
        var checked = Set(FrontEndRules.all.map(\.id)).union(options.structural.map(\.rule))
        guard !options.graph.isEmpty else {
            result.suppress(output.directives, from: diagnostics, checked: checked)
            return result
        }
        var limits = options.limits
        // Every phase shares one deadline, from the start of the run.
        if limits.startedAt == nil { limits.startedAt = .now }
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        do {
            let model = try FlowModel(spec)
            // The search checks the selections it parks on as it goes (`TabIndependence.watched`).
            var independence = options.exploration == .automatic ? TabIndependence(model: model, metWithAModalUp: [])
                : TabIndependence(model: model)
            var explorer = Explorer(limits: limits, progress: options.progress)
            explorer.parksInactiveTabs = options.exploration == .automatic && independence.holds
            var graph: StateGraph
            var limit: Explorer.LimitReached?
            if options.exploration == .plain {
                (graph, limit) = PlainExplorer(limits: limits, progress: options.progress).exploreUntilLimit(model)
            } else {
                (graph, limit) = explorer.exploreUntilLimit(model)
            }
            let explored = elapsed()
            if let final = graph.tabIndependence { independence = final }
            var budget = ResourceBudget(limits)
            if limit == nil {
                do {
                    try GraphAnalysis.checkFits(graph, within: &budget)
                } catch {
                    // Judging the whole graph would break a limit: judge what holds on a part.
                    limit = error
                    graph.judgeAsPartial()
                }
            }
            // What holds on a part is judged in one pass, within a short grace.
            if !graph.isComplete { budget = budget.extended(bySeconds: Self.graceSeconds) }
            var analysis = GraphAnalysis(graph, within: &budget)
            if let stopped = analysis.stoppedBy, graph.isComplete {
                // A limit came in the middle of judging the whole graph: judge what holds on a part.
                limit = stopped
                graph.judgeAsPartial()
                var grace = budget.extended(bySeconds: Self.graceSeconds)
                analysis = GraphAnalysis(graph, within: &grace)
            }
            for property in options.graph where property.isDecided(on: graph) {
                diagnostics += property.check(analysis)
            }
            if let limit {
                result.limit = limit.description
                result.undecided = Self.rules(of: options.graph.filter { !$0.isDecided(on: graph) })
            }
            let states = graph.isComplete ? graph.count : graph.tree.count
            result.statistics = Statistics(
                states: states, inAppStates: graph.inAppCount, transitions: graph.transitionCount,
                valuations: graph.launchNotes.count, stateBits: model.codec.bits, stateWords: model.codec.words,
                bytesPerState: states == 0 ? 0 : Double(graph.bytes) / Double(states),
                visitedBytesPerState: states == 0 ? 0 : Double(graph.store.bytes) / Double(states),
                seconds: elapsed(), exploreSeconds: explored,
                search: options.exploration == .plain ? .plain : graph.store.parksInactiveTabs ? .parked : .full,
                tabsInteract: !model.hasTabView || model.shape.tabCount < 2 ? []
                    : graph.store.parksInactiveTabs ? independence.wholeReasons : independence.reasons)
            result.statistics?.complete = graph.isComplete
            if graph.store.parksInactiveTabs { result.statistics?.tabsChecked = independence.watched.map(\.description) }
            if graph.isComplete { checked.formUnion(options.graph.map(\.rule)) }
        } catch {
            // The model cannot be built within its limits (too many flags): nothing is explored.
            result.limit = String(describing: error)
            result.undecided = Self.rules(of: options.graph)
            result.statistics = Statistics.unexplored(seconds: elapsed())
        }
        result.statistics?.peakMemoryBytes = ProcessMemory.peakBytes()
        // A run stopped at a limit cannot tell whether a comment is superfluous.
        result.suppress(output.directives, from: diagnostics, checked: result.limit == nil ? checked : [])
        return result
    }
}

extension Verifier {
    /// The seconds past `--max-time` in which a run stopped in the middle
    /// of judging the whole graph judges what holds on the part: one pass,
    /// cut short at the end of the grace (what it found holds).
    static let graceSeconds = 0.5

    /// The distinct rules of some properties, in their order.
    static func rules(of properties: [any GraphProperty]) -> [RuleID] {
        var seen = Set<RuleID>()
        return properties.map(\.rule).filter { seen.insert($0).inserted }
    }
}

extension Verifier.Statistics {
    /// The figures of a run that explored nothing (a model over its limits).
    static func unexplored(seconds: Double) -> Self {
        var statistics = Self(states: 0, inAppStates: 0, transitions: 0, valuations: 0, stateBits: 0, stateWords: 0,
                              bytesPerState: 0, visitedBytesPerState: 0, seconds: seconds, exploreSeconds: seconds)
        statistics.complete = false
        return statistics
    }
}

extension Verifier.Result {
    /// Applies the spec's suppression comments to its findings.
    mutating func suppress(_ directives: [SuppressionDirective], from findings: [Diagnostic], checked: Set<RuleID>) {
        let outcome = SuppressionFilter.apply(directives, to: findings.sortedByLocation(), file: file.path, checked: checked)
        diagnostics = outcome.diagnostics
        suppressed = outcome.suppressed
    }
}
