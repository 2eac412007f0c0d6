import NavFlowCheck
import NavFlowGenerator
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import NavFlowZ3
import Testing

@Suite struct SymbolicEngineTests {
    /// `--engine auto`: the explicit engine while its search stays under
    /// the budget, z3 past it (when the build has it), and why.
    @Test func theAutomaticEngineSaysWhichEngineAnsweredAndWhy() throws {
        let text = AppSpecGenerator.spec(AppShape(tabs: 3, screens: 30, fanOut: 2, depth: 4, sheets: 2, flags: 1, deepLinks: 3))
        let model = try NavFlowTestSupport.model(text)
        let pattern = try #require(PatternResolver.resolveQuery("reach * / ... / S29", in: model.spec).0)
        let query = ReachabilityQuery(target: pattern)
        let roomy = AutomaticQueryEngine(limits: .standard, parksInactiveTabs: false, bound: 8, timeout: 60)
        let small = try roomy.answer(query, model: model)
        #expect(small.choice.engine == "explicit")
        #if Z3
        #expect(small.choice.reason == .answeredWithin(states: AutomaticQueryEngine.defaultExplicitStates))
        var tight = roomy
        tight.explicitStates = 20
        let big = try tight.answer(query, model: model)
        #expect(big.choice == AutomaticQueryEngine.Choice(engine: "z3", encoding: "navigation state", reason: .explicitStopped(states: 20)))
        #expect(big.answer.isReachable && small.answer.isReachable)
        // With --from too: past the budget (which the search for the starts
        // counts against), z3 answers over the navigation state.
        let start = try #require(PatternResolver.resolvePattern("* / ... / S1", in: model.spec).0)
        let fromQuery = ReachabilityQuery(target: pattern, from: start)
        let fromSmall = try roomy.answer(fromQuery, model: model)
        let fromBig = try tight.answer(fromQuery, model: model)
        #expect(fromSmall.choice == AutomaticQueryEngine.Choice(engine: "explicit", encoding: nil,
                                                               reason: .answeredWithin(states: AutomaticQueryEngine.defaultExplicitStates)))
        #expect(fromBig.choice == AutomaticQueryEngine.Choice(engine: "z3", encoding: "navigation state", reason: .explicitStopped(states: 20)))
        guard case .reachable(_, let bigLength) = fromBig.answer, case .reachable(_, let smallLength) = fromSmall.answer else {
            Issue.record("explicit \(fromSmall.answer.isReachable), z3 \(fromBig.answer.isReachable)")
            return
        }
        #expect(bigLength == smallLength)
        // Where the navigation state is not encoded (an appear hook that pops), the
        // explicit search keeps the usual limits: z3's state graph would be no smaller.
        let hooked = try NavFlowTestSupport.model(text + "\nscreen Hooked { appear { set f0 = true; pop } }\n")
        let kept = try tight.answer(query, model: hooked)
        #expect(kept.choice == AutomaticQueryEngine.Choice(engine: "explicit", encoding: nil, reason: .notCovered))
        // A limit of the user's own ends the query, as with the explicit engine.
        var limited = Explorer.Limits.standard
        limited.maxStates = 10
        #expect(throws: Explorer.LimitReached.self) {
            _ = try AutomaticQueryEngine(limits: limited, parksInactiveTabs: false, explicitStates: 20, bound: 8, timeout: 60)
                .answer(query, model: model)
        }
        #else
        #expect(small.choice.reason == .noSymbolicEngine)
        #endif
    }

    @Test func availabilityFollowsTheTrait() {
        #if Z3
        #expect(SymbolicEngineAvailability.isAvailable)
        #else
        #expect(!SymbolicEngineAvailability.isAvailable)
        #endif
    }
}

#if Z3
import Foundation

/// The 40-input spec: Z3 answers in well under its timeout and names the
/// inputs the witness needs; the explicit engine stops at its valuation
/// limit and says so.
@Suite struct FeatureFlagSpecTests {
    static func model() throws -> FlowModel {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/symbolic/feature-flags.navflow").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let spec = try #require(Frontend.load(SourceFile(path: path, bytes: [UInt8](data))).spec)
        return try FlowModel(spec)
    }

