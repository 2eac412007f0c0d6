import NavFlowCheck
import NavFlowSpec
import Testing

/// Where no tap chooses a value (`launch`, a deep link's `else`), an `enum`
/// argument left open is an error at the route, not the enum's first case
/// taken silently; the case written out verifies, and lands on that case.
@Suite struct OpenArgumentTests {
    static let spec = """
        app Open
        scheme "o"
        enum Kind { red, blue }
        id ItemID
        stack Root root Home { destination Detail destination Item }
        start Root
        screen Home { push Detail(red); push Detail(blue); push Item }
        screen Detail(kind: Kind)
        screen Item(id: ItemID)
        launch push Detail
        deeplink "o://x" -> / Detail(red) requires false else push Detail
        deeplink "o://i/{id: ItemID}" -> / Item(id) requires false else push Item
        """

    @Test func anOpenEnumArgumentInLaunchOrAnElseIsAnErrorAtTheRoute() {
        let result = verify(Self.spec)
        #expect(result.spec == nil)
        #expect(result.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)" } == [
            "10:13 invalid-statement: 'launch' has no tap to choose which 'Detail' to show: give 'kind' a case of Kind (one 'launch' line per case, each under its condition, for several)",
            "11:60 invalid-statement: a deep link's 'else' has no tap to choose which 'Detail' to show: give 'kind' a case of Kind",
        ])
    }

    /// The case written out: the launch shows it, the plain explorer agrees.
    @Test func theCaseWrittenOutLandsOnThatCase() {
        let fixed = Self.spec.replacingOccurrences(of: "launch push Detail", with: "launch push Detail(blue)")
            .replacingOccurrences(of: "else push Detail\n", with: "else push Detail(red)\n")
        let result = verify(fixed)
        #expect(result.spec != nil, "\(result.diagnostics.map(\.message))")
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics.map(\.message))")
        let plain = verify(fixed, exploration: .plain)
        #expect(result.statistics?.states == plain.statistics?.states)
        #expect(result.statistics?.transitions == plain.statistics?.transitions)
    }
}
