import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowQuery
import NavFlowReport
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

@Suite struct QueryTests {
    static let spec = """
        app Shop
        scheme "shop"
        enum Section { new, sale }
        id ItemID: Int
        flag signedIn = false
        input beta
        stack HomeStack root Home { destination Catalog destination Item depth 3 }
        stack AccountStack root Account { destination Settings destination Privacy }
        tabs Main {
          tab home "Home" HomeStack
          tab account "Account" AccountStack hidden if !signedIn
          tab labs "Labs" Labs hidden if !beta
        }
        screen Home { push Catalog
                      sheet SignIn if !signedIn }
        screen Catalog(section: Section) { push Item }
        screen Item(id: ItemID)
        screen SignIn { action "Sign in" { set signedIn = true; dismiss } }
        screen Account { push Settings }
        screen Settings { push Privacy }
        screen Privacy
        screen Labs
        deeplink "shop://item/{id: ItemID}" -> home / Catalog(new) / Item(id)
        """

    static func model() throws -> FlowModel {
        let spec = try #require(Frontend.load(SourceFile(path: "shop.navflow", text: Self.spec)).spec)
        return try FlowModel(spec)
    }

    static func ask(_ query: String, from: String? = nil, deepLinks: Bool = false) throws -> QueryAnswer {
        let model = try model()
        let (target, errors) = PatternResolver.resolveQuery(query, in: model.spec)
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        let start = try from.map { text in
            try #require(PatternResolver.resolvePattern(text, in: model.spec).0)
        }
        return try ExplicitQueryEngine().answer(
            ReachabilityQuery(target: try #require(target), from: start, deepLinks: deepLinks), model: model)
    }

    private func steps(_ answer: QueryAnswer) -> [String] {
        guard case .reachable(let witness, _) = answer else { return [] }
        return witness.steps.map(\.text)
    }

    @Test func aReachableStateGetsAShortestWitness() throws {
        let answer = try Self.ask("reach account / Settings / Privacy")
        #expect(steps(answer) == [
            "Launch the app",
            "On Home, open the SignIn sheet",
            "Tap “Sign in” on SignIn",
            "Switch to the Account tab",
            "On Account, open Settings",
            "On Settings, open Privacy",
        ])
    }

    @Test func argumentsAndRunsOfRoutesMatch() throws {
        #expect(steps(try Self.ask("reach home / Catalog(sale) / Item(_)")).last == "On Catalog(sale), open Item(_)")
        #expect(steps(try Self.ask("reach * / ... / Item(_)")).count == 3)
        #expect(steps(try Self.ask("reach home / ...")) == ["Launch the app"])
    }

    @Test func whereReadsFlagsAndInputsAndNamesTheValuation() throws {
        let answer = try Self.ask("reach labs where beta && !signedIn")
        guard case .reachable(let witness, let length) = answer else {
            Issue.record("expected a witness")
            return
        }
        #expect(length == 1 && witness.inputs == [InputValue(name: "beta", value: true)])
    }

    @Test func anUnreachableStateIsProvedByExhaustion() throws {
        guard case .unreachable(.exhausted(let states)) = try Self.ask("reach account where !signedIn") else {
            Issue.record("expected unreachable")
            return
        }
        #expect(states > 0)
    }

    @Test func modalLayersMatchExactly() throws {
        #expect(try Self.ask("reach home + sheet SignIn").isReachable)
        #expect(!(try Self.ask("reach home / Catalog(_) + sheet SignIn").isReachable))
        #expect(try Self.ask("reach * + ...").isReachable)
    }

    @Test func deepLinksCountOnlyWhenAsked() throws {
        #expect(steps(try Self.ask("reach home / Catalog(new) / Item(_)")).count == 3)
        #expect(steps(try Self.ask("reach home / Catalog(new) / Item(_)", deepLinks: true)) == ["Launch the app", "Open shop://item/1"])
    }

    @Test func fromStartsWhereThePatternHolds() throws {
        let answer = try Self.ask("reach account / Settings", from: "account / Settings / Privacy")
        #expect(steps(answer).count == 2)
        #expect(steps(answer).last == "Go back from Privacy")
        #expect(steps(answer).first == "Start where account / Settings / Privacy holds: Account tab: Account > Settings > Privacy")
        guard case .unreachable(.noStart) = try Self.ask("reach home", from: "account where !signedIn") else {
            Issue.record("expected no start")
            return
        }
    }

    static let malformed: [(query: String, expected: String)] = [
        ("reach", "1:6 syntax: expected a state pattern: a tab or '*', then '/ Screen', '/ ...', '> Screen' or '+ sheet Name'"),
        ("go home", "1:1 syntax: a query starts with 'reach', as in 'reach home / Settings'"),
        ("reach home / Privcy", "1:14 unknown-name: unknown screen 'Privcy'"),
        ("reach hom", "1:7 unknown-name: unknown tab 'hom'"),
        ("reach home / Catalog(old)", "1:22 unknown-name: 'old' is not a case of Section; 'section' takes a case of Section or '_'"),
        ("reach home / Item(1)", "1:19 syntax: expected an argument ('_', an enum case or a parameter name), found '1'"),
        ("reach home > Catalog(_)", "1:12 invalid-pattern: '>' selects the next column of a split view, and 'HomeStack' is not one"),
        ("reach labs / Item(_)", "1:14 invalid-pattern: no stack shows here, so no path can hold 'Item'"),
        ("reach home where nope", "1:18 unknown-name: unknown flag or input 'nope'"),
        ("reach home + drawer X", "1:14 syntax: expected 'sheet', 'cover', 'popover' or '...' after '+'"),
        ("reach home )", "1:12 syntax: unexpected ')' after the pattern"),
    ]

    @Test(arguments: malformed) func malformedQueriesAreReportedInsideTheQuery(_ query: String, _ expected: String) throws {
        let model = try Self.model()
        let (pattern, diagnostics) = PatternResolver.resolveQuery(query, in: model.spec)
        #expect(pattern == nil)
        #expect(diagnostics.map { "\($0.range.start) \($0.rule): \($0.message)" } == [expected])
    }

    @Test func jsonAnswerHasReachableAndSteps() throws {
        let report = QueryReport(query: "reach labs", engine: "explicit", answer: try Self.ask("reach labs"))
        let text = report.render(.json)
        #expect(text.contains("\"reachable\": true"))
        #expect(text.contains("\"steps\": ["))
        let unreachable = QueryReport(query: "q", engine: "explicit", answer: .unreachable(.exhausted(states: 1_284_992)))
        #expect(unreachable.text() == "unreachable: all 1,284,992 reachable states explored, none matches\n")
        #expect(unreachable.exitCode == 1 && report.exitCode == 0)
    }
}
