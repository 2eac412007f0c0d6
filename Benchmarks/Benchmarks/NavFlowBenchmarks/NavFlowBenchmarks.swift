import Benchmark
import Foundation
import NavFlowCheck
import NavFlowCoverage
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowZ3

/// The spec sizes the exploration benchmarks use: app-shaped specs from
/// `AppSpecGenerator` (two tabs of six screens, fan-out 3), grown by depth.
enum Sizes {
    static func spec(depth: Int, flags: Int) -> String {
        AppSpecGenerator.spec(AppShape(tabs: 2, screens: 6, fanOut: 3, depth: depth, sheets: 1, flags: flags, deepLinks: 2))
    }

    static func model(_ text: String) -> FlowModel {
        guard let spec = Frontend.load(SourceFile(path: "bench.navflow", text: text)).spec,
              let model = try? FlowModel(spec) else { fatalError("a benchmark spec does not check") }
        return model
    }

    static func example(_ name: String) -> FlowModel {
        file("specs/examples/\(name).navflow")
    }

    static func app(_ name: String) -> FlowModel {
        file("specs/apps/\(name).navflow")
    }

    private static func file(_ relative: String) -> FlowModel {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: url.path) else { fatalError("missing \(url.path)") }
        return model(String(decoding: data, as: UTF8.self))
    }
}

/// Custom metrics: bigger is better for throughput, smaller for memory.
extension BenchmarkMetric {
    static let statesPerSecond = BenchmarkMetric.custom("states/s", polarity: .prefersLarger, useScalingFactor: false)
    static let bytesPerState = BenchmarkMetric.custom("bytes/state", polarity: .prefersSmaller, useScalingFactor: false)
    static let visitedBytesPerState = BenchmarkMetric.custom("visited bytes/state", polarity: .prefersSmaller, useScalingFactor: false)
    static let states = BenchmarkMetric.custom("states", polarity: .prefersSmaller, useScalingFactor: false)
    static let frames = BenchmarkMetric.custom("frames", polarity: .prefersSmaller, useScalingFactor: false)
    static let kilobytesPerSecond = BenchmarkMetric.custom("parse kB/s", polarity: .prefersLarger, useScalingFactor: false)
}

