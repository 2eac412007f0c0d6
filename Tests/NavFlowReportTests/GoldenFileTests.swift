import Foundation
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowReport
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Every output format, pinned byte for byte on one spec with findings of
/// several kinds. Run with NAVFLOW_UPDATE_GOLDEN=1 to rewrite the files
/// after an intended change, and review the diff.
@Suite struct GoldenFileTests {
    static let spec = """
        // A small shop with a gate, a lost sheet and an ambiguous link.
        app Shop
        scheme "shop"
        enum Section { new, sale }
        id Slug: String

        flag signedIn = false
        flag unused = false
        input beta

        stack HomeStack root Home {
          destination Catalog
          destination Product
          depth 3
        }
        tabs Main {
          tab home "Home" HomeStack
          tab account "Account" Account hidden if !signedIn
          tab labs "Labs" Labs hidden if !beta
        }

        screen Home {
          push Catalog
          sheet SignIn if !signedIn
        }
        screen Catalog(section: Section) { push Product }
        screen Product(slug: Slug) { push Product }
        screen SignIn locked {
          action "Sign in" { set signedIn = true; dismiss }
        }
        screen Account {
          action "Sign out" { set signedIn = false }
        }
        screen Labs { dismiss }

        deeplink "shop://product/{s: Slug}" -> home / Product(s)
        deeplink "shop://product/featured" -> home / Catalog(new)
        deeplink "shop://account" -> account
        """

    static func report() -> VerifyReport {
        VerifyReport(results: [pinningTheClock(Verifier.verify(SourceFile(path: "specs/shop.navflow", text: spec)))])
    }

    /// A result with its time and memory figures set to fixed values: the
    /// files pin the formats, and these two differ from run to run.
    static func pinningTheClock(_ result: Verifier.Result) -> Verifier.Result {
        var result = result
        result.statistics?.seconds = 0.01
        result.statistics?.exploreSeconds = 0.01
        result.statistics?.peakMemoryBytes = 30 << 20
        return result
    }

    @Test(arguments: VerifyFormat.allCases) func verifyOutput(_ format: VerifyFormat) throws {
        try checkGolden(Self.report().render(format), against: "shop.verify.\(format.rawValue)")
    }

    /// The shop with findings suppressed every way: a trailing comment, a
    /// comment before a declaration and before a member line, a file-wide
    /// comment, and a baseline (one entry matches, one is fixed); with one
    /// superfluous and one misspelled rule.
    static let suppressedSpec = """
        // navflow:disable-file bounded
        app Shop
        scheme "shop"
        enum Section { new, sale }
        id Slug: String

        flag signedIn = false
        flag unused = false // navflow:disable unused-flag
        input beta

        stack HomeStack root Home {
          destination Catalog
          destination Product
          depth 3
        }
        tabs Main {
          tab home "Home" HomeStack
          tab account "Account" Account hidden if !signedIn
          tab labs "Labs" Labs hidden if !beta
        }

        // navflow:disable trap
        screen Home {
          push Catalog
          sheet SignIn if !signedIn
        }
        screen Catalog(section: Section) { push Product }
        screen Product(slug: Slug) { push Product }
        screen SignIn locked {
          action "Sign in" { set signedIn = true; dismiss }
        }
        screen Account {
          // navflow:disable selected-tab-hidden -- signing out is tested by hand
          action "Sign out" { set signedIn = false }
        }
        // navflow:disable dismiss-noop
        screen Labs { dismiss }

        deeplink "shop://product/{s: Slug}" -> home / Product(s)
        // navflow:disable deeplink-ambigous
        deeplink "shop://product/featured" -> home / Catalog(new)
        deeplink "shop://account" -> account
        """

    static let suppressedBaseline = Baseline(entries: [
        Baseline.Entry(file: "specs/shop.navflow", rule: RuleID(rawValue: "deeplink-unreachable"),
                       message: "deep link \"shop://product/{s: Slug}\" lands on a state no in-app navigation reaches: it builds a back stack users cannot, or skips a gate",
                       severity: .error, line: 36),
        Baseline.Entry(file: "specs/shop.navflow", rule: RuleID(rawValue: "trap"),
                       message: "a fixed finding", severity: .error, line: 1),
    ])

    static func suppressedReport() -> VerifyReport {
        var results = [pinningTheClock(Verifier.verify(SourceFile(path: "specs/shop.navflow", text: suppressedSpec)))]
        let fixed = BaselineFilter.apply(suppressedBaseline, path: "navflow-baseline.json", to: &results)
        return VerifyReport(results: results, baselineFixed: fixed)
    }

    @Test(arguments: VerifyFormat.allCases) func suppressedVerifyOutput(_ format: VerifyFormat) throws {
        try checkGolden(Self.suppressedReport().render(format), against: "shop-suppressed.verify.\(format.rawValue)")
    }

    @Test func baselineDocument() throws {
        let result = Verifier.verify(SourceFile(path: "specs/shop.navflow", text: Self.spec))
        try checkGolden(BaselineDocument.render(Baseline(findings: result.diagnostics)), against: "shop.baseline.json")
    }

    @Test(arguments: GraphFormat.allCases) func graphOutput(_ format: GraphFormat) throws {
        let spec = try #require(Frontend.load(SourceFile(path: "shop.navflow", text: Self.spec)).spec)
        try checkGolden(ScreenGraphRenderer.render(ScreenGraph(spec), as: format), against: "shop.graph.\(format.rawValue)")
    }

    @Test func outputIsTheSameOnEveryRun() {
        #expect(Self.report().render(.json) == Self.report().render(.json))
    }

    @Test func machineFormatsParse() throws {
        for format in [VerifyFormat.json, .sarif] {
            for report in [Self.report(), Self.suppressedReport()] {
                let data = Data(report.render(format).utf8)
                #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: data) }
            }
        }
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(Self.report().sarif().utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
    }
}
