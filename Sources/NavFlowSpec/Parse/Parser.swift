import NavFlowDiagnostics
import NavFlowSource

/// A recursive-descent parser for flow specs. It reports every syntax error
/// it finds and recovers at the next declaration, edge or statement, so one
/// mistake produces one diagnostic.
public struct Parser {
    /// Conditions deeper than this are rejected instead of overflowing the stack.
    public static let maximumNesting = 200
    /// The most errors reported in one file; past it the parser stops,
    /// so garbage input costs no more than a screenful of errors.
    public static let maximumErrors = 1_000

    private let file: SourceFile
    private let tokens: [Token]
    private var index = 0
    private var nesting = 0
    private var diagnostics: [Diagnostic]

    /// Parses a whole file. The syntax tree holds everything that parsed;
    /// the diagnostics list every lexical and syntax error.
    public static func parse(_ file: SourceFile) -> (SpecSyntax, [Diagnostic]) {
        let parsed = parseKeepingTrivia(file)
        return (parsed.syntax, parsed.diagnostics)
    }

    /// Parses a whole file and keeps its tokens and comments, from which the
    /// front end reads suppression directives.
    static func parseKeepingTrivia(_ file: SourceFile)
        -> (syntax: SpecSyntax, diagnostics: [Diagnostic], tokens: [Token], comments: [Lexer.Comment]) {
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize()
        var parser = Parser(file: file, tokens: tokens, diagnostics: lexer.diagnostics)
        let spec = parser.parseFile()
        return (spec, parser.diagnostics, tokens, lexer.comments)
    }

    private init(file: SourceFile, tokens: [Token], diagnostics: [Diagnostic]) {
        self.file = file
        self.tokens = tokens
        self.diagnostics = diagnostics
    }

    /// Thrown to unwind to the nearest recovery point once the error is reported.
    private struct Recovery: Error {}

    // MARK: - File and declarations

    private mutating func parseFile() -> SpecSyntax {
        var app: Name?
        if current.isWord("app") {
            advance()
            app = try? declaredName(of: "the app", after: "'app'")
        } else {
            report("a spec starts with 'app NAME'", at: SourceRange(at: file.location(ofOffset: current.start)),
                   notes: [DiagnosticNote(message: "add 'app MyApp' as the first line")])
        }
        var declarations: [DeclarationSyntax] = []
        while current.kind != .endOfFile {
            if diagnostics.count >= Self.maximumErrors {
                report("too many errors (\(Self.maximumErrors)); stopping here: fix these and run again", at: tokenRange(current))
                break
            }
            if current.isWord("app") {
                report("'app' may appear only once, at the top of the file", at: tokenRange(current))
                advance()
                _ = try? declaredName(of: "the app", after: "'app'")
                continue
            }
            guard current.kind == .identifier, Keywords.declarations.contains(current.text) else {
                report("expected a declaration (screen, stack, tabs, split, deeplink, flag, ...), found \(describe(current))",
                       at: tokenRange(current))
                advance()
                skipToDeclaration()
                continue
            }
            do {
                declarations.append(try parseDeclaration())
            } catch {
                skipToDeclaration()
            }
        }
        return SpecSyntax(app: app, declarations: declarations)
    }

    private mutating func parseDeclaration() throws(Recovery) -> DeclarationSyntax {
        let keywordToken = current
        let keyword = tokenRange(keywordToken)
        advance()
        let kind: DeclarationSyntax.Kind
        switch keywordToken.text {
        case "scheme":
            kind = .scheme(try expectString("a URL scheme such as \"myapp\"", after: "'scheme'"))
        case "host":
            kind = .host(try expectString("a host name such as \"example.com\"", after: "'host'"))
        case "enum":
            kind = try parseEnum()
        case "id":
            let name = try declaredName(of: "an id type", after: "'id'")
            var base = IDBase.string
            if current.kind == .colon {
                advance()
                let typeToken = current
                guard typeToken.kind == .identifier, let parsed = IDBase(rawValue: typeToken.text) else {
                    throw failure("expected 'Int' or 'String' after ':'")
                }
                advance()
                base = parsed
            }
            kind = .identifier(name: name, base: base)
        case "flag":
            let name = try declaredName(of: "a flag", after: "'flag'")
            try expect(.equal, "expected '= false', '= true' or '= INPUT' after the flag's name")
            guard [.identifier, .bang, .leftParen].contains(current.kind) else {
                throw failure("expected 'true', 'false' or a condition over inputs after '=', found \(describe(current))")
            }
            kind = .flag(name: name, initial: try parseExpression(after: "'='"))
        case "input":
            kind = .input(name: try declaredName(of: "an input", after: "'input'"))
        case "assume":
            kind = .assume(try parseExpression(after: "'assume'"))
        case "screen":
            kind = try parseScreen()
        case "stack":
            kind = try parseStack()
        case "destinations":
            kind = try parseDestinationSet()
        case "tabs":
            kind = try parseTabs()
        case "split":
            kind = try parseSplit(keyword: keyword)
        case "start":
            kind = .start(try referencedName("the root content (tabs, split, stack or screen)", after: "'start'"))
        case "launch":
            let statement = try parseStatement(after: "'launch'")
            kind = .launch(statement, condition: try parseOptionalCondition())
        case "deeplink":
            kind = try parseDeepLink()
        case "entry":
            kind = try parseEntry()
        case "choice":
            kind = try parseChoice()
        default:
            throw failure("expected a declaration")
        }
        return DeclarationSyntax(kind: kind, keyword: keyword, range: rangeFrom(keywordToken))
    }

