import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSpec

/// Accumulates what replayed traces exercised. Its memory depends on the
/// spec and its state graph, never on the length of the traces.
public struct CoverageCollector: Sendable {
    public let universe: CoverageUniverse
    private var model: FlowModel { universe.model }
    private var screenCounts: [Int]
    private var edgeCounts: [TransitionKind: Int] = [:]
    private var implicitSeen = Set<TransitionKind>()
    private var linkCounts: [Int]
    private var hookCounts: [AppearHookID: Int] = [:]
    private var dismissHookCounts: [DismissHookID: Int] = [:]
    private var statesSeen = Set<Int>()
    private var pairsSeen = Set<TransitionPair>()
    private var valuationsSeen: [Set<Valuation>]
    /// The transition just taken in the current run, for pairs.
    private var previous: TransitionKind?
    public private(set) var runs = 0
    public private(set) var events = 0
    public private(set) var drifts: [Drift] = []
    public private(set) var driftCount = 0

    public init(universe: CoverageUniverse) {
        self.universe = universe
        let spec = universe.model.spec
        screenCounts = Array(repeating: 0, count: spec.screens.count)
        linkCounts = Array(repeating: 0, count: spec.deepLinks.count)
        valuationsSeen = Array(repeating: [], count: spec.screens.count)
    }

    /// Takes in what replaying one event did.
    public mutating func record(_ outcomes: [ReplayOutcome]) {
        events += 1
        for outcome in outcomes {
            switch outcome {
            case .launched(let state):
                runs += 1
                previous = nil
                visit(state)
            case .stepped(let from, let step, let to):
                let kind = TransitionKind(step, from: from, model: model)
                switch kind {
                case .edge: edgeCounts[kind, default: 0] += 1
                case .implicit: implicitSeen.insert(kind)
                case .deepLink(let link): linkCounts[link] += 1
                }
                if let previous { pairsSeen.insert(TransitionPair(first: previous, second: kind)) }
                previous = kind
                visit(to)
            case .unchanged:
                break
            case .hooksRan(let hooks):
                for hook in hooks { hookCounts[hook, default: 0] += 1 }
            case .dismissHooksRan(let hooks):
                for hook in hooks { dismissHookCounts[hook, default: 0] += 1 }
            case .drifted(let drift, let state):
                driftCount += 1
                if drifts.count < CoverageReport.maxDrifts { drifts.append(drift) }
                previous = nil
                if let state { visit(state, onlyScreens: true) }
            }
        }
    }

    /// Counts a state the app was in; a state reached by applying a
    /// drifting event counts for its screens only, since the model never
    /// produced it.
    private mutating func visit(_ state: NavState, onlyScreens: Bool = false) {
        for route in model.visibleRoutes(of: state) {
            let screen = model.routes.screen(of: route)
            screenCounts[screen] += 1
            if !onlyScreens { valuationsSeen[screen].insert(Valuation(flags: state.flags, inputs: state.inputs)) }
        }
        if !onlyScreens, let index = universe.index(of: state) { statesSeen.insert(index) }
    }

