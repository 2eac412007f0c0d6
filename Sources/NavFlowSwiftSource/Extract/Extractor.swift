#if SwiftSource
import NavFlowSource
import SwiftSyntax

/// Drafts a spec from a SwiftUI code base: the tab view and its tabs, the
/// navigation stacks and split views with their roots, columns and
/// registered destinations, the screens with what they push and present,
/// and the deep links its URL handlers take. What it cannot read (a push
/// whose value is computed, a URL handler's branch it cannot write, tabs
/// built by code it does not read) is listed as undecided, with where it
/// is, never guessed.
public enum Extractor {
    /// The files are read in the order of their paths, so the draft does
    /// not depend on the order they are given in.
    /// `manifests` are the app's property lists (`Info.plist`,
    /// entitlements), read for the URL schemes it declares.
    public static func extract(_ sources: [SourceFile], manifests: [SourceFile] = []) -> DraftSpec {
        var run = ExtractionRun(files: sources.sorted { $0.path < $1.path }.map(SwiftSourceFile.init))
        return run.draft(manifests: manifests.sorted { $0.path < $1.path })
    }
}

/// The containers drafted as stacks.
private let stackContainers: Set<String> = ["NavigationStack", "NavigationView"]

/// One extraction: the files, what is known across them, and the draft
/// as it is built.
struct ExtractionRun {
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
    var presentations: [DraftSpec.Presentation] = []
    /// Per destination screen: the views its registration builds inside it
    /// (a wrapper's content closure), which are on the stack with it.
    var innerViews: [String: Set<String>] = [:]
    /// Per navigationDestination call: the screens it registers.
    var registrationsByCall: [SyntaxIdentifier: [(screen: String, citation: DraftSpec.Citation)]] = [:]
    /// Per view, the navigationDestination calls it makes itself or through modifiers, outside presentations.
    let ownRegistrations: [String: [FunctionCallExprSyntax]]
    /// Per stack whose root view was not read: what the draft says of it.
    var unreadRoots: [String: (note: String, citation: DraftSpec.Citation)] = [:]
    /// Stacks shared by an enum's tabs, each replaced by one stack per case.
    var droppedStacks: Set<String> = []
    /// Per drafted stack: the view that builds it, and its call.
    var stackCalls: [String: (owner: String, call: FunctionCallExprSyntax)] = [:]
    /// Per function name, the types of its parameters, in order (one list per declaration).
    let functionParameterTypes: [String: [[String?]]]
    /// Methods of the sources that present one route (`showImageViewer`): what and how.
    let presentingMethods: [String: (DraftSpec.Edge.Kind, ExprSyntax)]
    /// Per type, its stored properties' types.
    let memberTypes: [String: [String: String]]
    /// Per route enum, the enums its cases hand their views over to (`case .settings(let page): page.view()`).
    var nestedPages: [String: Set<String>] = [:]
    /// Per member that builds a route enum's views (`view`), the enums that have it.
    var pageMembers: [String: Set<String>] = [:]
    /// Per stored property or parameter name, the types the sources declare it with (`root: NavigationPage`).
    let propertyTypes: [String: [String]]
    /// Per function name, its declarations in the sources.
    let functionsByName: [String: [(declaration: FunctionDeclSyntax, file: Int)]]
    /// Per stored property or variable name, its initializer as written,
    /// and the strings it holds when it is a literal list of them.
    let propertyInitializers: [String: (text: String, literals: [String]?)]
    /// Per use of a stack wrapper (its call), the stack drafted for it.
    var stackOfUse: [SyntaxIdentifier: String] = [:]
    /// Each view type's assignments (`router.presentedSheet = .compose`), by file.
    let assignments: [String: [(file: Int, assignment: SequenceExprSyntax)]]
    /// The views whose swipe to dismiss is disabled, with where.
    var lockedViews: [String: DraftSpec.Citation] = [:]
    /// The split drafted for each `NavigationSplitView` call.
    var splitOfCall: [SyntaxIdentifier: String] = [:]
    var splits: [DraftSpec.Split] = []
    /// Per use of a view that builds a split from routes it is given, the split drafted for it.
    var splitOfUse: [SyntaxIdentifier: String] = [:]
    /// Per view that uses a stack wrapper (`NosNavigationStack { Feed() }`), its own stack.
    var stackOfWrapperUse: [String: String] = [:]

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
        // Each view's own registrations, outside what it presents: read once,
        // since every stack a view is on asks for them.
        var ownRegistrations: [String: [FunctionCallExprSyntax]] = [:]
        let facts = self.facts
        for (view, list) in calls {
            let found = list.filter { !$0.call.isInsidePresentation }.flatMap { Self.registrations(of: $0.call, facts: facts) }
            if !found.isEmpty { ownRegistrations[view] = found }
        }
        self.ownRegistrations = ownRegistrations
        var functionsByName: [String: [(declaration: FunctionDeclSyntax, file: Int)]] = [:]
        for (index, file) in files.enumerated() {
            for function in DeclVisitor<FunctionDeclSyntax>.all(in: file.tree) {
                functionsByName[function.name.text, default: []].append((function, index))
            }
        }
        self.functionsByName = functionsByName
        var assignments: [String: [(file: Int, assignment: SequenceExprSyntax)]] = [:]
        for (index, file) in files.enumerated() {
            for sequence in DeclVisitor<SequenceExprSyntax>.all(in: file.tree) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let owner = sequence.enclosingTypeName,
                      !file.index.isPreview(sequence.position.utf8Offset) else { continue }
                assignments[owner, default: []].append((index, sequence))
            }
        }
        self.assignments = assignments
        var propertyInitializers: [String: (text: String, literals: [String]?)] = [:]
        for file in files {
            for variable in file.index.variables {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value, propertyInitializers[name] == nil else { continue }
                    var literals: [String]?
                    if let array = value.as(ArrayExprSyntax.self) {
                        let texts = array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self).flatMap(URLHandlerReader.text(of:)) }
                        if texts.count == array.elements.count { literals = texts }
                    }
                    propertyInitializers[name] = (value.trimmedDescription, literals)
                }
            }
        }
        self.propertyInitializers = propertyInitializers
        var propertyTypes: [String: [String]] = [:]
        for file in files {
            for variable in file.index.variables {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let type = binding.typeAnnotation?.type.baseName else { continue }
                    propertyTypes[name, default: []].append(type)
                }
            }
        }
        var presentingMethods: [String: (DraftSpec.Edge.Kind, ExprSyntax)] = [:]
        for file in files {
            for call in file.index.appCalls {
                guard let name = call.modifierName ?? call.calleeName, let kind = Self.presentingCall(name),
                      let value = call.arguments.first?.expression, Self.isRouteCase(value) else { continue }
                var node = Syntax(call).parent
                while let current = node, !current.is(FunctionDeclSyntax.self) { node = current.parent }
                if let function = node?.as(FunctionDeclSyntax.self), Self.presentingCall(function.name.text) == nil {
                    presentingMethods[function.name.text] = (kind, value)
                }
            }
        }
        self.presentingMethods = presentingMethods
        var memberTypes: [String: [String: String]] = [:]
        for file in files {
            let blocks = file.index.structs.map { ($0.name.text, $0.memberBlock) } + file.index.classes.map { ($0.name.text, $0.memberBlock) }
            for (type, block) in blocks {
                for item in block.members {
                    guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                           let annotated = binding.typeAnnotation?.type.baseName {
                            memberTypes[type, default: [:]][name] = annotated
                        }
                    }
                }
            }
        }
        self.memberTypes = memberTypes
        var functionParameterTypes: [String: [[String?]]] = [:]
        for file in files {
            let parameters = ParameterTypes(viewMode: .sourceAccurate)
            parameters.walk(file.tree)
            for (name, type) in parameters.found { propertyTypes[name, default: []].append(type) }
            for (name, types) in parameters.functions { functionParameterTypes[name, default: []].append(types) }
        }
        self.functionParameterTypes = functionParameterTypes
        self.propertyTypes = propertyTypes
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
        shownViews(in: closure.statements)
    }

    /// The views statements show, as `shownViews(in:)` for a closure.
    func shownViews(in statements: CodeBlockItemListSyntax) -> [(view: String, node: Syntax, caseName: String?)] {
        var found: [(view: String, node: Syntax, caseName: String?)] = []
        // Names bound to a view by `if let view = CommentEditor(...)` (a failable init).
        var boundViews: [String: String] = [:]
        func visit(_ items: CodeBlockItemListSyntax, caseName: String?) {
            for item in items {
                var expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                if let statement = item.item.as(ReturnStmtSyntax.self) { expression = statement.expression }
                if let switchExpression = expression?.as(SwitchExprSyntax.self) {
                    for switchCase in Self.cases(of: switchExpression) {
                        let name = switchCase.label.as(SwitchCaseLabelSyntax.self)?.caseItems.first.flatMap { item in
                            CallVisitor.firstMember(in: item.pattern)
                        }
                        visit(switchCase.statements, caseName: name)
                    }
                } else if let ifExpression = expression?.as(IfExprSyntax.self) {
                    for condition in ifExpression.conditions {
                        if let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                           let view = viewName(of: binding.initializer?.value) {
                            boundViews[name] = view
                        }
                    }
                    visit(ifExpression.body.statements, caseName: caseName)
                    if case .codeBlock(let block)? = ifExpression.elseBody { visit(block.statements, caseName: caseName) }
                } else if let reference = expression?.as(DeclReferenceExprSyntax.self), let view = boundViews[reference.baseName.text] {
                    found.append((view, Syntax(reference), caseName))
                } else if let view = viewName(of: expression), let expression {
                    found.append((view, Syntax(expression), caseName))
                } else if let call = expression?.as(FunctionCallExprSyntax.self), stackContainers.contains(call.calleeName ?? ""),
                          let inner = call.trailingClosure {
                    found += shownViews(in: inner)
                }
            }
        }
        visit(statements, caseName: nil)
        return found
    }

    /// A switch's cases, those under `#if` included (every clause: a
    /// `#if DEBUG` case is code of the app).
    static func cases(of switchExpression: SwitchExprSyntax) -> [SwitchCaseSyntax] {
        func collect(_ list: SwitchCaseListSyntax) -> [SwitchCaseSyntax] {
            list.flatMap { element -> [SwitchCaseSyntax] in
                switch element {
                case .switchCase(let switchCase): [switchCase]
                case .ifConfigDecl(let config):
                    config.clauses.flatMap { clause -> [SwitchCaseSyntax] in
                        if case .switchCases(let nested)? = clause.elements { return collect(nested) }
                        return []
                    }
                }
            }
        }
        return collect(switchExpression.cases)
    }

    mutating func addRoute(_ route: String, to view: String) {
        if screens[view]?.routes.contains(route) == false { screens[view]?.routes.append(route) }
    }

    mutating func screen(_ name: String, at citation: DraftSpec.Citation) {
        if screens[name] == nil { screens[name] = DraftSpec.Screen(name: name, citation: citation) }
    }

    /// The navigationDestination calls a view registers, itself or through
    /// the modifiers it applies, and those of the views it shows.
    func registrations(from roots: [String], extra: [FunctionCallExprSyntax]) -> [FunctionCallExprSyntax] {
        var found = extra
        for (view, _) in facts.views(reachableFrom: Set(roots)) { found += ownRegistrations[view] ?? [] }
        var seen: Set<SyntaxIdentifier> = []
        return found.filter { seen.insert($0.id).inserted }
    }

    /// A call's own registrations: itself, or the body of the modifier it applies.
    func registrations(of call: FunctionCallExprSyntax) -> [FunctionCallExprSyntax] {
        Self.registrations(of: call, facts: facts)
    }

    static func registrations(of call: FunctionCallExprSyntax, facts: SourceFacts,
                              through seen: Set<String> = []) -> [FunctionCallExprSyntax] {
        if call.calleeName == "navigationDestination" { return [call] }
        guard let applied = call.appliedModifierName, !seen.contains(applied), let body = facts.modifierDeclarations[applied] else { return [] }
        return CallVisitor.calls(in: body).flatMap { registrations(of: $0, facts: facts, through: seen.union([applied])) }
    }

    mutating func draft(manifests: [SourceFile]) -> DraftSpec {
        // Destinations: each route case's view.
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
                            addRoute("\(route).\(caseName)", to: shown.view)
                        }
                        found.append((shown.view, citation))
                        // Views built inside the shown one's closures (`AuthorObservation { ProfileView() }`).
                        for inner in CallVisitor.calls(in: shown.node) where inner.modifier == nil {
                            if let name = inner.calleeName, name != shown.view, facts.isView(name) {
                                innerViews[shown.view, default: []].insert(name)
                            }
                        }
                    }
                }
                if found.isEmpty {
                    undecided.append(("a destination whose view is not read", cite(call.nameNode, in: index)))
                }
                registrationsByCall[call.id] = found
            }
        }
        pageViews()
        rootAlternatives()
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
                let inPlace = call.trailingClosure.map { Self.isWrittenInPlace($0.statements) } ?? false
                let unread = shown.isEmpty && (!facts.isView(owner) || !inPlace || call.isInsidePresentation)
                if unread {
                    root = unique + "Root"
                    unreadRoots[unique] = ("the root view of a stack is not read (`\(call.trailingClosure?.statements.trimmedDescription.prefix(40) ?? "")`); its root is the placeholder '\(root)'", citation)
                }
                screen(root, at: shown.first.map { cite($0.node, in: index) } ?? citation)
                if unread { screens[root]?.isPlaceholder = true }
                let inClosure = call.trailingClosure.map { CallVisitor.calls(in: $0).flatMap { registrations(of: $0) } } ?? []
                var destinations: [(screen: String, citation: DraftSpec.Citation)] = []
                for registration in registrations(from: shown.map(\.view), extra: inClosure) {
                    for destination in registrationsByCall[registration.id] ?? [] where !destinations.contains(where: { $0.screen == destination.screen }) {
                        destinations.append(destination)
                    }
                }
                stacks.append(DraftSpec.Stack(name: unique, root: root, destinations: destinations, citation: citation))
                stackOfCall[call.id] = unique
                stackCalls[unique] = (owner, call)
            }
        }
        wrapperStacks()
        draftSplits()
        var tabs = draftTabs()
        if tabs.tabs.isEmpty { tabs = customTabs() }
        // Edges, until no new screen turns up: a view a screen presents or
        // pushes is a screen whose own code gives edges.
        var read: Set<String> = []
        var readPresentations: Set<SyntaxIdentifier> = []
        var changed = true
        while changed {
            changed = false
            for (view, list) in calls.sorted(by: { $0.key < $1.key }) where !read.contains(view) && screens[view] != nil {
                read.insert(view)
                changed = true
                for (index, call) in list { edges(of: call, in: index, for: view) }
                for (index, assignment) in assignments[view] ?? [] { edges(of: assignment, in: index, for: view) }
            }
            if changed { continue }
            // Once no screen is left to read: the presentations of the views
            // that are not screens.
            for (view, list) in calls.sorted(by: { $0.key < $1.key }) where screens[view] == nil {
                for (index, call) in list {
                    // A router's presentation outside any screen (an action type, a model).
                    if let name = call.modifierName ?? call.calleeName, let (kind, target) = routerPresentation(call, named: name),
                       readPresentations.insert(call.id).inserted {
                        presentations.append(DraftSpec.Presentation(kind: kind, target: target, citation: cite(call.nameNode, in: index),
                                                                    presentedRoute: presentedRoute(call, named: name)))
                        continue
                    }
                    guard let modifier = call.modifier, presentationModifiers.contains(modifier.declName.baseName.text),
                          readPresentations.insert(call.id).inserted else { continue }
                    // A presentation on a view that is not a screen (it holds the tab
                    // view or a stack) or in a view modifier: app-wide, driven by a router.
                    let before = screens.count
                    let shown = presented(by: call, in: index)
                    if screens.count > before { changed = true }
                    var named: [String] = []
                    for target in shown where !named.contains(target) { named.append(target) }
                    let targets = named.isEmpty ? "" : " showing \(named.map { "'\($0)'" }.joined(separator: ", "))"
                    let owner = facts.isView(view) ? "'\(view)', which is not a screen (it holds the tab view or a stack)" : "'\(view)'"
                    undecided.append(("a .\(modifier.declName.baseName.text)\(targets) on \(owner): what presents it is not read",
                                      cite(call.nameNode, in: index)))
                }
            }
        }
        layerSheets()
        // A view a view-based link pushes is shown by every stack the link
        // is on: registered there, citing the link.
        // Every view on a stack registers its destinations there: the root,
        // what it pushes and what the destinations show (a profile page
        // registering its followers list).
        for index in stacks.indices {
            var registered = Set(stacks[index].destinations.map(\.screen))
            var queue = [stacks[index].root] + stacks[index].destinations.map(\.screen)
            var seen = Set(queue)
            while let current = queue.popLast() {
                // A view that shows whatever route it holds (`frame.page.view()`):
                // every view of that route enum is shown on the stack.
                for (file, call) in calls[current] ?? [] {
                    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), call.arguments.isEmpty,
                          let types = pageMembers[member.declName.baseName.text], let base = member.base,
                          let type = valueTypes(of: base, in: current).first(where: types.contains) else { continue }
                    for view in pageViews(of: type).sorted() {
                        stacks[index].viewLinked.remove(view)
                        guard registered.insert(view).inserted else { continue }
                        stacks[index].destinations.append((view, cite(call, in: file)))
                        if seen.insert(view).inserted { queue.append(view) }
                    }
                }
                for registration in registrations(from: [current] + (innerViews[current] ?? []).sorted(), extra: []) {
                    for destination in registrationsByCall[registration.id] ?? [] {
                        // A registration found after a view-destination link to the same view:
                        // the stack registers it after all.
                        stacks[index].viewLinked.remove(destination.screen)
                        guard registered.insert(destination.screen).inserted else { continue }
                        stacks[index].destinations.append(destination)
                        if seen.insert(destination.screen).inserted { queue.append(destination.screen) }
                    }
                }
                for edge in screens[current]?.edges ?? [] where edge.kind == .push {
                    // A view-destination link shows its view on the stack without a registration.
                    if edge.carriesItsView, registered.insert(edge.target).inserted {
                        stacks[index].destinations.append((edge.target, edge.citation))
                        stacks[index].viewLinked.insert(edge.target)
                    }
                    if seen.insert(edge.target).inserted { queue.append(edge.target) }
                }
            }
        }
        for name in screens.keys {
            screens[name]?.edges.sort { ($0.citation, $0.kind.rawValue, $0.target) < ($1.citation, $1.kind.rawValue, $1.target) }
        }
        for (view, citation) in lockedViews { screens[view]?.locked = citation }
        stacks.removeAll { droppedStacks.contains($0.name) }
        for stack in droppedStacks { screens[stack + "Root"] = nil }
        // A stack whose root was not read is undecided, unless a stack per
        // case or per use took its place.
        undecided += unreadRoots.filter { !droppedStacks.contains($0.key) }.map(\.value)
        let appName = mainAppName() ?? "App"
        var start: String?
        // Without tabs, the app starts on its split view (the container of the
        // others), else on its first stack.
        if tabs.tabs.isEmpty { start = splits.first?.name ?? stacks.first?.name ?? screens.keys.sorted().first }
        var urlHandlers: [DraftSpec.Citation] = []
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "onOpenURL" { urlHandlers.append(cite(call.nameNode, in: index)) }
        }
        let declared = URLDeclarations(manifests).declarations.filter { $0.kind == .scheme }
        let deepLinks = readURLHandlers(declaredSchemes: declared.map { ($0.value, $0.citation) }, tabs: tabs.tabs)
        if let unknown = declared.first(where: { $0.value == "*" }), !urlHandlers.isEmpty {
            undecided.append(("a URL scheme the build configuration sets: its links are not drafted", unknown.citation))
        }
        undecided.sort { ($0.citation, $0.note) < ($1.citation, $1.note) }
        return DraftSpec(appName: appName, screens: screens.values.sorted { ($0.citation, $0.name) < ($1.citation, $1.name) },
                         stacks: stacks, splits: splits, tabs: tabs.tabs, tabsCitation: tabs.citation, start: start,
                         undecided: undecided, presentations: presentations.sorted { ($0.citation, $0.target) < ($1.citation, $1.target) },
                         urlHandlers: urlHandlers, urlWords: urlWords(), deepLinks: deepLinks,
                         schemeCitations: Dictionary(declared.map { ($0.value, $0.citation) }, uniquingKeysWith: { first, _ in first }),
                         fileCount: files.count)
    }

    /// Whether a stack's content is written in place: every view it shows
    /// is built there (`ZStack { ... }`, `List { ... }`, a local `let`
    /// holding one), in every branch, rather than taken from a value
    /// (`sheet.view`, `tab.rootView`).
    static func isWrittenInPlace(_ statements: CodeBlockItemListSyntax) -> Bool {
        var locals: Set<String> = []
        func inPlace(_ items: CodeBlockItemListSyntax) -> Bool {
            for item in items {
                if let declaration = item.item.as(VariableDeclSyntax.self) {
                    for binding in declaration.bindings { locals.insert(binding.pattern.trimmedDescription) }
                    continue
                }
                var expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                if let returned = item.item.as(ReturnStmtSyntax.self) { expression = returned.expression }
                guard var base = expression else { return false }
                while let call = base.as(FunctionCallExprSyntax.self), let modified = call.modified { base = modified }
                if let ifExpression = base.as(IfExprSyntax.self) {
                    guard inPlace(ifExpression.body.statements) else { return false }
                    if case .codeBlock(let block)? = ifExpression.elseBody, !inPlace(block.statements) { return false }
                    if case .ifExpr(let nested)? = ifExpression.elseBody,
                       !inPlace(CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(ExprSyntax(nested)))])) { return false }
                } else if let switchExpression = base.as(SwitchExprSyntax.self) {
                    for switchCase in cases(of: switchExpression) where !inPlace(switchCase.statements) { return false }
                } else if let call = base.as(FunctionCallExprSyntax.self) {
                    guard call.calleeName?.first?.isUppercase == true else { return false }
                } else if let reference = base.as(DeclReferenceExprSyntax.self) {
                    guard locals.contains(reference.baseName.text) else { return false }
                } else {
                    return false
                }
            }
            return true
        }
        return inPlace(statements)
    }

    /// The views the app's root shows one at a time for its states
    /// (`switch appState { case .loading: SplashView() ... }` in the view
    /// the `WindowGroup` shows, or in the `WindowGroup` itself): each is a
    /// screen. What moves the app between them is data, so it is listed
    /// as undecided.
    mutating func rootAlternatives() {
        guard let (appFile, app) = files.enumerated().lazy.compactMap({ index, file in
            file.tree.statements.lazy.compactMap { $0.item.as(StructDeclSyntax.self) }
                .first { $0.attributes.contains(named: "main") }.map { (index, $0) }
        }).first else { return }
        var found: [(view: String, node: Syntax, file: Int)] = []
        var seen: Set<String> = []
        func walk(_ items: CodeBlockItemListSyntax, in file: Int, depth: Int) {
            guard depth < 8 else { return }
            for item in items {
                var expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                if let returned = item.item.as(ReturnStmtSyntax.self) { expression = returned.expression }
                guard var base = expression else { continue }
                while let call = base.as(FunctionCallExprSyntax.self), let modified = call.modified { base = modified }
                if let ifExpression = base.as(IfExprSyntax.self) {
                    walk(ifExpression.body.statements, in: file, depth: depth + 1)
                    if case .codeBlock(let block)? = ifExpression.elseBody { walk(block.statements, in: file, depth: depth + 1) }
                } else if let switchExpression = base.as(SwitchExprSyntax.self) {
                    for switchCase in Self.cases(of: switchExpression) { walk(switchCase.statements, in: file, depth: depth + 1) }
                } else if let call = base.as(FunctionCallExprSyntax.self), let name = call.calleeName {
                    if facts.isView(name) {
                        if seen.insert(name).inserted { found.append((name, Syntax(call), file)) }
                    } else if name.first?.isUppercase == true, let closure = call.trailingClosure {
                        walk(closure.statements, in: file, depth: depth + 1)
                    }
                }
            }
        }
        // The scene's content, then the body of the view it shows.
        for call in files[appFile].index.appCalls where call.calleeName == "WindowGroup" && call.enclosingTypeName == app.name.text {
            if let closure = call.trailingClosure { walk(closure.statements, in: appFile, depth: 0) }
        }
        if found.count == 1, let root = found.first {
            found = []
            seen = [root.view]
            for (index, file) in files.enumerated() {
                for declaration in file.index.structs where declaration.name.text == root.view {
                    for member in declaration.memberBlock.members {
                        guard let variable = member.decl.as(VariableDeclSyntax.self),
                              variable.bindings.first?.pattern.trimmedDescription == "body",
                              let accessor = variable.bindings.first?.accessorBlock else { continue }
                        if case .getter(let statements) = accessor.accessors { walk(statements, in: index, depth: 0) }
                    }
                }
            }
        }
        guard found.count >= 2 else { return }
        for alternative in found where screens[alternative.view] == nil && facts.container(shownBy: alternative.view) == nil
            && !calls[alternative.view, default: []].contains(where: { $0.call.calleeName == "TabView" }) {
            let citation = cite(alternative.node, in: alternative.file)
            screen(alternative.view, at: citation)
            undecided.append(("'\(alternative.view)' is one of the views the app's root shows for its state: what switches to it is not read", citation))
        }
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
        // The first tab view of the app whose tabs are read; a paging
        // `TabView` (`.tabViewStyle(.page)`) is a carousel, not tabs.
        let kept = undecided
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "TabView" && call.modifier == nil {
                guard let closure = call.trailingClosure, !Self.isPaging(call) else { continue }
                undecided = kept
                var tabs: [DraftSpec.Tab] = []
                // Tabs shown under a condition (`if let user { HomeTab() ... }`) are tabs too.
                var items = Array(closure.statements)
                var position = 0
                while position < items.count {
                    let item = items[position]
                    position += 1
                    let statement = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
                    if let ifExpression = statement?.as(IfExprSyntax.self) {
                        var branches = Array(ifExpression.body.statements)
                        if case .codeBlock(let block)? = ifExpression.elseBody { branches += Array(block.statements) }
                        items.insert(contentsOf: branches, at: position)
                        continue
                    }
                    if let loop = enumLoop(item.item.as(ExprSyntax.self)) {
                        for caseName in loop.cases {
                            if let tab = draftTab(loop.body, in: index, number: tabs.count,
                                                  binding: CaseBinding(variable: loop.variable, type: loop.type, caseName: caseName)) {
                                tabs.append(tab)
                            } else {
                                undecided.append(("a tab built for case '\(caseName)' of '\(loop.type)' by code that is not read (`\(loop.body.trimmedDescription.prefix(40))`)",
                                                  cite(loop.body, in: index)))
                            }
                        }
                        continue
                    }
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
                if tabs.isEmpty { continue }
                return (tabs, cite(call.calledExpression, in: index))
            }
        }
        undecided = kept
        return ([], nil)
    }

    /// Whether a `TabView` call is styled as pages.
    static func isPaging(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent?.as(MemberAccessExprSyntax.self), let applied = parent.parent?.as(FunctionCallExprSyntax.self) {
            if parent.declName.baseName.text == "tabViewStyle", applied.arguments.trimmedDescription.contains("page") { return true }
            node = Syntax(applied)
        }
        return false
    }

    /// A tab built for one case of an enum, in `ForEach(AppTab.allCases) { tab in ... }`:
    /// the loop's variable stands for the case.
    struct CaseBinding {
        var variable: String
        var type: String
        var caseName: String
    }

    /// `ForEach(E.allCases) { v in BODY }` (or `ForEach(E.allCases, id: \.self)`)
    /// over an enum of the sources: its variable, the enum's cases and the body.
    func enumLoop(_ expression: ExprSyntax?) -> (variable: String, type: String, cases: [String], body: ExprSyntax)? {
        guard let call = expression?.modifiedView, call.calleeName == "ForEach",
              let collection = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
              collection.declName.baseName.text == "allCases", let type = collection.base?.trimmedDescription,
              let cases = enumCases(type), let closure = call.trailingClosure,
              let body = closure.statements.first?.item.as(ExprSyntax.self) else { return nil }
        let variable = closure.signature?.parameterClause.flatMap { clause -> String? in
            if case .simpleInput(let names) = clause { return names.first?.name.text }
            if case .parameterClause(let parameters) = clause { return parameters.parameters.first?.firstName.text }
            return nil
        } ?? "$0"
        return (variable, type, cases, body)
    }

    /// Route enums that build their own views: a member of the enum (or
    /// of an extension) that returns `some View` by switching over `self`
    /// (`NavigationPage.view()`, `SheetDestination.content`). Each case's
    /// view is a screen that the route leads to, whether a
    /// `navigationDestination` or a router shows it; a case that hands
    /// over to another enum's member (`page.view()`) leads to that enum's views.
    mutating func pageViews() {
        var members: [(type: String, member: String, node: Syntax)] = []
        for file in files {
            let blocks = file.index.enums.map { ($0.name.text, $0.memberBlock) }
                + file.index.extensions.map { ($0.extendedType.trimmedDescription, $0.memberBlock) }
            for (type, block) in blocks where enumCases(type) != nil {
                for item in block.members {
                    if let variable = item.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                       binding.typeAnnotation?.type.trimmedDescription.hasSuffix("View") == true {
                        members.append((type, binding.pattern.trimmedDescription, Syntax(variable)))
                    } else if let function = item.decl.as(FunctionDeclSyntax.self),
                              function.signature.returnClause?.type.trimmedDescription.hasSuffix("View") == true {
                        members.append((type, function.name.text, Syntax(function)))
                    }
                }
            }
        }
        for (type, member, node) in members {
            pageMembers[member, default: []].insert(type)
            guard let file = fileIndex(of: node) else { continue }
            for (caseName, body) in caseBodies(of: type, member: member).sorted(by: { $0.key < $1.key }) {
                guard let shown = shownViews(in: body).first else {
                    // `case .settings(let page): page.view()`: the case hands over to
                    // the enum of its associated value.
                    if CallVisitor.calls(in: body).contains(where: { $0.calleeName == member || $0.modifierName == member }) {
                        nestedPages[type, default: []].formUnion(associatedTypes(of: type, case: caseName))
                    }
                    continue
                }
                screen(shown.view, at: cite(shown.node, in: file))
                if routeScreens[type]?[caseName] == nil { routeScreens[type, default: [:]][caseName] = shown.view }
                addRoute("\(type).\(caseName)", to: shown.view)
            }
        }
    }

    /// Views that wrap a stack around content they are given
    /// (`struct AppStack<Content: View>: View { ... NavigationStack { content() } }`):
    /// each use of the wrapper is a stack of its own, rooted at the view the
    /// use gives, registering what the wrapper registers. The wrapper's own
    /// stack, whose root is the placeholder, is dropped once a use stands for it.
    mutating func wrapperStacks() {
        var stackNames = Set(stacks.map(\.name))
        for (index, stack) in stacks.enumerated() where screens[stack.root]?.isPlaceholder == true {
            guard let (wrapper, call) = stackCalls[stack.name], facts.isView(wrapper) else { continue }
            // `NavigationStack { content() }`, or `NavigationStack(root: root)`
            // with the wrapper's stored closure.
            if let first = call.trailingClosure?.statements.first?.item.as(ExprSyntax.self) {
                var base = first
                while let modified = base.as(FunctionCallExprSyntax.self)?.modified { base = modified }
                guard let content = base.as(FunctionCallExprSyntax.self), content.arguments.isEmpty,
                      content.calledExpression.is(DeclReferenceExprSyntax.self),
                      content.calleeName?.first?.isLowercase == true else { continue }
            } else {
                guard let root = call.argument("root")?.expression.as(DeclReferenceExprSyntax.self),
                      root.baseName.text.first?.isLowercase == true else { continue }
            }
            var used = false
            for (fileIndex, file) in files.enumerated() {
                for use in file.index.appCalls where use.calleeName == wrapper && use.modifier == nil {
                    guard let owner = use.enclosingTypeName, owner != wrapper else { continue }
                    // The view the use gives, the using view itself when the content is
                    // written in place, or the view of the route it names as its root
                    // (`AppLayerView(layer: .init(root: .inbox))`).
                    let root: String
                    if let closure = use.closures.first, let shown = shownViews(in: closure).first {
                        root = shown.view
                        screen(root, at: cite(shown.node, in: fileIndex))
                    } else if let closure = use.closures.first, facts.isView(owner), Self.isWrittenInPlace(closure.statements) {
                        root = owner
                        screen(root, at: cite(use.calledExpression, in: fileIndex))
                    } else if use.closures.isEmpty, let routed = rootRoute(of: use) {
                        root = routed
                    } else {
                        continue
                    }
                    var name = owner + "Stack"
                    var number = 2
                    while stackNames.contains(name) { name = owner + "Stack" + String(number); number += 1 }
                    stackNames.insert(name)
                    stacks.append(DraftSpec.Stack(name: name, root: root, destinations: stacks[index].destinations,
                                                  citation: cite(use.calledExpression, in: fileIndex)))
                    if stackOfWrapperUse[owner] == nil { stackOfWrapperUse[owner] = name }
                    stackOfUse[use.id] = name
                    used = true
                }
            }
            if used { droppedStacks.insert(stack.name) }
        }
    }

    /// The types of a case's associated values, as declared.
    func associatedTypes(of type: String, case caseName: String) -> [String] {
        for file in files {
            for declaration in file.index.enums where declaration.name.text == type {
                for member in declaration.memberBlock.members {
                    for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] where element.name.text == caseName {
                        return element.parameterClause?.parameters.compactMap { $0.type.baseName } ?? []
                    }
                }
            }
        }
        return []
    }

    /// The default value of a case's first associated value (`case settings(_ page: SettingsPage = .root)`).
    func associatedDefault(of type: String, case caseName: String) -> ExprSyntax? {
        for file in files {
            for declaration in file.index.enums where declaration.name.text == type {
                for member in declaration.memberBlock.members {
                    for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] where element.name.text == caseName {
                        return element.parameterClause?.parameters.first?.defaultValue?.value
                    }
                }
            }
        }
        return nil
    }

    /// The views of a route enum's cases, with those of the enums its cases hand over to.
    func pageViews(of type: String, seen: Set<String> = []) -> Set<String> {
        guard !seen.contains(type) else { return [] }
        var views = Set((routeScreens[type] ?? [:]).values)
        for nested in nestedPages[type] ?? [] { views.formUnion(pageViews(of: nested, seen: seen.union([type]))) }
        return views
    }

    /// The types an expression may have, from the declarations read: `page`
    /// (a property of `owner`), `frame.page` (the property `page` of
    /// `frame`'s type).
    func valueTypes(of expression: ExprSyntax, in owner: String) -> [String] {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let type = memberTypes[owner]?[name] { return [type] }
            return propertyTypes[name] ?? []
        }
        guard let access = expression.as(MemberAccessExprSyntax.self), let base = access.base else { return [] }
        let name = access.declName.baseName.text
        return valueTypes(of: base, in: owner).compactMap { memberTypes[$0]?[name] }
    }

    /// The view of the route a call names as `root:`, at any depth of its arguments.
    func rootRoute(of call: FunctionCallExprSyntax) -> String? {
        for node in call.arguments.tokens(viewMode: .sourceAccurate) where node.text == "root" {
            guard let labeled = node.parent?.as(LabeledExprSyntax.self), labeled.label?.text == "root",
                  Self.isRouteCase(labeled.expression) else { continue }
            return routeTarget(labeled.expression)
        }
        return nil
    }

    /// A tab bar of the app's own (`CustomTabView(tabs: [TabItem(.feed) { Feed() }, ...])`):
    /// an argument `tabs:` listing calls that each name a case first and
    /// build their content in a closure.
    mutating func customTabs() -> (tabs: [DraftSpec.Tab], citation: DraftSpec.Citation?) {
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls {
                guard let list = call.argument("tabs")?.expression.as(ArrayExprSyntax.self),
                      list.elements.allSatisfy({ $0.expression.is(FunctionCallExprSyntax.self) }), !list.elements.isEmpty
                else { continue }
                var tabs: [DraftSpec.Tab] = []
                for element in list.elements {
                    guard let item = element.expression.as(FunctionCallExprSyntax.self),
                          let first = item.arguments.first, first.label == nil, Self.isRouteCase(first.expression),
                          let caseName = CallVisitor.firstMember(in: first.expression),
                          let closure = item.closures.first else { continue }
                    let citation = cite(item, in: index)
                    let id = Self.identifier(caseName, fallback: "tab\(tabs.count + 1)")
                    let uses = stackOfUse, splitUses = splitOfUse
                    var content = CallVisitor.calls(in: closure).lazy.compactMap { splitUses[$0.id] ?? uses[$0.id] }.first
                    if content == nil, let view = shownViews(in: closure).first {
                        content = view.view
                        screen(view.view, at: cite(view.node, in: index))
                    }
                    guard let content else {
                        undecided.append(("tab '\(id)' of a tab bar of the app's own shows nothing the sources declare (`\(closure.statements.trimmedDescription.prefix(40))`)", citation))
                        continue
                    }
                    tabs.append(DraftSpec.Tab(id: id, title: caseName, content: content, citation: citation))
                }
                if !tabs.isEmpty { return (tabs, cite(call.calledExpression, in: index)) }
            }
        }
        return ([], nil)
    }

    /// The words the code compares URLs' parts with (`URLVocabulary`), each once, at its first place.
    func urlWords() -> [(text: String, citation: DraftSpec.Citation)] {
        var seen: Set<String> = []
        var words: [(text: String, citation: DraftSpec.Citation)] = []
        for word in URLVocabulary.words(in: files) where seen.insert(word.text).inserted {
            words.append((word.text, word.citation))
        }
        return words
    }

    /// The number of the file a node is in.
    func fileIndex(of node: Syntax) -> Int? {
        let root = node.root.id
        return files.firstIndex { Syntax($0.tree).id == root }
    }

    /// The tab whose stack is bound to the path of the router named `name`
    /// (`timeline` for `NavigationStack(path: $tabs.timeline.path)`).
    func tabOfPath(named name: String, tabs: [DraftSpec.Tab]) -> String? {
        let bound = stacks.filter { stack in
            guard let path = stackCalls[stack.name]?.call.argument("path")?.expression else { return false }
            return path.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
        }
        guard bound.count == 1 else { return nil }
        return tabs.first { $0.content == bound[0].name }?.id
    }

    /// What a presentation bound to a property shows for one of its cases:
    /// `presentedSheet = .compose` with `.sheet(item: $router.presentedSheet)
    /// { sheet in switch sheet { case .compose: ComposeView() } }`.
    func presentedByItem(property: String, value: ExprSyntax) -> (DraftSpec.Edge.Kind, String)? {
        guard !property.isEmpty, let caseName = CallVisitor.firstMember(in: value) else { return nil }
        var found: [(DraftSpec.Edge.Kind, String)] = []
        for file in files {
            for call in file.index.appCalls where presentationModifiers.contains(call.modifierName ?? "") {
                guard let item = call.argument("item")?.expression ?? call.argument("isPresented")?.expression,
                      item.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == property }) else { continue }
                for closure in call.closures {
                    for shown in shownViews(in: closure) where shown.caseName == caseName {
                        found.append((Self.presentationKind(of: call), shown.view))
                    }
                }
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// `NavigationSplitView { sidebar } content: { ... } detail: { ... }`:
    /// one `split` per call, named after the view that builds it, each
    /// column the stack its closure builds (or a view it shows builds),
    /// else the view it shows; a column that shows neither is a
    /// placeholder screen, listed as undecided. What a sidebar selects
    /// into the next column (`List(selection:)`) is not read.
    mutating func draftSplits() {
        var names: Set<String> = Set(stacks.map(\.name))
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "NavigationSplitView" && call.modifier == nil {
                let owner = call.enclosingTypeName.flatMap { facts.isView($0) ? $0 : nil } ?? "App"
                var name = owner + "Split"
                var number = 2
                while names.contains(name) { name = owner + "Split" + String(number); number += 1 }
                names.insert(name)
                var closures: [(role: String, closure: ClosureExprSyntax)] = []
                for argument in call.arguments {
                    if let label = argument.label?.text, ["sidebar", "content", "detail"].contains(label),
                       let closure = argument.expression.as(ClosureExprSyntax.self) {
                        closures.append((label, closure))
                    }
                }
                if let trailing = call.trailingClosure, !closures.contains(where: { $0.role == "sidebar" }) {
                    closures.append(("sidebar", trailing))
                }
                for extra in call.additionalTrailingClosures where ["content", "detail"].contains(extra.label.text) {
                    closures.append((extra.label.text, extra.closure))
                }
                let citation = cite(call.calledExpression, in: index)
                var columns: [DraftSpec.Split.Column] = []
                var notes: [(note: String, citation: DraftSpec.Citation)] = []
                var placeholders: Set<String> = []
                for role in ["sidebar", "content", "detail"] {
                    guard let closure = closures.first(where: { $0.role == role })?.closure else { continue }
                    let columnCitation = cite(closure, in: index)
                    if let shown = splitColumn(closure) {
                        columns.append(.init(role: role, content: shown, citation: columnCitation))
                    } else {
                        let placeholder = name + role.prefix(1).uppercased() + role.dropFirst()
                        placeholders.insert(placeholder)
                        notes.append(("the \(role) of a split view shows no view of the sources (`\(closure.statements.trimmedDescription.prefix(40))`); it is the placeholder '\(placeholder)'", columnCitation))
                        columns.append(.init(role: role, content: placeholder, citation: columnCitation))
                    }
                }
                guard columns.contains(where: { $0.role == "sidebar" }), columns.contains(where: { $0.role == "detail" }) else {
                    undecided.append(("a split view whose columns are not read", citation))
                    continue
                }
                let split = DraftSpec.Split(name: name, columns: columns, citation: citation)
                // A view given its columns' routes gives one split per use instead.
                if splitsPerUse(of: owner, split: split, closures: closures, names: &names) { continue }
                for column in columns where !stacks.contains(where: { $0.name == column.content }) {
                    screen(column.content, at: column.citation)
                    if placeholders.contains(column.content) { screens[column.content]?.isPlaceholder = true }
                }
                undecided += notes
                splits.append(split)
                splitOfCall[call.id] = name
                undecided.append(("what the columns of '\(name)' select into the next one is not read: write its `select` edges by hand", citation))
            }
        }
    }

    /// A split whose view is given its columns' routes (`SplitRoot(sidebar:
    /// .subscriptions, root: .feeds())`, a column showing `sidebar.view()`,
    /// the detail a stack wrapper rooted at `root`): one split per use of
    /// the view, its columns the routes' views and a stack per use, the
    /// view's own split then dropped.
    mutating func splitsPerUse(of owner: String, split: DraftSpec.Split, closures: [(role: String, closure: ClosureExprSyntax)],
                               names: inout Set<String>) -> Bool {
        // Per column: the stored property whose route it shows, or the wrapper stack it shows.
        var routedBy: [String: String] = [:]
        var wrapped: [String: DraftSpec.Stack] = [:]
        for (role, closure) in closures {
            guard let first = closure.statements.first?.item.as(ExprSyntax.self) else { continue }
            var base = first
            while let modified = base.as(FunctionCallExprSyntax.self)?.modified, modified.is(FunctionCallExprSyntax.self) { base = modified }
            if let call = base.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               let property = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, memberTypes[owner]?[property] != nil {
                routedBy[role] = property
            } else if let view = shownViews(in: closure).first?.view, let (_, _, container) = facts.container(shownBy: view),
                      let stack = stackOfCall[container.id], droppedStacks.contains(stack),
                      let shared = stacks.first(where: { $0.name == stack }) {
                wrapped[role] = shared
            }
        }
        guard !routedBy.isEmpty || !wrapped.isEmpty else { return false }
        var used = false
        for (fileIndex, file) in files.enumerated() {
            for use in file.index.appCalls where use.calleeName == owner && use.modifier == nil {
                guard let user = use.enclosingTypeName, user != owner else { continue }
                let useCitation = cite(use.calledExpression, in: fileIndex)
                var columns: [DraftSpec.Split.Column] = []
                for column in split.columns {
                    if let property = routedBy[column.role] {
                        guard let value = use.argument(property)?.expression, let view = routeTarget(value) else { columns = []; break }
                        columns.append(.init(role: column.role, content: view, citation: useCitation))
                    } else if let shared = wrapped[column.role] {
                        guard let root = rootRoute(of: use) else { columns = []; break }
                        var stackName = user + "Stack"
                        var number = 2
                        while names.contains(stackName) { stackName = user + "Stack" + String(number); number += 1 }
                        names.insert(stackName)
                        stacks.append(DraftSpec.Stack(name: stackName, root: root, destinations: shared.destinations, citation: useCitation))
                        columns.append(.init(role: column.role, content: stackName, citation: useCitation))
                    } else {
                        columns.append(column)
                    }
                }
                guard !columns.isEmpty else { continue }
                var name = user + "Split"
                var number = 2
                while names.contains(name) { name = user + "Split" + String(number); number += 1 }
                names.insert(name)
                splits.append(DraftSpec.Split(name: name, columns: columns, citation: useCitation))
                splitOfUse[use.id] = name
                undecided.append(("what the columns of '\(name)' select into the next one is not read: write its `select` edges by hand", useCitation))
                used = true
            }
        }
        return used
    }

    /// What a split's column closure shows: the stack it builds (a
    /// `NavigationStack`, a wrapper's use, or one a view it shows builds),
    /// else the first view it shows.
    func splitColumn(_ closure: ClosureExprSyntax) -> String? {
        for call in CallVisitor.calls(in: closure) {
            if let stack = stackOfCall[call.id] ?? stackOfUse[call.id], !droppedStacks.contains(stack) { return stack }
        }
        guard let view = shownViews(in: closure).first?.view else { return nil }
        if let stack = stackOfWrapperUse[view] { return stack }
        if let (_, _, container) = facts.container(shownBy: view), let stack = stackOfCall[container.id], !droppedStacks.contains(stack) {
            return stack
        }
        return view
    }

    /// Whether the content of a drafted tab is a stack.
    func tabHasStack(_ id: String, tabs: [DraftSpec.Tab]) -> Bool {
        guard let content = tabs.first(where: { $0.id == id })?.content else { return false }
        return stacks.contains { $0.name == content }
    }

    /// The cases of an enum declared in the sources, in order.
    func enumCases(_ type: String) -> [String]? {
        for file in files {
            for declaration in file.index.enums where declaration.name.text == type {
                return declaration.memberBlock.members.flatMap { member -> [String] in
                    member.decl.as(EnumCaseDeclSyntax.self)?.elements.map(\.name.text) ?? []
                }
            }
        }
        return nil
    }

    /// The statements of a computed property or method `member` of enum
    /// `type` (in the enum or an extension) that switch over `self`, per case.
    func caseBodies(of type: String, member: String) -> [String: CodeBlockItemListSyntax] {
        var declarations: [MemberBlockSyntax] = []
        for file in files {
            declarations += file.index.enums.filter { $0.name.text == type }.map(\.memberBlock)
            declarations += file.index.extensions.filter { $0.extendedType.trimmedDescription == type }.map(\.memberBlock)
        }
        for block in declarations {
            for item in block.members {
                var body: CodeBlockItemListSyntax?
                if let variable = item.decl.as(VariableDeclSyntax.self),
                   variable.bindings.first?.pattern.trimmedDescription == member,
                   let accessor = variable.bindings.first?.accessorBlock {
                    switch accessor.accessors {
                    case .getter(let statements): body = statements
                    case .accessors(let list): body = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
                    }
                } else if let function = item.decl.as(FunctionDeclSyntax.self), function.name.text == member {
                    body = function.body?.statements
                }
                guard let statements = body else { continue }
                for statement in statements {
                    var expression = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
                    if let returned = statement.item.as(ReturnStmtSyntax.self) { expression = returned.expression }
                    guard let switchExpression = expression?.as(SwitchExprSyntax.self) else { continue }
                    var bodies: [String: CodeBlockItemListSyntax] = [:]
                    for switchCase in Self.cases(of: switchExpression) {
                        guard let items = switchCase.label.as(SwitchCaseLabelSyntax.self)?.caseItems else { continue }
                        for item in items {
                            if let name = CallVisitor.firstMember(in: item.pattern) { bodies[name] = switchCase.statements }
                        }
                    }
                    return bodies
                }
            }
        }
        return [:]
    }

    /// What `v.member` is for the bound case: the member's switch case body.
    func caseBody(_ expression: ExprSyntax?, binding: CaseBinding?) -> CodeBlockItemListSyntax? {
        guard let binding, let access = expression?.as(MemberAccessExprSyntax.self),
              access.base?.trimmedDescription != nil else { return nil }
        return caseBodies(of: binding.type, member: access.declName.baseName.text)[binding.caseName]
    }

    /// One tab: `Content().tabItem { Label("Title", ...) }.tag(.x)` or
    /// `Tab("Title", ..., value: .x) { Content() }`; with a binding, one
    /// case's tab of a loop over an enum, whose title and root the enum's
    /// members give per case (`Label(tab.title, ...)`, `tab.rootView`).
    mutating func draftTab(_ expression: ExprSyntax, in index: Int, number: Int, binding: CaseBinding? = nil) -> DraftSpec.Tab? {
        var title: String?
        var tag: String?
        var content: String?
        func titleOf(_ node: some SyntaxProtocol) -> String? {
            // `Label(tab.title, systemImage: tab.icon)`: the string the member gives for the case.
            for access in node.tokens(viewMode: .sourceAccurate) where access.text == binding?.variable {
                if let member = access.parent?.parent?.as(MemberAccessExprSyntax.self), let binding {
                    // `tab.label` may build its label from the enum's `title`.
                    for name in [member.declName.baseName.text, "title"] {
                        if let body = caseBodies(of: binding.type, member: name)[binding.caseName],
                           let text = Self.firstString(in: body) { return text }
                    }
                }
            }
            return Self.firstString(in: node)
        }
        var current: ExprSyntax? = expression
        while let call = current?.as(FunctionCallExprSyntax.self) {
            switch call.modifierName {
            case "tabItem"?:
                title = call.closures.first.flatMap(titleOf) ?? call.arguments.first.flatMap { titleOf($0.expression) }
            case "tag"?:
                tag = call.arguments.first.flatMap { CallVisitor.firstMember(in: $0.expression) }
            case nil where call.calleeName == "Tab":
                title = call.arguments.first { $0.label == nil }.flatMap { titleOf($0.expression) }
                    ?? call.additionalTrailingClosures.first { $0.label.text == "label" }.flatMap { titleOf($0.closure) }
                tag = call.argument("value").flatMap { CallVisitor.firstMember(in: $0.expression) }
                content = call.trailingClosure.flatMap { shownViews(in: $0).first?.view }
            case nil:
                if let name = call.calleeName, facts.isView(name) {
                    content = name
                } else if let binding, let closure = call.trailingClosure {
                    // `Group { switch tab { case .home: HomeView() ... } }`: the bound case's view.
                    let shown = shownViews(in: closure)
                    content = (shown.first { $0.caseName == binding.caseName } ?? (shown.count == 1 ? shown.first : nil))?.view
                }
            default:
                break
            }
            current = call.modified
        }
        if let binding { tag = binding.caseName }
        let citation = cite(expression, in: index)
        guard let content else {
            // A tab that shows no view of the sources (`VStack {}` under a
            // tab that presents a composer): a placeholder screen.
            guard let name = tag ?? title else { return nil }
            let id = Self.identifier(name, fallback: "tab\(number + 1)")
            let placeholder = id.prefix(1).uppercased() + id.dropFirst() + "Tab"
            screen(placeholder, at: citation)
            screens[placeholder]?.isPlaceholder = true
            undecided.append(("tab '\(id)' shows no view of the sources; its content is the placeholder '\(placeholder)'", citation))
            return DraftSpec.Tab(id: id, title: title ?? id, content: placeholder, citation: citation)
        }
        var shown = content
        let uses = stackOfWrapperUse
        if let stack = facts.views(reachableFrom: [content]).lazy.compactMap({ uses[$0.view] }).first {
            shown = stack
        } else if let (_, _, container) = facts.container(shownBy: content), let split = splitOfCall[container.id] {
            shown = split
        } else if let (_, _, container) = facts.container(shownBy: content), let stack = stackOfCall[container.id],
                  binding != nil || !droppedStacks.contains(stack) {
            if let binding, let perCase = caseStack(stack, container: container, binding: binding, citation: citation) {
                shown = perCase
            } else if !droppedStacks.contains(stack) {
                shown = stack
            } else {
                screen(content, at: citation)
            }
        } else {
            screen(content, at: citation)
        }
        let id = Self.identifier(tag ?? title ?? content, fallback: "tab\(number + 1)")
        return DraftSpec.Tab(id: id, title: title ?? content, content: shown, citation: citation)
    }

    /// A stack shared by the tabs of an enum loop whose root is a member
    /// of the enum (`NavigationStack { tab.rootView }`): one stack per case,
    /// rooted at the view the member's case shows, registering what the
    /// shared stack registers. The shared stack, whose root was not read,
    /// is dropped once a case stands for it.
    mutating func caseStack(_ shared: String, container: FunctionCallExprSyntax, binding: CaseBinding,
                            citation: DraftSpec.Citation) -> String? {
        // The expression under the modifiers: `tab.rootView` in `tab.rootView.padding()`.
        var rootExpression = container.trailingClosure?.statements.first?.item.as(ExprSyntax.self)
        while let call = rootExpression?.as(FunctionCallExprSyntax.self), let base = call.modified { rootExpression = base }
        guard let body = caseBody(rootExpression, binding: binding),
              let sharedIndex = stacks.firstIndex(where: { $0.name == shared }) else { return nil }
        let name = Self.identifier(binding.caseName, fallback: binding.caseName).prefix(1).uppercased()
            + Self.identifier(binding.caseName, fallback: binding.caseName).dropFirst() + "Stack"
        let sharedStack = stacks[sharedIndex]
        let root: String
        if let view = shownViews(in: body).first, let file = fileIndex(of: view.node) {
            root = view.view
            screen(root, at: cite(view.node, in: file))
        } else {
            root = name + "Root"
            screen(root, at: sharedStack.citation)
            screens[root]?.isPlaceholder = true
        }
        if !stacks.contains(where: { $0.name == name }) {
            stacks.append(DraftSpec.Stack(name: name, root: root, destinations: sharedStack.destinations, citation: sharedStack.citation))
        }
        if screens[sharedStack.root]?.isPlaceholder == true {
            droppedStacks.insert(shared)
        }
        return name
    }

    /// The edges a call of `view`'s declarations gives.
    mutating func edges(of call: FunctionCallExprSyntax, in index: Int, for view: String) {
        let citation = cite(call.nameNode, in: index)
        func add(_ kind: DraftSpec.Edge.Kind, _ target: String, carriesItsView: Bool = false) {
            guard var screen = screens[view] else { return }
            if !screen.edges.contains(where: { $0.kind == kind && $0.target == target }) {
                screen.edges.append(DraftSpec.Edge(kind: kind, target: target, citation: citation, carriesItsView: carriesItsView))
            }
            screens[view] = screen
        }
        switch call.modifierName ?? call.calleeName {
        case "NavigationLink"?:
            // `NavigationLink(.post(id)) { label }`: an app's own link taking a route first.
            let routeFirst = call.arguments.first.flatMap { $0.label == nil && Self.isRouteCase($0.expression) ? $0.expression : nil }
            if let value = call.argument("value")?.expression ?? routeFirst {
                if let target = routeTarget(value) { add(.push, target) } else {
                    undecided.append(("a push whose value is not a route case (`\(value.trimmedDescription.prefix(40))`)", citation))
                }
            } else if let destination = call.viewLinkDestination {
                let targets = destination.as(ClosureExprSyntax.self).map { shownViews(in: $0).map(\.view) }
                    ?? viewName(of: destination.as(LabeledExprSyntax.self)?.expression).map { [$0] } ?? []
                for target in targets {
                    screen(target, at: citation)
                    add(.push, target, carriesItsView: true)
                }
            }
        case "navigate"?, "append"?, "push"?:
            guard let value = call.arguments.first?.expression else { return }
            if let target = routeTarget(value) { add(.push, target) } else if call.calleeName != "append" || call.modified?.trimmedDescription.lowercased().contains("path") == true {
                undecided.append(("a push whose value is computed (`\(call.trimmedDescription.prefix(50))`)", citation))
            }
        case let name? where routerPresentation(call, named: name) != nil:
            // A router's presentation: `router.openSheet(.compose)`, `showFullScreenCover(.image(url))`.
            guard let (kind, target) = routerPresentation(call, named: name) else { return }
            let route = presentedRoute(call, named: name)
            add(kind, target)
            if let index = screens[view]?.edges.lastIndex(where: { $0.kind == kind && $0.target == target }),
               screens[view]?.edges[index].presentedRoute == nil {
                screens[view]?.edges[index].presentedRoute = route
            }
            presentations.append(DraftSpec.Presentation(kind: kind, target: target, citation: citation, presentedRoute: route))
        case "sheet"?, "fullScreenCover"?, "popover"?:
            let shown = presented(by: call, in: index)
            if shown.isEmpty { undecided.append(("a \(Self.presentationKind(of: call).rawValue) whose content is not read", citation)) }
            for target in shown { add(Self.presentationKind(of: call), target) }
            // What runs when the modal closes is not read: say where to write it.
            if call.arguments.contains(where: { $0.label?.text == "onDismiss" }), let first = shown.first {
                undecided.append(("the \(Self.presentationKind(of: call).rawValue) of '\(first)' runs code when it closes (`onDismiss:`); write what it does to navigation as `on dismiss { ... }` in '\(first)'", citation))
            }
        case "dismiss"?:
            if call.arguments.isEmpty, call.modifier == nil, screens[view]?.dismisses == nil { screens[view]?.dismisses = citation }
        case "interactiveDismissDisabled"?:
            // The view the modifier is applied to in a sheet's content
            // (`Editor().interactiveDismissDisabled()`), else the view whose
            // code applies it (on its own `Form { }`, whatever that is).
            var locked = view
            var base = call.modified
            while let modified = base?.as(FunctionCallExprSyntax.self)?.modified { base = modified }
            if let name = base?.as(FunctionCallExprSyntax.self)?.calleeName, facts.isView(name), call.isInsidePresentation {
                locked = name
            }
            switch call.arguments.first?.expression.trimmedDescription {
            case nil, "true"?:
                if lockedViews[locked] == nil { lockedViews[locked] = citation }
            case "false"?:
                break
            case let condition?:
                undecided.append(("'\(locked)' cannot be swiped away while `\(condition)`; write `locked if FLAG` with a flag the screen's actions set as that condition changes", citation))
            }
        default:
            break
        }
    }

    /// The edge an assignment of `view`'s code gives: a presentation bound
    /// to a property (`router.presentedSheet = .compose`, shown by a
    /// `.sheet(item:)` on that property, or the route's view).
    mutating func edges(of assignment: SequenceExprSyntax, in index: Int, for view: String) {
        let elements = Array(assignment.elements)
        let target = elements[0], value = elements[2]
        let property = FunctionCallExprSyntax.name(of: target) ?? ""
        let words = Self.words(of: property)
        guard ["sheet", "cover", "popover"].contains(where: words.contains), !value.is(NilLiteralExprSyntax.self),
              var screen = screens[view] else { return }
        let citation = cite(assignment, in: index)
        let kind: DraftSpec.Edge.Kind = words.contains("popover") ? .popover : words.contains("sheet") ? .sheet : .cover
        guard Self.isRouteCase(value),
              let (shownKind, shown) = presentedByItem(property: property, value: value) ?? routeTarget(value).map({ (kind, $0) }) else {
            undecided.append(("a presentation whose value is not read (`\(assignment.trimmedDescription.prefix(50))`)", citation))
            return
        }
        if !screen.edges.contains(where: { $0.kind == shownKind && $0.target == shown }) {
            screen.edges.append(DraftSpec.Edge(kind: shownKind, target: shown, citation: citation))
        }
        screens[view] = screen
        presentations.append(DraftSpec.Presentation(kind: shownKind, target: shown, citation: citation))
    }

    /// The words of a camel-case name, lowercased: `presentedSheet` is
    /// `presented`, `sheet`; `discoverFilter` holds no `cover`.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase || !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = character.isLetter || character.isNumber ? String(character).lowercased() : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The presentation a router method's name says it makes: a cover for
    /// `showFullScreenCover`, `presentCover`; a sheet for `openSheet`,
    /// `presentSheet`, `showSheet`; nil for any other name.
    static func presentingCall(_ name: String) -> DraftSpec.Edge.Kind? {
        let lowered = name.lowercased()
        guard ["open", "present", "show"].contains(where: lowered.hasPrefix) else { return nil }
        if lowered.contains("cover") || lowered.contains("fullscreen") { return .cover }
        if lowered.contains("sheet") { return .sheet }
        if lowered.contains("popover") { return .popover }
        return nil
    }

    /// What a router call presents: `openSheet(.compose)` by its name and
    /// route, or a method of the sources that presents a route of its own
    /// (`func showImageViewer(url:) { showFullScreenCover(.imageViewer(url)) }`).
    func routerPresentation(_ call: FunctionCallExprSyntax, named name: String) -> (DraftSpec.Edge.Kind, String)? {
        if let kind = Self.presentingCall(name), let value = call.arguments.first?.expression, Self.isRouteCase(value),
           let target = routeTarget(value) {
            return (kind, target)
        }
        guard let (kind, value) = presentingMethods[name], let target = routeTarget(value) else { return nil }
        return (kind, target)
    }

    /// App-wide presentations that show a stack wrapper for the layer they
    /// are given (`.sheet(item: nextLayer) { layer in LayerView(layer: layer) }`,
    /// the wrapper's stack rooted at the layer's page): each route a router
    /// presents (`openSheet(.settings)`) is then a stack of its own, rooted
    /// at the route's view, with the wrapper's destinations, unless the
    /// wrapper builds its stack under a condition that a member of the route
    /// enum answers per case (`if layer.hasNavigationStack`, `false` for the
    /// case), or the call asks for none (`hasNavigationStack: false`). The
    /// app-wide presentations of the wrapper are then read, and dropped with
    /// their notes.
    mutating func layerSheets() {
        var wrappers: [String: (stack: DraftSpec.Stack, call: FunctionCallExprSyntax)] = [:]
        for presentation in presentations where presentation.presentedRoute == nil && screens[presentation.target] != nil {
            for (name, built) in stackCalls where built.owner == presentation.target {
                guard let stack = stacks.first(where: { $0.name == name }), screens[stack.root]?.isPlaceholder == true
                        || droppedStacks.contains(name) else { continue }
                wrappers[presentation.target] = (stack, built.call)
            }
        }
        guard wrappers.count == 1, let (wrapper, (shared, stackCall)) = wrappers.first else { return }
        // The member that decides whether the wrapper builds its stack.
        var withoutStack: Set<String> = []
        var node = Syntax(stackCall).parent
        while let current = node, !current.is(IfExprSyntax.self), !current.is(FunctionDeclSyntax.self) { node = current.parent }
        if let condition = node?.as(IfExprSyntax.self)?.conditions.first?.condition.as(ExprSyntax.self),
           let member = condition.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? condition.as(DeclReferenceExprSyntax.self)?.baseName.text {
            for type in Set(routeScreens.keys).union(pageMembers.values.flatMap { $0 }).sorted() {
                for (caseName, body) in caseBodies(of: type, member: member) where Self.isFalse(body) {
                    withoutStack.insert(caseName)
                }
            }
        }
        var stackOfView: [String: String] = [:]
        var names = Set(stacks.map(\.name))
        func layerStack(_ view: String) -> String {
            if let stack = stackOfView[view] { return stack }
            var name = view + "Stack"
            var number = 2
            while names.contains(name) || screens[name] != nil { name = view + "Stack" + String(number); number += 1 }
            names.insert(name)
            stacks.append(DraftSpec.Stack(name: name, root: view, destinations: shared.destinations, citation: shared.citation))
            stackOfView[view] = name
            return name
        }
        func hasStack(_ route: DraftSpec.PresentedRoute) -> Bool { route.asksForStack ?? !withoutStack.contains(route.caseName) }
        for name in screens.keys.sorted() {
            guard var screen = screens[name] else { continue }
            for index in screen.edges.indices {
                guard let route = screen.edges[index].presentedRoute, screen.edges[index].kind != .push, hasStack(route),
                      screens[screen.edges[index].target] != nil else { continue }
                screen.edges[index].target = layerStack(screen.edges[index].target)
            }
            screens[name] = screen
        }
        for index in presentations.indices {
            guard let route = presentations[index].presentedRoute, hasStack(route), screens[presentations[index].target] != nil else { continue }
            presentations[index].target = layerStack(presentations[index].target)
        }
        // The wrapper's own presentations are read now.
        presentations.removeAll { $0.presentedRoute == nil && $0.target == wrapper }
        undecided.removeAll { $0.note.contains("showing '\(wrapper)' on") }
        let used = stacks.contains { $0.root == wrapper && !droppedStacks.contains($0.name) }
            || screens.values.contains { $0.edges.contains { $0.target == wrapper } }
        if !used { screens[wrapper] = nil }
    }

    /// Whether a case's statements are `false` (or `return false`).
    static func isFalse(_ body: CodeBlockItemListSyntax) -> Bool {
        let text = body.trimmedDescription
        return text == "false" || text == "return false"
    }

    /// The route a router's presentation presents (`openSheet(.settings)`,
    /// or the route of a method of the sources that presents one), with
    /// the call's own say on a stack (`hasNavigationStack: false`).
    func presentedRoute(_ call: FunctionCallExprSyntax, named name: String) -> DraftSpec.PresentedRoute? {
        let value = Self.presentingCall(name) != nil ? call.arguments.first?.expression : presentingMethods[name]?.1
        guard let value, let caseName = CallVisitor.firstMember(in: value) else { return nil }
        var asksForStack: Bool?
        for argument in call.arguments {
            guard argument.label?.text.lowercased().contains("stack") == true,
                  let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else { continue }
            asksForStack = literal.literal.tokenKind == .keyword(.true)
        }
        return DraftSpec.PresentedRoute(caseName: caseName, asksForStack: asksForStack)
    }

    /// Whether an expression is a route case: `.post`, `.post(id)`,
    /// `Route.post(id: 1)` (a member of a type, named in lowercase).
    static func isRouteCase(_ expression: ExprSyntax) -> Bool {
        var current = expression
        if let call = current.as(FunctionCallExprSyntax.self) { current = call.calledExpression }
        guard let member = current.as(MemberAccessExprSyntax.self),
              member.declName.baseName.text.first?.isLowercase == true else { return false }
        return member.base == nil || member.base?.trimmedDescription.first?.isUppercase == true
    }

    static func presentationKind(of call: FunctionCallExprSyntax) -> DraftSpec.Edge.Kind {
        switch call.modifierName {
        case "sheet"?: .sheet
        case "popover"?: .popover
        default: .cover
        }
    }

    /// What a `.sheet`, `.fullScreenCover` or `.popover` shows: the stack
    /// its content builds, else each view it shows (every case of a
    /// `switch` over a sheet enum), each recorded as a presentation and the
    /// views as screens.
    mutating func presented(by call: FunctionCallExprSyntax, in index: Int) -> [String] {
        let kind = Self.presentationKind(of: call)
        var targets: [String] = []
        for closure in call.closures {
            if let stackCall = CallVisitor.calls(in: closure).first(where: { stackContainers.contains($0.calleeName ?? "") }),
               let stack = stackOfCall[stackCall.id] {
                targets.append(stack)
                presentations.append(DraftSpec.Presentation(kind: kind, target: stack, citation: cite(call.nameNode, in: index)))
                continue
            }
            for item in shownViews(in: closure) {
                let citation = cite(item.node, in: index)
                screen(item.view, at: citation)
                targets.append(item.view)
                presentations.append(DraftSpec.Presentation(kind: kind, target: item.view, citation: citation))
            }
        }
        return targets
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
        if candidates.count == 1 { return candidates.first }
        // `.logIn(.pickInstance)`: a case that hands over to the enum of its
        // associated value, named by the value it is given.
        // `.settings()`: the same, through the associated value's default (`= .root`).
        if candidates.isEmpty {
            let owners = nestedPages.filter { owner, _ in base.map { $0 == owner } ?? true }
            var inner = value.as(FunctionCallExprSyntax.self)?.arguments.first?.expression
            if inner == nil {
                inner = owners.keys.sorted().lazy.compactMap { self.associatedDefault(of: $0, case: caseName) }.first
            }
            if let inner, Self.isRouteCase(inner), let innerCase = CallVisitor.firstMember(in: inner) {
                let views = Set(Set(owners.values.flatMap { $0 }).compactMap { routeScreens[$0]?[innerCase] })
                if views.count == 1 { return views.first }
            }
        }
        // Several route enums have the case: the one the value is written for,
        // when the place names its type (`root:` of a type holding `root: Page`).
        guard let argument = value.parent?.as(LabeledExprSyntax.self) else { return nil }
        var declared = argument.label.map { propertyTypes[$0.text] ?? [] } ?? []
        // An argument without a label: the type of that parameter of the function called.
        if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let name = call.modifierName ?? call.calleeName,
           let position = call.arguments.firstIndex(where: { $0.id == argument.id }) {
            let offset = call.arguments.distance(from: call.arguments.startIndex, to: position)
            declared += (functionParameterTypes[name] ?? []).compactMap { offset < $0.count ? $0[offset] : nil }
        }
        let typed = Set(declared).filter { routeScreens[$0]?[caseName] != nil }
        return typed.count == 1 ? typed.first.flatMap { routeScreens[$0]?[caseName] } : nil
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

/// The declared types of the parameters of initializers and functions, by label.
private final class ParameterTypes: SyntaxVisitor {
    var found: [(String, String)] = []
    var functions: [(String, [String?])] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append((node.name.text, node.signature.parameterClause.parameters.map { $0.type.baseName }))
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.type.baseName { found.append((node.firstName.text, type)) }
        return .visitChildren
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