    private mutating func parseEnum() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "an enum", after: "'enum'")
        let open = try expectOpenBrace(for: "enum '\(name.text)'")
        var cases: [Name] = []
        while current.kind != .rightBrace {
            guard current.kind == .identifier else {
                if current.kind == .endOfFile || isAtDeclarationStart {
                    throw missingBrace(opened: open, for: "enum '\(name.text)'")
                }
                throw failure("expected an enum case name, found \(describe(current))")
            }
            cases.append(Name(current.text, range: tokenRange(current)))
            advance()
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightBrace {
                if current.kind == .endOfFile || isAtDeclarationStart {
                    throw missingBrace(opened: open, for: "enum '\(name.text)'")
                }
                throw failure("expected ',' or '}' after enum case '\(cases.last!.text)'")
            }
        }
        advance()
        return .enumeration(name: name, cases: cases)
    }

    private mutating func parseScreen() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a screen", after: "'screen'")
        let parameters = try parseParameterList(of: "screen '\(name.text)'")
        var lock: ExpressionSyntax?
        var backHidden: ExpressionSyntax?
        while current.isWord("locked") || current.isWord("back") {
            if current.isWord("locked") {
                if lock != nil { throw failure("'locked' is given twice for screen '\(name.text)'") }
                lock = .literal(true, tokenRange(current))
                advance()
                if let condition = try parseOptionalCondition() { lock = condition }
            } else {
                if backHidden != nil { throw failure("'back hidden' is given twice for screen '\(name.text)'") }
                let keyword = current
                advance()
                guard current.isWord("hidden") else {
                    throw failure("expected 'hidden' after 'back' (a screen that hides its back button: 'back hidden [if CONDITION]')")
                }
                backHidden = .literal(true, rangeFrom(keyword))
                advance()
                if let condition = try parseOptionalCondition() { backHidden = condition }
            }
        }
        var edges: [EdgeSyntax] = []
        var hooks: [AppearHookSyntax] = []
        if current.kind == .leftBrace {
            let open = current
            advance()
            parseScreenBody(open: open, screen: name.text, edges: &edges, hooks: &hooks)
        }
        return .screen(name: name, parameters: parameters, lock: lock, backHidden: backHidden, edges: edges, hooks: hooks)
    }

    /// `(name: Type, ...)` after a screen's or an entry point's name; empty
    /// without a '('.
    private mutating func parseParameterList(of owner: String) throws(Recovery) -> [ParameterSyntax] {
        var parameters: [ParameterSyntax] = []
        if current.kind == .leftParen {
            let open = current
            advance()
            var closed = false
            while !closed {
                if current.kind == .rightParen {
                    advance()
                    closed = true
                } else if isPastParameterList {
                    reportMissingParen(opened: open, for: "the parameters of \(owner)")
                    break
                } else {
                    guard current.kind == .identifier else {
                        throw failure("expected a parameter such as 'id: RecipeID', found \(describe(current))")
                    }
                    let parameter = Name(current.text, range: tokenRange(current))
                    advance()
                    try expect(.colon, "expected ':' and a type after parameter '\(parameter.text)'")
                    let type = try referencedName("a parameter type (an enum or id type)", after: "':'")
                    parameters.append(ParameterSyntax(name: parameter, type: type))
                    if current.kind == .comma {
                        advance()
                    } else if current.kind != .rightParen && !isPastParameterList {
                        throw failure("expected ',' or ')' in the parameter list",
                                      notes: [DiagnosticNote(message: "'(' opened here", range: tokenRange(open))])
                    }
                }
            }
        }
        return parameters
    }

    /// Parses edges and `appear` hooks up to the closing brace, recovering
    /// at the next edge.
    private mutating func parseScreenBody(open: Token, screen: String, edges: inout [EdgeSyntax],
                                          hooks: inout [AppearHookSyntax]) {
        while true {
            if current.kind == .rightBrace {
                advance()
                return
            }
            if current.kind == .semicolon {
                advance()
                continue
            }
            if current.kind == .endOfFile || isAtDeclarationStart {
                reportMissingBrace(opened: open, for: "screen '\(screen)'")
                return
            }
            do {
                if current.isWord("appear") {
                    hooks.append(try parseAppearHook())
                } else if current.isWord("on") && peek.isWord("dismiss") {
                    hooks.append(try parseDismissHook())
                } else {
                    edges.append(try parseEdge())
                }
            } catch {
                skipToEdge()
            }
        }
    }

    /// `appear [if CONDITION] { statements }`.
    private mutating func parseAppearHook() throws(Recovery) -> AppearHookSyntax {
        let start = current
        advance()
        let condition = try parseOptionalCondition()
        let open = try expectOpenBrace(for: "the appear hook")
        let statements = try parseStatementBlock(open: open, for: "the appear hook")
        return AppearHookSyntax(statements: statements, condition: condition, keyword: tokenRange(start),
                                range: rangeFrom(start))
    }

    /// `on dismiss [if CONDITION] { statements }`.
    private mutating func parseDismissHook() throws(Recovery) -> AppearHookSyntax {
        let start = current
        advance()
        let keyword = SourceRange(start: tokenRange(start).start, end: tokenRange(current).end)
        advance()
        let condition = try parseOptionalCondition()
        let open = try expectOpenBrace(for: "the dismissal hook")
        let statements = try parseStatementBlock(open: open, for: "the dismissal hook")
        return AppearHookSyntax(event: .dismiss, statements: statements, condition: condition, keyword: keyword,
                                range: rangeFrom(start))
    }

    /// The statements of a block up to its closing brace, separated by ';'
    /// or line breaks, recovering at the next statement.
    private mutating func parseStatementBlock(open: Token, for owner: String) throws(Recovery) -> [StatementSyntax] {
        var statements: [StatementSyntax] = []
        var needsSeparator = false
        while true {
            if current.kind == .rightBrace {
                advance()
                return statements
            }
            if current.kind == .semicolon {
                advance()
                needsSeparator = false
                continue
            }
            if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: owner)
            }
            do {
                if needsSeparator && !current.atLineStart {
                    throw failure("expected ';' or a line break between statements")
                }
                statements.append(try parseStatement(after: statements.isEmpty ? "'{'" : "';'"))
                needsSeparator = true
            } catch {
                skipToStatement()
                needsSeparator = false
            }
        }
    }

    private mutating func parseEdge() throws(Recovery) -> EdgeSyntax {
        let start = current
        if current.isWord("action") {
            advance()
            let label = try expectString("the action's label, such as \"Sign in\"", after: "'action'")
            let when = try parseOptionalWhen()
            let condition = try parseOptionalCondition()
            let open = try expectOpenBrace(for: "action \"\(label.value)\"")
            let statements = try parseStatementBlock(open: open, for: "action \"\(label.value)\"")
            return EdgeSyntax(label: label, statements: statements, condition: condition, when: when,
                              range: rangeFrom(start))
        }
        guard current.kind == .identifier, Keywords.statements.contains(current.text) else {
            let found = describe(current)
            advance()
            throw failure("expected an edge (push, sheet, cover, popover, dismiss, tab, action, ...), found \(found)",
                          at: tokenRange(previous))
        }
        let statement = try parseStatement(after: "")
        let when = try parseOptionalWhen()
        let condition = try parseOptionalCondition()
        return EdgeSyntax(label: nil, statements: [statement], condition: condition, when: when, range: rangeFrom(start))
    }

    private mutating func parseStack() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a stack", after: "'stack'")
        guard current.isWord("root") else {
            throw failure("expected 'root SCREEN' after the stack's name")
        }
        advance()
        let root = try referencedName("the stack's root screen", after: "'root'")
        let open = try expectOpenBrace(for: "stack '\(name.text)'")
        var destinations: [Name] = []
        var sets: [Name] = []
        var depth: IntegerLiteral?
        var routerPath: SourceRange?
        while current.kind != .rightBrace {
            if current.kind == .semicolon {
                advance()
                continue
            }
            if current.isWord("destination") {
                advance()
                destinations.append(try referencedName("a destination screen", after: "'destination'"))
            } else if current.isWord("destinations") {
                advance()
                sets.append(try referencedName("a destination set", after: "'destinations'"))
            } else if current.isWord("depth") {
                let keyword = current
                advance()
                guard current.kind == .integer else {
                    throw failure("expected the maximum path length (a number) after 'depth'")
                }
                let literal = IntegerLiteral(Int(current.text) ?? Int.max, range: tokenRange(current))
                advance()
                if let earlier = depth {
                    report("the stack's depth is given twice", at: rangeFrom(keyword),
                           notes: [DiagnosticNote(message: "first given here", range: earlier.range)])
                }
                depth = literal
            } else if current.isWord("router") {
                // `router path`: while presented, the stack's path is the router's current path.
                let keyword = current
                advance()
                guard current.isWord("path") else {
                    throw failure("expected 'path' after 'router', as in 'router path'")
                }
                advance()
                if let earlier = routerPath {
                    report("'router path' is given twice", at: rangeFrom(keyword),
                           notes: [DiagnosticNote(message: "first given here", range: earlier)])
                }
                routerPath = rangeFrom(keyword)
            } else if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: "stack '\(name.text)'")
            } else {
                throw failure("expected 'destination SCREEN', 'destinations SET', 'depth N', 'router path' or '}' in stack '\(name.text)', found \(describe(current))")
            }
        }
        advance()
        return .stack(name: name, root: root, destinations: destinations, sets: sets, depth: depth,
                      routerPath: routerPath)
    }

    /// `destinations NAME { SCREEN ... }`: screens separated by new lines or ';'.
    private mutating func parseDestinationSet() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a destination set", after: "'destinations'")
        let open = try expectOpenBrace(for: "destination set '\(name.text)'")
        var screens: [Name] = []
        while current.kind != .rightBrace {
            if current.kind == .semicolon {
                advance()
                continue
            }
            if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: "destination set '\(name.text)'")
            }
            guard current.kind == .identifier, !Keywords.all.contains(current.text) else {
                throw failure("expected a destination screen or '}' in destination set '\(name.text)', found \(describe(current))")
            }
            screens.append(Name(current.text, range: tokenRange(current)))
            advance()
        }
        advance()
        return .destinationSet(name: name, screens: screens)
    }

    private mutating func parseTabs() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a tab view", after: "'tabs'")
        let open = try expectOpenBrace(for: "tabs '\(name.text)'")
        var tabs: [TabSyntax] = []
        var initial: Name?
        while current.kind != .rightBrace {
            if current.kind == .semicolon {
                advance()
                continue
            }
            if current.isWord("tab") {
                let start = current
                advance()
                let id = try declaredName(of: "a tab", after: "'tab'")
                let title = try expectString("the tab's title, such as \"Home\"", after: "the tab's name")
                let content = try referencedName("the tab's content (a stack, split or screen)", after: "the title")
                var hidden: ExpressionSyntax?
                var retapOff = false
                while current.isWord("hidden") || current.isWord("retap") {
                    if current.isWord("hidden") {
                        if hidden != nil { throw failure("'hidden if' is given twice for tab '\(id.text)'") }
                        advance()
                        guard current.isWord("if") else { throw failure("expected 'if' and a condition after 'hidden'") }
                        advance()
                        hidden = try parseExpression(after: "'hidden if'")
                    } else {
                        if retapOff { throw failure("'retap off' is given twice for tab '\(id.text)'") }
                        advance()
                        guard current.isWord("off") else {
                            throw failure("expected 'off' after 'retap' (a tab whose re-tap the app intercepts: 'retap off')")
                        }
                        advance()
                        retapOff = true
                    }
                }
                tabs.append(TabSyntax(id: id, title: title, content: content, hiddenIf: hidden, retapOff: retapOff,
                                      range: rangeFrom(start)))
            } else if current.isWord("initial") {
                let keyword = current
                advance()
                let tab = try referencedName("the initially selected tab", after: "'initial'")
                if let earlier = initial {
                    report("the initial tab is given twice", at: rangeFrom(keyword),
                           notes: [DiagnosticNote(message: "first given here", range: earlier.range)])
                }
                initial = tab
            } else if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: "tabs '\(name.text)'")
            } else {
                throw failure("expected 'tab ID \"Title\" CONTENT', 'initial TAB' or '}' in tabs '\(name.text)', found \(describe(current))")
            }
        }
        advance()
        return .tabs(name: name, tabs: tabs, initial: initial)
    }

    private mutating func parseSplit(keyword: SourceRange) throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a split view", after: "'split'")
        let open = try expectOpenBrace(for: "split '\(name.text)'")
        var columns: [String: Name] = [:]
        let order = ["sidebar", "content", "detail"]
        var lastIndex = -1
        while current.kind != .rightBrace {
            if current.kind == .semicolon {
                advance()
                continue
            }
            if current.kind == .identifier, let position = order.firstIndex(of: current.text) {
                let column = current
                advance()
                let content = try referencedName("the \(column.text) column's content (a screen or stack)",
                                                 after: "'\(column.text)'")
                if columns[column.text] != nil {
                    report("split '\(name.text)' declares its \(column.text) column twice", at: rangeFrom(column))
                } else if position < lastIndex {
                    report("the \(column.text) column must come before the \(order[lastIndex]) column",
                           at: tokenRange(column))
                }
                columns[column.text] = content
                lastIndex = max(lastIndex, position)
            } else if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: "split '\(name.text)'")
            } else {
                throw failure("expected 'sidebar', 'content', 'detail' or '}' in split '\(name.text)', found \(describe(current))")
            }
        }
        let close = current
        advance()
        for required in ["sidebar", "detail"] where columns[required] == nil {
            report("split '\(name.text)' has no \(required) column; add '\(required) SCREEN'", at: tokenRange(close))
        }
        return .split(name: name, columns: order.compactMap { columns[$0] })
    }

    private mutating func parseDeepLink() throws(Recovery) -> DeclarationSyntax.Kind {
        let pattern = try expectString("the URL pattern, such as \"myapp://item/{id: ItemID}\"", after: "'deeplink'")
        // `ignoring case`: the app lowercases what it compares.
        var ignoringCase: SourceRange?
        if current.isWord("ignoring") {
            let start = current
            advance()
            guard current.isWord("case") else {
                throw failure("expected 'case' after 'ignoring' (as in 'deeplink \"x://settings\" ignoring case -> ...'), found \(describe(current))")
            }
            advance()
            ignoringCase = rangeFrom(start)
        }
        try expect(.arrow, "expected '->' and a target after the URL pattern")
        var handlers = [try parseDeepLinkHandler()]
        // Each further '->' is another handler of the same URL.
        while current.kind == .arrow {
            advance()
            handlers.append(try parseDeepLinkHandler())
        }
        return .deeplink(DeepLinkSyntax(pattern: pattern, ignoringCase: ignoringCase, handlers: handlers))
    }

    /// `entry KIND NAME [(PARAMETERS)] -> TARGET ...`: an entry point that
    /// is not a URL, with the handlers of a deep link.
    private mutating func parseEntry() throws(Recovery) -> DeclarationSyntax.Kind {
        guard current.kind == .identifier, EntryPointKind(rawValue: current.text) != nil else {
            let kinds = EntryPointKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw failure("expected the kind of entry point after 'entry': \(kinds)")
        }
        let kind = Name(current.text, range: tokenRange(current))
        advance()
        let name = try declaredName(of: "an entry point", after: "'\(kind.text)'")
        let parameters = try parseParameterList(of: "entry point '\(name.text)'")
        let offeredIf = try parseOptionalCondition()
        try expect(.arrow, "expected '->' and a target after the entry point")
        var handlers = [try parseDeepLinkHandler()]
        while current.kind == .arrow {
            advance()
            handlers.append(try parseDeepLinkHandler())
        }
        return .entry(EntrySyntax(kind: kind, name: name, parameters: parameters, offeredIf: offeredIf, handlers: handlers))
    }

    /// One handler, after its '->'.
    private mutating func parseDeepLinkHandler() throws(Recovery) -> DeepLinkHandlerSyntax {
        let start = current
        let target = try parseTarget()
        let when = try parseOptionalWhen()
        var requires: ExpressionSyntax?
        var otherwise: StatementSyntax?
        if current.isWord("requires") {
            advance()
            requires = try parseExpression(after: "'requires'")
            if current.isWord("else") {
                advance()
                otherwise = try parseStatement(after: "'else'")
            }
        } else if current.isWord("else") {
            throw failure("'else' needs a 'requires' condition before it", at: tokenRange(current))
        }
        // `close NAME, ...`: those modals (and what is above them) close, the others stay.
        var closing: [Name] = []
        if current.isWord("close") {
            let keyword = current
            advance()
            closing = try parseClosedNames(after: keyword)
        }
        var keepTab: SourceRange?
        var keptModals: SourceRange?
        var underModals: SourceRange?
        // `keep modals`, `keep tab`, both separated by a comma, or `under modals`.
        while current.isWord("keep") || current.isWord("under") {
            if current.isWord("under") {
                let keyword = current
                advance()
                guard current.isWord("modals") else {
                    throw failure("expected 'modals' after 'under', as in '* / ... / Screen under modals'")
                }
                advance()
                let range = rangeFrom(keyword)
                if let first = closing.first {
                    throw failure("'under modals' keeps every modal up, so it cannot follow 'close'", at: range,
                                  notes: [DiagnosticNote(message: "'close' names the modals that go", range: first.range)])
                }
                if let kept = keptModals ?? keepTab {
                    throw failure("'under modals' keeps every modal up and writes the router's current path; it cannot be combined with 'keep'",
                                  at: range, notes: [DiagnosticNote(message: "'keep' is here", range: kept)])
                }
                underModals = range
                continue
            }
            advance()
            while true {
                if current.isWord("modals"), keptModals == nil {
                    if let first = closing.first {
                        throw failure("'close' keeps every other modal already; drop 'modals' from 'keep'",
                                      notes: [DiagnosticNote(message: "'close' names the modals that go", range: first.range)])
                    }
                    keptModals = tokenRange(current)
                } else if current.isWord("tab"), keepTab == nil {
                    keepTab = tokenRange(current)
                } else {
                    throw failure("expected 'modals' or 'tab' after 'keep', as in 'keep modals' or 'keep tab, modals'")
                }
                if let under = underModals {
                    throw failure("'under modals' keeps every modal up and writes the router's current path; it cannot be combined with 'keep'",
                                  at: under, notes: [DiagnosticNote(message: "'keep' is here", range: tokenRange(current))])
                }
                advance()
                guard current.kind == .comma else { break }
                advance()
            }
        }
        // `anywhere`: the target's modals may show over any state.
        var anywhere: SourceRange?
        if current.isWord("anywhere") {
            anywhere = tokenRange(current)
            advance()
        }
        var handler = DeepLinkHandlerSyntax(target: target, requires: requires, otherwise: otherwise,
                                            keepModals: keptModals != nil || !closing.isEmpty || underModals != nil,
                                            keepTab: keepTab, when: when, range: rangeFrom(start))
        handler.closing = closing
        handler.underModals = underModals
        handler.anywhere = anywhere
        return handler
    }

    /// `when CHOICE is OUTCOME`, if present.
    private mutating func parseOptionalWhen() throws(Recovery) -> WhenSyntax? {
        guard current.isWord("when") else { return nil }
        let start = current
        advance()
        let choice = try referencedName("a choice", after: "'when'")
        guard current.isWord("is") else {
            throw failure("expected 'is' and an outcome after the choice, as in 'when \(choice.text) is OUTCOME'")
        }
        advance()
        // Outcomes, like enum cases, may be any identifier.
        guard current.kind == .identifier else {
            throw failure("expected an outcome of choice '\(choice.text)' after 'is', found \(describe(current))")
        }
        let outcome = Name(current.text, range: tokenRange(current))
        advance()
        return WhenSyntax(choice: choice, outcome: outcome, range: rangeFrom(start))
    }

    /// `choice NAME "what decides it" { OUTCOME, ... }`.
    private mutating func parseChoice() throws(Recovery) -> DeclarationSyntax.Kind {
        let name = try declaredName(of: "a choice", after: "'choice'")
        let description = try expectString("what decides the choice, such as \"whose account the row shows\"",
                                           after: "the choice's name")
        let open = try expectOpenBrace(for: "choice '\(name.text)'")
        var outcomes: [Name] = []
        while true {
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .comma, !outcomes.isEmpty {
                advance()
                continue
            }
            if current.kind == .endOfFile || isAtDeclarationStart {
                throw missingBrace(opened: open, for: "choice '\(name.text)'")
            }
            guard current.kind == .identifier else {
                throw failure("expected an outcome of choice '\(name.text)' or '}'")
            }
            outcomes.append(Name(current.text, range: tokenRange(current)))
            advance()
        }
        return .choice(name: name, description: description, outcomes: outcomes)
    }

    private mutating func parseTarget() throws(Recovery) -> TargetSyntax {
        let start = current
        var tab: TargetSyntax.Tab?
        if current.kind == .identifier, !Keywords.all.contains(current.text) {
            tab = .named(Name(current.text, range: tokenRange(current)))
            advance()
        } else if current.kind == .star {
            tab = .selected(tokenRange(current))
            advance()
        }
        var segments: [TargetSyntax.Segment] = []
        loop: while true {
            switch current.kind {
            case .slash:
                let marker = current
                advance()
                if current.kind == .ellipsis {
                    advance()
                    segments.append(.keptPath(rangeFrom(marker)))
                    continue
                }
                segments.append(.push(try parseRoute(after: "'/'")))
            case .greater:
                let marker = current
                advance()
                let route = try parseRoute(after: "'>'")
                segments.append(.column(route, rangeFrom(marker)))
            case .plus:
                let marker = current
                advance()
                guard current.kind == .identifier, let kind = ModalKind(rawValue: current.text) else {
                    throw failure("expected 'sheet', 'cover' or 'popover' after '+'")
                }
                advance()
                let name = try referencedName("the presented screen or stack", after: "'\(kind.rawValue)'")
                segments.append(.modal(kind, name, rangeFrom(marker)))
            default:
                break loop
            }
        }
        if tab == nil && segments.isEmpty {
            throw failure("expected a target after '->': a tab, '*', '/ Screen', '> Screen' or '+ sheet Name'")
        }
        return TargetSyntax(tab: tab, segments: segments, range: rangeFrom(start))
    }

    // MARK: - Queries and state patterns

    /// Parses a query, `reach PATTERN`. The file is the query text; errors
    /// point at columns inside it.
    public static func parseQuery(_ file: SourceFile) -> (QuerySyntax?, [Diagnostic]) {
        parseWhole(file) { parser throws(Recovery) in
            let start = parser.current
            guard parser.current.isWord("reach") else {
                throw parser.failure("a query starts with 'reach', as in 'reach home / Settings'")
            }
            parser.advance()
            let pattern = try parser.parsePattern()
            return QuerySyntax(pattern: pattern, range: parser.rangeFrom(start))
        }
    }

    /// Parses a state pattern on its own (as given to `--from`).
    public static func parsePattern(_ file: SourceFile) -> (PatternSyntax?, [Diagnostic]) {
        parseWhole(file) { parser throws(Recovery) in try parser.parsePattern() }
    }

    private static func parseWhole<T>(_ file: SourceFile, _ body: (inout Parser) throws(Recovery) -> T) -> (T?, [Diagnostic]) {
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize()
        var parser = Parser(file: file, tokens: tokens, diagnostics: lexer.diagnostics)
        do {
            let result = try body(&parser)
            if parser.current.kind != .endOfFile {
                parser.report("unexpected \(parser.describe(parser.current)) after the pattern", at: parser.tokenRange(parser.current))
            }
            return (parser.diagnostics.containsErrors ? nil : result, parser.diagnostics)
        } catch {
            return (nil, parser.diagnostics)
        }
    }

    private mutating func parsePattern() throws(Recovery) -> PatternSyntax {
        let start = current
        var tab = PatternSyntax.Tab.omitted
        if current.kind == .star {
            tab = .any(tokenRange(current))
            advance()
        } else if current.kind == .identifier, !Keywords.all.contains(current.text), current.text != "where" {
            tab = .named(Name(current.text, range: tokenRange(current)))
            advance()
        }
        var segments: [PatternSyntax.Segment] = []
        loop: while true {
            switch current.kind {
            case .slash:
                advance()
                if current.kind == .ellipsis {
                    segments.append(.anyRun(tokenRange(current)))
                    advance()
                } else {
                    segments.append(.push(try parseRoute(after: "'/'")))
                }
            case .greater:
                let marker = current
                advance()
                let route = try parseRoute(after: "'>'")
                segments.append(.column(route, rangeFrom(marker)))
            case .plus:
                let marker = current
                advance()
                if current.kind == .ellipsis {
                    segments.append(.anyModals(rangeFrom(marker)))
                    advance()
                    continue
                }
                guard current.kind == .identifier, let kind = ModalKind(rawValue: current.text) else {
                    throw failure("expected 'sheet', 'cover', 'popover' or '...' after '+'")
                }
                advance()
                let name = try referencedName("the presented screen or stack", after: "'\(kind.rawValue)'")
                segments.append(.modal(kind, name, rangeFrom(marker)))
            default:
                break loop
            }
        }
        var condition: ExpressionSyntax?
        if current.isWord("where") {
            advance()
            condition = try parseExpression(after: "'where'")
        }
        if case .omitted = tab, segments.isEmpty, condition == nil {
            throw failure("expected a state pattern: a tab or '*', then '/ Screen', '/ ...', '> Screen' or '+ sheet Name'")
        }
        return PatternSyntax(tab: tab, segments: segments, condition: condition, range: rangeFrom(start))
    }

    // MARK: - Statements and routes

    private mutating func parseStatement(after context: String) throws(Recovery) -> StatementSyntax {
        let start = current
        guard current.kind == .identifier, Keywords.statements.contains(current.text) else {
            let where_ = context.isEmpty ? "" : " after \(context)"
            throw failure("expected a statement (push, sheet, cover, popover, dismiss, close, pop, popToRoot, rebuild, tab, set, open, select)\(where_), found \(describe(current))")
        }
        let word = current.text
        advance()
        let kind: StatementSyntax.Kind
        switch word {
        case "push":
            let route = try parseRoute(after: "'push'")
            if current.isWord("under") && !current.atLineStart {
                advance()
                guard current.isWord("modals") else {
                    throw failure("expected 'modals' after 'under' (as in 'push \(route.screen.text) under modals'), found \(describe(current))")
                }
                advance()
                kind = .pushUnderModals(route)
            } else if current.isWord("inline") && !current.atLineStart {
                advance()
                kind = .pushInline(route)
            } else {
                kind = .push(route)
            }
        case "select":
            kind = .select(try parseRoute(after: "'select'"))
        case "sheet", "cover", "popover":
            kind = .present(ModalKind(rawValue: word)!, try referencedName("the presented screen or stack", after: "'\(word)'"))
        case "dismiss":
            kind = .dismiss
        case "close":
            kind = .close(try parseClosedNames(after: start))
        case "pop":
            kind = .pop
        case "popToRoot":
            kind = .popToRoot
        case "rebuild":
            kind = .rebuild
        case "tab":
            kind = .selectTab(try referencedName("the tab to select", after: "'tab'"))
        case "set":
            let flag = try referencedName("the flag to set", after: "'set'")
            try expect(.equal, "expected '= true' or '= false' after 'set \(flag.text)'")
            kind = .set(flag, try expectBoolean(after: "'='"))
        case "open":
            kind = .open(try expectString("the URL to open", after: "'open'"))
        default:
            throw failure("expected a statement")
        }
        return StatementSyntax(kind: kind, range: rangeFrom(start))
    }

    /// The names after `close` (the keyword, already read): one or more,
    /// separated by commas.
    private mutating func parseClosedNames(after keyword: Token) throws(Recovery) -> [Name] {
        var closing: [Name] = []
        while true {
            guard current.kind == .identifier, !Keywords.all.contains(current.text) else {
                throw failure("expected a screen or stack to close after '\(closing.isEmpty ? "close" : ",")', as in 'close DetailSheet'",
                              notes: closing.isEmpty ? [] : [DiagnosticNote(message: "'close' is here", range: tokenRange(keyword))])
            }
            closing.append(Name(current.text, range: tokenRange(current)))
            advance()
            guard current.kind == .comma else { return closing }
            advance()
        }
    }

    private mutating func parseRoute(after context: String) throws(Recovery) -> RouteSyntax {
        let start = current
        let screen = try referencedName("a screen name", after: context)
        var arguments: [ArgumentSyntax]?
        if current.kind == .leftParen && !current.atLineStart {
            let open = current
            advance()
            var list: [ArgumentSyntax] = []
            while current.kind != .rightParen {
                if isPastArgumentList {
                    throw missingParen(opened: open, for: "the arguments of '\(screen.text)'")
                }
                guard current.kind == .identifier else {
                    throw failure("expected an argument ('_', an enum case or a parameter name), found \(describe(current))",
                                  notes: [DiagnosticNote(message: "'(' opened here", range: tokenRange(open))])
                }
                let range = tokenRange(current)
                list.append(current.text == "_" ? .wildcard(range) : .name(Name(current.text, range: range)))
                advance()
                if current.kind == .comma {
                    advance()
                } else if current.kind != .rightParen && !isPastArgumentList {
                    throw failure("expected ',' or ')' after the argument",
                                  notes: [DiagnosticNote(message: "'(' opened here", range: tokenRange(open))])
                }
            }
            advance()
            arguments = list
        }
        return RouteSyntax(screen: screen, arguments: arguments, range: rangeFrom(start))
    }

    // MARK: - Expressions

    private mutating func parseOptionalCondition() throws(Recovery) -> ExpressionSyntax? {
        guard current.isWord("if") else { return nil }
        advance()
        return try parseExpression(after: "'if'")
    }

    private mutating func parseExpression(after context: String) throws(Recovery) -> ExpressionSyntax {
        var lhs = try parseConjunction(after: context)
        while current.kind == .orOr {
            advance()
            lhs = .or(lhs, try parseConjunction(after: "'||'"))
        }
        return lhs
    }

    private mutating func parseConjunction(after context: String) throws(Recovery) -> ExpressionSyntax {
        var lhs = try parseEquality(after: context)
        while current.kind == .andAnd {
            advance()
            lhs = .and(lhs, try parseEquality(after: "'&&'"))
        }
        return lhs
    }

    private mutating func parseEquality(after context: String) throws(Recovery) -> ExpressionSyntax {
        let lhs = try parseUnary(after: context)
        guard current.kind == .equalEqual else { return lhs }
        advance()
        let result = ExpressionSyntax.equal(lhs, try parseUnary(after: "'=='"))
        if current.kind == .equalEqual {
            throw failure("'==' cannot be chained; add parentheses", at: tokenRange(current))
        }
        return result
    }

    private mutating func parseUnary(after context: String) throws(Recovery) -> ExpressionSyntax {
        guard current.kind == .bang else { return try parsePrimary(after: context) }
        let bang = tokenRange(current)
        advance()
        try enterNesting()
        defer { nesting -= 1 }
        return .not(try parseUnary(after: "'!'"), bang)
    }

    private mutating func parsePrimary(after context: String) throws(Recovery) -> ExpressionSyntax {
        switch current.kind {
        case .identifier where current.text == "true" || current.text == "false":
            let literal = ExpressionSyntax.literal(current.text == "true", tokenRange(current))
            advance()
            return literal
        case .identifier where !Keywords.all.contains(current.text):
            let name = Name(current.text, range: tokenRange(current))
            advance()
            return .name(name)
        case .leftParen:
            let open = current
            advance()
            try enterNesting()
            defer { nesting -= 1 }
            let inner = try parseExpression(after: "'('")
            guard current.kind == .rightParen else {
                throw failure("expected ')' to close '('",
                              notes: [DiagnosticNote(message: "'(' opened here", range: tokenRange(open))])
            }
            advance()
            return inner
        default:
            throw failure("expected a condition (a flag, an input, 'true' or 'false') after \(context), found \(describe(current))")
        }
    }

    private mutating func enterNesting() throws(Recovery) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw failure("condition nested more than \(Self.maximumNesting) levels deep; simplify it",
                          at: tokenRange(current))
        }
    }

    // MARK: - Names and literals

    /// A name being declared: it may not be a keyword or a type name.
    private mutating func declaredName(of what: String, after context: String) throws(Recovery) -> Name {
        guard current.kind == .identifier else {
            throw failure("expected the name of \(what) after \(context), found \(describe(current))")
        }
        if current.atLineStart && Keywords.declarations.contains(current.text) {
            throw failure("expected the name of \(what) after \(context)")
        }
        let name = Name(current.text, range: tokenRange(current))
        if Keywords.all.contains(name.text) {
            report("'\(name.text)' is a keyword and cannot name \(what); choose another name", at: name.range)
        } else if Keywords.typeNames.contains(name.text) || name.text == "_" {
            report("'\(name.text)' is reserved and cannot name \(what); choose another name", at: name.range)
        }
        advance()
        return name
    }

    /// A name referring to a declaration; a keyword here means the name is missing.
    private mutating func referencedName(_ what: String, after context: String) throws(Recovery) -> Name {
        guard current.kind == .identifier, !Keywords.all.contains(current.text) else {
            throw failure("expected \(what) after \(context), found \(describe(current))")
        }
        let name = Name(current.text, range: tokenRange(current))
        advance()
        return name
    }

    private mutating func expectString(_ what: String, after context: String) throws(Recovery) -> StringLiteral {
        guard current.kind == .string else {
            throw failure("expected \(what) after \(context), found \(describe(current))")
        }
        let literal = StringLiteral(current.text, range: tokenRange(current))
        advance()
        return literal
    }

    private mutating func expectBoolean(after context: String) throws(Recovery) -> Bool {
        guard current.isWord("true") || current.isWord("false") else {
            throw failure("expected 'true' or 'false' after \(context), found \(describe(current))")
        }
        let value = current.text == "true"
        advance()
        return value
    }

    private mutating func expect(_ kind: Token.Kind, _ message: String) throws(Recovery) {
        guard current.kind == kind else { throw failure(message + ", found \(describe(current))") }
        advance()
    }

    private mutating func expectOpenBrace(for what: String) throws(Recovery) -> Token {
        guard current.kind == .leftBrace else {
            throw failure("expected '{' to begin \(what), found \(describe(current))")
        }
        let open = current
        advance()
        return open
    }

    // MARK: - Errors and recovery

    private mutating func missingBrace(opened open: Token, for what: String) -> Recovery {
        reportMissingBrace(opened: open, for: what)
        return Recovery()
    }

    private mutating func reportMissingBrace(opened open: Token, for what: String) {
        report("expected '}' to close \(what)", at: missingTokenRange,
               notes: [DiagnosticNote(message: "'{' opened here", range: tokenRange(open))])
    }

    private mutating func missingParen(opened open: Token, for what: String) -> Recovery {
        reportMissingParen(opened: open, for: what)
        return Recovery()
    }

    private mutating func reportMissingParen(opened open: Token, for what: String) {
        report("expected ')' to close \(what)", at: missingTokenRange,
               notes: [DiagnosticNote(message: "'(' opened here", range: tokenRange(open))])
    }

    /// Whether a screen's parameter list was left open: the next token
    /// begins the screen's edges or starts the next declaration on a new
    /// line (a line-initial keyword followed by ':' still reads as a
    /// parameter).
    private var isPastParameterList: Bool {
        switch current.kind {
        case .endOfFile, .leftBrace: return true
        default: return isAtDeclarationStart && peek.kind != .colon
        }
    }

    /// Whether a route's argument list was left open: the next token closes
    /// the enclosing brace, or starts the next declaration, edge or
    /// statement on a new line (a line-initial keyword followed by ',' or
    /// ')' still reads as an argument).
    private var isPastArgumentList: Bool {
        switch current.kind {
        case .endOfFile, .rightBrace, .semicolon: return true
        default:
            return current.atLineStart && current.kind == .identifier
                && (Keywords.declarations.contains(current.text) || Keywords.statements.contains(current.text)
                    || current.text == "app" || current.text == "action")
                && peek.kind != .comma && peek.kind != .rightParen
        }
    }

    /// Reports an error at the current token (or just after the previous one
    /// when the current token starts a new line) and returns the recovery signal.
    private mutating func failure(_ message: String, at range: SourceRange? = nil,
                                  notes: [DiagnosticNote] = []) -> Recovery {
        report(message, at: range ?? missingTokenRange, notes: notes)
        return Recovery()
    }

    /// Where a missing token belongs: after the previous token when the next
    /// one is on a later line (as swiftc reports it), else at the next token.
    private var missingTokenRange: SourceRange {
        if (current.atLineStart || current.kind == .endOfFile) && index > 0 {
            return SourceRange(at: file.location(ofOffset: previous.end))
        }
        return tokenRange(current)
    }

    private mutating func report(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        // A message at the same spot as the previous one adds nothing.
        if let last = diagnostics.last, last.range.start == range.start { return }
        diagnostics.append(Diagnostic(rule: .syntax, severity: .error, message: message, file: file.path, range: range, notes: notes))
    }

    private var isAtDeclarationStart: Bool {
        current.atLineStart && current.kind == .identifier
            && (Keywords.declarations.contains(current.text) || current.text == "app")
    }

    private var isAtEdgeStart: Bool {
        current.atLineStart && current.kind == .identifier
            && (Keywords.statements.contains(current.text) || current.text == "action" || current.text == "appear"
                || (current.text == "on" && peek.isWord("dismiss")))
    }

    private mutating func skipToDeclaration() {
        while current.kind != .endOfFile && !isAtDeclarationStart { advance() }
    }

    /// Skips to the next statement of an action: after a ';', at a statement
    /// keyword on a new line, or at the action's closing brace.
    private mutating func skipToStatement() {
        while current.kind != .endOfFile && !isAtDeclarationStart && current.kind != .rightBrace {
            if current.kind == .semicolon { return }
            if current.atLineStart && current.kind == .identifier && Keywords.statements.contains(current.text) { return }
            advance()
        }
    }

    private mutating func skipToEdge() {
        var depth = 0
        while current.kind != .endOfFile && !isAtDeclarationStart {
            if depth == 0 && (isAtEdgeStart || current.kind == .rightBrace) { return }
            if current.kind == .leftBrace { depth += 1 }
            if current.kind == .rightBrace { depth -= 1 }
            advance()
        }
    }

    // MARK: - Tokens

    private var current: Token { tokens[index] }
    private var previous: Token { tokens[max(0, index - 1)] }
    private var peek: Token { tokens[min(tokens.count - 1, index + 1)] }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    private func tokenRange(_ token: Token) -> SourceRange {
        file.range(token.start, token.end)
    }

    private func rangeFrom(_ start: Token) -> SourceRange {
        file.range(start.start, max(start.end, previous.end))
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: Keywords.all.contains(token.text) ? "keyword '\(token.text)'" : "'\(token.text)'"
        case .string: "string \"\(token.text)\""
        case .integer: "'\(token.text)'"
        default: token.kind.spelling
        }
    }
}
