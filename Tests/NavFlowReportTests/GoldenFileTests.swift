import Foundation
import NavFlowCheck
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
        let result = Verifier.verify(SourceFile(path: "specs/shop.navflow", text: spec))
        return VerifyReport(results: [result])
    }

    @Test(arguments: VerifyFormat.allCases) func verifyOutput(_ format: VerifyFormat) throws {
        try checkGolden(Self.report().render(format), against: "shop.verify.\(format.rawValue)")
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
            let data = Data(Self.report().render(format).utf8)
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: data) }
        }
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(Self.report().sarif().utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
    }
}
