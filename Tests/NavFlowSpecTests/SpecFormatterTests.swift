import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `SpecFormatter` on every spec of the repository: the tokens, their line
/// breaks and the comments come out as they went in, a second pass
/// changes nothing, and a spec that does not parse is refused. The
/// canonical layout itself is pinned on a spec written carelessly.
@Suite struct SpecFormatterTests {
    /// The tokens as the parser sees them, with the bytes they are written
    /// with, and the comments' texts.
    static func reading(_ file: SourceFile) -> (tokens: [String], comments: [String]) {
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize().map { token in
            "\(token.kind) \(token.atLineStart) " + String(decoding: file.bytes[token.start..<token.end], as: UTF8.self)
        }
        let comments = lexer.comments.map { comment in
            var text = String(decoding: file.bytes[comment.start..<comment.end], as: UTF8.self)
            while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
            return text
        }
        return (tokens, comments)
    }

    static let invalidSpecs: Set<String> = ["specs/errors/syntax-errors.navflow"]

    @Test(arguments: Repository.allSpecs())
    func formattingKeepsTokensLineBreaksAndCommentsAndIsIdempotent(_ path: String) throws {
        let file = Repository.source(path)
        let relative = String(path.dropFirst(Repository.root.path.count + 1))
        let result = SpecFormatter.format(file)
        if Self.invalidSpecs.contains(relative) {
            guard case .failure(.invalid(let diagnostics)) = result else {
                Issue.record("\(relative) does not parse, so it must not be formatted")
                return
            }
            #expect(!diagnostics.isEmpty)
            return
        }
        guard case .success(let formatted) = result else {
            Issue.record("\(relative) parses, so it must be formatted")
            return
        }
        let again = SourceFile(path: path, text: formatted)
        let before = Self.reading(file), after = Self.reading(again)
        #expect(after.tokens == before.tokens, "the tokens or their line breaks changed")
        #expect(after.comments == before.comments, "the comments changed")
        #expect(try SpecFormatter.format(again).get() == formatted, "a second pass changes the layout")
        #expect(Frontend.load(again).diagnostics.map(\.message) == Frontend.load(file).diagnostics.map(\.message))
    }

    @Test func theCanonicalLayoutIsPinned() throws {
        let careless = """


            app   Shop   // a shop
            flag signedIn=false
            id  ItemID

            stack Main root Home{
                destination Item
                  destination Cart     // the cart


            }
            screen Home {
            push Item ;sheet Login if ! signedIn
               action "Buy" if (signedIn&&!signedIn) { set signedIn = true }
            }
            screen Item ( id : ItemID ) { push Item( _ ) }   // related items
                                                             // are pushed again
            screen Cart {}// empty
            screen Login locked
            start Main
            deeplink "shop://item/{id: ItemID}"
            -> / Item(id)
              requires signedIn else sheet Login


            """
        // Trailing comments keep their column when it is past the code
        // (aligned by hand, they stay aligned), else go two spaces after it.
        let expected = """
            app Shop     // a shop
            flag signedIn = false
            id ItemID

            stack Main root Home {
              destination Item
              destination Cart         // the cart
            }
            screen Home {
              push Item; sheet Login if !signedIn
              action "Buy" if (signedIn && !signedIn) { set signedIn = true }
            }
            screen Item(id: ItemID) { push Item(_) }         // related items
                                                             // are pushed again
            screen Cart {}  // empty
            screen Login locked
            start Main
            deeplink "shop://item/{id: ItemID}"
                -> / Item(id)
                requires signedIn else sheet Login

            """
        let formatted = try SpecFormatter.format(SourceFile(path: "shop.navflow", text: careless)).get()
        #expect(formatted == expected)
    }

    /// A comment that goes on under a trailing comment follows it when the
    /// code before grows, so a second pass finds it still under it.
    @Test func aContinuedCommentFollowsItsTrailingComment() throws {
        let source = "app A\nscreen Home{push Detail}  // a\n                          // b\nscreen Detail\n"
        let formatted = try SpecFormatter.format(SourceFile(path: "a.navflow", text: source)).get()
        #expect(formatted == "app A\nscreen Home { push Detail }  // a\n                             // b\nscreen Detail\n")
        #expect(try SpecFormatter.format(SourceFile(path: "a.navflow", text: formatted)).get() == formatted)
    }

    /// Comments on their own lines, one under the other, are indented as
    /// the code around them: only a trailing comment is gone on under.
    @Test func ownLineCommentsUnderOneAnotherStayWithTheCode() throws {
        let source = "app Demo\nscreen Other { push Home }  // trailing\nscreen Home {\n    // A\n    // B\n  push Detail\n}\nscreen Detail\n"
        let formatted = try SpecFormatter.format(SourceFile(path: "a.navflow", text: source)).get()
        #expect(formatted == "app Demo\nscreen Other { push Home }  // trailing\nscreen Home {\n  // A\n  // B\n  push Detail\n}\nscreen Detail\n")
        #expect(try SpecFormatter.format(SourceFile(path: "a.navflow", text: formatted)).get() == formatted)
    }
}
