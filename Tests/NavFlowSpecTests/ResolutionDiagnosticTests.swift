import NavFlowSpec
import Testing

@Suite struct ResolutionDiagnosticTests {
    /// A minimal valid prelude most cases build on.
    static let base = "app A\nscheme \"a\"\nenum Kind { big, small }\nid ItemID: Int\nflag f = false\ninput pro\n"

    static let cases: [PinnedDiagnostic] = [
        // Declarations
        .init("app A\nscheme «\"a b\"\nscreen S", "invalid-declaration: \"a b\" is not a valid scheme; use letters, digits, '+', '-' and '.' only"),
        .init("app A\nscheme \"a\"\nscheme «\"A\"\nscreen S", "duplicate-name: scheme \"A\" is declared twice"),
        .init("app A\nscheme «\"https\"\nscreen S", "invalid-declaration: \"https\" is not a custom scheme; declare the web domain with 'host \"example.com\"'"),
        .init("app A\nscreen S\nscreen «S", "duplicate-name: screen 'S' is declared twice"),
        .init("app A\nenum E { a, «a }\nscreen S", "duplicate-name: enum case 'a' is declared twice"),
        .init("app A\nscreen X\ntabs T { tab a \"A\" X\n tab «a \"B\" X }", "duplicate-name: tab 'a' is declared twice"),
        .init("app A\nenum E { a }\nscreen S(x: E, «x: E)\nscreen R\nstart R", "duplicate-name: parameter 'x' is declared twice"),
        .init("app A\nscreen H\nscreen D\nstack S root H { destination D\n destination «D }", "duplicate-name: 'D' is registered twice in stack 'S'"),
        .init("app A\nscreen H\nscreen D\ndestinations R { D; «D }\nstack S root H { destinations R }", "duplicate-name: 'D' is listed twice in destination set 'R'"),
        .init("app A\nscreen H\nscreen D\ndestinations R { D }\ndestinations «R { H }\nstack S root H { destinations R }", "duplicate-name: destination set 'R' is declared twice"),
        .init("app A\nscreen H\nscreen D\ndestinations R { D }\nstack S root H { destination D; destinations «R }", "duplicate-name: 'D' is registered twice in stack 'S': directly and through destination set 'R'"),
        .init("app A\nscreen H\nscreen D\ndestinations R { D }\ndestinations Q { D }\nstack S root H { destinations R; destinations «Q }", "duplicate-name: 'D' is registered twice in stack 'S': through destination sets 'R' and 'Q'"),
        .init("app A\nscreen H\nscreen D\ndestinations R { D }\nstack S root H { destinations R; destinations «R }", "duplicate-name: destination set 'R' is included twice in stack 'S'"),
        .init("app A\nscreen S { action \"Go\" { pop }\n action «\"Go\" { pop } }", "duplicate-name: screen 'S' has two actions labelled \"Go\""),
        .init("app A\nscreen S\nstart S\nstart «S", "duplicate-name: 'start' is given twice"),
        .init("app A\nflag x = true\ninput «x\nscreen S", "duplicate-name: input 'x' is declared twice"),
        .init("app A\nenum «E { }\nscreen S", "invalid-declaration: enum 'E' has no cases; list at least one"),
        .init("app A\ntabs «T { }", "invalid-declaration: tabs 'T' has no tabs; add 'tab ID \"Title\" CONTENT'"),
        .init("app A\nscreen H\nstack S root H { depth «40 }", "invalid-declaration: depth 40 is out of range; a stack's depth is 1 to 32"),
        .init("app A\nscreen X\ntabs T { tab a \"A\" X\n initial «b }", "unknown-name: unknown tab 'b'"),
        // Start
        .init("app «A\nscreen X\ntabs T { tab a \"A\" X }\ntabs U { tab b \"B\" X }", "start-required: the spec declares 2 tab views; say which one the app starts in with 'start NAME'"),
        .init("app «A\nscreen X\nscreen Y", "start-required: the app's root content is ambiguous; add 'start NAME' naming one of 'X', 'Y'"),
        .init("app «A", "start-required: the spec declares no screen; declare at least one with 'screen NAME'"),
        .init("app «A\nscreen X { sheet Y }\nscreen Y { sheet X }", "start-required: every container is used by another; add 'start NAME' to say where the app starts"),
        .init("app A\nid I\nscreen «X(i: I)", "root-parameters: screen 'X' would be the app's start content but takes parameters nothing supplies"),
        .init("app A\nid I\nscreen X(i: I)\nscreen H\nstart H\nstack S root «X { }", "root-parameters: screen 'X' takes parameters (i) and cannot be the root of stack 'S': nothing would supply them"),
        // Conditions
        .init(base + "screen S { push S if «S }\nstart S", "invalid-expression: 'S' is a screen, not a flag or input; conditions read flags and inputs"),
        .init(base + "screen S { push S if «g }\nstart S", "unknown-name: unknown flag or input 'g'"),
        .init(base + "assume «f\nscreen S", "invalid-expression: 'assume' may read inputs only; flags change during a run"),
        // Statements
        .init(base + "screen S { «select S }", "invalid-statement: 'select' shows a route in the next column of a split view, and the spec declares no 'split'; use 'push' on a stack"),
        .init(base + "screen S\nscreen T(k: Kind) { sheet «T }\nstart S", "root-parameters: screen 'T' takes parameters (k) and cannot be a sheet: nothing would supply them"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\nscreen Y { sheet «T }", "wrong-kind: 'T' is a tab view, but a screen or a stack to present is expected here"),
        .init(base + "screen S { tab «home }", "unknown-name: unknown tab 'home'"),
        .init(base + "screen S { set «g = true }", "unknown-name: unknown flag 'g'"),
        .init(base + "screen S { set «pro = true }", "wrong-kind: 'pro' is an input and stays fixed during a run; declare it with 'flag' to change it"),
        .init(base + "screen S { open «\"nowhere\" }", "invalid-statement: \"nowhere\" is not a URL; write it as 'scheme://path' or 'https://host/path'"),
        .init(base + "screen S { push «f }", "wrong-kind: 'f' is a flag or input, not a screen"),
        .init(base + "screen S { push «Kind }", "wrong-kind: 'Kind' is a type, not a screen"),
        // Routes
        .init(base + "screen S { push «T(big, small) }\nscreen T(k: Kind)\nstart S", "arguments: 'T' takes 1 argument (k: Kind), but 2 are given"),
        .init(base + "screen S { push T(«huge) }\nscreen T(k: Kind)\nstart S", "unknown-name: 'huge' is neither a case of Kind nor a parameter the screen binds"),
        .init(base + "screen S(k: Kind) { push T(«k) }\nscreen T(i: ItemID)\nscreen R\nstart R", "arguments: 'k' is a Kind, but 'T' expects a ItemID for 'i'"),
        .init(base + "screen S { push «Tx }\nscreen T\nstart S", "unknown-name: unknown screen 'Tx'"),
        .init(base + "screen S(k: «Int)", "wrong-kind: a parameter's type is an enum or an id type; declare one with 'id IID: Int'"),
        .init(base + "screen S(k: «Knd)", "unknown-name: unknown type 'Knd'"),
        // Containers
        .init("app A\nscreen H\ndestinations Routes { H }\nstack S root H { destinations «Rutes }", "unknown-name: unknown destination set 'Rutes'"),
        .init("app A\nscreen H\ndestinations Routes { «Hx }\nstack S root H { destinations Routes }", "unknown-name: unknown screen 'Hx'"),
        .init("app A\nscreen H\nscreen D\nstack S root H { destinations «D }", "wrong-kind: 'D' is a screen, not a destination set; register it with 'destination D'"),
        .init("app A\nscreen H\ntabs T { tab a \"A\" H }\ndestinations R { «T }\nstack S root H { destinations R }\nstart S", "wrong-kind: 'T' is a tab view, but a screen is expected here"),
        .init(base + "screen H\nstack Inner root H { }\nstack S root «Inner { }\nstart S", "wrong-kind: 'Inner' is a stack, but a screen (the root of a stack is a screen; stacks do not nest) is expected here"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\ntabs U { tab b \"B\" «T }\nstart U", "wrong-kind: 'T' is a tab view, but a screen, stack or split (tab views do not nest) is expected here"),
        .init(base + "screen X\nsplit P { sidebar X detail X }\nsplit Q { sidebar «P detail X }\nstart Q", "wrong-kind: 'P' is a split view, but a screen or a stack is expected here"),
        // Deep links: patterns
        .init(base + "screen S\nstack St root S { }\ndeeplink \"«nowhere\" -> / S", "deeplink-pattern: a deep-link pattern starts with 'scheme://' (a custom scheme) or 'https://host'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"«b://x\" -> / S", "deeplink-pattern: scheme \"b\" is not declared (declared: \"a\"); add 'scheme \"b\"' to the spec"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"https://«example.com/x\" -> / S", "deeplink-pattern: host \"example.com\" is not declared; add 'host \"example.com\"' to the spec"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x/«/y\" -> / S", "deeplink-pattern: empty path segment ('//'); remove the extra '/'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?y=1«#top\" -> / S", "deeplink-pattern: fragments are not matched (apps read the path and the query); end the pattern before '#'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://**/x/«**\" -> / S", "deeplink-pattern: a pattern has at most one '**'; the second could split the segments between them in many ways"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x/«caf%C\" -> / S", "deeplink-pattern: malformed percent escape; write '%' as '%25', and escapes as '%' and two hex digits of UTF-8"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?«y\" -> / S", "deeplink-pattern: a query item is 'name=VALUE' ('name?=VALUE' when it may be absent)"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?y=_&«y=1\" -> / S", "deeplink-pattern: query item 'y' is matched twice; apps read the first item of a name"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?«y=\" -> / S", "deeplink-pattern: a query item needs a value after '=': a literal, '_', '{_: Type}' or '{name: Type}'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?y=«**\" -> / S", "deeplink-pattern: '**' matches path segments; a query value takes '_' for any value"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://x?«k?={k: Kind}\" -> / S", "deeplink-pattern: an optional query item may be absent, so it cannot bind a value for the target; write 'k?=_' or 'k?={_: Type}', or make the item required"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://«{_: Kinds}\" -> / S", "unknown-name: unknown type 'Kinds' in '{_: Kinds}'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://«x{i: ItemID}\" -> / S", "deeplink-pattern: a parameter must fill a whole path segment, as in '/{id: RecipeID}'"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://«{i}\" -> / S", "deeplink-pattern: a parameter segment is '{name: Type}', with an enum or id type ('{_: Type}' binds nothing)"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://«{1i: ItemID}\" -> / S", "deeplink-pattern: '1i' is not a valid parameter name"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://{i: ItemID}/«{i: ItemID}\" -> / S", "deeplink-pattern: pattern parameter 'i' is bound twice"),
        .init(base + "screen S\nstack St root S { }\ndeeplink \"a://«{i: Item}\" -> / S", "unknown-name: unknown type 'Item' in pattern parameter 'i'"),
        .init(base + "screen H\nstack S root H { }\ndeeplink \"a://x/«{i: ItemID}\" -> / H", "deeplink-pattern: pattern parameter 'i' is not used by the target; pass it to a route, as in 'Screen(i)', or match the segment without binding it: '{_: ItemID}'"),
        // Deep links: targets
        .init(base + "screen H { pop }\nstack S root H { destination T }\nscreen T(i: ItemID)\ndeeplink \"a://x\" -> / «T", "arguments: the target must say which 'T' to show: bind its parameters from the URL, as in 'T(i)'"),
        .init(base + "screen H { pop }\nstack S root H { destination T }\nscreen T(i: ItemID)\ndeeplink \"a://x\" -> / T(«_)", "arguments: a deep-link target needs a value for 'i'; bind it from the URL with '{i: ItemID}'"),
        .init(base + "screen H { pop }\nstack S root H { destination T }\nscreen T(i: ItemID)\ndeeplink \"a://{k: Kind}\" -> / T(«k)", "arguments: 'k' is a Kind, but 'T' expects a ItemID for 'i'"),
        .init(base + "screen H { pop }\nstack S root H { }\ndeeplink \"a://x\" -> «home / H", "deeplink-target: the app's root 'S' has no tabs, so a target cannot name tab 'home'; start the target with '/'"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\ndeeplink \"a://x\" -> «b", "unknown-name: unknown tab 'b'"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\ndeeplink \"a://x\" -> «/ X", "deeplink-target: the app's root is a tab view: name the tab first, as in 'home / Screen', or write '*' for where the user is, as in '* / ... / Screen'"),
        // Deep links: targets where the user is ('*') and appended paths ('/ ...')
        .init(base + "screen X\ntabs T { tab a \"A\" X; tab b \"B\" X }\ndeeplink \"a://x\" -> * / «X", "deeplink-target: no content '*' can describe is a stack, so the target cannot push 'X' onto it"),
        .init(base + "screen X\ntabs T { tab a \"A\" X; tab b \"B\" X }\ndeeplink \"a://x\" -> * «/ ... / X", "deeplink-target: no content '*' can describe is a stack, so there is no path for '/ ...' to keep"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\ndeeplink \"a://x\" -> a «/ ...", "deeplink-target: 'X' is not a stack, so there is no path for '/ ...' to keep"),
        .init(base + "screen H { push X }\nscreen X\nstack S root H { destination X }\ntabs T { tab a \"A\" S }\ndeeplink \"a://x\" -> a / X «/ ...", "deeplink-target: '/ ...' keeps the path of the stack the target starts with, so it must come first, right after the tab"),
        .init(base + "screen H { push X }\nscreen X\nstack S root H { destination X }\ndeeplink \"a://x\" -> / ... «> X", "deeplink-target: '/ ...' appends to one stack, so the target cannot also select a column with '>'"),
        .init(base + "screen X { select X }\nsplit P { sidebar X detail X }\ntabs T { tab a \"A\" P }\ndeeplink \"a://x\" -> * «> X", "deeplink-target: '>' selects a column of a named tab's split view: what '*' describes depends on where the user is, so name the tab"),
        .init(base + "screen H { push X }\nscreen X\nstack S root H { destination X }\ntabs T { tab a \"A\" S }\ndeeplink \"a://x\" -> a + sheet S «/ ...", "deeplink-target: '/ ...' keeps the path of the stack the target starts with, so it must come first, right after the tab"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\ndeeplink \"a://x\" -> a / «X", "deeplink-target: 'X' is not a stack, so the target cannot push 'X' onto it"),
        .init(base + "screen H { pop }\nstack S root H { }\ndeeplink \"a://x\" -> «> H", "deeplink-target: '>' selects the next column of a split view, and 'S' is not in one"),
        .init(base + "screen X { select X }\nsplit P { sidebar X detail X }\ndeeplink \"a://x\" -> > X «> X", "deeplink-target: split 'P' has only 2 columns"),
        .init(base + "screen X\ntabs T { tab a \"A\" X }\nsplit P { sidebar X detail X }\ndeeplink \"a://x\" -> a + sheet «P", "wrong-kind: 'P' is a split view, but a screen or a stack to present is expected here"),
        .init(base + "screen H { pop }\nstack S root H { }\ndeeplink \"a://x\" -> / H requires f else «open \"a://x\"", "invalid-statement: 'open' may not be a deep link's 'else': a link would open another link"),
    ]

    @Test(arguments: cases) func pinned(_ pinned: PinnedDiagnostic) {
        pinned.verify()
    }

    @Test func misspelledNamesGetADidYouMeanNoteAndAFixIt() throws {
        let output = load("app A\nscreen Privacy\nstack S root Home { destination Privacy }\nscreen Home { push Privcy }")
        let diagnostic = try #require(output.diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == ["did you mean 'Privacy'?"])
        #expect(diagnostic.fixIts.map(\.replacement) == ["Privacy"])
        #expect(diagnostic.fixIts.first?.range == diagnostic.range)
    }

    @Test func aMisspelledDestinationSetGetsADidYouMean() throws {
        let output = load("app A\nscreen H\ndestinations Routes { H }\nstack S root H { destinations Rutes }")
        let diagnostic = try #require(output.diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == ["did you mean 'Routes'?", "declare it with 'destinations Rutes { SCREEN ... }'"])
        #expect(diagnostic.fixIts.map(\.replacement) == ["Routes"])
    }

    @Test func aScreenInTwoIncludedPlacesPointsAtBoth() throws {
        let output = load("app A\nscreen H\nscreen D\ndestinations R { D }\nstack S root H { destination D; destinations R }")
        let diagnostic = try #require(output.diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == ["first registered here", "and listed in 'R' here"])
        #expect(diagnostic.notes.compactMap(\.range?.start.line) == [5, 4])
    }

    @Test func duplicatesPointAtTheFirstDeclaration() throws {
        let output = load("app A\nscreen Home\nscreen Home")
        let diagnostic = try #require(output.diagnostics.first)
        #expect(diagnostic.notes.first?.range?.start.line == 2)
        #expect(diagnostic.notes.first?.message == "'Home' is first declared here")
    }

    @Test func anUnresolvedParameterTypeDoesNotCascadeIntoArgumentErrors() {
        let output = load("app A\nscreen Detail(id: ItemID)\nscreen Home { push Detail(x, y) }\nstack S root Home { destination Detail }")
        #expect(summaries(output.diagnostics) == ["2:19 unknown-name: unknown type 'ItemID'"])
    }

    @Test func aBrokenPatternDoesNotCascadeIntoTargetErrors() {
        let output = load(Self.base + "screen S { pop }\nscreen T(i: ItemID)\nstack St root S { destination T }\ndeeplink \"a://{i: Item}\" -> / T(i)")
        #expect(summaries(output.diagnostics) == ["10:15 unknown-name: unknown type 'Item' in pattern parameter 'i'"])
    }

    @Test func aBrokenSplitColumnDoesNotCascadeIntoColumnErrors() {
        let output = load("""
            app A
            scheme "a"
            id I
            screen Side { select Detail(_) }
            screen Detail(i: I)
            split P { sidebar Side content Detail detail Side }
            deeplink "a://x/{i: I}" -> > Detail(i) > Side
            """)
        #expect(summaries(output.diagnostics) == ["6:32 root-parameters: screen 'Detail' takes parameters (i) and cannot be the content column of 'P': nothing would supply them"])
    }

    @Test func namesAreNotResolvedAfterASyntaxError() {
        let output = load("app A\nscreen Home { push Nowhere }\nscreen X {")
        #expect(output.diagnostics.allSatisfy { $0.rule == .syntax })
    }
}
