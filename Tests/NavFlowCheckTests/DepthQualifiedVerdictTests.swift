import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Testing

/// Verdicts that hold only up to a stack's depth say so: a screen, push,
/// guard or link target that lies beyond a push exploration cut is judged
/// "within depth N of stack S", one severity lower, with the cut push and
/// the advice to raise the depth. Raising the depth far enough makes each
/// of them go away, which is what the qualification promises.
@Suite struct DepthQualifiedVerdictTests {
    /// Home / A / C is the deepest path at depth 2: C's push of B is cut.
    /// B pushes D and sets the flag Reward's sheet needs; Lonely is pushed
    /// by nothing at any depth.
    static let text = """
        app Deep
        flag unlocked = false
        stack Main root Home {
          destination A
          destination B
          destination C
          destination D
          destination Lonely
          depth 2
        }
        start Main
        screen Home {
          push A
          sheet Reward if unlocked
        }
        screen A { push C }
        screen C { push B }
        screen B {
          push D
          action "Unlock" { set unlocked = true }
        }
        screen D
        screen Reward
        screen Lonely
        """

    private func findings(_ text: String, depths: [String] = []) throws -> [String] {
        var options = Verifier.Options()
        options.depths = try DepthOverride(arguments: depths)
        let result = Verifier.verify(SourceFile(path: "deep.navflow", text: text), options: options)
        return result.diagnostics.map { diagnostic in
            let line = "\(diagnostic.range.start.line)"
            return "\(line) \(diagnostic.severity.rawValue) \(diagnostic.rule.rawValue): \(diagnostic.message)"
                + diagnostic.notes.map { note in " | \(note.range.map { "\($0.start.line): " } ?? "")\(note.message)" }.joined()
        }
    }

    @Test func verdictsBeyondACutSayWithinWhichDepth() throws {
        let cut = " | 17: exploration cut this push of 'B' at the depth of stack 'Main'"
            + " | raise 'depth' of stack 'Main' above 2 (or run with --depth Main=N) to explore deeper; the verdict holds only up to that bound"
        #expect(try findings(Self.text) == [
            "3 note bounded: exploration cut paths of stack 'Main' at its depth 2; results hold for paths up to 2 screens | raise 'depth' to explore deeper paths",
            "5 note unused-destination: 'B' is registered in stack 'Main' but is not pushed there within depth 2 of stack 'Main'" + cut,
            "7 note unused-destination: 'D' is registered in stack 'Main' but is not pushed there within depth 2 of stack 'Main'" + cut,
            "8 warning unused-destination: 'Lonely' is registered in stack 'Main' but nothing ever pushes it there | remove the registration, or push 'Lonely' from a screen shown in 'Main'",
            "14 note dead-edge: this edge of 'Home' is not taken within depth 2 of stack 'Main': its guard 'unlocked' is false wherever 'Home' is visible there" + cut,
            "18 warning orphan-screen: screen 'B' is not reached within depth 2 of stack 'Main': exploration cut a push that leads to it" + cut,
            "22 warning orphan-screen: screen 'D' is not reached within depth 2 of stack 'Main': exploration cut a push that leads to it" + cut,
            "23 warning orphan-screen: screen 'Reward' is not reached within depth 2 of stack 'Main': exploration cut a push that leads to it" + cut,
            "24 error orphan-screen: screen 'Lonely' is never on screen: no reachable state shows it, with or without deep links | push, present or select 'Lonely' from a reachable screen, or remove it",
        ])
    }

    /// The promise behind the qualification: with enough depth, every
    /// qualified verdict disappears and the unqualified ones stay.
    @Test func raisingTheDepthRemovesExactlyTheQualifiedVerdicts() throws {
        let deeper = try findings(Self.text, depths: ["Main=4"])
        #expect(deeper.map { String($0.prefix(while: { $0 != ":" })) } == [
            "8 warning unused-destination",
            "24 error orphan-screen",
        ])
    }

    @Test func anOverriddenDepthIsRaisedOnTheCommandLine() throws {
        let notes = try findings(Self.text, depths: ["Main=1"]).filter { $0.contains("orphan-screen: screen 'C'") }
        #expect(notes == ["17 warning orphan-screen: screen 'C' is not reached within depth 1 of stack 'Main': exploration cut a push that leads to it"
            + " | 16: exploration cut this push of 'C' at the depth of stack 'Main' | raise --depth Main=N above 1 to explore deeper; the verdict holds only up to that bound"])
    }

    /// A link whose target is built by a push guarded by a flag that only
    /// a screen beyond the cut sets is qualified; one whose path no push
    /// builds (Home never pushes B) is not, at any depth. At depth 3 no push
    /// is cut and the qualified verdict becomes a plain one: the link from
    /// launch, with `unlocked` false, still skips the gate.
    @Test func deepLinkVerdictsAreQualifiedOnlyWhenAGuardOnTheWayDependsOnDepth() throws {
        let text = """
            app Links
            scheme "links"
            flag unlocked = false
            stack Main root Home {
              destination A
              destination B
              destination C
              destination D
              depth 2
            }
            start Main
            screen Home { push A if unlocked; push C }
            screen C { push D }
            screen D { push B }
            screen B { action "Unlock" { set unlocked = true } }
            screen A
            deeplink "links://a" -> / A
            deeplink "links://b" -> / B
            """
        func links(_ depths: [String]) throws -> [String] {
            try findings(text, depths: depths).filter { $0.contains("deeplink-unreachable") }
                .map { String($0.prefix(while: { $0 != "|" })) }
        }
        #expect(try links([]) == [
            "17 warning deeplink-unreachable: deep link \"links://a\" lands on a state no in-app navigation reaches within depth 2 of stack 'Main' ",
            "18 error deeplink-unreachable: deep link \"links://b\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate ",
        ])
        #expect(try links(["Main=3"]) == [
            "17 error deeplink-unreachable: deep link \"links://a\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate ",
            "18 error deeplink-unreachable: deep link \"links://b\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate ",
        ])
    }

    /// A guard no allowed input valuation makes true (an input `assume`
    /// pins) blocks its edge at any depth: what only it leads to is judged
    /// without qualification, even beyond a cut.
    @Test func guardsThatCannotHoldAreNotExcusedByTheDepth() throws {
        let text = """
            app Pinned
            input pro
            assume !pro
            stack Main root Home { destination A; depth 1 }
            start Main
            screen Home { push A }
            screen A {
              push A
              sheet Pro if pro
            }
            screen Pro
            """
        #expect(try findings(text).map { String($0.prefix(while: { $0 != "|" })) } == [
            "4 note bounded: exploration cut paths of stack 'Main' at its depth 1; results hold for paths up to 1 screens ",
            "9 warning dead-edge: this edge of 'A' can never be taken: its guard 'pro' is false wherever 'A' is visible",
            "11 error orphan-screen: screen 'Pro' is never on screen: no reachable state shows it, with or without deep links ",
        ])
    }
}
