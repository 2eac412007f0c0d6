import NavFlowCheck
import NavFlowSpec
import Testing

@Suite struct StructuralPropertyTests {
    static let prelude = """
        app A
        scheme "a"
        host "a.example.com"
        enum Kind { big, small }
        id ItemID: Int
        id Slug: String

        """

    private func findings(_ property: some StructuralProperty, _ body: String) -> [String] {
        let result = verify(Self.prelude + body)
        guard let spec = result.spec else {
            Issue.record("spec does not load: \(result.diagnostics.map(\.message))")
            return []
        }
        return property.check(spec).map { "\($0.range.start) \($0.message)" }
    }

    // MARK: mixed-navigation-links

    /// A link that selects a tab and keeps its path (`/ ...` with nothing
    /// after) writes no value onto it: no finding. One that appends a
    /// route does.
    @Test func aLinkThatKeepsThePathDoesNotMixLinks() {
        let body = """
            stack HomeStack root Home {}
            stack ConnectStack root Connect { destination Radio }
            tabs Main {
              tab home "Home" HomeStack
              tab connect "Connect" ConnectStack
            }
            screen Home
            screen Connect { push Region inline }
            screen Region
            screen Radio
            deeplink "a://connect" -> connect / ...

            """
        #expect(findings(MixedNavigationLinksProperty(), body) == [])
        let appending = findings(MixedNavigationLinksProperty(), body.replacingOccurrences(of: "connect / ...", with: "connect / ... / Radio"))
        #expect(appending.count == 1 && appending[0].contains("the deep link \"a://connect\" (it appends to the path)"), "\(appending)")
    }

    // MARK: nested-stack

    @Test func pushingAStackIsANestedStack() {
        let found = findings(NestedStackProperty(), """
            screen Home { push Inner }
            screen Child
            stack Outer root Home { }
            stack Inner root Child { }
            start Outer
            """)
        #expect(found == ["7:15 screen 'Home' pushes stack 'Inner'; a NavigationStack cannot be pushed inside another"])
    }

    @Test func registeringAStackIsANestedStack() {
        let found = findings(NestedStackProperty(), """
            screen Home
            screen Child
            stack Outer root Home { destination Inner }
            stack Inner root Child { }
            start Outer
            """)
        #expect(found == ["9:37 stack 'Inner' is registered as a destination of stack 'Outer'; stacks do not nest"])
    }

    @Test func presentingAStackIsNotANestedStack() {
        let found = findings(NestedStackProperty(), """
            screen Home { sheet Inner }
            screen Child { dismiss }
            stack Outer root Home { }
            stack Inner root Child { }
            start Outer
            """)
        #expect(found.isEmpty)
    }

    // MARK: deeplink-ambiguous

    private func ambiguity(_ patterns: [String]) -> [String] {
        let links = patterns.map { "deeplink \"\($0)\" -> / Home" }.joined(separator: "\n")
        return findings(DeepLinkAmbiguityProperty(), """
            screen Home
            stack S root Home { }
            \(links)
            """)
    }

    @Test func anIntIdNeverOverlapsALiteralWord() {
        let links = findings(DeepLinkAmbiguityProperty(), """
            screen Home
            screen Item(id: ItemID)
            stack S root Home { destination Item }
            deeplink "a://item/new" -> / Home
            deeplink "a://item/{id: ItemID}" -> / Item(id)
            """)
        #expect(links.isEmpty)
    }

    @Test func aStringIdOverlapsALiteralWord() {
        let links = findings(DeepLinkAmbiguityProperty(), """
            screen Home
            screen Item(slug: Slug)
            stack S root Home { destination Item }
            deeplink "a://item/new" -> / Home
            deeplink "a://item/{s: Slug}" -> / Item(s)
            """)
        #expect(links == ["11:10 deep links \"a://item/new\" and \"a://item/{s: Slug}\" both match a://item/new; the first one declared handles it"])
    }

    @Test func enumCasesOverlapLiteralsAndEachOther() {
        let links = findings(DeepLinkAmbiguityProperty(), """
            screen Home
            screen Group(kind: Kind)
            stack S root Home { destination Group }
            deeplink "a://g/{k: Kind}" -> / Group(k)
            deeplink "a://g/small" -> / Group(small)
            deeplink "a://g/huge" -> / Home
            """)
        #expect(links == ["11:10 deep links \"a://g/{k: Kind}\" and \"a://g/small\" both match a://g/small; the first one declared handles it"])
    }

