import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSource
import NavFlowSpec
import Testing

/// Destination sets: a stack registers the union of its own destinations
/// and its sets' screens, and `unused-destination` judges a set's screens
/// once per set, over every stack that includes it.
@Suite struct DestinationSetTests {
    /// Two stacks include `Routes`; only `Feed` pushes anything, and only `Post`.
    static func twoStacks(routes: String) -> String {
        """
        app A
        destinations Routes { \(routes) }
        stack FeedStack root Feed { destinations Routes }
        stack ProfileStack root Me { destinations Routes }
        tabs Main {
          tab feed "Feed" FeedStack
          tab me "Me" ProfileStack
        }
        screen Feed { push Post }
        screen Me
        screen Post
        screen Thread
        """
    }

    private func findings(_ text: String, rule: RuleID) -> [String] {
        let result = verify(text)
        #expect(result.spec != nil, "\(result.diagnostics.map(\.message))")
        return result.diagnostics.filter { $0.rule == rule }.map { "\($0.range.start) \($0.message)" }
    }

    @Test func aSetScreenPushedByOneOfTwoStacksIsUsed() {
        #expect(findings(Self.twoStacks(routes: "Post"), rule: .unusedDestination).isEmpty)
    }

    @Test func aSetScreenNoIncludingStackPushesIsReportedOnceAtItsEntry() {
        let found = findings(Self.twoStacks(routes: "Post; Thread"), rule: .unusedDestination)
        #expect(found == ["2:29 'Thread' is in destination set 'Routes' but none of the 2 stacks that include it ever pushes it"])
    }

    @Test func theMessageNamesTheOnlyIncludingStack() {
        let found = findings("""
            app A
            destinations Routes { Post; Thread }
            stack S root Home { destinations Routes }
            screen Home { push Post }
            screen Post
            screen Thread
            """, rule: .unusedDestination)
        #expect(found == ["2:29 'Thread' is in destination set 'Routes' but the one stack that includes it, 'S', never pushes it"])
    }

    @Test func aDeepLinkTargetUsesASetScreen() {
        let result = verify("""
            app A
            scheme "a"
            destinations Routes { Post }
            stack S root Home { destinations Routes }
            screen Home
            screen Post
            deeplink "a://post" -> / Post
            """)
        #expect(result.spec != nil)
        #expect(result.diagnostics.filter { $0.rule == .unusedDestination }.isEmpty,
                "\(result.diagnostics.map(\.message))")
    }

    @Test func aSetNoStackIncludesIsReportedOnceAtItsName() {
        let found = findings("""
            app A
            destinations Spare { Post }
            stack S root Home { destination Post }
            screen Home { push Post }
            screen Post
            """, rule: .unusedDestination)
        #expect(found == ["2:14 destination set 'Spare' is included by no stack"])
    }

    @Test func directRegistrationsKeepTheirPerStackJudgement() {
        let found = findings("""
            app A
            destinations Routes { Post }
            stack S root Home { destinations Routes; destination Thread }
            screen Home { push Post }
            screen Post
            screen Thread
            """, rule: .unusedDestination)
        #expect(found == ["3:54 'Thread' is registered in stack 'S' but nothing ever pushes it there"])
    }

    @Test func aStackRegistersItsOwnDestinationsThenItsSets() throws {
        let spec = try #require(verify("""
            app A
            destinations Routes { Post; Thread }
            stack S root Home { destination Extra; destinations Routes }
            screen Home { push Post; push Extra; push Thread }
            screen Post
            screen Thread
            screen Extra
            """).spec)
        let stack = spec.stacks[0]
        #expect(stack.destinations.map { spec.screens[$0].name } == ["Extra", "Post", "Thread"])
        #expect(stack.includedSets.map(\.set) == [0])
        guard case .direct = stack.registrations[0], case .shared(set: 0, _) = stack.registrations[1] else {
            Issue.record("registrations: \(stack.registrations)")
            return
        }
    }

    @Test func aStackListedInASetIsANestedStackAtTheEntry() throws {
        let result = verify("""
            app A
            destinations Routes { Post; Inner }
            stack Outer root Home { destinations Routes }
            stack Inner root Child { }
            screen Home { push Post }
            screen Post
            screen Child
            start Outer
            """)
        let spec = try #require(result.spec)
        let found = NestedStackProperty().check(spec)
        #expect(found.map { "\($0.range.start) \($0.message)" }
                == ["2:29 stack 'Inner' is listed in destination set 'Routes', which stack 'Outer' includes; stacks do not nest"])
        #expect(found.first?.notes.map(\.message) == ["stack 'Outer' includes 'Routes' here",
                                                      "list the root screen 'Child' instead, or present 'Inner' with 'sheet'"])
        #expect(found.first?.notes.first?.range?.start.line == 3)
    }

    @Test func theReferenceJudgesSetsTheSameWay() throws {
        let text = """
            app A
            scheme "a"
            destinations Routes { Post; Thread; Card }
            destinations Spare { Card }
            stack FeedStack root Feed { destinations Routes; destination Extra }
            stack ProfileStack root Me { destinations Routes }
            tabs Main {
              tab feed "Feed" FeedStack
              tab me "Me" ProfileStack
            }
            screen Feed { push Post; push Extra }
            screen Me
            screen Post
            screen Thread
            screen Card
            screen Extra
            deeplink "a://card" -> me / Card
            """
        var options = Verifier.Options(structural: [])
        options.exploration = .full
        let result = Verifier.verify(SourceFile(path: "sets.navflow", text: text), options: options)
        let spec = try #require(result.spec)
        let (expected, _) = ReferenceExplorer(model: try FlowModel(spec)).findings()
        let found = Set(result.diagnostics.map { "\($0.rule) \($0.range.start)" })
        #expect(found == expected)
        #expect(found.filter { $0.hasPrefix("unused-destination") } == ["unused-destination 3:29", "unused-destination 4:14"] as Set)
    }
}
