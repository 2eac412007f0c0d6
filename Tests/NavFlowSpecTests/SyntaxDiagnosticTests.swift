import NavFlowSource
import NavFlowSpec
import Testing

/// One pinned diagnostic: the spec (with `«` where the error must point) and
/// the exact `rule: message` the front end reports, and nothing else.
struct PinnedDiagnostic: CustomTestStringConvertible, Sendable {
    let source: String
    let expected: String

    init(_ source: String, _ expected: String) {
        self.source = source
        self.expected = expected
    }

    var testDescription: String { expected }

    func verify() {
        let marked = MarkedSource(source)
        let output = Frontend.load(marked.file)
        let found = output.diagnostics.map { "\($0.range.start) \($0.rule): \($0.message)" }
        #expect(found == ["\(marked.markers.first ?? "?") \(expected)"])
    }
}

@Suite struct SyntaxDiagnosticTests {
    static let cases: [PinnedDiagnostic] = [
        .init("«screen A", "syntax: a spec starts with 'app NAME'"),
        .init("app A\n«app B", "syntax: 'app' may appear only once, at the top of the file"),
        .init("app A\n«foo bar\nscreen X", "syntax: expected a declaration (screen, stack, tabs, split, deeplink, flag, ...), found 'foo'"),
        .init("app A\nid X: «Float", "syntax: expected 'Int' or 'String' after ':'"),
        .init("app A\nflag f«\nscreen X", "syntax: expected '= false', '= true' or '= INPUT' after the flag's name, found keyword 'screen'"),
        .init("app A\nflag f = «3", "syntax: expected 'true', 'false' or a condition over inputs after '=', found '3'"),
        .init("app A\nflag f = a &&«\nscreen X", "syntax: expected a condition (a flag, an input, 'true' or 'false') after '&&', found keyword 'screen'"),
        .init("app A\nscreen X locked if «{ }", "syntax: expected a condition (a flag, an input, 'true' or 'false') after 'if', found '{'"),
        .init("app A\nenum E { «\"a\" }", "syntax: expected an enum case name, found string \"a\""),
        .init("app A\nenum E { a «b }", "syntax: expected ',' or '}' after enum case 'a'"),
        .init("app A\nenum E { a, b«\nscreen X", "syntax: expected '}' to close enum 'E'"),
        .init("app A\nscreen S(«1)", "syntax: expected a parameter such as 'id: RecipeID', found '1'"),
        .init("app A\nscreen S(id «RecipeID)", "syntax: expected ':' and a type after parameter 'id', found 'RecipeID'"),
        .init("app A\nscreen S(id: T «x)", "syntax: expected ',' or ')' in the parameter list"),
        .init("app A\nscreen S {\n  push T«\nscreen T", "syntax: expected '}' to close screen 'S'"),
        .init("app A\nscreen S { action \"Go\" { dismiss «pop } }", "syntax: expected ';' or a line break between statements"),
        .init("app A\nscreen S { «root }", "syntax: expected an edge (push, sheet, cover, popover, dismiss, tab, action, ...), found keyword 'root'"),
        .init("app A\nstack S «Home { }", "syntax: expected 'root SCREEN' after the stack's name"),
        .init("app A\nstack S root H { depth «x }", "syntax: expected the maximum path length (a number) after 'depth'"),
        .init("app A\nscreen H\nstack S root H { depth 3\n «depth 4 }", "syntax: the stack's depth is given twice"),
        .init("app A\nstack S root H { «push H }", "syntax: expected 'destination SCREEN', 'destinations SET', 'depth N', 'router path' or '}' in stack 'S', found keyword 'push'"),
        .init("app A\ndestinations R { Post «push }", "syntax: expected a destination screen or '}' in destination set 'R', found keyword 'push'"),
        .init("app A\ndestinations R { Post«\nscreen Post", "syntax: expected '}' to close destination set 'R'"),
        .init("app A\nscreen H\nstack S root H { destinations «{ }", "syntax: expected a destination set after 'destinations', found '{'"),
        .init("app A\ntabs T { tab a \"A\" X hidden «f }", "syntax: expected 'if' and a condition after 'hidden'"),
        .init("app A\nscreen X\ntabs T { tab a \"A\" X\n initial a\n «initial a }", "syntax: the initial tab is given twice"),
        .init("app A\ntabs T { «push X }", "syntax: expected 'tab ID \"Title\" CONTENT', 'initial TAB' or '}' in tabs 'T', found keyword 'push'"),
        .init("app A\ntabs T { tab a «X }", "syntax: expected the tab's title, such as \"Home\" after the tab's name, found 'X'"),
        .init("app A\nscreen X\nsplit P { sidebar X\n «sidebar X detail X }", "syntax: split 'P' declares its sidebar column twice"),
        .init("app A\nscreen X\nsplit P { sidebar X detail X «content X }", "syntax: the content column must come before the detail column"),
        .init("app A\nsplit P { «screen X }", "syntax: expected 'sidebar', 'content', 'detail' or '}' in split 'P', found keyword 'screen'"),
        .init("app A\nscreen X\nsplit P { sidebar X «}", "syntax: split 'P' has no detail column; add 'detail SCREEN'"),
        .init("app A\ndeeplink \"a://b\" «home", "syntax: expected '->' and a target after the URL pattern, found 'home'"),
        .init("app A\ndeeplink \"a://b\" -> home «else pop", "syntax: 'else' needs a 'requires' condition before it"),
        .init("app A\ndeeplink \"a://b\" -> home keep «tabs", "syntax: expected 'modals' or 'tab' after 'keep', as in 'keep modals' or 'keep tab, modals'"),
        .init("app A\ndeeplink \"a://b\" -> home + «push X", "syntax: expected 'sheet', 'cover' or 'popover' after '+'"),
        .init("app A\ndeeplink \"a://b\" ->«\nscreen X", "syntax: expected a target after '->': a tab, '*', '/ Screen', '> Screen' or '+ sheet Name'"),
        .init("app A\nscreen S { action \"Go\" { dismiss; «root } }", "syntax: expected a statement (push, sheet, cover, popover, dismiss, close, pop, popToRoot, rebuild, tab, set, open, select) after ';', found keyword 'root'"),
        .init("app A\nscreen S { set f «true }", "syntax: expected '= true' or '= false' after 'set f', found keyword 'true'"),
        .init("app A\nscreen S { push T(«1) }", "syntax: expected an argument ('_', an enum case or a parameter name), found '1'"),
        .init("app A\nscreen S { push T(a «b) }", "syntax: expected ',' or ')' after the argument"),
        .init("app A\nassume a == b «== c", "syntax: '==' cannot be chained; add parentheses"),
        .init("app A\nassume (a && b«\nscreen X", "syntax: expected ')' to close '('"),
        .init("app A\nscreen S { push T if «) }", "syntax: expected a condition (a flag, an input, 'true' or 'false') after 'if', found ')'"),
        .init("app A\nscreen «{ }", "syntax: expected the name of a screen after 'screen', found '{'"),
        .init("app A\nscreen «push", "syntax: 'push' is a keyword and cannot name a screen; choose another name"),
        .init("app A\nenum «Int { a }", "syntax: 'Int' is reserved and cannot name an enum; choose another name"),
        .init("app A\nscreen S {\n  push«\n}", "syntax: expected a screen name after 'push', found '}'"),
        .init("app A\nscreen S { action «{ dismiss } }", "syntax: expected the action's label, such as \"Sign in\" after 'action', found '{'"),
        .init("app A\nenum E «a, b }", "syntax: expected '{' to begin enum 'E', found 'a'"),
        .init("app A\nscreen S {\n  push T if a\n  sheet U if«\n}", "syntax: expected a condition (a flag, an input, 'true' or 'false') after 'if', found '}'"),
        .init("app A\nscreen Home { push Privacy }\nscreen Privacy(«\nscreen About", "syntax: expected ')' to close the parameters of screen 'Privacy'"),
        .init("app A\nscreen S(id: T«\nscreen X", "syntax: expected ')' to close the parameters of screen 'S'"),
        .init("app A\nscreen S(\n  id: T,«\nscreen X", "syntax: expected ')' to close the parameters of screen 'S'"),
        .init("app A\nscreen S(id: T «{ dismiss }", "syntax: expected ')' to close the parameters of screen 'S'"),
        .init("app A\nscreen S(id: T«", "syntax: expected ')' to close the parameters of screen 'S'"),
        .init("app A\nscreen S(id: T «}\nscreen X", "syntax: expected ',' or ')' in the parameter list"),
        .init("app A\nscreen S { push T(a «}", "syntax: expected ')' to close the arguments of 'T'"),
        .init("app A\nscreen S {\n  push T(a«\n  dismiss\n}", "syntax: expected ')' to close the arguments of 'T'"),
        .init("app A\nscreen S {\n  action \"Go\" {\n    push T(a«\n  }\n}", "syntax: expected ')' to close the arguments of 'T'"),
        .init("app A\nscreen S { action \"Go\" { push T(a«; dismiss } }", "syntax: expected ')' to close the arguments of 'T'"),
        .init("app A\ndeeplink \"a://b\" -> / Detail(id«\nscreen X", "syntax: expected ')' to close the arguments of 'Detail'"),
        .init("app A\nstack S root H {\n  destination D«\nscreen X", "syntax: expected '}' to close stack 'S'"),
        .init("app A\ntabs T {\n  tab a \"A\" X«\nscreen X", "syntax: expected '}' to close tabs 'T'"),
        .init("app A\nsplit P {\n  sidebar X«\nscreen X", "syntax: expected '}' to close split 'P'"),
        .init("app A\nscreen S {\n  action \"Go\" {\n    dismiss«\nscreen X", "syntax: expected '}' to close action \"Go\""),
    ]