// Names have no spaces: the thresholds files are named after them, and
// `benchmark thresholds check` looks them up by the name as written.
let benchmarks: @Sendable () -> Void = {
    // The median decides; the 90th percentile, often one slow iteration of
    // a few on a shared machine, only catches a regression that also
    // spreads the slow tail by half.
    let tolerance = BenchmarkThresholds(relative: [.p50: 25.0, .p90: 50.0])
    // A few milliseconds are at the mercy of the machine: only a doubling counts.
    let shortTolerance = BenchmarkThresholds(relative: [.p50: 100.0, .p90: 100.0])
    // State counts are exact: any change is a change of the explorer.
    let exact = BenchmarkThresholds(absolute: [.p50: 0, .p90: 0])

    // Parsing and resolution throughput on a spec of about a megabyte.
    let bigSpec = AppSpecGenerator.spec(AppShape(tabs: 8, screens: 12_000, fanOut: 4, depth: 8, sheets: 400, flags: 16,
                                                 inputs: 4, deepLinks: 2_000))
    Benchmark("Parse-and-resolve-1MB",
              configuration: .init(metrics: [.wallClock, .kilobytesPerSecond], maxDuration: .seconds(10), maxIterations: 20,
                                   thresholds: [.wallClock: tolerance, .kilobytesPerSecond: tolerance])) { benchmark in
        let bytes = Array(bigSpec.utf8)
        benchmark.startMeasurement()
        let start = ContinuousClock.now
        let output = Frontend.load(SourceFile(path: "big.navflow", bytes: bytes))
        let elapsed = ContinuousClock.now - start
        benchmark.stopMeasurement()
        blackHole(output.spec)
        let milliseconds = max(1, Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
        benchmark.measurement(.kilobytesPerSecond, bytes.count / milliseconds)
    }

    // Exploration at about 10^5, 10^6 and 10^7 states.
    for (label, depth, flags, iterations) in [("1e5", 4, 2, 10), ("1e6", 5, 3, 3), ("1e7", 6, 3, 1)] {
        let model = Sizes.model(Sizes.spec(depth: depth, flags: flags))
        Benchmark("Explore-\(label)-states",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, .statesPerSecond, .bytesPerState,
                                                 .visitedBytesPerState, .states],
                                       maxDuration: .seconds(300), maxIterations: iterations,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance,
                                                    .statesPerSecond: tolerance, .bytesPerState: tolerance,
                                                    .visitedBytesPerState: tolerance, .states: exact])) { benchmark in
            let start = ContinuousClock.now
            let graph = try Explorer().explore(model)
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            benchmark.measurement(.states, graph.count)
            benchmark.measurement(.statesPerSecond, Int(Double(graph.count) / max(seconds, 1e-9)))
            benchmark.measurement(.bytesPerState, graph.bytes / max(1, graph.count))
            benchmark.measurement(.visitedBytesPerState, graph.store.bytes / max(1, graph.count))
        }
    }

    /// `verify` with its defaults on a spec, end to end: wall clock, peak
    /// memory and the states stored (exact).
    func verifyBenchmark(_ name: String, _ source: SourceFile, seconds: Int, iterations: Int) {
        Benchmark(name,
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, .states], maxDuration: .seconds(seconds),
                                       maxIterations: iterations,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance, .states: exact])) { benchmark in
            let result = Verifier.verify(source)
            benchmark.measurement(.states, result.statistics?.states ?? 0)
            blackHole(result)
        }
    }

    // A realistic app verified end to end: 5 tabs, 200 screens, stacks 8 deep,
    // 30 deep links, 10 sheets, 4 flags and 2 inputs. Its tabs do not
    // interact, so verify parks the tabs that are not selected; the full
    // product of its stacks is beyond any explicit search.
    let realistic = SourceFile(path: "realistic.navflow", text: AppSpecGenerator.spec(
        AppShape(tabs: 5, screens: 200, fanOut: 2, depth: 8, sheets: 10, flags: 4, inputs: 2, deepLinks: 30, seed: 1)))
    verifyBenchmark("Verify-realistic-app", realistic, seconds: 30, iterations: 10)

    // The realistic app with the interactions real apps have (`generate
    // --interactions`: sign-in and sign-out with rebuild, a tab shown only
    // signed in, `tab` in actions, a sign-in gate on appear, links that act
    // where the user is, keep the modals or present a sheet), at the goal's
    // depth 8 (performance.md, "Where this stands against the goals").
    func interacting(depth: Int) -> String {
        var shape = AppShape(tabs: 5, screens: 200, fanOut: 2, depth: depth, sheets: 10, flags: 4, inputs: 2, deepLinks: 30, seed: 1)
        shape.interactions = true
        return AppSpecGenerator.spec(shape)
    }
    let interactingVerified = SourceFile(path: "interacting-8.navflow", text: interacting(depth: 8))
    verifyBenchmark("Verify-interacting-app-depth-8", interactingVerified, seconds: 120, iterations: 2)
    // `plan` as the command runs it: the parked exploration, then the tour.
    let interactingPlanned = Sizes.model(interacting(depth: 8))
    Benchmark("Plan-interacting-app-depth-8",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 2,
                                   thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
        var explorer = Explorer()
        explorer.parksInactiveTabs = TabIndependence(model: interactingPlanned).holds
        blackHole(TestPlanner().plan(try explorer.explore(interactingPlanned)))
    }
    // An unreachable query must explore every state in-app: the tab shown
    // only signed in, selected while signed out.
    let interactingQueried = Sizes.model(interacting(depth: 8))
    if let unreachable = PatternResolver.resolveQuery("reach t4 / ... where !signedIn", in: interactingQueried.spec).0 {
        Benchmark("Query-interacting-unreachable-depth-8",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            let engine = ExplicitQueryEngine(parksInactiveTabs: TabIndependence(model: interactingQueried).holds)
            blackHole(try engine.answer(ReachabilityQuery(target: unreachable, from: nil, deepLinks: false), model: interactingQueried))
        }
    }

    // The summary search (frames and pushdown reachability) on the same
    // app with its deep links, tabs parked as verify parks them: what it
    // costs to find every frame, before any property is judged on them
    // (performance.md, "The summary search"). The frames are exact.
    let interactingSummarized = Sizes.model(interacting(depth: 8))
    Benchmark("Summary-search-interacting-app-depth-8",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .frames], maxDuration: .seconds(120), maxIterations: 2,
                                   thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance, .frames: exact])) { benchmark in
        var parking = ParkedPaths(model: interactingSummarized)
        parking.withDeepLinks = true
        let parks = TabIndependence(model: interactingSummarized).holds
        let result = try SummarySearch(limits: .standard).search(interactingSummarized, deepLinks: true,
                                                                 parking: parks ? parking : nil)
        benchmark.measurement(.frames, result.frames.count)
    }

    // verify's graph properties judged on the summary search's frames
    // (`GraphAnalysis.ofFrames`: the in-app explorer and three summary
    // searches), against which the speed of frames is measured
    // (performance.md, "The summary search", item 4).
    let interactingFramed = Sizes.model(interacting(depth: 5))
    Benchmark("Frames-verify-interacting-app-depth-5",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 2,
                                   thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
        guard let analysis = GraphAnalysis.ofFrames(interactingFramed) else { return }
        blackHole(GraphProperties.all.flatMap { $0.check(analysis) })
    }

    // The largest example, verified end to end (exploration and every property).
    let routerTabs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("specs/examples/router-tabs.navflow")
    let routerSource = SourceFile(path: "router-tabs.navflow",
                                  bytes: [UInt8](FileManager.default.contents(atPath: routerTabs.path) ?? Data()))
    Benchmark("Verify-router-tabs",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(10), maxIterations: 50,
                                   thresholds: [.wallClock: shortTolerance, .peakMemoryResident: tolerance])) { _ in
        blackHole(Verifier.verify(routerSource))
    }

    // A real app end to end: EhPanda (specs/apps/), whose tabs interact
    // (one is lifted before a step) and whose gallery detail has an appear
    // hook, so steps that may show it run on the unpacked state
    // (performance.md, "Appear hooks and the memos").
    let ehPanda = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("specs/apps/ehpanda.navflow")
    let ehPandaSource = SourceFile(path: "ehpanda.navflow",
                                   bytes: [UInt8](FileManager.default.contents(atPath: ehPanda.path) ?? Data()))
    verifyBenchmark("Verify-EhPanda", ehPandaSource, seconds: 30, iterations: 5)
    // The summary search on EhPanda with its links, tabs parked, without and
    // with its in-app steps kept as rules: the difference is what the traps
    // from frames cost (the rules, the automaton of the states that reach
    // home, and the traps `trap` reports; performance.md, "Traps on frames").
    if let ehPandaSpec = Frontend.load(ehPandaSource).spec, let ehPandaModel = try? FlowModel(ehPandaSpec) {
        for keepsSteps in [false, true] {
            Benchmark(keepsSteps ? "Summary-traps-EhPanda" : "Summary-search-EhPanda",
                      configuration: .init(metrics: [.wallClock, .peakMemoryResident, .frames], maxDuration: .seconds(60),
                                           maxIterations: 5,
                                           thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance, .frames: exact])) { benchmark in
                var parking = ParkedPaths(model: ehPandaModel)
                parking.withDeepLinks = true
                var search = SummarySearch(limits: .standard)
                search.recordsInAppSteps = keepsSteps
                let result = try search.search(ehPandaModel, deepLinks: true, parking: parking)
                blackHole(result.traps)
                benchmark.measurement(.frames, result.frames.count)
            }
        }
        Benchmark("Frames-verify-EhPanda",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            guard let analysis = GraphAnalysis.ofFrames(ehPandaModel) else { return }
            blackHole(GraphProperties.all.flatMap { $0.check(analysis) })
        }
    }

    // Meshtastic's states, found by the explorer as `verify` explores them
    // (tabs parked, selections watched) and by the search that keeps the
    // modals apart from what lies beneath (performance.md, "Modal
    // layers"), with the same parking: the same 1,272,548 states.
    let meshtastic = Sizes.app("meshtastic")
    let meshtasticIndependence = TabIndependence(model: meshtastic, metWithAModalUp: [])
    Benchmark("Explore-Meshtastic",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .states], maxDuration: .seconds(120), maxIterations: 3,
                                   thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance, .states: exact])) { benchmark in
        var explorer = Explorer(limits: .standard)
        explorer.parksInactiveTabs = meshtasticIndependence.holds
        let graph = explorer.exploreUntilLimit(meshtastic).0
        benchmark.measurement(.states, graph.count)
        blackHole(graph)
    }
    Benchmark("Layered-search-Meshtastic",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .states], maxDuration: .seconds(120), maxIterations: 3,
                                   thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance, .states: exact])) { benchmark in
        var parking = meshtasticIndependence.holds ? ParkedPaths(model: meshtastic, independence: meshtasticIndependence) : nil
        parking?.withDeepLinks = true
        let result = try ModalLayerSearch(limits: .standard).search(meshtastic, deepLinks: true, parking: parking)
        benchmark.measurement(.states, result.count)
        blackHole(result)
    }

    // Z3 query latency over the state graph on the largest example at bounds 8, 12 and 16.
    let model = Sizes.example("router-tabs")
    let (pattern, _) = PatternResolver.resolveQuery("reach profile / ... / About", in: model.spec)
    if let pattern, SymbolicEngineAvailability.isAvailable {
        for bound in [8, 12, 16] {
            Benchmark("Z3-query-bound-\(bound)",
                      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 5,
                                           thresholds: [.wallClock: tolerance])) { _ in
                let query = ReachabilityQuery(target: pattern, from: nil, deepLinks: false)
                blackHole(try SymbolicQueryEngine(bound: bound, encoding: .stateGraph).answer(query, model: model))
            }
        }
    }

    // Z3 over the navigation state: a target no run reaches and induction
    // does not prove out, on a 3-tab app of 30 screens, at bounds 4, 8 and
    // 12 (every bound is checked); building the relation alone at bound
    // 12; and a 3-step witness on Trawl, whose explicit search holds
    // 10.9 M states.
    let stateApp = Sizes.model(AppSpecGenerator.spec(AppShape(tabs: 3, screens: 30, fanOut: 2, depth: 4, sheets: 2, flags: 1,
                                                               deepLinks: 3)))
    let (unreached, _) = PatternResolver.resolveQuery("reach * / S29 / S29", in: stateApp.spec)
    if let unreached, SymbolicEngineAvailability.isAvailable {
        for bound in [4, 8, 12] {
            Benchmark("Z3-state-unreachable-bound-\(bound)",
                      configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                           thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
                let query = ReachabilityQuery(target: unreached, from: nil, deepLinks: false)
                blackHole(try SymbolicQueryEngine(bound: bound, encoding: .navigationState).answer(query, model: stateApp))
            }
        }
        Benchmark("Z3-state-build-bound-12",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance])) { _ in
            blackHole(try NavigationStateRelation(model: stateApp).unroll(length: 12))
        }
    }
    let trawl = Sizes.app("trawl")
    let (calendarSeries, _) = PatternResolver.resolveQuery("reach * / ... + sheet CalendarSheetStack / SeriesDetail(_)", in: trawl.spec)
    if let calendarSeries, SymbolicEngineAvailability.isAvailable {
        Benchmark("Z3-state-witness-Trawl",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            let query = ReachabilityQuery(target: calendarSeries, from: nil, deepLinks: false)
            blackHole(try SymbolicQueryEngine(bound: 8, encoding: .navigationState).answer(query, model: trawl))
        }
    }
    // An appear hook's sheet, 5 steps in, past the explicit prefix: the hooks lowered once per step.
    let ehPandaModel = Sizes.app("ehpanda")
    let (greeting, _) = PatternResolver.resolveQuery("reach * / ... / Detail + sheet DetailGreeting", in: ehPandaModel.spec)
    if let greeting, SymbolicEngineAvailability.isAvailable {
        Benchmark("Z3-state-witness-EhPanda-hooks",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            let query = ReachabilityQuery(target: greeting, from: nil, deepLinks: false)
            blackHole(try SymbolicQueryEngine(bound: 8, encoding: .navigationState).answer(query, model: ehPandaModel))
        }
    }
    // The longest app witnesses of the goal (at most 6 steps, under 10 s):
    // Mlem's 6 steps, and Meshtastic's 5, whose app opens its own links
    // (`open` lowered); each query's checks run on two threads.
    let mlem = Sizes.app("mlem")
    let (personEditor, _) = PatternResolver.resolveQuery("reach inbox / ... / Person + sheet CommentEditor", in: mlem.spec)
    if let personEditor, SymbolicEngineAvailability.isAvailable {
        Benchmark("Z3-state-witness-Mlem-6-steps",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(90), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            let query = ReachabilityQuery(target: personEditor, from: nil, deepLinks: false)
            blackHole(try SymbolicQueryEngine(bound: 8, encoding: .navigationState).answer(query, model: mlem))
        }
        // Building the relation alone on a real app, at bounds 4, 8 and 12.
        for bound in [4, 8, 12] {
            Benchmark("Z3-state-build-Mlem-bound-\(bound)",
                      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 5,
                                           thresholds: [.wallClock: tolerance])) { _ in
                blackHole(try NavigationStateRelation(model: mlem).unroll(length: bound))
            }
        }
    }
    let (docAssistant, _) = PatternResolver.resolveQuery("reach * / ... / DocPage + sheet AssistantStack / DocPage",
                                                         in: meshtastic.spec)
    if let docAssistant, SymbolicEngineAvailability.isAvailable {
        Benchmark("Z3-state-witness-Meshtastic-open",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(90), maxIterations: 5,
                                       thresholds: [.wallClock: tolerance, .peakMemoryResident: tolerance])) { _ in
            let query = ReachabilityQuery(target: docAssistant, from: nil, deepLinks: false)
            blackHole(try SymbolicQueryEngine(bound: 8, encoding: .navigationState).answer(query, model: meshtastic))
        }
    }
}
