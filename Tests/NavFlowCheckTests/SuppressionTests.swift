import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Testing

/// `// navflow:disable` comments: which findings they suppress, and the
/// findings about the comments themselves, messages pinned.
@Suite struct SuppressionTests {
    /// A spec with one warning (`dead-edge` at line 7) and one error
    /// (`orphan-screen` at line 10), with `MARK` lines where a test puts its comments.
    static func spec(before edge: String = "", trailing: String = "", beforeOrphan orphan: String = "",
                     file: String = "") -> String {
        """
        app Settings\(file.isEmpty ? "" : "\n" + file)
        flag beta = false
        stack Main root Home { destination Advanced }
        start Main
        screen Home {
          push Advanced\(edge.isEmpty ? "" : "\n  " + edge)
          sheet Experiments if beta\(trailing.isEmpty ? "" : " " + trailing)
        }
        screen Advanced\(orphan.isEmpty ? "" : "\n" + orphan)
        screen Experiments
        """
    }

    static let deadEdge = "this edge of 'Home' can never be taken: its guard 'beta' is false wherever 'Home' is visible"
    static let orphan = "screen 'Experiments' is never on screen: no reachable state shows it, with or without deep links"

    func findings(_ result: Verifier.Result) -> [String] {
        result.diagnostics.map { "\($0.range.start): \($0.rule): \($0.message)" }
    }

    func suppressed(_ result: Verifier.Result) -> [String] {
        result.suppressed.map { item in
            guard case .inSource(_, let range) = item.suppression else { return "baseline: \(item.diagnostic.rule)" }
            return "\(item.diagnostic.rule) by \(range.start)"
        }
    }

    @Test func withoutCommentsBothFindingsStand() {
        let result = verify(Self.spec())
        #expect(findings(result) == ["7:3: dead-edge: \(Self.deadEdge)", "10:8: orphan-screen: \(Self.orphan)"])
        #expect(result.suppressed.isEmpty)
    }

    @Test func commentBeforeAMemberLineSuppressesThatLineOnly() {
        let result = verify(Self.spec(before: "// navflow:disable dead-edge"))
        #expect(findings(result) == ["11:8: orphan-screen: \(Self.orphan)"])
        #expect(suppressed(result) == ["dead-edge by 7:3"])
        #expect(result.suppressed[0].diagnostic.message == Self.deadEdge)
    }

