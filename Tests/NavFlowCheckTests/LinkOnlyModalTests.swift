import NavFlowCheck
import NavFlowSource
import NavFlowTestSupport
import Testing

/// A link that lands in a modal no tap presents (an app-level sheet for
/// what links open) is unreachable in-app by construction: a warning at
/// the link that names the modal, not an error advising a back stack.
@Suite struct LinkOnlyModalTests {
    static let text = """
        app LinkSheet
        scheme "ls"
        stack HomeStack root Home { destination Item }
        stack LinkStack root Item {}
        screen Home { push Item }
        screen Item
        start HomeStack
        deeplink "ls://item" -> + sheet LinkStack
        """

    private static func findings(_ text: String) -> [String] {
        Verifier.verify(SourceFile(path: "links.navflow", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.severity) \($0.rule.rawValue): \($0.message)"
                + $0.notes.map { " | \($0.range.map { "\($0.start.line): " } ?? "")\($0.message)" }.joined()
        }
    }

    @Test func aLinkIntoAModalOnlyLinksPresentIsAWarningNamingIt() {
        #expect(Self.findings(Self.text) == [
            "8:10 warning deeplink-unreachable: deep link \"ls://item\" presents 'LinkStack', which only deep links present, so no in-app navigation reaches where it lands | 4: if 'LinkStack' is where the app shows what links open, this is expected; otherwise add the tap that presents it",
        ])
    }

    /// Once a tap presents the modal, the link lands where users can go.
    @Test func aModalATapPresentsIsNotLinkOnly() {
        let fixed = Self.text.replacingOccurrences(of: "screen Home { push Item }", with: "screen Home { push Item; sheet LinkStack }")
        #expect(Self.findings(fixed).isEmpty)
    }

    /// A modal a tap presents, reached by a back stack no tap builds, is
    /// still the error with its advice.
    @Test func aBackStackNoTapBuildsIsStillAnError() {
        let text = Self.text.replacingOccurrences(of: "screen Home { push Item }", with: "screen Home { push Item; sheet LinkStack }")
            .replacingOccurrences(of: "stack LinkStack root Item {}", with: "stack LinkStack root Item { destination Home }")
            .replacingOccurrences(of: "-> + sheet LinkStack", with: "-> + sheet LinkStack / Home")
        #expect(Self.findings(text).contains {
            $0.hasPrefix("8:10 error deeplink-unreachable: deep link \"ls://item\" lands on a state no in-app navigation reaches")
        })
    }

    /// A target that also builds a path may be unreachable for its path: the
    /// finding stays the error, whatever the modal.
    @Test func aTargetWithAPathIsNotExcusedByItsModal() {
        let text = Self.text.replacingOccurrences(of: "stack HomeStack root Home { destination Item }",
                                                  with: "stack HomeStack root Home { destination Item; destination Other }")
            .replacingOccurrences(of: "screen Item\n", with: "screen Item\nscreen Other { push Item }\n")
            .replacingOccurrences(of: "screen Home { push Item }", with: "screen Home { push Item; push Other }")
            .replacingOccurrences(of: "-> + sheet LinkStack", with: "-> / Item / Other + sheet LinkStack")
        #expect(Self.findings(text).contains {
            $0.hasPrefix("9:10 error deeplink-unreachable: deep link \"ls://item\" lands on a state no in-app navigation reaches")
        }, "\(Self.findings(text))")
    }
}
