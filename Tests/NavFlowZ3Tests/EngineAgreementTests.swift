#if Z3
import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSource
import NavFlowSpec
import NavFlowZ3
import Testing

/// The symbolic engine against the explicit one on hundreds of seeded
/// generated specs and queries: the same verdict, the same shortest witness
/// length, and every Z3 witness replays step by step on the explicit model.
/// Over the navigation state, both from launch and after a small explicit
/// prefix (`ExplicitPrefix`), so that the checks start from a layer of it.
@Suite struct EngineAgreementTests {
    static let batches: [UInt64] = Array(0..<5)
    static let specsPerBatch: UInt64 = 40
    static let bound = 8
    static let largestGraph = 400

    /// A few queries for a spec: every screen anywhere in a path, each tab at
    /// its root, a sheet over anything, and a flag or input condition.
    static func queries(for spec: FlowSpec, seed: UInt64) -> [String] {
        var queries: [String] = []
        for screen in spec.screens {
            let arguments = screen.parameters.isEmpty ? "" : "(" + screen.parameters.map { _ in "_" }.joined(separator: ", ") + ")"
            queries.append("reach / ... / \(screen.name)\(arguments)")
        }
        if let view = spec.rootTabView {
            queries = queries.map { $0.replacingOccurrences(of: "reach /", with: "reach * /") }
            queries += view.tabs.map { "reach \($0.id)" }
        }
        queries += spec.screens.filter { $0.parameters.isEmpty }.prefix(2).map { "reach + ... + sheet \($0.name)" }
        let conditions = spec.flags.map(\.name) + spec.inputs.map(\.name)
        if let condition = conditions.first {
            queries.append((spec.rootTabView == nil ? "reach / ..." : "reach * / ...") + " where !\(condition)")
        }
        return queries
    }

    @Test(arguments: batches) func enginesAgree(batch: UInt64) throws {
        try compare(batch: batch, appearHooks: false)
    }

    /// The same on specs whose screens have appear hooks: the symbolic
    /// engine decides the hooks' guards as it decides the edges'.
    @Test(arguments: Array(UInt64(100)..<102)) func enginesAgreeWithAppearHooks(batch: UInt64) throws {
        try compare(batch: batch, appearHooks: true)
    }

    /// The hook fixtures of the relation's tests, every query form, over
    /// the navigation state: its steps run the hooks once per step, on the
    /// target the step chose (`StateEncoding.assertStep`).
    @Test(arguments: NavigationStateRelationTests.hookSpecs) func enginesAgreeOnHooks(text: String) throws {
        let spec = try #require(Frontend.load(SourceFile(path: "hooks.navflow", text: text)).spec)
        let model = try FlowModel(spec)
        var reachable = 0
        for query in Self.queries(for: spec, seed: 0) {
            let (pattern, errors) = PatternResolver.resolveQuery(query, in: spec)
            guard let pattern, errors.isEmpty else { continue }
            let request = ReachabilityQuery(target: pattern)
            let explicit = try ExplicitQueryEngine().answer(request, model: model)
            // Bound 3: on these fixtures a target induction does not prove costs seconds per bound.
            var engine = SymbolicQueryEngine(bound: 3, timeout: 60, encoding: .navigationState)
            engine.explicitPrefixStates = nil
            let (symbolic, trace) = try engine.solve(request, model: model)
            if symbolic.isReachable { reachable += 1 }
            try compare(explicit, symbolic, trace, request, model, "\(query)\n\(text)", bound: 3)
        }
        #expect(reachable >= 1)
    }

    /// The `open` fixture of the relation's tests over the navigation
    /// state, with and without deep links as steps: what its links build
    /// (a path appended to, a `router path` sheet's path, two modals, a
    /// modal a kept one covers), and a sheet that only the entry point
    /// offered while signed in presents in one step.
    static let openQueries = [
        "reach home / Item / Item", "reach + sheet MenuStack / Author", "reach + sheet MenuStack + sheet Notes",
        "reach + sheet Comments + sheet MenuStack", "reach saved / Item where !signedIn", "reach library",
        "reach + sheet Notes where !signedIn", "reach + sheet Notes where signedIn", "reach * / ... / Saved",
    ]