    @Test(arguments: cases) func pinned(_ pinned: PinnedDiagnostic) {
        pinned.verify()
    }

    @Test func severalErrorsAreEachReportedOnTheirOwnLine() {
        let marked = MarkedSource("""
            app Broken
            screen Home {
              push«
              sheet Login if !loggedIn
            }
            screen Login locked {
              action "Sign in" { set loggedIn = «yes; dismiss }
            }
            «stray
            deeplink "b://x" «Home
            flag loggedIn = false
            """)
        let output = Frontend.load(marked.file)
        #expect(output.diagnostics.map { "\($0.range.start)" } == marked.markers)
        #expect(output.diagnostics.allSatisfy { $0.rule == .syntax })
        #expect(output.spec == nil)
    }

    @Test func anUnclosedParenthesisHasANoteAtItsOpeningToken() {
        let marked = MarkedSource("app A\nscreen Privacy«(«\nscreen About\nscreen Home { push About«(x«\n}")
        let output = Frontend.load(marked.file)
        #expect(output.diagnostics.map { "\($0.range.start)" } == [marked.markers[1], marked.markers[3]])
        #expect(output.diagnostics.map { $0.notes.map(\.message) } == [["'(' opened here"], ["'(' opened here"]])
        #expect(output.diagnostics.map { $0.notes.map { "\($0.range?.start.description ?? "-")" } }
                == [[marked.markers[0]], [marked.markers[2]]])
    }

    @Test func theDeclarationAfterAnUnclosedParameterListParsesNormally() {
        let (syntax, diagnostics) = Parser.parse(SourceFile(path: "test.navflow", text: """
            app A
            screen Home { push Privacy }
            screen Privacy(
            screen About { push Home; dismiss }
            stack Main root Home { destination About }
            """))
        #expect(summaries(diagnostics) == ["3:16 syntax: expected ')' to close the parameters of screen 'Privacy'"])
        let screens = syntax.declarations.compactMap { declaration -> (String, Int, Int)? in
            guard case .screen(let name, let parameters, _, _, let edges, _) = declaration.kind else { return nil }
            return (name.text, parameters.count, edges.count)
        }
        #expect(screens.map(\.0) == ["Home", "Privacy", "About"])
        #expect(screens.map(\.1) == [0, 0, 0])
        #expect(screens.map(\.2) == [1, 0, 2])
        #expect(syntax.declarations.count == 4)
    }

    @Test func listsClosedOnALaterLineParseWithoutError() {
        let output = load("""
            app A
            enum Kind { a, b }
            id ItemID
            screen Home {
              push Detail(
                _,
                a
              )
            }
            screen Detail(
              id: ItemID,
              kind: Kind
            )
            stack Main root Home { destination Detail }
            """)
        #expect(output.diagnostics.filter { $0.rule == .syntax }.isEmpty, "\(summaries(output.diagnostics))")
    }

    @Test func aKeywordAtTheStartOfALineStillReadsAsAParameterOrArgumentWhenItIsOne() {
        let (syntax, diagnostics) = Parser.parse(SourceFile(path: "test.navflow", text: """
            app A
            screen S(
              input: T
            ) {
              push U(
                tab
              )
            }
            """))
        #expect(summaries(diagnostics).isEmpty)
        guard case .screen(_, let parameters, _, _, let edges, _) = syntax.declarations.first?.kind,
              case .push(let route) = edges.first?.statements.first?.kind else {
            Issue.record("unexpected declarations: \(syntax.declarations)")
            return
        }
        #expect(parameters.map(\.name.text) == ["input"])
        #expect(route.arguments?.count == 1)
    }

    @Test func aMissingTokenAtTheEndOfALineIsReportedAfterThePreviousToken() {
        let marked = MarkedSource("app A\nflag f =«\nscreen S")
        let output = Frontend.load(marked.file)
        #expect(output.diagnostics.map { "\($0.range.start)" } == marked.markers)
    }
}
