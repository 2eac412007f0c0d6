#if SwiftSource
import NavFlowSource
import SwiftSyntax

/// Drafts a spec from a SwiftUI code base: the tab view and its tabs, the
/// navigation stacks with their roots and registered destinations, the
/// screens with what they push and present. What it cannot read (a push
/// whose value is computed, a URL handler, tabs built in a loop) is listed
/// as undecided, with where it is, never guessed.
public enum Extractor {
    /// The files are read in the order of their paths, so the draft does
    /// not depend on the order they are given in.
    public static func extract(_ sources: [SourceFile]) -> DraftSpec {
        var run = ExtractionRun(files: sources.sorted { $0.path < $1.path }.map(SwiftSourceFile.init))
        return run.draft()
    }
}

/// The containers drafted as stacks.
private let stackContainers: Set<String> = ["NavigationStack", "NavigationView"]

/// One extraction: the files, what is known across them, and the draft
/// as it is built.
private struct ExtractionRun {
    let files: [SwiftSourceFile]
    let facts: SourceFacts
    /// Each view type's declarations: the calls of its members and extensions, by file.
    let calls: [String: [(file: Int, call: FunctionCallExprSyntax)]]
    /// Per route type: each case's screen (the view its destination builds).
    var routeScreens: [String: [String: String]] = [:]
    var screens: [String: DraftSpec.Screen] = [:]
    var stacks: [DraftSpec.Stack] = []
    /// The stack drafted for each `NavigationStack` or `NavigationView` call.
    var stackOfCall: [SyntaxIdentifier: String] = [:]
    var undecided: [(note: String, citation: DraftSpec.Citation)] = []