    @Test func commentBeforeAMemberLineDoesNotReachTheLineAfter() {
        // The comment covers `push Advanced`, not the guarded edge below it.
        let text = Self.spec().replacingOccurrences(of: "  push Advanced", with: "  // navflow:disable dead-edge\n  push Advanced")
        let result = verify(text)
        #expect(findings(result) == [
            "6:22: superfluous-suppression: this comment suppresses no 'dead-edge' finding; remove 'dead-edge' from it",
            "8:3: dead-edge: \(Self.deadEdge)",
            "11:8: orphan-screen: \(Self.orphan)",
        ])
    }

    @Test func trailingCommentSuppressesItsLine() {
        let result = verify(Self.spec(trailing: "// navflow:disable dead-edge"))
        #expect(findings(result) == ["10:8: orphan-screen: \(Self.orphan)"])
        #expect(suppressed(result) == ["dead-edge by 7:29"])
    }

    @Test func commentBeforeADeclarationSuppressesAnErrorAndTheRunPasses() {
        let result = verify(Self.spec(beforeOrphan: "// navflow:disable orphan-screen"))
        #expect(findings(result) == ["7:3: dead-edge: \(Self.deadEdge)"])
        #expect(suppressed(result) == ["orphan-screen by 10:1"])
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func commentBeforeADeclarationCoversAllOfIt() {
        // Before `screen Home { ... }`: the edge inside is covered.
        let text = Self.spec().replacingOccurrences(of: "screen Home {", with: "// navflow:disable dead-edge\nscreen Home {")
        let result = verify(text)
        #expect(findings(result) == ["11:8: orphan-screen: \(Self.orphan)"])
        #expect(suppressed(result) == ["dead-edge by 5:1"])
    }

    @Test func fileWideCommentSuppressesEveryFindingOfItsRules() {
        let result = verify(Self.spec(file: "// navflow:disable-file dead-edge, orphan-screen"))
        #expect(findings(result).isEmpty)
        #expect(suppressed(result) == ["dead-edge by 2:1", "orphan-screen by 2:1"])
    }

    @Test func spacesAndCommasSeparateRulesAndAReasonFollowsTwoDashes() {
        let result = verify(Self.spec(file: "// navflow:disable-file dead-edge,orphan-screen -- unused-flag is a reason"))
        #expect(findings(result).isEmpty)
        #expect(result.suppressed.count == 2)
    }

    @Test func aCommentSuppressesOnlyTheRulesItNames() {
        let result = verify(Self.spec(trailing: "// navflow:disable orphan-screen"))
        #expect(findings(result) == [
            "7:3: dead-edge: \(Self.deadEdge)",
            "7:48: superfluous-suppression: this comment suppresses no 'orphan-screen' finding; remove 'orphan-screen' from it",
            "10:8: orphan-screen: \(Self.orphan)",
        ])
    }

    @Test func unknownRuleIsAWarningWithAFixIt() throws {
        let result = verify(Self.spec(before: "// navflow:disable dead-egde"))
        #expect(findings(result) == [
            "7:22: invalid-suppression: unknown rule 'dead-egde' in a suppression comment; it suppresses nothing",
            "8:3: dead-edge: \(Self.deadEdge)",
            "11:8: orphan-screen: \(Self.orphan)",
        ])
        let finding = try #require(result.diagnostics.first)
        #expect(finding.severity == .warning)
        #expect(finding.notes.map(\.message) == ["did you mean 'dead-edge'?"])
        #expect(finding.fixIts.map(\.replacement) == ["dead-edge"])
        #expect(finding.fixIts.first?.range == finding.range)
    }

    @Test func unknownRuleFarFromAnyHasNoFixIt() throws {
        let result = verify(Self.spec(file: "// navflow:disable-file everything"))
        let finding = try #require(result.diagnostics.first)
        #expect(finding.message == "unknown rule 'everything' in a suppression comment; it suppresses nothing")
        #expect(finding.fixIts.isEmpty)
    }

    @Test func commentWithoutRulesAndUnknownDirectivesAreInvalid() {
        let result = verify(Self.spec(file: "// navflow:disable-file\n// navflow:enable dead-edge"))
        #expect(findings(result).prefix(2) == [
            "2:4: invalid-suppression: 'navflow:disable-file' names no rule; write the ids of the rules to suppress after it",
            "3:4: invalid-suppression: unknown directive 'navflow:enable'; the directives are 'navflow:disable' and 'navflow:disable-file'",
        ])
    }

    @Test func theSuppressionRulesCannotBeSuppressedByAComment() {
        let result = verify(Self.spec(file: "// navflow:disable-file superfluous-suppression"))
        #expect(findings(result).first
            == "2:25: invalid-suppression: 'superfluous-suppression' findings are about suppression comments and cannot be suppressed by one")
    }

    @Test func ordinaryCommentsAreNotDirectives() {
        let result = verify(Self.spec(file: "// navflow is great; disable nothing\n// see navflow:disable"))
        #expect(findings(result).count == 2)
        #expect(result.suppressed.isEmpty)
    }

    @Test func aCommentAtTheEndOfTheFileCoversNothing() throws {
        let result = verify(Self.spec() + "\n// navflow:disable orphan-screen\n")
        let finding = try #require(result.diagnostics.first { $0.rule == .superfluousSuppression })
        #expect(finding.notes.map(\.message) == ["no declaration or member follows this comment in its body or file"])
    }

    @Test func aRunStoppedAtALimitReportsNoSuperfluousComment() {
        var options = Verifier.Options()
        options.limits.maxStates = 1
        let text = Self.spec(file: "// navflow:disable-file trap")
        let result = Verifier.verify(SourceFile(path: "test.navflow", text: text), options: options)
        #expect(result.limit != nil)
        #expect(!result.diagnostics.contains { $0.rule == .superfluousSuppression })
        #expect(verify(text).diagnostics.contains { $0.rule == .superfluousSuppression })
    }

    @Test func frontEndErrorsAreNotSuppressed() {
        let result = verify("app A\n// navflow:disable-file unknown-name\nstart Nowhere\n")
        #expect(result.spec == nil)
        #expect(rules(result) == ["unknown-name"])
        #expect(result.suppressed.isEmpty)
    }

    @Test func multiLineActionIsOneMemberItem() {
        let text = """
            app A
            flag f = false
            start Home
            screen Home {
              // navflow:disable dead-edge
              action "Go" if f {
                set f = true
              }
              action "Stay" if f { set f = false }
            }
            """
        let result = verify(text)
        #expect(result.diagnostics.map(\.rule) == [.deadEdge])
        #expect(result.diagnostics.first?.range.start.line == 9)
        #expect(result.suppressed.map { $0.diagnostic.range.start.line } == [6])
    }
}

