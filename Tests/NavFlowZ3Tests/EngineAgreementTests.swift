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
#endif
