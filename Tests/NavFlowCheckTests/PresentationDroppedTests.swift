import NavFlowCheck
import NavFlowSource
import NavFlowTestSupport
import Testing

/// A view presents one modal at a time, and only while nothing covers it:
/// a link that keeps modals and presents from a covered tab is dropped.
@Suite struct PresentationDroppedTests {
    static let text = """
        app Gallery
        scheme "gallery"
        stack HomeStack root Home {}
        start HomeStack
        screen Home { sheet Filters; sheet A }
        screen Filters { dismiss }
        screen A { sheet B; dismiss }
        screen B { dismiss }
        deeplink "gallery://b" -> + sheet A + sheet B keep modals
        """

    private static func findings(_ text: String) -> [String] {
        Verifier.verify(SourceFile(path: "gallery.navflow", text: text)).diagnostics.map {
            "\($0.range.start.line):\($0.range.start.column) \($0.rule.rawValue): \($0.message)"
        }
    }

    @Test func theMessageNamesTheModalAndWhatCoversItsPresenter() throws {
        #expect(Self.findings(Self.text) == [
            "9:10 presentation-dropped: deep link \"gallery://b\" does not always show its target: it presents a modal from a view another modal covers, and SwiftUI does not show it",
        ])
        let finding = try #require(Verifier.verify(SourceFile(path: "gallery.navflow", text: Self.text)).diagnostics.first)
        #expect(finding.witness?.steps.map(\.text) == ["Launch the app", "On Home, open the Filters sheet", "Open gallery://b"])
        #expect(finding.notes.map(\.message) == [
            "in the witness, 'A' is presented from a view that 'Filters' covers, and a view presents one modal at a time: SwiftUI does not show 'A'",
            "present it from where the user is ('* + sheet ...' with 'keep modals'), or close what is presented first (no 'keep modals', or name it in 'close')",
        ])
    }

    /// With A already on top, B is presented from A, which nothing covers.
    @Test func aModalOnTopPresentsTheNext() {
        let text = Self.text.replacingOccurrences(of: "screen Home { sheet Filters; sheet A }", with: "screen Home { sheet A }")
            .replacingOccurrences(of: "screen Filters { dismiss }\n", with: "")
        #expect(Self.findings(text).isEmpty)
    }

    /// From where the user is, the top presents: nothing is dropped.
    @Test func presentingWhereTheUserIsIsNotDropped() {
        let text = Self.text.replacingOccurrences(of: "-> + sheet A + sheet B keep modals", with: "-> * / ... + sheet B keep modals")
        #expect(!Self.findings(text).contains { $0.contains("presentation-dropped") })
    }
}