/// Baselines: matching on path, rule and message with multiplicity.
@Suite struct BaselineTests {
    static let spec = """
        app Settings
        flag beta = false
        flag gamma = false
        start Home
        screen Home {
          sheet Experiments if beta
          sheet Experiments if beta
        }
        screen Experiments
        """

    func results(_ text: String, path: String = "specs/app.navflow") -> [Verifier.Result] {
        [verify(text, path: path)]
    }

    @Test func aBaselineWrittenFromARunSuppressesAllOfIt() throws {
        var results = results(Self.spec)
        #expect(results[0].diagnostics.count == 4)
        let baseline = Baseline(findings: results[0].diagnostics)
        let fixed = BaselineFilter.apply(baseline, path: "baseline.json", to: &results)
        #expect(fixed == 0)
        #expect(results[0].diagnostics.isEmpty)
        #expect(results[0].suppressed.count == 4)
        #expect(results[0].suppressed.allSatisfy { $0.suppression == .baseline(path: "baseline.json") })
    }

    @Test func matchingSurvivesShiftedLinesAndReportsNewFindings() {
        let baseline = Baseline(findings: results(Self.spec)[0].diagnostics)
        let edited = "// A comment that shifts every line.\n\n" + Self.spec
            .replacingOccurrences(of: "start Home", with: "flag delta = false\nstart Home")
        var results = results(edited)
        let fixed = BaselineFilter.apply(baseline, path: "baseline.json", to: &results)
        #expect(fixed == 0)
        #expect(results[0].diagnostics.map(\.message)
            == ["flag 'delta' is never read by a condition; guard an edge, a tab or a deep link with it, or remove it"])
        #expect(results[0].suppressed.count == 4)
    }

    @Test func eachEntryAbsorbsOneFinding() {
        let all = results(Self.spec)[0].diagnostics
        let deadEdges = all.filter { $0.rule == .deadEdge }
        #expect(deadEdges.count == 2)
        #expect(deadEdges[0].message == deadEdges[1].message)
        // One of the two identical findings in the baseline: the other is new.
        var results = results(Self.spec)
        BaselineFilter.apply(Baseline(findings: [deadEdges[0]]), path: "b", to: &results)
        #expect(results[0].diagnostics.filter { $0.rule == .deadEdge }.count == 1)
        // Three identical entries for two findings: one is fixed.
        var again = self.results(Self.spec)
        let fixed = BaselineFilter.apply(Baseline(findings: deadEdges + [deadEdges[0]]), path: "b", to: &again)
        #expect(fixed == 1)
        #expect(again[0].diagnostics.filter { $0.rule == .deadEdge }.isEmpty)
    }

    @Test func entriesMatchOnPathRuleAndMessage() {
        let all = results(Self.spec)[0].diagnostics
        var elsewhere = results(Self.spec, path: "other/app.navflow")
        let fixed = BaselineFilter.apply(Baseline(findings: all), path: "b", to: &elsewhere)
        #expect(fixed == 4)
        #expect(elsewhere[0].diagnostics.count == 4)
        // `./specs/app.navflow` is `specs/app.navflow`.
        var dotted = results(Self.spec, path: "./specs//app.navflow")
        #expect(BaselineFilter.apply(Baseline(findings: all), path: "b", to: &dotted) == 0)
        #expect(dotted[0].diagnostics.isEmpty)
    }

    @Test func inlineSuppressionComesFirstAndItsEntryCountsAsFixed() {
        let baseline = Baseline(findings: results(Self.spec)[0].diagnostics)
        var results = results(Self.spec.replacingOccurrences(of: "screen Experiments", with: "screen Experiments // navflow:disable orphan-screen"))
        let fixed = BaselineFilter.apply(baseline, path: "b", to: &results)
        #expect(fixed == 1)
        #expect(results[0].diagnostics.isEmpty)
        #expect(results[0].suppressed.filter { if case .inSource = $0.suppression { true } else { false } }.count == 1)
    }

    @Test func aRunStoppedAtALimitCannotTellWhatIsFixed() {
        var options = Verifier.Options()
        options.limits.maxStates = 1
        var results = [Verifier.verify(SourceFile(path: "specs/app.navflow", text: SuppressionTests.spec()), options: options)]
        #expect(results[0].limit != nil)
        #expect(BaselineFilter.apply(Baseline(entries: []), path: "b", to: &results) == nil)
    }
}