    @Test(arguments: [false, true]) func enginesAgreeOnOpen(deepLinks: Bool) throws {
        let text = NavigationStateRelationTests.openSpec
        let spec = try #require(Frontend.load(SourceFile(path: "open.navflow", text: text)).spec)
        let model = try FlowModel(spec)
        var reachable = 0
        for query in Self.openQueries {
            let (pattern, errors) = PatternResolver.resolveQuery(query, in: spec)
            let resolved = try #require(pattern, "\(query): \(errors)")
            let request = ReachabilityQuery(target: resolved, deepLinks: deepLinks)
            let explicit = try ExplicitQueryEngine().answer(request, model: model)
            var engine = SymbolicQueryEngine(bound: 4, timeout: 60, encoding: .navigationState)
            engine.explicitPrefixStates = nil
            let (symbolic, trace) = try engine.solve(request, model: model)
            if symbolic.isReachable { reachable += 1 }
            try compare(explicit, symbolic, trace, request, model, "\(query)\(deepLinks ? " --deeplinks" : "")", bound: 4)
        }
        #expect(reachable == (deepLinks ? 6 : 5))
    }

    /// `--from` over the navigation state on generated specs, against an
    /// oracle of its own: the explicit distances from launch (deep links
    /// among the steps) and from each start. With the bound K, the answer
    /// is the shortest witness from a matching start at most K − k steps
    /// from launch; a proof means no reachable start has any witness.
    @Test(arguments: Array(UInt64(200)..<202)) func enginesAgreeFromStarts(batch: UInt64) throws {
        let bound = 6
        var compared = 0
        var reachable = 0
        for offset in 0..<UInt64(20) {
            let seed = batch * 20 + offset + 1
            var generator = SpecGenerator(seed: seed)
            let text = generator.spec()
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: text)).spec else { continue }
            let model = try FlowModel(spec)
            guard StateEncodingSupport.supports(model, deepLinks: true),
                  try SymbolicGraph.build(model, deepLinks: true, limits: .standard).count <= Self.largestGraph else { continue }
            let anywhere = spec.rootTabView == nil ? "/ ..." : "* / ..."
            // Any state with no modal up, and a screen anywhere.
            let starts = [anywhere] + spec.screens.filter { $0.parameters.isEmpty }.dropFirst().prefix(1).map { "\(anywhere) / \($0.name)" }
            for (index, query) in Self.queries(for: spec, seed: seed).suffix(4).enumerated() {
                for from in starts {
                    let (target, errors) = PatternResolver.resolveQuery(query, in: spec)
                    let (start, startErrors) = PatternResolver.resolvePattern(from, in: spec)
                    guard let target, let start, errors.isEmpty, startErrors.isEmpty else { continue }
                    let request = ReachabilityQuery(target: target, from: start, deepLinks: index % 2 == 1)
                    let oracle = StartedRunOracle(model: model, request: request)
                    // The run to the start from launch, and after an explicit prefix of 20 states.
                    for prefix in [nil, 20] as [Int?] {
                        var engine = SymbolicQueryEngine(bound: bound, timeout: 60, encoding: .navigationState)
                        engine.explicitPrefixStates = prefix
                        let (symbolic, trace) = try engine.solve(request, model: model)
                        let context = "seed \(seed), \(query) --from '\(from)'\(request.deepLinks ? " --deeplinks" : ""), prefix \(prefix ?? 0)\n\(text)"
                        compared += 1
                        switch symbolic {
                        case .reachable(_, let length):
                            reachable += 1
                            #expect(length == oracle.shortest(bound: bound), "\(context)")
                            if let trace { try replay(trace, request, model, context) }
                        case .unreachable(.bounded):
                            #expect(oracle.shortest(bound: bound) == nil, "\(context)")
                        case .unreachable:
                            #expect(oracle.shortest(bound: nil) == nil, "\(context)")
                        }
                    }
                }
            }
        }
        #expect(compared >= 80 && reachable >= 30, "\(compared) compared, \(reachable) reachable")
    }

    /// A start only a deep link reaches is a start without `--deeplinks`
    /// too (the run to it takes the link), and it may be in the target: a
    /// witness of no step.
    @Test(arguments: [nil, 20] as [Int?]) func aStartOnlyALinkReachesCounts(prefix: Int?) throws {
        let text = """
        app Linked
        scheme "linked"
        stack Main root Home { destination Secret depth 2 }
        start Main
        screen Home
        screen Secret
        deeplink "linked://secret" -> / Secret
        """
        let spec = try #require(Frontend.load(SourceFile(path: "linked.navflow", text: text)).spec)
        let model = try FlowModel(spec)
        let target = try #require(PatternResolver.resolveQuery("reach / ... / Secret", in: spec).0)
        let start = try #require(PatternResolver.resolvePattern("/ ... / Secret", in: spec).0)
        let request = ReachabilityQuery(target: target, from: start, deepLinks: false)
        let explicit = try ExplicitQueryEngine().answer(request, model: model)
        var engine = SymbolicQueryEngine(bound: 4, timeout: 60, encoding: .navigationState)
        engine.explicitPrefixStates = prefix
        let (symbolic, trace) = try engine.solve(request, model: model)
        guard case .reachable(let explicitWitness, let explicitLength) = explicit,
              case .reachable(let symbolicWitness, let symbolicLength) = symbolic else {
            Issue.record("explicit \(explicit.isReachable), z3 \(symbolic.isReachable)")
            return
        }
        #expect(explicitLength == 0 && symbolicLength == 0)
        // Both say where the witness starts in the same words.
        #expect(symbolicWitness.steps.map(\.text) == ["Start where / ... / Secret holds: Home > Secret"])
        #expect(explicitWitness.steps.map(\.text) == symbolicWitness.steps.map(\.text))
        // The run to the start opens the link (the solver may take more steps than that).
        #expect(trace?.start.isEmpty == false)
    }

    /// A start is at most K − k steps from launch, the explicit prefix's
    /// steps included: on a chain of pushes, `/ ... / E` is 5 steps from
    /// launch and `/ ... / G` 2 steps further, so bound 6 has no witness
    /// and bound 7 has the 2-step one, whatever the prefix explored.
    @Test(arguments: [nil, 3, 20] as [Int?]) func aStartFartherThanTheBoundLeavesIsNotSeen(prefix: Int?) throws {
        let text = """
        app Chain
        stack Main root Home {
          destination A
          destination B
          destination C
          destination D
          destination E
          destination F
          destination G
          depth 8
        }
        start Main
        screen Home { push A }
        screen A { push B }
        screen B { push C }
        screen C { push D }
        screen D { push E }
        screen E { push F }
        screen F { push G }
        screen G
        """
        let spec = try #require(Frontend.load(SourceFile(path: "chain.navflow", text: text)).spec)
        let model = try FlowModel(spec)
        let target = try #require(PatternResolver.resolveQuery("reach / ... / G", in: spec).0)
        let start = try #require(PatternResolver.resolvePattern("/ ... / E", in: spec).0)
        let request = ReachabilityQuery(target: target, from: start, deepLinks: false)
        let oracle = StartedRunOracle(model: model, request: request)
        for bound in [6, 7] {
            var engine = SymbolicQueryEngine(bound: bound, timeout: 60, encoding: .navigationState)
            engine.explicitPrefixStates = prefix
            let (answer, trace) = try engine.solve(request, model: model)
            switch answer {
            case .reachable(_, let length):
                #expect(bound == 7 && length == 2, "bound \(bound): \(length) steps")
                #expect(trace?.start.count == 5)
            case .unreachable(.bounded(let checked)):
                #expect(bound == 6 && checked == 6)
            case .unreachable:
                Issue.record("bound \(bound): proved unreachable")
            }
            #expect(oracle.shortest(bound: bound) == (bound == 7 ? 2 : nil))
        }
    }

    private func compare(batch: UInt64, appearHooks: Bool) throws {
        var compared: [SymbolicQueryEngine.EncodingChoice: Int] = [:]
        for offset in 0..<Self.specsPerBatch {
            let seed = batch * Self.specsPerBatch + offset + 1
            var generator = SpecGenerator(seed: seed, appearHooks: appearHooks)
            let text = generator.spec()
            guard let spec = Frontend.load(SourceFile(path: "g.navflow", text: text)).spec else { continue }
            let model = try FlowModel(spec)
            // Bounded model checking over explicit graphs is for small ones.
            guard try SymbolicGraph.build(model, deepLinks: true, limits: .standard).count <= Self.largestGraph else { continue }
            for (index, query) in Self.queries(for: spec, seed: seed).enumerated() {
                let (pattern, errors) = PatternResolver.resolveQuery(query, in: spec)
                guard let pattern, errors.isEmpty else { continue }
                let deepLinks = index % 3 == 0
                let request = ReachabilityQuery(target: pattern, deepLinks: deepLinks)
                let explicit = try ExplicitQueryEngine().answer(request, model: model)
                var encodings: [SymbolicQueryEngine.EncodingChoice] = [.stateGraph]
                if StateEncodingSupport.supports(model, deepLinks: deepLinks) { encodings.append(.navigationState) }
                for encoding in encodings {
                    // Over the navigation state: from launch, and after an explicit prefix of 20 states.
                    for prefix in encoding == .navigationState ? [nil, 20] : [nil] as [Int?] {
                        var engine = SymbolicQueryEngine(bound: Self.bound, timeout: 30, encoding: encoding)
                        engine.explicitPrefixStates = prefix
                        let (symbolic, trace) = try engine.solve(request, model: model)
                        let context = "seed \(seed), \(query)\(deepLinks ? " --deeplinks" : ""), \(encoding), prefix \(prefix ?? 0)\n\(text)"
                        compared[encoding, default: 0] += 1
                        try compare(explicit, symbolic, trace, request, model, context)
                    }
                }
            }
        }
        #expect(compared[.stateGraph, default: 0] > 100)
        #expect(compared[.navigationState, default: 0] > (appearHooks ? 5 : 50))
    }

    private func compare(_ explicit: QueryAnswer, _ symbolic: QueryAnswer, _ trace: SymbolicQueryEngine.Trace?,
                         _ request: ReachabilityQuery, _ model: FlowModel, _ context: String, bound: Int = EngineAgreementTests.bound) throws {
                switch (explicit, symbolic) {
                case (.reachable(_, let explicitLength), .reachable(_, let symbolicLength)):
                    #expect(explicitLength == symbolicLength, "witness lengths differ: \(context)")
                    if let trace { try replay(trace, request, model, context) }
                case (.reachable(_, let length), .unreachable(.bounded)):
                    #expect(length > bound, "z3 found no witness of length \(length): \(context)")
                case (.unreachable, .unreachable):
                    break
                default:
                    Issue.record("verdicts differ (explicit \(explicit.isReachable), z3 \(symbolic.isReachable)): \(context)")
                }
    }

    private func replay(_ trace: SymbolicQueryEngine.Trace, _ request: ReachabilityQuery, _ model: FlowModel,
                        _ context: String) throws {
        var state = try #require(model.initialState(inputs: trace.inputs).state, "no initial state: \(context)")
        // With --from, the steps to the start first (deep links among them).
        for step in trace.start {
            var next: NavState?
            model.successors(of: state, deepLinks: true) { transition in
                if next == nil, transition.step == step, let target = transition.target { next = target }
            }
            guard let next else {
                Issue.record("step \(step) to the start is not possible on the explicit model: \(context)")
                return
            }
            state = next
        }
        if let from = request.from {
            #expect(model.matches(from, state), "the replayed start does not match the --from pattern: \(context)")
        } else {
            #expect(trace.start.isEmpty, "a start without --from: \(context)")
        }
        for step in trace.steps {
            var next: NavState?
            model.successors(of: state, deepLinks: request.deepLinks) { transition in
                if next == nil, transition.step == step, let target = transition.target { next = target }
            }
            guard let next else {
                Issue.record("step \(step) is not possible on the explicit model: \(context)")
                return
            }
            state = next
        }
        #expect(model.matches(request.target, state), "the replayed witness does not end in the target: \(context)")
    }
}
/// What `--from` over the navigation state must answer, found by
/// breadth-first searches of the explicit model: each state's distance
/// from launch (deep links among the steps, as starts are reached), and
/// each matching start's distance to the target (deep links only with
/// `--deeplinks`).
struct StartedRunOracle {
    let model: FlowModel
    let request: ReachabilityQuery
    /// Every reachable state with its distance from launch.
    let depths: [NavState: Int]