    @Test func differentLengthsOriginsAndLiteralsDoNotOverlap() {
        #expect(ambiguity(["a://x", "a://x/y", "a://y", "https://a.example.com/x"]).isEmpty)
    }

    @Test func identicalPatternsOverlap() {
        #expect(ambiguity(["a://x", "A://x"]) == ["10:10 deep links \"a://x\" and \"A://x\" both match a://x; the first one declared handles it"])
    }

    @Test func twoIdsOverlapWithADigitExample() {
        let links = findings(DeepLinkAmbiguityProperty(), """
            screen Home
            screen Item(id: ItemID)
            screen Page(slug: Slug)
            stack S root Home { destination Item destination Page }
            deeplink "https://a.example.com/p/{id: ItemID}" -> / Item(id)
            deeplink "https://a.example.com/p/{s: Slug}" -> / Page(s)
            """)
        #expect(links == ["12:10 deep links \"https://a.example.com/p/{id: ItemID}\" and \"https://a.example.com/p/{s: Slug}\" both match https://a.example.com/p/1; the first one declared handles it"])
    }

    // MARK: deeplink-invalid (structural part)

    @Test func aTargetPathWithAnUnregisteredScreenIsInvalid() {
        let found = findings(DeepLinkTargetProperty(), """
            screen Home
            screen Settings
            stack S root Home { }
            deeplink "a://settings" -> / Settings
            """)
        #expect(found == ["10:30 deep link \"a://settings\" pushes 'Settings' onto stack 'S', which does not register it as a destination; SwiftUI would show nothing"])
    }

    @Test func aTargetPathDeeperThanTheStackIsInvalid() {
        let found = findings(DeepLinkTargetProperty(), """
            screen Home
            screen Item(id: ItemID)
            stack S root Home { destination Item depth 1 }
            deeplink "a://pair/{x: ItemID}/{y: ItemID}" -> / Item(x) / Item(y)
            """)
        #expect(found == ["10:48 deep link \"a://pair/{x: ItemID}/{y: ItemID}\" builds a path of 2 screens in stack 'S', deeper than its depth 1"])
    }

    @Test func aRegisteredTargetPathIsValid() {
        let found = findings(DeepLinkTargetProperty(), """
            screen Home
            screen Item(id: ItemID)
            screen Compose
            screen Draft
            stack S root Home { destination Item }
            stack C root Compose { destination Draft }
            start S
            deeplink "a://item/{id: ItemID}" -> / Item(id) + sheet C / Draft
            """)
        #expect(found.isEmpty)
    }

    // MARK: open-unmatched

    @Test func openingAURLNoPatternMatchesIsReported() {
        let found = findings(OpenUnmatchedProperty(), """
            screen Home { open "a://item/abc"
                          open "a://item/42" }
            screen Item(id: ItemID)
            stack S root Home { destination Item }
            deeplink "a://item/{id: ItemID}" -> / Item(id)
            """)
        #expect(found == ["7:15 no deep link matches \"a://item/abc\", so opening it does nothing; fix the URL or declare a matching 'deeplink'"])
    }

    // MARK: unused-flag, unused-input

    @Test func aFlagThatIsOnlySetIsUnused() {
        let found = findings(UnusedFlagProperty(), """
            flag seen = false
            flag signedIn = false
            screen Home { action "Go" { set seen = true } push Home if signedIn }
            """)
        #expect(found == ["7:6 flag 'seen' is never read by a condition; guard an edge, a tab or a deep link with it, or remove it"])
    }

    @Test func anInputReadOnlyByAnAssumptionIsUnused() {
        let found = findings(UnusedInputProperty(), """
            input beta
            input pro
            input tablet
            assume !beta
            screen Home { push Home if pro }
            launch sheet Home if tablet
            """)
        #expect(found == ["7:7 input 'beta' is never read by a condition; use it in a guard, 'hidden if' or 'requires', or remove it"])
    }

    @Test func everyReadingPlaceCounts() {
        let body = """
            flag a = false
            flag b = false
            flag c = false
            flag d = false
            screen X { push X if a }
            tabs T { tab x "X" X hidden if b }
            launch sheet X if c
            deeplink "a://x" -> x requires d
            """
        #expect(findings(UnusedFlagProperty(), body).isEmpty)
    }
}
