import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Testing

@Suite struct ParserTests {
    private func parse(_ text: String) -> (SpecSyntax, [Diagnostic]) {
        Parser.parse(SourceFile(path: "test.navflow", text: text))
    }

    private func declarations(_ text: String) -> [DeclarationSyntax.Kind] {
        let (syntax, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty, "\(summaries(diagnostics))")
        return syntax.declarations.map(\.kind)
    }

    @Test func appSchemeHostEnumIdFlagInput() throws {
        let kinds = declarations("""
            app Recipes
            scheme "recipes"
            host "recipes.example.com"
            enum Category { desserts, mains, sides }
            id RecipeID: Int
            id Slug
            flag loggedIn = false
            flag seen = true
            input isPro
            assume isPro || !isPro
            flag pro = isPro && !seen
            """)
        #expect(kinds.count == 10)
        guard case .scheme(let scheme) = kinds[0], case .host(let host) = kinds[1],
              case .enumeration(let name, let cases) = kinds[2],
              case .identifier(let recipeID, let recipeBase) = kinds[3], case .identifier(_, let slugBase) = kinds[4],
              case .flag(let flag, let initial) = kinds[5], case .flag(_, let seenInitial) = kinds[6],
              case .input(let input) = kinds[7], case .assume(.or(.name, .not(.name, _))) = kinds[8],
              case .flag(let pro, .and(.name(let read), .not(.name, _))) = kinds[9]
        else {
            Issue.record("unexpected declarations: \(kinds)")
            return
        }
        #expect(scheme.value == "recipes" && host.value == "recipes.example.com")
        #expect(name.text == "Category" && cases.map(\.text) == ["desserts", "mains", "sides"])
        #expect(recipeID.text == "RecipeID" && recipeBase == .int && slugBase == .string)
        #expect(flag.text == "loggedIn" && initial == .literal(false, initial.range)
                && seenInitial == .literal(true, seenInitial.range))
        #expect(pro.text == "pro" && read.text == "isPro")
        #expect(input.text == "isPro")
    }

    @Test func lockUnderACondition() {
        let kinds = declarations("""
            app A
            screen Editor locked if editing || !saved { dismiss }
            screen Plain
            """)
        guard kinds.count == 2, case .screen(let name, _, .or(.name(let editing), .not(.name(let saved), _))?, nil, let edges, _) = kinds[0],
              case .screen(_, _, nil, nil, _, _) = kinds[1] else {
            Issue.record("unexpected declarations: \(kinds)")
            return
        }
        #expect(name.text == "Editor" && editing.text == "editing" && saved.text == "saved" && edges.count == 1)
    }

    @Test func screenWithParametersLockAndEdges() {
        let kinds = declarations("""
            app A
            screen Recipe(id: RecipeID, category: Category) locked {
              push Recipe(id, _) if a && !b
              sheet Compose
              cover Onboarding
              popover Info
              dismiss
              pop
              popToRoot
              tab home
              select Detail(id)
              open "a://b"
              action "Sign in" if !loggedIn { set loggedIn = true; dismiss
                tab profile }
            }
            """)
        guard case .screen(let name, let parameters, .literal(true, _)?, nil, let edges, _) = kinds.first else {
            Issue.record("expected a locked screen")
            return
        }
        #expect(name.text == "Recipe")
        #expect(parameters.map { "\($0.name.text): \($0.type.text)" } == ["id: RecipeID", "category: Category"])
        #expect(edges.count == 11)
        guard case .push(let route) = edges[0].statements[0].kind else {
            Issue.record("expected a push")
            return
        }
        #expect(route.screen.text == "Recipe")
        #expect(route.arguments?.count == 2)
        if case .wildcard = route.arguments?[1] {} else { Issue.record("expected '_'") }
        if case .and(.name, .not(.name, _))? = edges[0].condition {} else { Issue.record("guard: \(String(describing: edges[0].condition))") }
        let kindsOfStatements = edges.dropFirst().dropLast().map(\.statements[0].kind)
        #expect(kindsOfStatements.count == 9)
        if case .present(.sheet, let target) = kindsOfStatements[0] { #expect(target.text == "Compose") } else { Issue.record("sheet") }
        if case .present(.cover, _) = kindsOfStatements[1] {} else { Issue.record("cover") }
        if case .present(.popover, _) = kindsOfStatements[2] {} else { Issue.record("popover") }
        #expect(kindsOfStatements[3] == .dismiss && kindsOfStatements[4] == .pop && kindsOfStatements[5] == .popToRoot)
        if case .selectTab(let tab) = kindsOfStatements[6] { #expect(tab.text == "home") } else { Issue.record("tab") }
        if case .select(let selected) = kindsOfStatements[7] { #expect(selected.screen.text == "Detail") } else { Issue.record("select") }
        if case .open(let url) = kindsOfStatements[8] { #expect(url.value == "a://b") } else { Issue.record("open") }
        let action = edges[10]
        #expect(action.label?.value == "Sign in")
        #expect(action.statements.count == 3)
        if case .set(let flag, true) = action.statements[0].kind { #expect(flag.text == "loggedIn") } else { Issue.record("set") }
    }

    @Test func containers() {
        let kinds = declarations("""
            app A
            stack HomeStack root Home {
              destination Category
              destination Recipe
              depth 8
            }
            tabs Main {
              tab home "Home" HomeStack
              tab pro "Pro" ProHome hidden if !isPro
              initial pro
            }
            split Browser { sidebar Sidebar content RecipeList detail DetailStack }
            split Two { sidebar S detail D }
            start Main
            launch cover Onboarding if !onboarded
            """)
        guard case .stack(let stack, let root, let destinations, let sets, let depth, _) = kinds[0],
              case .tabs(_, let tabs, let initial) = kinds[1],
              case .split(_, let three) = kinds[2], case .split(_, let two) = kinds[3],
              case .start(let start) = kinds[4], case .launch(let launch, let condition) = kinds[5]
        else {
            Issue.record("unexpected declarations: \(kinds)")
            return
        }
        #expect(stack.text == "HomeStack" && root.text == "Home" && depth?.value == 8)
        #expect(destinations.map(\.text) == ["Category", "Recipe"] && sets.isEmpty)
        #expect(tabs.map(\.id.text) == ["home", "pro"] && tabs.map(\.title.value) == ["Home", "Pro"])
        #expect(tabs[0].hiddenIf == nil && tabs[1].hiddenIf != nil && initial?.text == "pro")
        #expect(three.map(\.text) == ["Sidebar", "RecipeList", "DetailStack"] && two.map(\.text) == ["S", "D"])
        #expect(start.text == "Main" && condition != nil)
        if case .present(.cover, let target) = launch.kind { #expect(target.text == "Onboarding") } else { Issue.record("launch") }
    }

    @Test func destinationSetsAndTheStacksThatIncludeThem() {
        let kinds = declarations("""
            app A
            destinations AppRoutes { Post; UserProfile
              Thread
            }
            destinations Empty {}
            stack HomeStack root Home { destinations AppRoutes; destination Extra; depth 6 }
            """)
        guard kinds.count == 3,
              case .destinationSet(let name, let screens) = kinds[0],
              case .destinationSet(let empty, let none) = kinds[1],
              case .stack(_, _, let destinations, let sets, let depth, _) = kinds[2]
        else {
            Issue.record("unexpected declarations: \(kinds)")
            return
        }
        #expect(name.text == "AppRoutes" && screens.map(\.text) == ["Post", "UserProfile", "Thread"])
        #expect(empty.text == "Empty" && none.isEmpty)
        #expect(sets.map(\.text) == ["AppRoutes"] && destinations.map(\.text) == ["Extra"] && depth?.value == 6)
    }

    @Test func deepLinksWithEveryClause() {
        let kinds = declarations("""
            app A
            deeplink "r://recipe/{id: RecipeID}" -> home / Category(desserts) / Recipe(id)
            deeplink "r://compose" -> home + sheet ComposeStack / Draft
            deeplink "r://privacy" -> profile / Settings / Privacy
                requires loggedIn else sheet Login keep modals
            deeplink "r://c/{c: Category}/recipe/{id: RecipeID}" -> > RecipeList(c) > Recipe(id) / Recipe(id)
            deeplink "r://login" -> + cover Login
            deeplink "r://root" -> / A / B
            """)
        let links = kinds.compactMap { kind -> DeepLinkSyntax? in
            if case .deeplink(let link) = kind { return link }
            return nil
        }
        #expect(links.count == 6)
        #expect(links[0].pattern.value == "r://recipe/{id: RecipeID}" && links[0].handlers[0].target.tab?.name?.text == "home")
        #expect(links[0].handlers[0].target.segments.count == 2)
        #expect(links[1].handlers[0].target.segments.count == 2)
        if case .modal(.sheet, let name, _) = links[1].handlers[0].target.segments[0] { #expect(name.text == "ComposeStack") } else { Issue.record("modal") }
        #expect(links[2].handlers[0].requires != nil && links[2].handlers[0].otherwise != nil && links[2].handlers[0].keepModals)
        #expect(!links[0].handlers[0].keepModals && links[0].handlers[0].requires == nil)
        #expect(links[3].handlers[0].target.tab == nil && links[3].handlers[0].target.segments.count == 3)
        if case .column(let route, _) = links[3].handlers[0].target.segments[0] { #expect(route.screen.text == "RecipeList") } else { Issue.record("column") }
        #expect(links[4].handlers[0].target.tab == nil && links[4].handlers[0].target.segments.count == 1)
        #expect(links[5].handlers[0].target.tab == nil && links[5].handlers[0].target.segments.count == 2)
    }

    @Test func expressionPrecedenceFollowsSwift() {
        let kinds = declarations("app A\nassume a || b && !c == d")
        // a || (b && ((!c) == d))
        guard case .assume(.or(.name(let a), .and(.name(let b), .equal(.not(.name(let c), _), .name(let d))))) = kinds[0] else {
            Issue.record("wrong tree: \(kinds[0])")
            return
        }
        #expect([a, b, c, d].map(\.text) == ["a", "b", "c", "d"])
    }

    @Test func longDeclarationsContinueOnTheNextLine() {
        let kinds = declarations("""
            app A
            deeplink "r://x"
                -> home
                / Settings
                requires
                  loggedIn
            """)
        guard case .deeplink(let link) = kinds[0] else {
            Issue.record("expected a deeplink")
            return
        }
        #expect(link.handlers[0].target.segments.count == 1 && link.handlers[0].requires != nil)
    }

    @Test func keywordsMayNameParametersArgumentsAndCases() {
        let (_, diagnostics) = parse("""
            app A
            enum Kind { tab, sheet, id }
            screen Item(id: ItemID, kind: Kind) { push Item(id, tab) }
            """)
        #expect(diagnostics.isEmpty, "\(summaries(diagnostics))")
    }

    @Test func deeplyNestedConditionsAreRejectedNotOverflowed() {
        let bangs = String(repeating: "!", count: 100_000)
        let parens = String(repeating: "(", count: 100_000)
        let (_, first) = parse("app A\nassume \(bangs)x")
        let (_, second) = parse("app A\nassume \(parens)x")
        #expect(summaries(first).first?.contains("nested more than 200 levels") == true)
        #expect(summaries(second).first?.contains("nested more than 200 levels") == true)
    }
}