    @Test func z3FindsTheFlagsThatOpenAScreen() throws {
        let model = try Self.model()
        let pattern = try #require(PatternResolver.resolveQuery("reach labs / Experiments / Rollout", in: model.spec).0)
        let answer = try SymbolicQueryEngine(bound: 8, timeout: 20).answer(ReachabilityQuery(target: pattern), model: model)
        guard case .reachable(let witness, let length) = answer else {
            Issue.record("expected a witness")
            return
        }
        #expect(length == 3)
        let inputs = Dictionary(uniqueKeysWithValues: witness.inputs.map { ($0.name, $0.value) })
        #expect(inputs["f02"] == true && inputs["f03"] == false && inputs["f24"] == true && inputs["f25"] == false)
        #expect(inputs["f27"] == true && inputs["f30"] == false)
        #expect(inputs["f28"] == true || inputs["f29"] == true)
    }

    /// A hook whose guard reads an input: the witness's steps are told with
    /// the inputs of its run, so the hook shows in its words.
    @Test func z3WitnessesNameTheHooksTheirInputsRun() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "hooks.navflow", text: """
            app Hooks
            input beta
            flag greeted = false
            stack S root Home { destination D }
            start S
            screen Home { push D }
            screen D { appear if beta { set greeted = true } }
            """)).spec)
        let model = try FlowModel(spec)
        let pattern = try #require(PatternResolver.resolveQuery("reach / D where greeted", in: spec).0)
        let answer = try SymbolicQueryEngine(bound: 4, timeout: 20).answer(ReachabilityQuery(target: pattern), model: model)
        guard case .reachable(let witness, _) = answer else {
            Issue.record("expected a witness, got \(answer)")
            return
        }
        #expect(witness.steps.map(\.text) == ["Launch the app", "On Home, open D, and the appear hook of D runs"])
        #expect(witness.inputs.map { "\($0.name)=\($0.value)" } == ["beta=true"])
    }

    @Test func z3ProvesWhatAssumptionsRuleOut() throws {
        let model = try Self.model()
        let pattern = try #require(PatternResolver.resolveQuery("reach wallet + sheet Transfer where f05", in: model.spec).0)
        let answer = try SymbolicQueryEngine(bound: 8, timeout: 20).answer(ReachabilityQuery(target: pattern), model: model)
        guard case .unreachable(.induction) = answer else {
            Issue.record("expected a proof by induction, got \(answer)")
            return
        }
    }

    /// Six tabs of stacks ten deep: far more states than any search
    /// stores. The state graph stops at its cap, so the engine encodes the
    /// navigation state, and a 6-step witness comes back (replayed on the
    /// explicit model before it is returned).
    @Test func z3AnswersOnTheNavigationStateOfAnAppTooBigToEnumerate() throws {
        let text = AppSpecGenerator.spec(AppShape(tabs: 6, screens: 120, fanOut: 2, depth: 10, sheets: 4, flags: 3, deepLinks: 5))
        let model = try NavFlowTestSupport.model(text)
        var capped = Explorer.Limits.standard
        capped.maxStates = SymbolicQueryEngine.largestGraph
        #expect(throws: Explorer.LimitReached.self) { _ = try SymbolicGraph.build(model, deepLinks: false, limits: capped) }
        let pattern = try #require(PatternResolver.resolveQuery("reach * / ... / S110", in: model.spec).0)
        let (answer, trace, encoding) = try SymbolicQueryEngine(bound: 8, timeout: 60)
            .solveReportingEncoding(ReachabilityQuery(target: pattern), model: model)
        #expect(encoding == .navigationState)
        guard case .reachable(_, let length) = answer else {
            Issue.record("expected a witness, got \(answer)")
            return
        }
        #expect(length == 6)
        #expect(trace?.steps.count == 6)
    }

    /// Past `smallGraph` states, the automatic encoding asks the navigation
    /// state first (the state graph's bounded checks are the slower ones),
    /// and the state graph, when it has at most `largestGraph` states, only
    /// for a proof the navigation state's induction did not give. Within
    /// `smallGraph`, the state graph answers.
    @Test func theAutomaticEncodingAsksTheStateGraphOnlyForAProof() throws {
        // 11,025 states.
        let text = AppSpecGenerator.spec(AppShape(tabs: 3, screens: 30, fanOut: 2, depth: 3, sheets: 2, flags: 1, deepLinks: 3))
        let model = try NavFlowTestSupport.model(text)
        let spec = model.spec
        let size = try SymbolicGraph.build(model, deepLinks: false, limits: .standard).count
        #expect(size > SymbolicQueryEngine.smallGraph && size <= SymbolicQueryEngine.largestGraph)
        func solve(_ query: String) throws -> (QueryAnswer, SymbolicQueryEngine.Encoding) {
            let pattern = try #require(PatternResolver.resolveQuery(query, in: spec).0)
            let (answer, _, encoding) = try SymbolicQueryEngine(bound: 6, timeout: 60)
                .solveReportingEncoding(ReachabilityQuery(target: pattern), model: model)
            return (answer, encoding)
        }
        let (witness, witnessEncoding) = try solve("reach * / ... / S29")
        #expect(witness.isReachable)
        #expect(witnessEncoding == .navigationState)
        // S29 on S29: no run reaches it, and only the state graph's induction over simple paths proves it.
        let (proof, proofEncoding) = try solve("reach * / S29 / S29")
        #expect(proofEncoding == .stateGraph)
        guard case .unreachable(.induction) = proof else {
            Issue.record("expected a proof by induction, got \(proof)")
            return
        }
        let (bounded, _) = try SymbolicQueryEngine(bound: 6, timeout: 60, encoding: .navigationState)
            .solve(ReachabilityQuery(target: try #require(PatternResolver.resolveQuery("reach * / S29 / S29", in: spec).0)),
                   model: model)
        guard case .unreachable(.bounded(bound: 6)) = bounded else {
            Issue.record("expected no witness up to bound 6 over the navigation state, got \(bounded)")
            return
        }
        let small = try NavFlowTestSupport.model(String(contentsOfFile: Repository.path("specs/examples/router-tabs.navflow"), encoding: .utf8))
        let aboutPattern = try #require(PatternResolver.resolveQuery("reach profile / ... / About", in: small.spec).0)
        let (_, _, smallEncoding) = try SymbolicQueryEngine(bound: 6, timeout: 60)
            .solveReportingEncoding(ReachabilityQuery(target: aboutPattern), model: small)
        #expect(smallEncoding == .stateGraph)
    }

    /// Forty inputs: `auto` hands the query to z3 without searching.
    @Test func theAutomaticEngineHandsTooManyValuationsToZ3() throws {
        let model = try Self.model()
        let pattern = try #require(PatternResolver.resolveQuery("reach labs / Experiments / Rollout", in: model.spec).0)
        let (answer, _, choice) = try AutomaticQueryEngine(limits: .standard, parksInactiveTabs: false, bound: 8, timeout: 20)
            .answer(ReachabilityQuery(target: pattern), model: model)
        #expect(choice.engine == "z3" && choice.reason == .tooManyValuations(inputs: model.relevantInputs.count))
        #expect(answer.isReachable)
    }

    /// Asking for the navigation-state encoding where it does not reach says
    /// what it lacks, and where: appear hooks that do more than set, push and
    /// present, or that show a screen with appear hooks. One that sets,
    /// pushes and presents is covered.
    @Test(arguments: [
        ("appear { set greeted = true; sheet E }", nil),
        ("appear { set greeted = true; pop }", "appear hooks that do more than set, push and present (D, line 6)"),
        ("appear { sheet F }", "appear hooks that show a screen with appear hooks (D, line 6)"),
    ] as [(String, String?)])
    func theNavigationStateEncodingSaysWhatItDoesNotCover(hook: String, reason: String?) throws {
        let spec = try #require(Frontend.load(SourceFile(path: "hooks.navflow", text: """
            app Hooks
            flag greeted = false
            stack S root Home { destination D }
            start S
            screen Home { push D }
            screen D { \(hook) }
            screen E
            screen F { appear { set greeted = false } }
            """)).spec)
        let model = try FlowModel(spec)
        let pattern = try #require(PatternResolver.resolveQuery("reach / D where greeted", in: spec).0)
        let engine = SymbolicQueryEngine(bound: 2, encoding: .navigationState)
        if let reason {
            #expect {
                _ = try engine.answer(ReachabilityQuery(target: pattern), model: model)
            } throws: { error in
                String(describing: error) == "the navigation-state encoding does not cover \(reason) yet"
            }
        } else {
            let answer = try engine.answer(ReachabilityQuery(target: pattern), model: model)
            #expect(answer.isReachable)
        }
        #expect(StateEncodingSupport.supports(model, deepLinks: false) == (reason == nil))
    }

    @Test func theExplicitEngineStopsAtItsLimitAndSuggestsZ3() throws {
        let model = try Self.model()
        let pattern = try #require(PatternResolver.resolveQuery("reach labs", in: model.spec).0)
        #expect {
            _ = try ExplicitQueryEngine().answer(ReachabilityQuery(target: pattern), model: model)
        } throws: { error in
            (error as? Explorer.LimitReached)?.description.contains("--engine z3") == true
        }
    }
}
#endif
