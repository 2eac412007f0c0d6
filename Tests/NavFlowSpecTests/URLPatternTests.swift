import NavFlowSource
import NavFlowSpec
import Testing

/// URL patterns as apps parse URLs: `_`, `{_: T}`, `**`, query items in
/// any order (optional ones with `?=`), percent-decoding.
@Suite struct URLPatternTests {
    static let spec = """
        app Links
        scheme "shop"
        host "shop.example.com"
        enum Section { new, sale }
        id ItemID: Int
        id Slug
        stack Main root Home { destination Item; destination List }
        start Main
        screen Home { push Item; push List }
        screen Item(id: ItemID)
        screen List(section: Section)
        deeplink "shop://item/{id: ItemID}/_" -> / Item(id)
        deeplink "https://shop.example.com/**/i/{id: ItemID}" -> / Item(id)
        deeplink "shop://list?section={s: Section}&ref?=_" -> / List(s)
        deeplink "shop://caf%C3%A9/{_: Slug}" -> / List(new)
        deeplink "shop://n/{_: ItemID}" -> / List(sale)
        deeplink "shop://Deals/{s: Section}?from=Mail" ignoring case -> / List(s)
        deeplink "shop://post/{id: ItemID}/**" -> / Item(id)
        """

    static func load() throws -> FlowSpec {
        let output = Frontend.load(SourceFile(path: "links.navflow", text: spec))
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        return try #require(output.spec)
    }

    /// The link that handles each URL and its arguments, or nil.
    @Test(arguments: [
        ("shop://item/42/anything", 0, [0]),
        ("shop://item/42/", nil, []),                 // `_` needs a non-empty segment
        ("shop://item/4x/a", nil, []),
        ("https://shop.example.com/a/b/c/i/7", 1, [0]),
        ("https://shop.example.com/i/7", 1, [0]),     // `**` takes no segment
        ("https://SHOP.example.com/i/7?utm=x#frag", 1, [0]),
        ("shop://list?ref=x&section=sale", 2, [1]),   // any order, unknown items ignored
        ("shop://list?section=new", 2, [0]),          // the optional item absent
        ("shop://list?section=new&section=sale", 2, [0]), // the first of a name counts
        ("shop://list?section=nope", nil, []),
        ("shop://list", nil, []),
        ("shop://list?section=new&ref=", nil, []),    // present, so it must match `_`
        ("shop://caf%C3%A9/abc", 3, []),
        ("shop://café/abc", 3, []),
        ("shop://caf%C3/abc", nil, []),               // not UTF-8
        ("shop://caf%G1/abc", nil, []),               // malformed escape
        ("shop://n/12", 4, []),
        ("shop://n/x12", nil, []),
        ("shop://item%2F42/x", nil, []),              // an escaped '/' stays in its segment
        // `ignoring case`: literals, literal query values and enum cases, as an app that lowercases.
        ("shop://deals/sale?from=mail", 5, [1]),
        ("shop://DEALS/Sale?from=MAIL", 5, [1]),      // bound to the case as declared
        ("shop://deals/SALE?FROM=mail", nil, []),     // query names keep their case
        ("shop://Item/42/x", nil, []),                // the other patterns keep theirs
        ("shop://List?section=Sale", nil, []),
        // Trailing segments an app ignores: `**` at the end.
        ("shop://post/7", 6, [0]),
        ("shop://post/7/comments/12", 6, [0]),
    ] as [(String, Int?, [Int])])
    func urlsAreMatchedAsAppsReadThem(_ url: String, _ link: Int?, _ arguments: [Int]) throws {
        let spec = try Self.load()
        let handled = URLPath(url).flatMap { spec.deepLink(handling: $0) }
        #expect(handled?.link == link)
        if let handled { #expect(handled.arguments == arguments) }
    }

    /// `ignoring case` reads where written only: after a pattern, as two words.
    @Test func ignoringCaseIsTwoWordsAfterThePattern() {
        let output = Frontend.load(SourceFile(path: "c.navflow", text: "app C\nscheme \"x\"\nscreen H\ndeeplink \"x://h\" ignoring -> H\n"))
        #expect(output.diagnostics.map { "\($0.range.start) \($0.message)" }
                == ["4:27 expected 'case' after 'ignoring' (as in 'deeplink \"x://settings\" ignoring case -> ...'), found '->'"])
        let names = Frontend.load(SourceFile(path: "n.navflow", text: "app C\nflag ignoring = false\nscreen H { sheet H if ignoring }\n"))
        #expect(names.spec != nil, "\(names.diagnostics.map(\.message))")
    }

    @Test func percentEscapesDecodeAndEncode() {
        #expect(URLPath.percentDecoded("caf%C3%A9%20au%2Blait") == "café au+lait")
        #expect(URLPath.percentDecoded("a+b") == "a+b")
        #expect(URLPath.percentDecoded("%") == nil)
        #expect(URLPath.percentEncoded("café/1 a") == "caf%C3%A9%2F1%20a")
        #expect(URLPath("shop://a%2Fb/c")?.segments == ["a/b", "c"])
    }

    /// Every example URL a pattern gives (what `plan` and witnesses use)
    /// is handled by that pattern.
    @Test func exampleURLsMatchTheirOwnPattern() throws {
        let spec = try Self.load()
        for (index, link) in spec.deepLinks.enumerated() {
            let url = link.pattern.exampleURL(arguments: link.pattern.parameters.map { _ in 0 }, in: spec)
            #expect(URLPath(url).flatMap { spec.deepLink(handling: $0) }?.link == index, "\(url)")
        }
    }

    /// The fix-it for an unused parameter is text the language accepts.
    @Test func theUnusedParameterFixItParses() throws {
        let text = """
            app A
            scheme "a"
            id ItemID: Int
            screen H
            stack S root H { }
            deeplink "a://x/{i: ItemID}" -> / H
            """
        let output = Frontend.load(SourceFile(path: "a.navflow", text: text))
        let fixIt = try #require(output.diagnostics.first?.fixIts.first)
        #expect(fixIt.replacement == "{_: ItemID}")
        let bytes = Array(text.utf8)
        let fixed = String(decoding: bytes[..<fixIt.range.start.offset] + Array(fixIt.replacement.utf8)
                           + bytes[fixIt.range.end.offset...], as: UTF8.self)
        #expect(fixed.contains("deeplink \"a://x/{_: ItemID}\" -> / H"))
        #expect(Frontend.load(SourceFile(path: "a.navflow", text: fixed)).diagnostics.isEmpty)
    }
}