    init(files: [SwiftSourceFile]) {
        self.files = files
        facts = SourceFacts(files)
        var calls: [String: [(file: Int, call: FunctionCallExprSyntax)]] = [:]
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls {
                guard let owner = call.enclosingTypeName else { continue }
                calls[owner, default: []].append((index, call))
            }
        }
        self.calls = calls
    }

    func cite(_ node: some SyntaxProtocol, in file: Int) -> DraftSpec.Citation {
        DraftSpec.Citation(file: files[file].path, line: files[file].line(of: node))
    }

    /// The view a view expression shows: the innermost call of a modifier
    /// chain, when it is a view type read from the sources.
    func viewName(of expression: ExprSyntax?) -> String? {
        guard let name = expression?.modifiedView?.calleeName, facts.isView(name) else { return nil }
        return name
    }

    /// The views a closure shows at its top level (each statement, each
    /// branch of an `if` or `switch`), with the case each is under.
    func shownViews(in closure: ClosureExprSyntax) -> [(view: String, node: Syntax, caseName: String?)] {
        var found: [(view: String, node: Syntax, caseName: String?)] = []
        func visit(_ items: CodeBlockItemListSyntax, caseName: String?) {
            for item in items {
                var expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                if let statement = item.item.as(ReturnStmtSyntax.self) { expression = statement.expression }
                if let switchExpression = expression?.as(SwitchExprSyntax.self) {
                    for switchCase in switchExpression.cases {
                        guard let switchCase = switchCase.as(SwitchCaseSyntax.self) else { continue }
                        let name = switchCase.label.as(SwitchCaseLabelSyntax.self)?.caseItems.first.flatMap { item in
                            CallVisitor.firstMember(in: item.pattern)
                        }
                        visit(switchCase.statements, caseName: name)
                    }
                } else if let ifExpression = expression?.as(IfExprSyntax.self) {
                    visit(ifExpression.body.statements, caseName: caseName)
                    if case .codeBlock(let block)? = ifExpression.elseBody { visit(block.statements, caseName: caseName) }
                } else if let view = viewName(of: expression), let expression {
                    found.append((view, Syntax(expression), caseName))
                } else if let call = expression?.as(FunctionCallExprSyntax.self), stackContainers.contains(call.calleeName ?? ""),
                          let inner = call.trailingClosure {
                    found += shownViews(in: inner)
                }
            }
        }
        visit(closure.statements, caseName: nil)
        return found
    }

    mutating func screen(_ name: String, at citation: DraftSpec.Citation) {
        if screens[name] == nil { screens[name] = DraftSpec.Screen(name: name, citation: citation) }
    }

    /// The navigationDestination calls a view registers, itself or through
    /// the modifiers it applies, and those of the views it shows.
    func registrations(from roots: [String], extra: [FunctionCallExprSyntax]) -> [FunctionCallExprSyntax] {
        var found = extra
        for (view, _) in facts.views(reachableFrom: Set(roots)) {
            for (_, call) in calls[view] ?? [] where !call.isInsidePresentation {
                found += registrations(of: call)
            }
        }
        var seen: Set<SyntaxIdentifier> = []
        return found.filter { seen.insert($0.id).inserted }
    }

    /// A call's own registrations: itself, or the body of the modifier it applies.
    func registrations(of call: FunctionCallExprSyntax, through seen: Set<String> = []) -> [FunctionCallExprSyntax] {
        if call.calleeName == "navigationDestination" { return [call] }
        guard let applied = call.appliedModifierName, !seen.contains(applied), let body = facts.modifierDeclarations[applied] else { return [] }
        return CallVisitor.calls(in: body).flatMap { registrations(of: $0, through: seen.union([applied])) }
    }

    mutating func draft() -> DraftSpec {
        // Destinations: each route case's view.
        var registrationsByCall: [SyntaxIdentifier: [(screen: String, citation: DraftSpec.Citation)]] = [:]
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "navigationDestination" {
                let route = call.argument("for")?.expression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
                var found: [(screen: String, citation: DraftSpec.Citation)] = []
                for closure in call.closures {
                    for shown in shownViews(in: closure) {
                        let citation = cite(shown.node, in: index)
                        screen(shown.view, at: citation)
                        if let route, let caseName = shown.caseName {
                            routeScreens[route, default: [:]][caseName] = shown.view
                            if screens[shown.view]?.route == nil { screens[shown.view]?.route = "\(route).\(caseName)" }
                        }
                        found.append((shown.view, citation))
                    }
                }
                if found.isEmpty {
                    undecided.append(("a destination whose view is not read", cite(call.nameNode, in: index)))
                }
                registrationsByCall[call.id] = found
            }
        }
        // Stacks.
        var stackNames: Set<String> = []
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where stackContainers.contains(call.calleeName ?? "") && call.modifier == nil {
                let owner = call.enclosingTypeName ?? "App"
                let citation = cite(call.calledExpression, in: index)
                let shown = call.trailingClosure.map(shownViews(in:)) ?? []
                let name = (facts.isView(owner) ? owner : shown.first?.view ?? "App") + "Stack"
                var unique = name
                var number = 2
                while stackNames.contains(unique) { unique = name + String(number); number += 1 }
                stackNames.insert(unique)
                // The root: the view the stack shows, or the view that builds the
                // stack when its content is written in place (a `List`, a `Form`).
                var root = shown.first?.view ?? owner
                let statements = call.trailingClosure?.statements
                let inPlace = statements?.count == 1
                    && statements?.first?.item.as(ExprSyntax.self)?.modifiedView?.calleeName?.first?.isUppercase == true
                if shown.isEmpty && (!facts.isView(owner) || !inPlace || call.isInsidePresentation) {
                    root = unique + "Root"
                    undecided.append(("the root view of a stack is not read (`\(call.trailingClosure?.statements.trimmedDescription.prefix(40) ?? "")`); its root is the placeholder '\(root)'", citation))
                }
                screen(root, at: shown.first.map { cite($0.node, in: index) } ?? citation)
                let inClosure = call.trailingClosure.map { CallVisitor.calls(in: $0).flatMap { registrations(of: $0) } } ?? []
                var destinations: [(screen: String, citation: DraftSpec.Citation)] = []
                for registration in registrations(from: shown.map(\.view), extra: inClosure) {
                    for destination in registrationsByCall[registration.id] ?? [] where !destinations.contains(where: { $0.screen == destination.screen }) {
                        destinations.append(destination)
                    }
                }
                stacks.append(DraftSpec.Stack(name: unique, root: root, destinations: destinations, citation: citation))
                stackOfCall[call.id] = unique
            }
        }
        let tabs = draftTabs()
        // Edges.
        for (view, list) in calls.sorted(by: { $0.key < $1.key }) {
            for (index, call) in list {
                if screens[view] != nil {
                    edges(of: call, in: index, for: view)
                } else if let modifier = call.modifier, presentationModifiers.contains(modifier.declName.baseName.text),
                          facts.isView(view) {
                    undecided.append(("a .\(modifier.declName.baseName.text) of '\(view)', which is not a screen (it holds the tab view or a stack): what presents it is not read",
                                      cite(call.nameNode, in: index)))
                }
            }
        }
        for name in screens.keys {
            screens[name]?.edges.sort { ($0.citation, $0.kind.rawValue, $0.target) < ($1.citation, $1.kind.rawValue, $1.target) }
        }
        let appName = mainAppName() ?? "App"
        var start: String?
        if tabs.tabs.isEmpty { start = stacks.first?.name ?? screens.keys.sorted().first }
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "onOpenURL" {
                undecided.append(("an onOpenURL handler: the URLs it accepts are not read yet; write its deep links by hand",
                                  cite(call.nameNode, in: index)))
            }
        }
        undecided.sort { ($0.citation, $0.note) < ($1.citation, $1.note) }
        return DraftSpec(appName: appName, screens: screens.values.sorted { ($0.citation, $0.name) < ($1.citation, $1.name) },
                         stacks: stacks, tabs: tabs.tabs, tabsCitation: tabs.citation, start: start,
                         undecided: undecided, fileCount: files.count)
    }

    /// The name of the `@main` app type, without a trailing `App`.
    func mainAppName() -> String? {
        for file in files {
            for decl in file.tree.statements.compactMap({ $0.item.as(StructDeclSyntax.self) })
            where decl.attributes.contains(named: "main") {
                let name = decl.name.text
                return name.hasSuffix("App") && name.count > 3 ? String(name.dropLast(3)) : name
            }
        }
        return nil
    }

    /// The tabs of the first tab view.
    mutating func draftTabs() -> (tabs: [DraftSpec.Tab], citation: DraftSpec.Citation?) {
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "TabView" && call.modifier == nil {
                guard let closure = call.trailingClosure else { continue }
                var tabs: [DraftSpec.Tab] = []
                for item in closure.statements {
                    guard let expression = item.item.as(ExprSyntax.self) else {
                        undecided.append(("a tab built by code that is not read", cite(item, in: index)))
                        continue
                    }
                    if let tab = draftTab(expression, in: index, number: tabs.count) {
                        tabs.append(tab)
                    } else {
                        undecided.append(("a tab built by code that is not read (`\(expression.trimmedDescription.prefix(40))`)",
                                          cite(expression, in: index)))
                    }
                }
                return (tabs, cite(call.calledExpression, in: index))
            }
        }
        return ([], nil)
    }

    /// One tab: `Content().tabItem { Label("Title", ...) }.tag(.x)` or
    /// `Tab("Title", ..., value: .x) { Content() }`.
    mutating func draftTab(_ expression: ExprSyntax, in index: Int, number: Int) -> DraftSpec.Tab? {
        var title: String?
        var tag: String?
        var content: String?
        var current: ExprSyntax? = expression
        while let call = current?.as(FunctionCallExprSyntax.self) {
            switch call.modifierName {
            case "tabItem"?:
                title = call.closures.first.flatMap(Self.firstString)
            case "tag"?:
                tag = call.arguments.first.flatMap { CallVisitor.firstMember(in: $0.expression) }
            case nil where call.calleeName == "Tab":
                title = call.arguments.first { $0.label == nil }.flatMap { Self.firstString(in: $0.expression) }
                tag = call.argument("value").flatMap { CallVisitor.firstMember(in: $0.expression) }
                content = call.trailingClosure.flatMap { shownViews(in: $0).first?.view }
            case nil:
                if let name = call.calleeName, facts.isView(name) { content = name }
            default:
                break
            }
            current = call.modified
        }
        guard let content else { return nil }
        let citation = cite(expression, in: index)
        var shown = content
        if let (_, _, container) = facts.container(shownBy: content), let stack = stackOfCall[container.id] {
            shown = stack
        } else {
            screen(content, at: citation)
        }
        let id = Self.identifier(tag ?? title ?? content, fallback: "tab\(number + 1)")
        return DraftSpec.Tab(id: id, title: title ?? content, content: shown, citation: citation)
    }

    /// The edges a call of `view`'s declarations gives.
    mutating func edges(of call: FunctionCallExprSyntax, in index: Int, for view: String) {
        let citation = cite(call.nameNode, in: index)
        func add(_ kind: DraftSpec.Edge.Kind, _ target: String) {
            guard var screen = screens[view] else { return }
            if !screen.edges.contains(where: { $0.kind == kind && $0.target == target }) {
                screen.edges.append(DraftSpec.Edge(kind: kind, target: target, citation: citation))
            }
            screens[view] = screen
        }
        switch call.modifierName ?? call.calleeName {
        case "NavigationLink"?:
            if let value = call.argument("value")?.expression {
                if let target = routeTarget(value) { add(.push, target) } else {
                    undecided.append(("a push whose value is not a route case (`\(value.trimmedDescription.prefix(40))`)", citation))
                }
            } else if let destination = call.viewLinkDestination {
                let targets = destination.as(ClosureExprSyntax.self).map { shownViews(in: $0).map(\.view) }
                    ?? viewName(of: destination.as(LabeledExprSyntax.self)?.expression).map { [$0] } ?? []
                for target in targets {
                    screen(target, at: citation)
                    add(.push, target)
                }
            }
        case "navigate"?, "append"?, "push"?:
            guard let value = call.arguments.first?.expression else { return }
            if let target = routeTarget(value) { add(.push, target) } else if call.calleeName != "append" || call.modified?.trimmedDescription.lowercased().contains("path") == true {
                undecided.append(("a push whose value is computed (`\(call.trimmedDescription.prefix(50))`)", citation))
            }
        case "sheet"?, "fullScreenCover"?, "popover"?:
            let kind: DraftSpec.Edge.Kind = call.modifierName == "sheet" ? .sheet : call.modifierName == "popover" ? .popover : .cover
            for closure in call.closures {
                let shown = shownViews(in: closure)
                if let stackCall = CallVisitor.calls(in: closure).first(where: { stackContainers.contains($0.calleeName ?? "") }),
                   let stack = stackOfCall[stackCall.id] {
                    add(kind, stack)
                } else if shown.isEmpty {
                    undecided.append(("a \(kind.rawValue) whose content is not read", citation))
                }
                else {
                    for item in shown {
                        screen(item.view, at: cite(item.node, in: index))
                        add(kind, item.view)
                    }
                }
            }
        case "dismiss"?:
            if call.arguments.isEmpty, call.modifier == nil, screens[view]?.dismisses == nil { screens[view]?.dismisses = citation }
        default:
            break
        }
    }

    /// The screen a route value leads to: `Route.post(id: 1)`, `.post(1)`.
    func routeTarget(_ value: ExprSyntax) -> String? {
        guard let caseName = CallVisitor.firstMember(in: value) else { return nil }
        var base: String?
        var current: ExprSyntax? = value
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) { current = call.calledExpression; continue }
            if let member = expression.as(MemberAccessExprSyntax.self) { base = member.base?.trimmedDescription; break }
            break
        }
        if let base, let screen = routeScreens[base]?[caseName] { return screen }
        let candidates = Set(routeScreens.values.compactMap { $0[caseName] })
        return candidates.count == 1 ? candidates.first : nil
    }

    /// The first string literal in a node.
    static func firstString(in node: some SyntaxProtocol) -> String? {
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .stringSegment(let text) = token.tokenKind { return text }
        }
        return nil
    }

    /// A NavFlow identifier from a tag or title: letters and digits, first letter lowercased.
    static func identifier(_ text: String, fallback: String) -> String {
        let words = text.split { !$0.isLetter && !$0.isNumber }
        guard let first = words.first, first.first?.isLetter == true else { return fallback }
        let joined = first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined
    }
}

extension CallVisitor {
    /// The first member name in an expression or pattern: `post` in
    /// `.post(let id)`, `Route.post(id: 1)` or `.timeline`.
    static func firstMember(in node: some SyntaxProtocol) -> String? {
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .period = token.tokenKind, let next = token.nextToken(viewMode: .sourceAccurate),
               case .identifier(let name) = next.tokenKind {
                // `Route.post`: the member after the type.
                if let after = next.nextToken(viewMode: .sourceAccurate), after.tokenKind == .period,
                   let member = after.nextToken(viewMode: .sourceAccurate), case .identifier(let deeper) = member.tokenKind {
                    return deeper
                }
                return name
            }
        }
        return nil
    }
}
#endif