    /// The report: every metric with what it misses, and the tallies.
    public func report(specPath: String, traceFiles: [String]) -> CoverageReport {
        let spec = model.spec
        func metric(_ id: String, _ title: String, covered: Int, total: Int?, missing: [CoverageItem],
                    missingCount: Int? = nil, unavailable: String? = nil) -> CoverageMetric {
            CoverageMetric(id: id, title: title, covered: covered, total: total,
                           missing: Array(missing.prefix(CoverageMetric.maxListed)),
                           missingCount: missingCount ?? missing.count, unavailable: unavailable)
        }
        var metrics: [CoverageMetric] = []
        let missingScreens = spec.screens.indices.filter { screenCounts[$0] == 0 }
        metrics.append(metric("screens", "Screens", covered: spec.screens.count - missingScreens.count, total: spec.screens.count,
                              missing: missingScreens.map { CoverageItem(text: spec.screens[$0].name, line: spec.screens[$0].range.start.line) }))
        let edges = universe.edges
        let missingEdges = edges.filter { edgeCounts[$0] == nil }
        metrics.append(metric("edges", "Declared edges", covered: edges.count - missingEdges.count, total: edges.count,
                              missing: missingEdges.map { CoverageItem(text: $0.text(in: spec), line: line(of: $0)) }))
        let reason = universe.unavailableReason
        let implicit = universe.implicitActions.sorted()
        let missingImplicit = implicit.filter { !implicitSeen.contains($0) }
        metrics.append(metric("implicit", "Implicit actions", covered: implicit.count - missingImplicit.count,
                              total: universe.knowsLocalTotals ? implicit.count : nil,
                              missing: missingImplicit.map { CoverageItem(text: $0.text(in: spec), line: line(of: $0)) },
                              unavailable: universe.knowsLocalTotals ? nil : reason))
        let missingLinks = spec.deepLinks.indices.filter { linkCounts[$0] == 0 }
        metrics.append(metric("deeplinks", "Deep links", covered: spec.deepLinks.count - missingLinks.count, total: spec.deepLinks.count,
                              missing: missingLinks.map { CoverageItem(text: spec.deepLinks[$0].pattern.text, line: spec.deepLinks[$0].range.start.line) }))
        // Only a spec with hooks has the metric: the others' reports stay as they are.
        let hooks = model.appearHooks
        if !hooks.isEmpty {
            let missingHooks = hooks.filter { hookCounts[$0] == nil }
            metrics.append(metric("hooks", "Appear hooks run", covered: hooks.count - missingHooks.count, total: hooks.count,
                                  missing: missingHooks.map { hook in
                                      let declared = spec.screens[hook.screen].hooks[hook.hook]
                                      return CoverageItem(text: "appear hook of \(spec.screens[hook.screen].name)" + (declared.condition.map { " if \(spec.text(of: $0))" } ?? ""),
                                                          line: declared.keyword.start.line)
                                  }))
        }
        let dismissHooks = model.dismissHooks
        if !dismissHooks.isEmpty {
            let missingHooks = dismissHooks.filter { dismissHookCounts[$0] == nil }
            metrics.append(metric("dismissals", "Dismissal hooks run", covered: dismissHooks.count - missingHooks.count,
                                  total: dismissHooks.count,
                                  missing: missingHooks.map { hook in
                                      let declared = spec.screens[hook.screen].dismissHooks[hook.hook]
                                      return CoverageItem(text: "dismissal hook of \(spec.screens[hook.screen].name)" + (declared.condition.map { " if \(spec.text(of: $0))" } ?? ""),
                                                          line: declared.keyword.start.line)
                                  }))
        }
        if let graph = universe.graph {
            let describer = WitnessBuilder(model: model)
            var missingStates: [CoverageItem] = []
            for index in 0..<graph.count where !statesSeen.contains(index) {
                if missingStates.count == CoverageMetric.maxListed { break }
                let state = graph.state(index)
                var text = describer.describe(state)
                if !spec.flags.isEmpty || !model.relevantInputs.isEmpty {
                    text += " [" + Valuation(flags: state.flags, inputs: state.inputs).text(in: spec, inputs: model.relevantInputs) + "]"
                }
                missingStates.append(CoverageItem(text: text))
            }
            metrics.append(metric("states", "Reachable states", covered: statesSeen.count, total: graph.count,
                                  missing: missingStates, missingCount: graph.count - statesSeen.count))
        } else {
            metrics.append(metric("states", "Reachable states", covered: statesSeen.count, total: nil, missing: [], unavailable: reason))
        }
        if let pairs = universe.pairs {
            let covered = pairsSeen.intersection(pairs)
            let missing = pairs.subtracting(covered).sorted()
            metrics.append(metric("pairs", "Edge pairs", covered: covered.count, total: pairs.count,
                                  missing: missing.prefix(CoverageMetric.maxListed).map {
                                      CoverageItem(text: "\($0.first.text(in: spec)), then \($0.second.text(in: spec))")
                                  }, missingCount: missing.count))
        } else {
            metrics.append(metric("pairs", "Edge pairs", covered: pairsSeen.count, total: nil, missing: [],
                                  unavailable: reason ?? "the state graph has too many transitions to enumerate their pairs"))
        }
        if universe.knowsLocalTotals {
            var covered = 0
            var total = 0
            var missing: [CoverageItem] = []
            var missingCount = 0
            for screen in spec.screens.indices {
                let reachable = universe.valuations[screen]
                total += reachable.count
                covered += reachable.intersection(valuationsSeen[screen]).count
                for valuation in reachable.subtracting(valuationsSeen[screen]).sorted() {
                    missingCount += 1
                    if missing.count < CoverageMetric.maxListed {
                        missing.append(CoverageItem(text: "\(spec.screens[screen].name) with \(valuation.text(in: spec, inputs: model.relevantInputs))",
                                                    line: spec.screens[screen].range.start.line))
                    }
                }
            }
            metrics.append(metric("valuations", "Flag combinations per screen", covered: covered, total: total,
                                  missing: missing, missingCount: missingCount))
        } else {
            metrics.append(metric("valuations", "Flag combinations per screen", covered: 0, total: nil, missing: [], unavailable: reason))
        }
        return CoverageReport(
            specPath: specPath, appName: spec.appName, traceFiles: traceFiles, runs: runs, events: events, metrics: metrics,
            screenTallies: spec.screens.indices.map { (spec.screens[$0].name, screenCounts[$0]) },
            edgeTallies: edges.compactMap { kind in
                guard case .edge(let screen, let edge) = kind else { return nil }
                return EdgeTally(screen: screen, edge: edge, text: kind.text(in: spec), line: line(of: kind) ?? 0,
                                 count: edgeCounts[kind] ?? 0)
            },
            deepLinkTallies: spec.deepLinks.indices.map { (spec.deepLinks[$0].pattern.text, linkCounts[$0]) },
            drifts: drifts, driftCount: driftCount)
    }

    private func line(of kind: TransitionKind) -> Int? {
        let spec = model.spec
        switch kind {
        case .edge(let screen, let edge): return spec.screens[screen].edges[edge].range.start.line
        case .implicit(let screen, _): return spec.screens[screen].range.start.line
        case .deepLink(let link): return spec.deepLinks[link].range.start.line
        }
    }
}