    init(model: FlowModel, request: ReachabilityQuery) {
        self.model = model
        self.request = request
        var depths: [NavState: Int] = [:]
        var layer: [NavState] = []
        for inputs in (try? model.inputValuations(limit: 1 << 16)) ?? [] {
            guard let state = model.initialState(inputs: inputs).state, depths[state] == nil else { continue }
            depths[state] = 0
            layer.append(state)
        }
        var depth = 0
        while !layer.isEmpty {
            depth += 1
            var next: [NavState] = []
            for state in layer {
                model.successors(of: state, deepLinks: true) { transition in
                    guard let target = transition.target, depths[target] == nil else { return }
                    depths[target] = depth
                    next.append(target)
                }
            }
            layer = next
        }
        self.depths = depths
    }

    /// The shortest witness from a matching start whose distance from
    /// launch plus the witness's length is at most `bound` (any start, any
    /// length, for nil); nil when there is none.
    func shortest(bound: Int?) -> Int? {
        guard let from = request.from else { return nil }
        var best: Int?
        for (start, depth) in depths where model.matches(from, start) {
            let limit = bound.map { $0 - depth } ?? Int.max
            guard limit >= 0, let length = distance(from: start, limit: min(limit, (best ?? Int.max) - 1)) else { continue }
            best = min(best ?? length, length)
        }
        return best
    }

    /// The steps from `start` to the target, at most `limit`; nil beyond.
    private func distance(from start: NavState, limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        if model.matches(request.target, start) { return 0 }
        var seen: Set<NavState> = [start]
        var layer = [start]
        var length = 0
        while !layer.isEmpty, length < limit {
            length += 1
            var next: [NavState] = []
            for state in layer {
                var found = false
                model.successors(of: state, deepLinks: request.deepLinks) { transition in
                    guard let target = transition.target, seen.insert(target).inserted else { return }
                    if model.matches(request.target, target) { found = true }
                    next.append(target)
                }
                if found { return length }
            }
            layer = next
        }
        return nil
    }
}
#endif
