import NavFlowDiagnostics
import NavFlowSource

/// Turns a syntax tree into a checked `FlowSpec`: resolves every name,
/// checks route arguments, conditions, roots and deep links, and reports
/// every front-end error it finds (not just the first).
public struct Resolver {
    /// The depth of a stack that declares none.
    public static let defaultDepth = 6
    /// The largest depth a stack may declare.
    public static let maximumDepth = 32

    private let syntax: SpecSyntax
    private let file: SourceFile
    private var spec: FlowSpec
    private var diagnostics: [Diagnostic] = []

    private var types: [String: (ValueType, SourceRange)] = [:]
    private var contents: [String: (Content, SourceRange)] = [:]
    private var values: [String: (Condition, SourceRange)] = [:]
    private var destinationSetNames: [String: (Int, SourceRange)] = [:]
    private var tabIDs: [String: (view: Int, tab: Int, range: SourceRange)] = [:]
    /// Syntax of each resolved screen, by screen index.
    /// The modals `close` clauses and statements name, with where and
    /// whether a statement names them: checked once every presentation is
    /// known (`checkClosedModals`).
    private var closingNames: [(content: Content, name: Name, inStatement: Bool)] = []
    private var screenSyntax: [(parameters: [ParameterSyntax], lock: ExpressionSyntax?, backHidden: ExpressionSyntax?,
                                edges: [EdgeSyntax], hooks: [AppearHookSyntax])] = []
    /// Per flag: its value at launch as written, resolved once inputs are declared.
    private var flagInitials: [ExpressionSyntax] = []
    /// Screens with a parameter whose type did not resolve: their routes are
    /// not checked, to avoid a cascade of argument errors.
    private var screensWithUnknownParameters: Set<Int> = []
    /// Who binds the values a deep-link target uses, for messages: a URL
    /// pattern, or the entry point being resolved.
    private var targetBinder: TargetBinder = .urlPattern
    private var choiceNames: [String: (Int, SourceRange)] = [:]
    /// Splits with a column that did not resolve: targets into them are not
    /// checked, to avoid reporting a column as missing.
    private var splitsWithErrors: Set<Int> = []
    /// Stacks and screens something uses, for inferring the root.
    private var usedContents: Set<Content> = []

    /// Resolves a parsed file. Returns the checked spec when there are no
    /// errors, and every diagnostic found.
    public static func resolve(_ syntax: SpecSyntax, file: SourceFile) -> (FlowSpec?, [Diagnostic]) {
        var resolver = Resolver(syntax: syntax, file: file)
        resolver.run()
        let errors = resolver.diagnostics.containsErrors
        return (errors ? nil : resolver.spec, resolver.diagnostics)
    }

    private init(syntax: SpecSyntax, file: SourceFile) {
        self.syntax = syntax
        self.file = file
        self.spec = FlowSpec(file: file, appName: syntax.app?.text ?? "")
    }

    private mutating func run() {
        declareNames()
        resolveTypesAndParameters()
        resolveContainers()
        resolveScreens()
        resolveStart()
        resolveLaunchAndAssumptions()
        resolveDeepLinks()
        checkOpensOfChoiceLinks()
        checkClosedModals()
        checkDismissHooks()
        checkRouterPaths()
    }

    /// A stack declared `router path` is one something presents as a
    /// modal: in a tab or at the root, its path is the tab's anyway.
    private mutating func checkRouterPaths() {
        let stacks = spec.stacks.indices.filter { spec.stacks[$0].routerPath != nil }
        guard !stacks.isEmpty else { return }
        var presented = spec.contentsPresentedByStatements(linkElses: true)
        for handler in spec.deepLinks.flatMap(\.handlers) {
            presented.formUnion(handler.target.modals.map(\.content))
        }
        for stack in stacks where !presented.contains(.stack(stack)) {
            error(.invalidDeclaration, "nothing presents stack '\(spec.stacks[stack].name)' as a modal, so 'router path' never applies; it marks a presented stack whose path the router writes while it is up",
                  at: spec.stacks[stack].routerPath ?? spec.stacks[stack].range)
        }
    }

    /// A modal `close` names must be one something presents: a screen that
    /// is only a presented stack's root is never up as a modal of its own.
    private mutating func checkClosedModals() {
        guard !closingNames.isEmpty else { return }
        var presented = spec.contentsPresentedByStatements(linkElses: true)
        for handler in spec.deepLinks.flatMap(\.handlers) {
            presented.formUnion(handler.target.modals.map(\.content))
        }
        for (content, name, inStatement) in closingNames where !presented.contains(content) {
            var notes: [DiagnosticNote] = []
            if case .screen(let screen) = content,
               let stack = spec.stacks.indices.first(where: { spec.stacks[$0].root == screen && presented.contains(.stack($0)) }) {
                notes.append(DiagnosticNote(message: "the modal that shows it is the stack '\(spec.stacks[stack].name)'; name that",
                                            range: spec.stacks[stack].range))
            }
            error(inStatement ? .invalidStatement : .deeplinkTarget, "nothing presents '\(name.text)' as a modal, so 'close' never finds it up",
                  at: name.range, notes: notes)
        }
    }

    /// A screen with an `on dismiss` hook must be the root of a modal
    /// something presents (itself, or a stack it is the root of): else its
    /// hooks never run.
    private mutating func checkDismissHooks() {
        guard spec.screens.contains(where: { !$0.dismissHooks.isEmpty }) else { return }
        var presented = spec.contentsPresentedByStatements(linkElses: true)
        for handler in spec.deepLinks.flatMap(\.handlers) {
            presented.formUnion(handler.target.modals.map(\.content))
        }
        for (index, screen) in spec.screens.enumerated() {
            guard let hook = screen.dismissHooks.first, !presented.contains(.screen(index)),
                  !spec.stacks.indices.contains(where: { spec.stacks[$0].root == index && presented.contains(.stack($0)) })
            else { continue }
            error(.invalidStatement, "nothing presents '\(screen.name)' as a sheet, cover or popover, nor a stack whose root it is, so its dismissal hook never runs",
                  at: hook.keyword)
        }
    }

    /// An `open` statement is one step with no outcome of its own: it may
    /// not open a link that depends on a choice (the app would decide).
    private mutating func checkOpensOfChoiceLinks() {
        for screen in spec.screens {
            for block in screen.statementBlocks {
                for statement in block.statements {
                    guard case .open(let url) = statement.kind, let path = URLPath(url),
                          let (link, _) = spec.deepLink(handling: path), let choice = spec.deepLinks[link].choice
                    else { continue }
                    error(.invalidStatement, "\"\(url)\" opens a link that depends on choice '\(spec.choices[choice].name)', which an 'open' cannot take; write one edge per outcome with 'when \(spec.choices[choice].name) is OUTCOME'",
                          at: statement.range)
                }
            }
        }
    }

    // MARK: - Pass 1: declarations

    private mutating func declareNames() {
        for declaration in syntax.declarations {
            switch declaration.kind {
            case .scheme(let literal):
                declareOrigin(literal, into: \.schemes, what: "scheme", normalise: { $0.lowercased() })
            case .host(let literal):
                declareOrigin(literal, into: \.hosts, what: "host", normalise: { $0.lowercased() })
            case .enumeration(let name, let cases):
                guard declare(name, kind: "enum", in: \.types, value: .enumeration(spec.enums.count)) else { continue }
                let unique = uniqueNames(cases, kind: "enum case")
                if unique.isEmpty {
                    error(.invalidDeclaration, "enum '\(name.text)' has no cases; list at least one", at: name.range)
                }
                spec.enums.append(EnumType(name: name.text, cases: unique, range: name.range))
            case .choice(let name, let description, let outcomes):
                guard declare(name, kind: "choice", in: \.choiceNames, value: spec.choices.count) else { continue }
                let unique = uniqueNames(outcomes, kind: "outcome")
                if unique.count < 2 {
                    error(.invalidDeclaration, "choice '\(name.text)' has \(unique.count == 0 ? "no outcome" : "one outcome"); list two or more, or write the edge without a choice",
                          at: name.range)
                }
                if description.value.allSatisfy(\.isWhitespace) {
                    error(.invalidDeclaration, "choice '\(name.text)' needs a description of what decides it, such as \"whose account the row shows\"",
                          at: description.range)
                }
                spec.choices.append(Choice(name: name.text, description: description.value, outcomes: unique,
                                           range: name.range))
            case .identifier(let name, let base):
                guard declare(name, kind: "id type", in: \.types, value: .identifier(spec.idTypes.count)) else { continue }
                spec.idTypes.append(IDType(name: name.text, base: base, range: name.range))
            case .flag(let name, let initial):
                guard declare(name, kind: "flag", in: \.values, value: .flag(spec.flags.count)) else { continue }
                spec.flags.append(Flag(name: name.text, initial: .constant(false), range: name.range))
                flagInitials.append(initial)
            case .input(let name):
                guard declare(name, kind: "input", in: \.values, value: .input(spec.inputs.count)) else { continue }
                spec.inputs.append(Input(name: name.text, range: name.range))
            case .screen(let name, let parameters, let lock, let backHidden, let edges, let hooks):
                guard declare(name, kind: "screen", in: \.contents, value: .screen(spec.screens.count)) else { continue }
                spec.screens.append(Screen(name: name.text, parameters: [], lock: nil, edges: [], range: name.range))
                screenSyntax.append((parameters, lock, backHidden, edges, hooks))
            case .stack(let name, _, _, _, _, _):
                guard declare(name, kind: "stack", in: \.contents, value: .stack(spec.stacks.count)) else { continue }
                spec.stacks.append(Stack(name: name.text, root: 0, destinations: [], registrations: [], includedSets: [],
                                         nestedDestinations: [], depth: Self.defaultDepth, range: name.range))
            case .destinationSet(let name, _):
                guard declare(name, kind: "destination set", in: \.destinationSetNames,
                              value: spec.destinationSets.count) else { continue }
                spec.destinationSets.append(DestinationSet(name: name.text, screens: [], screenRanges: [],
                                                           nestedStacks: [], range: name.range))
            case .tabs(let name, let tabs, _):
                let viewIndex = spec.tabViews.count
                guard declare(name, kind: "tab view", in: \.contents, value: .tabs(viewIndex)) else { continue }
                var resolved: [Tab] = []
                for tab in tabs {
                    if let first = tabIDs[tab.id.text] {
                        duplicate(tab.id, kind: "tab", first: first.range)
                        continue
                    }
                    tabIDs[tab.id.text] = (viewIndex, resolved.count, tab.id.range)
                    resolved.append(Tab(id: tab.id.text, title: tab.title.value, content: .screen(0),
                                        hiddenIf: nil, range: tab.range))
                }
                if tabs.isEmpty {
                    error(.invalidDeclaration, "tabs '\(name.text)' has no tabs; add 'tab ID \"Title\" CONTENT'", at: name.range)
                }
                spec.tabViews.append(TabView(name: name.text, tabs: resolved, initial: nil, range: name.range))
            case .split(let name, _):
                guard declare(name, kind: "split view", in: \.contents, value: .split(spec.splits.count)) else { continue }
                spec.splits.append(SplitView(name: name.text, columns: [], range: name.range))
            case .assume, .start, .launch, .deeplink, .entry:
                break
            }
        }
    }

    private mutating func declareOrigin(_ literal: StringLiteral, into keyPath: WritableKeyPath<FlowSpec, [String]>,
                                        what: String, normalise: (String) -> String) {
        let value = normalise(literal.value)
        let valid = !value.isEmpty && value.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
        }
        if !valid {
            error(.invalidDeclaration, "\"\(literal.value)\" is not a valid \(what); use letters, digits, '+', '-' and '.' only",
                  at: literal.range)
        } else if spec[keyPath: keyPath].contains(value) {
            error(.duplicateName, "\(what) \"\(literal.value)\" is declared twice", at: literal.range)
        } else if what == "scheme" && (value == "http" || value == "https") {
            error(.invalidDeclaration, "\"\(value)\" is not a custom scheme; declare the web domain with 'host \"example.com\"'",
                  at: literal.range)
        } else {
            spec[keyPath: keyPath].append(value)
        }
    }

    private mutating func declare<Value>(_ name: Name, kind: String,
                                         in table: WritableKeyPath<Resolver, [String: (Value, SourceRange)]>,
                                         value: Value) -> Bool {
        if let first = self[keyPath: table][name.text] {
            duplicate(name, kind: kind, first: first.1)
            return false
        }
        self[keyPath: table][name.text] = (value, name.range)
        return true
    }

    /// The names in order, each once; a repeated one is reported.
    private mutating func uniqueNames(_ names: [Name], kind: String) -> [String] {
        var seen: [String: SourceRange] = [:]
        var unique: [String] = []
        for name in names {
            if let first = seen[name.text] {
                duplicate(name, kind: kind, first: first)
            } else {
                seen[name.text] = name.range
                unique.append(name.text)
            }
        }
        return unique
    }

    private mutating func duplicate(_ name: Name, kind: String, first: SourceRange) {
        error(.duplicateName, "\(kind) '\(name.text)' is declared twice", at: name.range,
              notes: [DiagnosticNote(message: "'\(name.text)' is first declared here", range: first)])
    }

    // MARK: - Pass 2: parameters, containers, screens

    private mutating func resolveTypesAndParameters() {
        for index in spec.screens.indices {
            var seen: [String: SourceRange] = [:]
            for parameter in screenSyntax[index].parameters {
                if let first = seen[parameter.name.text] {
                    duplicate(parameter.name, kind: "parameter", first: first)
                    continue
                }
                seen[parameter.name.text] = parameter.name.range
                guard let type = lookUpType(parameter.type) else {
                    screensWithUnknownParameters.insert(index)
                    continue
                }
                spec.screens[index].parameters.append(Parameter(name: parameter.name.text, type: type,
                                                                range: parameter.name.range))
            }
        }
    }

    private mutating func resolveDestinationSets() {
        for declaration in syntax.declarations {
            guard case .destinationSet(let name, let screens) = declaration.kind,
                  let (index, range) = destinationSetNames[name.text], range == name.range else { continue }
            var listed: [Int: SourceRange] = [:]
            for entry in screens {
                guard let content = lookUpContent(entry, expecting: "screen") else { continue }
                switch content {
                case .screen(let screen):
                    if let first = listed[screen] {
                        error(.duplicateName, "'\(entry.text)' is listed twice in destination set '\(name.text)'",
                              at: entry.range, notes: [DiagnosticNote(message: "first listed here", range: first)])
                        continue
                    }
                    listed[screen] = entry.range
                    usedContents.insert(content)
                    spec.destinationSets[index].screens.append(screen)
                    spec.destinationSets[index].screenRanges.append(entry.range)
                case .stack(let nested):
                    usedContents.insert(content)
                    spec.destinationSets[index].nestedStacks.append(StackReference(stack: nested, range: entry.range))
                case .tabs, .split:
                    wrongKind(entry, is: content, expected: "a screen")
                }
            }
        }
    }

    /// Adds the screens of the sets a stack includes to its destinations.
    /// A screen registered twice in one stack, directly and through a set or
    /// through two sets, is an error, as a screen listed twice in a stack is.
    private mutating func includeDestinationSets(_ sets: [Name], inStack index: Int) {
        let stackName = spec.stacks[index].name
        for reference in sets {
            guard let (set, _) = destinationSetNames[reference.text] else {
                if case .screen? = contents[reference.text]?.0 {
                    error(.wrongKind, "'\(reference.text)' is a screen, not a destination set; register it with 'destination \(reference.text)'",
                          at: reference.range)
                } else {
                    unknown(reference, kind: "destination set", candidates: destinationSetNames.keys,
                            hint: "declare it with 'destinations \(reference.text) { SCREEN ... }'")
                }
                continue
            }
            if let earlier = spec.stacks[index].includedSets.first(where: { $0.set == set }) {
                error(.duplicateName, "destination set '\(reference.text)' is included twice in stack '\(stackName)'",
                      at: reference.range, notes: [DiagnosticNote(message: "first included here", range: earlier.range)])
                continue
            }
            spec.stacks[index].includedSets.append(DestinationSetInclusion(set: set, range: reference.range))
            let destinationSet = spec.destinationSets[set]
            for (screen, entry) in zip(destinationSet.screens, destinationSet.screenRanges) {
                if let position = spec.stacks[index].destinations.firstIndex(of: screen) {
                    let screenName = spec.screens[screen].name
                    let first = spec.stacks[index].registrations[position]
                    let how = switch first {
                    case .direct: "directly and through destination set '\(destinationSet.name)'"
                    case .shared(let other, _):
                        "through destination sets '\(spec.destinationSets[other].name)' and '\(destinationSet.name)'"
                    }
                    error(.duplicateName, "'\(screenName)' is registered twice in stack '\(stackName)': \(how)",
                          at: reference.range,
                          notes: [DiagnosticNote(message: "first registered here", range: first.range),
                                  DiagnosticNote(message: "and listed in '\(destinationSet.name)' here", range: entry)])
                    continue
                }
                spec.stacks[index].destinations.append(screen)
                spec.stacks[index].registrations.append(.shared(set: set, entry: entry))
            }
        }
    }

    private mutating func resolveContainers() {
        resolveDestinationSets()
        var stackIndex = 0
        var tabsIndex = 0
        var splitIndex = 0
        for declaration in syntax.declarations {
            switch declaration.kind {
            case .stack(let name, let root, let destinations, let sets, let depth, let routerPath):
                guard case .stack(let index)? = contents[name.text]?.0, stackIndex == index else { continue }
                stackIndex += 1
                spec.stacks[index].routerPath = routerPath
                if let rootScreen = lookUpRootScreen(root, of: "stack '\(name.text)'") {
                    spec.stacks[index].root = rootScreen
                }
                var registered: [Int: SourceRange] = [:]
                for destination in destinations {
                    guard let content = lookUpContent(destination, expecting: "screen") else { continue }
                    switch content {
                    case .screen(let screen):
                        if let first = registered[screen] {
                            error(.duplicateName, "'\(destination.text)' is registered twice in stack '\(name.text)'",
                                  at: destination.range,
                                  notes: [DiagnosticNote(message: "first registered here", range: first)])
                            continue
                        }
                        registered[screen] = destination.range
                        usedContents.insert(content)
                        spec.stacks[index].destinations.append(screen)
                        spec.stacks[index].registrations.append(.direct(destination.range))
                    case .stack(let nested):
                        usedContents.insert(content)
                        spec.stacks[index].nestedDestinations.append(StackReference(stack: nested, range: destination.range))
                    case .tabs, .split:
                        wrongKind(destination, is: content, expected: "a screen")
                    }
                }
                includeDestinationSets(sets, inStack: index)
                if let depth {
                    if depth.value < 1 || depth.value > Self.maximumDepth {
                        error(.invalidDeclaration,
                              "depth \(depth.value) is out of range; a stack's depth is 1 to \(Self.maximumDepth)",
                              at: depth.range)
                    } else {
                        spec.stacks[index].depth = depth.value
                    }
                }
            case .tabs(let name, let tabs, let initial):
                guard case .tabs(let index)? = contents[name.text]?.0, tabsIndex == index else { continue }
                tabsIndex += 1
                for tab in tabs {
                    guard let entry = tabIDs[tab.id.text], entry.view == index, entry.range == tab.id.range else { continue }
                    if let content = lookUpContainedContent(tab.content, of: "tab '\(tab.id.text)'", allowsSplit: true) {
                        spec.tabViews[index].tabs[entry.tab].content = content
                    }
                    if let hidden = tab.hiddenIf {
                        spec.tabViews[index].tabs[entry.tab].hiddenIf = resolveCondition(hidden)
                    }
                    spec.tabViews[index].tabs[entry.tab].popsOnRetap = !tab.retapOff
                }
                if let initial {
                    if let entry = tabIDs[initial.text], entry.view == index {
                        spec.tabViews[index].initial = entry.tab
                    } else {
                        unknown(initial, kind: "tab", candidates: spec.tabViews[index].tabs.map(\.id),
                                hint: "the initial tab must be one of '\(name.text)''s tabs")
                    }
                }
            case .split(let name, let columns):
                guard case .split(let index)? = contents[name.text]?.0, splitIndex == index else { continue }
                splitIndex += 1
                for (position, column) in columns.enumerated() {
                    let role = position == 0 ? "sidebar" : position == columns.count - 1 ? "detail" : "content"
                    if let content = lookUpContainedContent(column, of: "the \(role) column of '\(name.text)'",
                                                            allowsSplit: false) {
                        spec.splits[index].columns.append(content)
                    } else {
                        splitsWithErrors.insert(index)
                    }
                }
            default:
                break
            }
        }
    }

    private mutating func resolveScreens() {
        for index in spec.screens.indices {
            // A label names one action, or the outcomes of one choice.
            var labels: [String: (range: SourceRange, choice: Int?)] = [:]
            var outcomes: [OutcomeGroup: [Int: SourceRange]] = [:]
            // After a `when` with an unknown name, labels and outcomes would only repeat that error.
            var whenUnknown = false
            for edge in screenSyntax[index].edges {
                let outcome = edge.when.flatMap { resolveWhen($0) }
                if edge.when != nil, outcome == nil { whenUnknown = true }
                if let outcome, let when = edge.when {
                    let group = OutcomeGroup(label: edge.label?.value, choice: outcome.choice)
                    if let first = outcomes[group, default: [:]][outcome.outcome] {
                        error(.duplicateName, "screen '\(spec.screens[index].name)' has two \(edge.label.map { "actions \"\($0.value)\"" } ?? "edges") for outcome '\(when.outcome.text)' of choice '\(when.choice.text)'",
                              at: when.range, notes: [DiagnosticNote(message: "the first is here", range: first)])
                    }
                    outcomes[group, default: [:]][outcome.outcome] = when.range
                }
                if let label = edge.label, edge.when == nil || outcome != nil {
                    if let first = labels[label.value] {
                        if first.choice == nil || first.choice != outcome?.choice {
                            error(.duplicateName, "screen '\(spec.screens[index].name)' has two actions labelled \"\(label.value)\"",
                                  at: label.range,
                                  notes: [DiagnosticNote(message: "the first is here; traces name actions by label; the outcomes of one choice may share a label ('when CHOICE is OUTCOME')",
                                                         range: first.range)])
                        }
                    } else {
                        labels[label.value] = (label.range, outcome?.choice)
                    }
                }
                let statements = edge.statements.compactMap {
                    resolveStatement($0, bindings: spec.screens[index].parameters.map { ($0.name, $0.type) })
                }
                let condition = edge.condition.map { resolveCondition($0) }
                spec.screens[index].edges.append(Edge(label: edge.label?.value, statements: statements,
                                                      condition: condition ?? nil, outcome: outcome, range: edge.range))
            }
            for hook in screenSyntax[index].hooks {
                switch hook.event {
                case .appear: resolveAppearHook(hook, of: index)
                case .dismiss: resolveDismissHook(hook, of: index)
                }
            }
            if let backHidden = screenSyntax[index].backHidden {
                spec.screens[index].backHidden = resolveCondition(backHidden)
            }
            if let lock = screenSyntax[index].lock {
                spec.screens[index].lock = resolveCondition(lock)
            }
            for (group, seen) in whenUnknown ? [] : outcomes.sorted(by: { $0.value.values.map(\.start.offset).min()! < $1.value.values.map(\.start.offset).min()! }) {
                let choice = spec.choices[group.choice]
                let missing = choice.outcomes.indices.filter { seen[$0] == nil }.map { "'\(choice.outcomes[$0])'" }
                guard !missing.isEmpty, let first = seen.values.min(by: { $0.start.offset < $1.start.offset }) else { continue }
                let what = group.label.map { "action \"\($0)\"" } ?? "the edges"
                error(.invalidStatement, "\(what) of screen '\(spec.screens[index].name)' depend\(group.label == nil ? "" : "s") on choice '\(choice.name)' but no edge takes outcome \(missing.joined(separator: ", ")); give each outcome its edge, as the app does something for each",
                      at: first)
            }
        }
    }

    /// An `appear` hook of a screen. It runs with no tap to choose a value:
    /// every route it names must be one route once the screen's parameters
    /// are bound.
    private mutating func resolveAppearHook(_ hook: AppearHookSyntax, of index: Int) {
        let statements = resolveHookStatements(hook, of: index, kind: "an appear hook")
        let condition = hook.condition.map { resolveCondition($0) } ?? nil
        spec.screens[index].hooks.append(AppearHook(statements: statements, condition: condition,
                                                    keyword: hook.keyword, range: hook.range))
    }

    /// An `on dismiss` hook of a screen. It runs once its modal has closed,
    /// where the user then is: it may not close a modal itself (`dismiss`,
    /// `close`, `rebuild`, `open`), so that a step closes each modal once
    /// and its hooks end. Whether the screen is ever a modal's root is
    /// checked once every presentation is known (`checkDismissHooks`).
    private mutating func resolveDismissHook(_ hook: AppearHookSyntax, of index: Int) {
        let statements = resolveHookStatements(hook, of: index, kind: "a dismissal hook").filter { statement in
            let word: String
            switch statement.kind {
            case .dismiss: word = "dismiss"
            case .close: word = "close"
            case .rebuild: word = "rebuild"
            case .open: word = "open"
            default: return true
            }
            error(.invalidStatement, "a dismissal hook may not '\(word)': it runs once its modal has closed, and a hook that closes modals would run more hooks in the same step; close them in the step that closes this one",
                  at: statement.range)
            return false
        }
        let condition = hook.condition.map { resolveCondition($0) } ?? nil
        spec.screens[index].dismissHooks.append(DismissHook(statements: statements, condition: condition,
                                                            keyword: hook.keyword, range: hook.range))
    }

    /// The statements of a hook of a screen. A hook runs with no tap to
    /// choose a value: every route it names must be one route once the
    /// screen's parameters are bound.
    private mutating func resolveHookStatements(_ hook: AppearHookSyntax, of index: Int, kind: String) -> [Statement] {
        let screen = spec.screens[index]
        let bindings = screen.parameters.map { ($0.name, $0.type) }
        var statements: [Statement] = []
        for syntax in hook.statements {
            guard let statement = resolveStatement(syntax, bindings: bindings) else { continue }
            if let (route, open) = openEnumArgument(of: statement) {
                error(.invalidStatement, "\(kind) runs with no tap to choose which '\(spec.screens[route.screen].name)' to show: give '\(open.name)' a case of \(spec.name(of: open.type)) or a parameter of '\(screen.name)'",
                      at: route.range)
                continue
            }
            statements.append(statement)
        }
        return statements
    }

    /// The route a statement pushes or selects with an `enum` parameter
    /// left open (`push Detail` for `Detail(kind: Kind)`), and that
    /// parameter: where no tap chooses a value (a hook, `launch`, a link's
    /// `else`), such a route is an error rather than one case picked.
    private func openEnumArgument(of statement: Statement) -> (Route, Parameter)? {
        switch statement.kind {
        case .push(let route), .pushUnderModals(let route), .pushInline(let route), .select(let route):
            let parameters = spec.screens[route.screen].parameters
            let undecided = zip(route.arguments, parameters).first { argument, parameter in
                if case .any = argument, case .enumeration = parameter.type { return true }
                return false
            }
            return undecided.map { (route, $0.1) }
        default:
            return nil
        }
    }

    /// `when CHOICE is OUTCOME`; nil when a name is unknown (reported).
    private mutating func resolveWhen(_ when: WhenSyntax) -> ChoiceOutcome? {
        guard let (choice, _) = choiceNames[when.choice.text] else {
            unknown(when.choice, kind: "choice", candidates: choiceNames.keys,
                    hint: "declare it with 'choice \(when.choice.text) \"what decides it\" { OUTCOME, ... }'")
            return nil
        }
        guard let outcome = spec.choices[choice].outcomes.firstIndex(of: when.outcome.text) else {
            unknown(when.outcome, kind: "outcome", candidates: spec.choices[choice].outcomes,
                    hint: "choice '\(when.choice.text)' has outcomes \(spec.choices[choice].outcomes.map { "'\($0)'" }.joined(separator: ", "))",
                    message: "choice '\(when.choice.text)' has no outcome '\(when.outcome.text)'")
            return nil
        }
        return ChoiceOutcome(choice: choice, outcome: outcome)
    }

    // MARK: - Start, launch, assume

    private mutating func resolveStart() {
        let starts = syntax.declarations.compactMap { declaration -> Name? in
            if case .start(let name) = declaration.kind { return name }
            return nil
        }
        if starts.count > 1 {
            error(.duplicateName, "'start' is given twice", at: starts[1].range,
                  notes: [DiagnosticNote(message: "first given here", range: starts[0].range)])
        }
        if let start = starts.first {
            guard let content = lookUpContent(start, expecting: "tabs, split, stack or screen") else { return }
            if case .screen(let screen) = content, !spec.screens[screen].parameters.isEmpty {
                rootParameters(start, screen: screen, role: "the app's start content")
            }
            spec.root = content
            return
        }
        if spec.tabViews.count == 1 {
            spec.root = .tabs(0)
            return
        }
        let appRange = syntax.app?.range ?? file.range(0, 0)
        if spec.tabViews.count > 1 {
            error(.startRequired, "the spec declares \(spec.tabViews.count) tab views; say which one the app starts in with 'start NAME'",
                  at: appRange, notes: spec.tabViews.map { DiagnosticNote(message: "tab view '\($0.name)'", range: $0.range) })
            return
        }
        let candidates: [[Content]] = [
            spec.splits.indices.map { Content.split($0) },
            spec.stacks.indices.map { Content.stack($0) },
            spec.screens.indices.map { Content.screen($0) },
        ]
        let nonEmptyGroups = candidates.filter { !$0.isEmpty }
        if nonEmptyGroups.count == 1, nonEmptyGroups[0].count == 1 {
            // A spec with a single container (or screen) starts there.
            inferRoot(nonEmptyGroups[0][0])
            return
        }
        for group in candidates where !group.isEmpty {
            let unused = group.filter { !usedContents.contains($0) }
            if unused.count == 1 {
                inferRoot(unused[0])
                return
            }
            if unused.count > 1 {
                error(.startRequired, "the app's root content is ambiguous; add 'start NAME' naming one of \(unused.map { "'\(spec.name(of: $0))'" }.joined(separator: ", "))",
                      at: appRange)
                return
            }
        }
        if spec.screens.isEmpty {
            error(.startRequired, "the spec declares no screen; declare at least one with 'screen NAME'", at: appRange)
        } else {
            error(.startRequired, "every container is used by another; add 'start NAME' to say where the app starts",
                  at: appRange)
        }
    }

    private mutating func inferRoot(_ content: Content) {
        spec.root = content
        if case .screen(let screen) = content, !spec.screens[screen].parameters.isEmpty {
            error(.rootParameters, "screen '\(spec.screens[screen].name)' would be the app's start content but takes parameters nothing supplies",
                  at: spec.screens[screen].range)
        }
    }

    private mutating func resolveLaunchAndAssumptions() {
        for (flag, initial) in zip(spec.flags.indices, flagInitials) {
            guard let condition = resolveCondition(initial) else { continue }
            if let read = condition.flagsRead.min() {
                let name = spec.flags[flag].name
                error(.invalidExpression, "flag '\(name)' starts from inputs and constants only; '\(spec.flags[read].name)' is a flag, which gets its own value at launch",
                      at: initial.range,
                      notes: [DiagnosticNote(message: "to set it from a flag, write 'flag \(name) = false' and 'launch set \(name) = true if ...'")])
                continue
            }
            spec.flags[flag].initial = condition
        }
        for declaration in syntax.declarations {
            switch declaration.kind {
            case .launch(let statement, let condition):
                guard let resolved = resolveStatement(statement, bindings: []) else { continue }
                if let (route, open) = openEnumArgument(of: resolved) {
                    error(.invalidStatement, "'launch' has no tap to choose which '\(spec.screens[route.screen].name)' to show: give '\(open.name)' a case of \(spec.name(of: open.type)) (one 'launch' line per case, each under its condition, for several)",
                          at: route.range)
                    continue
                }
                spec.launch.append(LaunchStep(statement: resolved, condition: condition.flatMap { resolveCondition($0) }))
            case .assume(let expression):
                guard let condition = resolveCondition(expression) else { continue }
                if !condition.flagsRead.isEmpty {
                    error(.invalidExpression, "'assume' may read inputs only; flags change during a run",
                          at: expression.range)
                    continue
                }
                spec.assumptions.append(Assumption(condition: condition, range: expression.range))
            default:
                break
            }
        }
    }

    // MARK: - Deep links

    private mutating func resolveDeepLinks() {
        var entryNames: [String: SourceRange] = [:]
        for declaration in syntax.declarations {
            switch declaration.kind {
            case .deeplink(let link):
                resolveDeepLink(link, range: declaration.range)
            case .entry(let entry):
                if let first = entryNames[entry.name.text] {
                    duplicate(entry.name, kind: "entry point", first: first)
                    continue
                }
                entryNames[entry.name.text] = entry.name.range
                resolveEntry(entry, range: declaration.range)
            default:
                continue
            }
        }
    }

    private mutating func resolveDeepLink(_ link: DeepLinkSyntax, range: SourceRange) {
        var pattern = DeepLinkPatternParser.parse(link.pattern, file: file, spec: spec, types: types.mapValues(\.0))
        diagnostics += pattern.diagnostics
        if link.ignoringCase != nil { pattern.pattern?.ignoresCase = true }
        var used = Set<Int>()
        let bindings = pattern.pattern?.parameters.map { ($0.name, $0.type) } ?? []
        // A target is checked against the pattern's parameters, so only once the pattern is right.
        guard let resolvedPattern = pattern.pattern else {
            _ = resolveHandlers(link.handlers, bindings: bindings, patternKnown: false, used: &used)
            return
        }
        guard let handlers = resolveHandlers(link.handlers, bindings: bindings, patternKnown: true, used: &used) else {
            return
        }
        for (index, parameter) in resolvedPattern.parameters.enumerated() where !used.contains(index) {
            error(.deeplinkPattern, "pattern parameter '\(parameter.name)' is not used by the target; pass it to a route, as in 'Screen(\(parameter.name))', or match the segment without binding it: '{_: \(parameter.typeName)}'",
                  at: parameter.range,
                  // A pattern with escapes locates its parts only as the whole string: no edit then.
                  fixIts: parameter.range == link.pattern.range
                      ? [] : [FixIt(range: parameter.range, replacement: "{_: \(parameter.typeName)}")])
        }
        spec.deepLinks.append(DeepLink(pattern: resolvedPattern, patternRange: link.pattern.range, handlers: handlers,
                                       range: range))
    }

    /// An entry point is a link that no URL matches: its parameters are
    /// bound by whatever opens it (a notification's payload, an intent's
    /// parameters), so its targets use them as a pattern's.
    private mutating func resolveEntry(_ entry: EntrySyntax, range: SourceRange) {
        guard let kind = EntryPointKind(rawValue: entry.kind.text) else { return }
        var parameters: [PatternParameter] = []
        var seen: [String: SourceRange] = [:]
        var known = true
        for parameter in entry.parameters {
            if let first = seen[parameter.name.text] {
                duplicate(parameter.name, kind: "parameter", first: first)
                known = false
                continue
            }
            seen[parameter.name.text] = parameter.name.range
            guard let type = lookUpType(parameter.type) else {
                known = false
                continue
            }
            parameters.append(PatternParameter(name: parameter.name.text, type: type, range: parameter.name.range,
                                               typeName: parameter.type.text))
        }
        var used = Set<Int>()
        let bindings = parameters.map { ($0.name, $0.type) }
        targetBinder = .entryPoint(entry.name.text)
        defer { targetBinder = .urlPattern }
        guard let handlers = resolveHandlers(entry.handlers, bindings: bindings, patternKnown: known, used: &used)
        else { return }
        for (index, parameter) in parameters.enumerated() where !used.contains(index) {
            error(.deeplinkPattern, "parameter '\(parameter.name)' of entry point '\(entry.name.text)' is not used by the target; pass it to a route, as in 'Screen(\(parameter.name))', or remove it",
                  at: parameter.range)
        }
        let text = "\(kind.rawValue) \(entry.name.text)"
            + (parameters.isEmpty ? "" : "(" + parameters.map { "\($0.name): \($0.typeName)" }.joined(separator: ", ") + ")")
        let pattern = DeepLinkPattern(origin: .entry(kind, entry.name.text), segments: [], parameters: parameters,
                                      text: text)
        var link = DeepLink(pattern: pattern, patternRange: entry.name.range, handlers: handlers, range: range)
        link.offeredIf = entry.offeredIf.flatMap { resolveCondition($0) }
        spec.deepLinks.append(link)
    }

    /// The handlers of a link or entry point; nil when one is wrong (reported).
    private mutating func resolveHandlers(_ syntax: [DeepLinkHandlerSyntax], bindings: [(String, ValueType)],
                                          patternKnown: Bool, used: inout Set<Int>) -> [DeepLinkHandler]? {
        var handlers: [DeepLinkHandler] = []
        var complete = true
        for handler in syntax {
            let target = patternKnown
                ? resolveTarget(handler.target, bindings: bindings, patternKnown: true, keepsModals: handler.keepModals,
                                underModals: handler.underModals != nil, used: &used)
                : nil
            let requires = handler.requires.flatMap { resolveCondition($0) }
            var otherwise: Statement?
            if let statement = handler.otherwise {
                if case .open = statement.kind {
                    error(.invalidStatement, "'open' may not be a deep link's 'else': a link would open another link",
                          at: statement.range)
                } else {
                    otherwise = resolveStatement(statement, bindings: [])
                    if let resolved = otherwise, let (route, open) = openEnumArgument(of: resolved) {
                        error(.invalidStatement, "a deep link's 'else' has no tap to choose which '\(spec.screens[route.screen].name)' to show: give '\(open.name)' a case of \(spec.name(of: open.type))",
                              at: route.range)
                        otherwise = nil
                    }
                }
            }
            if let keepTab = handler.keepTab, let target, target.tab == nil {
                error(.deeplinkTarget, "'keep tab' changes a named tab without selecting it; this target names no tab, so the selected tab stays anyway",
                      at: keepTab)
                complete = false
            }
            guard let target else {
                complete = false
                continue
            }
            if let under = handler.underModals, !checkUnderModals(target, at: under) {
                complete = false
                continue
            }
            if let anywhere = handler.anywhere, target.modals.isEmpty {
                error(.deeplinkTarget, "'anywhere' lets the modals a target presents show over any screen; this target presents none",
                      at: anywhere)
                complete = false
                continue
            }
            var outcome: ChoiceOutcome?
            if let when = handler.when {
                outcome = resolveWhen(when)
                if outcome == nil { complete = false }
            }
            let closing = resolveClosedModals(handler.closing, inStatement: false)
            if closing == nil { complete = false }
            var resolved = DeepLinkHandler(target: target, requires: requires, otherwise: otherwise,
                                           keepModals: handler.keepModals, keepsTab: handler.keepTab != nil,
                                           outcome: outcome, range: handler.range)
            resolved.closing = closing ?? []
            resolved.underModals = handler.underModals != nil
            resolved.anywhere = handler.anywhere != nil
            handlers.append(resolved)
        }
        if complete, !checkOutcomes(of: handlers, syntax: syntax) { complete = false }
        return complete ? handlers : nil
    }

    /// The handlers of one link that depend on a choice depend on one, and
    /// some handler takes each of its outcomes.
    private mutating func checkOutcomes(of handlers: [DeepLinkHandler], syntax: [DeepLinkHandlerSyntax]) -> Bool {
        let dependent = zip(handlers, syntax).compactMap { handler, syntax in
            handler.outcome.flatMap { outcome in syntax.when.map { (outcome, $0) } }
        }
        guard let (first, firstSyntax) = dependent.first else { return true }
        for (outcome, when) in dependent.dropFirst() where outcome.choice != first.choice {
            error(.deeplinkTarget, "the handlers of one link depend on one choice; this one depends on '\(when.choice.text)', the first on '\(firstSyntax.choice.text)'",
                  at: when.range)
            return false
        }
        let choice = spec.choices[first.choice]
        let taken = Set(dependent.map(\.0.outcome))
        let missing = choice.outcomes.indices.filter { !taken.contains($0) }.map { "'\(choice.outcomes[$0])'" }
        guard missing.isEmpty else {
            error(.deeplinkTarget, "the link depends on choice '\(choice.name)' but no handler takes outcome \(missing.joined(separator: ", ")); give each outcome a handler ('-> TARGET when \(choice.name) is OUTCOME')",
                  at: firstSyntax.range)
            return false
        }
        return true
    }

    /// A target `under modals` writes one path, the router's current one,
    /// and presents nothing: it describes no split column and no modal (so
    /// it starts with `*`, a tab, or without tabs the root's stack).
    private mutating func checkUnderModals(_ target: DeepLinkTarget, at range: SourceRange) -> Bool {
        if !target.modals.isEmpty {
            error(.deeplinkTarget, "a target 'under modals' writes the path beneath the modals and presents nothing; to present over what is up, write 'keep modals'",
                  at: range, notes: [DiagnosticNote(message: "the target presents here", range: target.range)])
            return false
        }
        if target.columns.count > 1 || target.columns.contains(where: { $0.shows != nil }) {
            error(.deeplinkTarget, "'under modals' writes one path, the router's current one, so the target cannot select split columns with '>'",
                  at: range)
            return false
        }
        return true
    }

    private mutating func resolveTarget(_ target: TargetSyntax, bindings: [(String, ValueType)], patternKnown: Bool,
                                        keepsModals: Bool, underModals: Bool = false,
                                        used: inout Set<Int>) -> DeepLinkTarget? {
        // Without a root (no screens, or `start` unresolved, already reported) no target can be judged.
        guard spec.declares(spec.root) else { return nil }
        var ok = true
        var result = DeepLinkTarget(tab: nil, columns: [], modals: [], range: target.range)
        var base: Content = spec.root
        var selectedTab = false
        if case .selected? = target.tab {
            // Which content `*` describes depends on the state: the selected tab's, the root's, or with
            // `keep modals` the top modal's. A push needs one of them to be a stack.
            selectedTab = true
            result.describesCurrentContext = true
            var candidates = spec.rootTabView?.tabs.map(\.content) ?? [spec.root]
            // `under modals`: the presented stacks that hold the router's current path.
            if keepsModals {
                candidates += spec.stacks.indices.filter { !underModals || spec.stacks[$0].routerPath != nil }
                    .map { Content.stack($0) }
            }
            func isStack(_ content: Content) -> Bool { if case .stack = content { true } else { false } }
            // In a split, `*` acts on the last column that is a stack (the detail).
            let stacks = candidates.compactMap { content -> Content? in
                switch content {
                case .split(let split): spec.splits[split].columns.last(where: isStack)
                default: content
                }
            }.filter(isStack)
            base = stacks.first ?? candidates.first ?? spec.root
        } else if case .named(let tabName)? = target.tab {
            guard let rootView = spec.rootTabView else {
                error(.deeplinkTarget, "the app's root '\(spec.name(of: spec.root))' has no tabs, so a target cannot name tab '\(tabName.text)'; start the target with '/'",
                      at: tabName.range)
                return nil
            }
            guard let entry = tabIDs[tabName.text], spec.tabViews[entry.view].name == rootView.name else {
                unknown(tabName, kind: "tab", candidates: rootView.tabs.map(\.id), hint: nil)
                return nil
            }
            result.tab = entry.tab
            base = rootView.tabs[entry.tab].content
            // `under modals` writes the tab's current path: in a split, its last stack column
            // (a target that selects columns is refused by `checkUnderModals`).
            if underModals, !target.segments.contains(where: { if case .column = $0 { true } else { false } }),
               case .split(let split) = base, let last = spec.splits[split].columns.last(where: {
                if case .stack = $0 { true } else { false }
            }) {
                base = last
            }
            // A tab whose content did not resolve (already reported) holds a placeholder.
            guard spec.declares(base) else { return nil }
        } else if spec.rootTabView != nil {
            if let first = target.segments.first, case .modal = first {} else if !target.segments.isEmpty {
                error(.deeplinkTarget, "the app's root is a tab view: name the tab first, as in 'home / Screen', or write '*' for where the user is, as in '* / ... / Screen'",
                      at: target.range)
                return nil
            }
        }
        if case .split(let split) = base, splitsWithErrors.contains(split) { return nil }
        // The base content: columns of a split, or one stack column.
        var columnContents: [Content]
        switch base {
        case .split(let split): columnContents = spec.splits[split].columns
        default: columnContents = [base]
        }
        var column = 0
        var inModal = false
        var currentStack: Int? = {
            if case .stack(let stack) = columnContents.first { return stack }
            return nil
        }()
        var describing = "'\(spec.name(of: columnContents.first ?? base))'"
        for (index, segment) in target.segments.enumerated() {
            switch segment {
            case .keptPath(let range):
                guard index == 0 else {
                    error(.deeplinkTarget, "'/ ...' keeps the path of the stack the target starts with, so it must come first, right after the tab",
                          at: range)
                    ok = false
                    continue
                }
                guard currentStack != nil else {
                    let subject = selectedTab ? "no content '*' can describe is a stack" : "\(describing) is not a stack"
                    error(.deeplinkTarget, "\(subject), so there is no path for '/ ...' to keep", at: range)
                    return nil
                }
                result.appends = true
                result.columns.append(ColumnTarget(shows: nil, path: []))
            case .push(let routeSyntax):
                guard let route = resolveRoute(routeSyntax, bindings: bindings, inTarget: true, used: &used) else {
                    ok = false
                    continue
                }
                guard currentStack != nil else {
                    let subject = selectedTab && !inModal ? "no content '*' can describe is a stack" : "\(describing) is not a stack"
                    error(.deeplinkTarget, "\(subject), so the target cannot push '\(routeSyntax.screen.text)' onto it",
                          at: routeSyntax.range)
                    ok = false
                    continue
                }
                if inModal {
                    result.modals[result.modals.count - 1].path.append(route)
                } else {
                    if result.columns.isEmpty { result.columns.append(ColumnTarget(shows: nil, path: [])) }
                    result.columns[result.columns.count - 1].path.append(route)
                }
            case .column(let routeSyntax, let range):
                if selectedTab || result.appends {
                    error(.deeplinkTarget, selectedTab
                          ? "'>' selects a column of a named tab's split view: what '*' describes depends on where the user is, so name the tab"
                          : "'/ ...' appends to one stack, so the target cannot also select a column with '>'",
                          at: range)
                    ok = false
                    continue
                }
                guard !inModal, case .split = base else {
                    error(.deeplinkTarget, "'>' selects the next column of a split view, and \(describing) is not in one",
                          at: range)
                    ok = false
                    continue
                }
                column += 1
                guard column < columnContents.count else {
                    error(.deeplinkTarget, "split '\(spec.name(of: base))' has only \(columnContents.count) columns",
                          at: range)
                    ok = false
                    continue
                }
                guard let route = resolveRoute(routeSyntax, bindings: bindings, inTarget: true, used: &used) else {
                    ok = false
                    continue
                }
                while result.columns.count < column { result.columns.append(ColumnTarget(shows: nil, path: [])) }
                result.columns.append(ColumnTarget(shows: route, path: []))
                if case .stack(let stack) = columnContents[column] {
                    currentStack = stack
                } else {
                    currentStack = nil
                }
                describing = "the column showing '\(routeSyntax.screen.text)'"
            case .modal(let kind, let name, _):
                guard let content = lookUpContent(name, expecting: "screen or stack") else {
                    ok = false
                    continue
                }
                usedContents.insert(content)
                switch content {
                case .screen(let screen):
                    if !spec.screens[screen].parameters.isEmpty {
                        rootParameters(name, screen: screen, role: "a modal")
                        ok = false
                    }
                    currentStack = nil
                case .stack(let stack):
                    currentStack = stack
                case .tabs, .split:
                    wrongKind(name, is: content, expected: "a screen or a stack to present")
                    ok = false
                    continue
                }
                inModal = true
                describing = "'\(name.text)'"
                result.modals.append(ModalTarget(kind: kind, content: content, path: [], range: name.range))
            }
        }
        return ok && patternKnown ? result : nil
    }

    // MARK: - Statements

    /// The modals `close NAME, ...` names (a link's or a statement's), each a
    /// screen without parameters or a stack; nil after reporting a wrong one.
    private mutating func resolveClosedModals(_ names: [Name], inStatement: Bool) -> [Content]? {
        var closing: [Content] = []
        var complete = true
        for name in names {
            guard let content = lookUpContent(name, expecting: "screen or stack") else {
                complete = false
                continue
            }
            switch content {
            case .screen(let screen) where !spec.screens[screen].parameters.isEmpty:
                let parameters = spec.screens[screen].parameters.map(\.name).joined(separator: ", ")
                error(.rootParameters, "screen '\(name.text)' takes parameters (\(parameters)), so no modal presents it and 'close' cannot name it; name the screen or stack the sheet shows",
                      at: name.range,
                      notes: [DiagnosticNote(message: "'\(name.text)' is declared here", range: spec.screens[screen].range)])
                complete = false
            case .tabs, .split:
                wrongKind(name, is: content, expected: "a screen or a stack, presented as a modal")
                complete = false
            default:
                if closing.contains(content) {
                    error(.duplicateName, "'close' names '\(name.text)' twice", at: name.range)
                    complete = false
                }
                closing.append(content)
                closingNames.append((content, name, inStatement))
            }
        }
        return complete ? closing : nil
    }

    private mutating func resolveStatement(_ statement: StatementSyntax, bindings: [(String, ValueType)]) -> Statement? {
        var unusedBindings = Set<Int>()
        let kind: Statement.Kind
        switch statement.kind {
        case .push(let routeSyntax), .pushUnderModals(let routeSyntax), .pushInline(let routeSyntax):
            if case .stack(let stack)? = contents[routeSyntax.screen.text]?.0 {
                usedContents.insert(.stack(stack))
                kind = .pushStack(stack)
            } else {
                guard let route = resolveRoute(routeSyntax, bindings: bindings, inTarget: false, used: &unusedBindings)
                else { return nil }
                usedContents.insert(.screen(route.screen))
                switch statement.kind {
                case .pushUnderModals: kind = .pushUnderModals(route)
                case .pushInline: kind = .pushInline(route)
                default: kind = .push(route)
                }
            }
        case .select(let routeSyntax):
            if spec.splits.isEmpty {
                error(.invalidStatement, "'select' shows a route in the next column of a split view, and the spec declares no 'split'; use 'push' on a stack",
                      at: statement.range)
                return nil
            }
            guard let route = resolveRoute(routeSyntax, bindings: bindings, inTarget: false, used: &unusedBindings)
            else { return nil }
            usedContents.insert(.screen(route.screen))
            kind = .select(route)
        case .present(let modal, let name):
            guard let content = lookUpContent(name, expecting: "screen or stack") else { return nil }
            switch content {
            case .screen(let screen) where !spec.screens[screen].parameters.isEmpty:
                rootParameters(name, screen: screen, role: "a \(modal.rawValue)")
                return nil
            case .tabs, .split:
                wrongKind(name, is: content, expected: "a screen or a stack to present")
                return nil
            default:
                break
            }
            usedContents.insert(content)
            kind = .present(modal, content)
        case .dismiss: kind = .dismiss
        case .close(let names):
            guard let closing = resolveClosedModals(names, inStatement: true) else { return nil }
            kind = .close(closing)
        case .pop: kind = .pop
        case .popToRoot: kind = .popToRoot
        case .rebuild: kind = .rebuild
        case .selectTab(let name):
            guard let entry = tabIDs[name.text] else {
                unknown(name, kind: "tab", candidates: tabIDs.keys, hint: nil)
                return nil
            }
            kind = .selectTab(entry.tab)
        case .set(let name, let value):
            guard let (condition, _) = values[name.text] else {
                unknown(name, kind: "flag", candidates: spec.flags.map(\.name), hint: nil)
                return nil
            }
            guard case .flag(let flag) = condition else {
                error(.wrongKind, "'\(name.text)' is an input and stays fixed during a run; declare it with 'flag' to change it",
                      at: name.range)
                return nil
            }
            kind = .set(flag: flag, value: value)
        case .open(let url):
            if URLPath(url.value) == nil {
                error(.invalidStatement, url.value.contains("://")
                      ? "\"\(url.value)\" has a malformed percent escape; write '%' as '%25', and escapes as '%' and two hex digits of UTF-8"
                      : "\"\(url.value)\" is not a URL; write it as 'scheme://path' or 'https://host/path'",
                      at: url.range)
                return nil
            }
            kind = .open(url.value)
        }
        return Statement(kind: kind, range: statement.range)
    }

    /// Resolves a route's screen and arguments. In a deep-link target every
    /// parameter must be given (bound by the pattern or an enum case).
    private mutating func resolveRoute(_ route: RouteSyntax, bindings: [(String, ValueType)], inTarget: Bool,
                                       used: inout Set<Int>) -> Route? {
        guard let content = lookUpContent(route.screen, expecting: "screen") else { return nil }
        guard case .screen(let screen) = content else {
            wrongKind(route.screen, is: content, expected: "a screen (stacks do not nest)")
            return nil
        }
        if screensWithUnknownParameters.contains(screen) { return nil }
        let parameters = spec.screens[screen].parameters
        guard let arguments = route.arguments else {
            if inTarget && !parameters.isEmpty {
                let example = parameters.map(\.name).joined(separator: ", ")
                error(.arguments, "the target must say which '\(route.screen.text)' to show: \(targetBinder.howToBind), as in '\(route.screen.text)(\(example))'",
                      at: route.range)
                return nil
            }
            return Route(screen: screen, arguments: Array(repeating: .any, count: parameters.count), range: route.range)
        }
        guard arguments.count == parameters.count else {
            let expected = parameters.isEmpty ? "no arguments"
                : "\(parameters.count) argument\(parameters.count == 1 ? "" : "s") (\(parameters.map { "\($0.name): \(spec.name(of: $0.type))" }.joined(separator: ", ")))"
            error(.arguments, "'\(route.screen.text)' takes \(expected), but \(arguments.count) \(arguments.count == 1 ? "is" : "are") given",
                  at: route.range,
                  notes: [DiagnosticNote(message: "'\(route.screen.text)' is declared here", range: spec.screens[screen].range)])
            return nil
        }
        var resolved: [Argument] = []
        var ok = true
        for (argument, parameter) in zip(arguments, parameters) {
            switch argument {
            case .wildcard(let range):
                if inTarget {
                    error(.arguments, "a deep-link target needs a value for '\(parameter.name)'; \(targetBinder.advice(parameter.name, spec.name(of: parameter.type)))",
                          at: range)
                    ok = false
                }
                resolved.append(.any)
            case .name(let name):
                if let binding = bindings.firstIndex(where: { $0.0 == name.text }) {
                    let bindingType = bindings[binding].1
                    guard bindingType == parameter.type else {
                        error(.arguments, "'\(name.text)' is a \(spec.name(of: bindingType)), but '\(route.screen.text)' expects a \(spec.name(of: parameter.type)) for '\(parameter.name)'",
                              at: name.range)
                        ok = false
                        continue
                    }
                    used.insert(binding)
                    resolved.append(.binding(binding))
                } else if case .enumeration(let enumIndex) = parameter.type,
                          let caseIndex = spec.enums[enumIndex].cases.firstIndex(of: name.text) {
                    resolved.append(.enumCase(caseIndex))
                } else {
                    var candidates = bindings.filter { $0.1 == parameter.type }.map(\.0)
                    if case .enumeration(let enumIndex) = parameter.type { candidates += spec.enums[enumIndex].cases }
                    let what: String
                    switch parameter.type {
                    case .enumeration: what = "a case of \(spec.name(of: parameter.type))"
                    case .identifier: what = "a parameter of type \(spec.name(of: parameter.type))"
                    }
                    let scope = inTarget ? targetBinder.noun : "the screen"
                    unknown(name, kind: "argument", candidates: candidates,
                            // A target needs a value: '_' is offered only on edges.
                            hint: "'\(parameter.name)' takes \(what)\(inTarget ? "" : ", '_',") or a parameter \(scope) binds",
                            message: "'\(name.text)' is neither \(what) nor a parameter \(scope) binds")
                    ok = false
                }
            }
        }
        return ok ? Route(screen: screen, arguments: resolved, range: route.range) : nil
    }

    // MARK: - Conditions

    private mutating func resolveCondition(_ expression: ExpressionSyntax) -> Condition? {
        switch expression {
        case .literal(let value, _):
            return .constant(value)
        case .name(let name):
            if let (condition, _) = values[name.text] { return condition }
            if let (content, _) = contents[name.text] {
                error(.invalidExpression, "'\(name.text)' is a \(kindName(content)), not a flag or input; conditions read flags and inputs",
                      at: name.range)
                return nil
            }
            unknown(name, kind: "flag or input", candidates: values.keys, hint: nil)
            return nil
        case .not(let operand, _):
            return resolveCondition(operand).map { .not($0) }
        case .and(let lhs, let rhs):
            let (l, r) = (resolveCondition(lhs), resolveCondition(rhs))
            guard let l, let r else { return nil }
            return .and(l, r)
        case .or(let lhs, let rhs):
            let (l, r) = (resolveCondition(lhs), resolveCondition(rhs))
            guard let l, let r else { return nil }
            return .or(l, r)
        case .equal(let lhs, let rhs):
            let (l, r) = (resolveCondition(lhs), resolveCondition(rhs))
            guard let l, let r else { return nil }
            return .equal(l, r)
        }
    }

    // MARK: - Look-ups

    private mutating func lookUpType(_ name: Name) -> ValueType? {
        if let (type, _) = types[name.text] { return type }
        if Keywords.typeNames.contains(name.text) {
            error(.wrongKind, "a parameter's type is an enum or an id type; declare one with 'id \(name.text.prefix(1).uppercased())ID: \(name.text)'",
                  at: name.range)
            return nil
        }
        unknown(name, kind: "type", candidates: types.keys, hint: "declare it with 'enum' or 'id'")
        return nil
    }

    private mutating func lookUpContent(_ name: Name, expecting what: String) -> Content? {
        if let (content, _) = contents[name.text] { return content }
        let candidates: [String]
        switch what {
        case "screen": candidates = spec.screens.map(\.name)
        case "screen or stack": candidates = spec.screens.map(\.name) + spec.stacks.map(\.name)
        default: candidates = Array(contents.keys)
        }
        if values[name.text] != nil || types[name.text] != nil {
            error(.wrongKind, "'\(name.text)' is a \(values[name.text] != nil ? "flag or input" : "type"), not a \(what)",
                  at: name.range)
            return nil
        }
        unknown(name, kind: what, candidates: candidates, hint: nil)
        return nil
    }

    /// A stack root: a screen without parameters.
    private mutating func lookUpRootScreen(_ name: Name, of owner: String) -> Int? {
        guard let content = lookUpContent(name, expecting: "screen") else { return nil }
        switch content {
        case .screen(let screen):
            if !spec.screens[screen].parameters.isEmpty {
                rootParameters(name, screen: screen, role: "the root of \(owner)")
                return nil
            }
            usedContents.insert(content)
            return screen
        case .stack, .tabs, .split:
            wrongKind(name, is: content, expected: "a screen (the root of a stack is a screen; stacks do not nest)")
            return nil
        }
    }

    /// The content of a tab or split column: a screen (without parameters),
    /// a stack, or (for tabs) a split.
    private mutating func lookUpContainedContent(_ name: Name, of owner: String, allowsSplit: Bool) -> Content? {
        guard let content = lookUpContent(name, expecting: allowsSplit ? "screen, stack or split" : "screen or stack")
        else { return nil }
        switch content {
        case .screen(let screen) where !spec.screens[screen].parameters.isEmpty:
            rootParameters(name, screen: screen, role: owner)
            return nil
        case .tabs:
            wrongKind(name, is: content, expected: allowsSplit ? "a screen, stack or split (tab views do not nest)" : "a screen or a stack")
            return nil
        case .split where !allowsSplit:
            wrongKind(name, is: content, expected: "a screen or a stack")
            return nil
        default:
            usedContents.insert(content)
            return content
        }
    }

    private func kindName(_ content: Content) -> String {
        switch content {
        case .screen: "screen"
        case .stack: "stack"
        case .tabs: "tab view"
        case .split: "split view"
        }
    }

    // MARK: - Reporting

    private mutating func error(_ rule: RuleID, _ message: String, at range: SourceRange,
                                notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, file: file.path, range: range,
                                      notes: notes, fixIts: fixIts))
    }

    private mutating func wrongKind(_ name: Name, is content: Content, expected: String) {
        error(.wrongKind, "'\(name.text)' is a \(kindName(content)), but \(expected) is expected here", at: name.range)
    }

    private mutating func rootParameters(_ name: Name, screen: Int, role: String) {
        let parameters = spec.screens[screen].parameters.map(\.name).joined(separator: ", ")
        error(.rootParameters, "screen '\(name.text)' takes parameters (\(parameters)) and cannot be \(role): nothing would supply them",
              at: name.range,
              notes: [DiagnosticNote(message: "'\(name.text)' is declared here", range: spec.screens[screen].range)])
    }

    private mutating func unknown(_ name: Name, kind: String, candidates: some Sequence<String>, hint: String?,
                                  message: String? = nil) {
        var notes: [DiagnosticNote] = []
        var fixIts: [FixIt] = []
        if let suggestion = NameSuggestion.closest(to: name.text, among: candidates) {
            notes.append(DiagnosticNote(message: "did you mean '\(suggestion)'?"))
            fixIts.append(FixIt(range: name.range, replacement: suggestion))
        }
        if let hint { notes.append(DiagnosticNote(message: hint)) }
        error(.unknownName, message ?? "unknown \(kind) '\(name.text)'", at: name.range, notes: notes, fixIts: fixIts)
    }
}

/// What binds the values a deep-link target passes to its screens.
private enum TargetBinder {
    case urlPattern
    case entryPoint(String)

    /// The binder in "a parameter NOUN binds".
    var noun: String {
        switch self {
        case .urlPattern: "the URL pattern"
        case .entryPoint(let name): "entry point '\(name)'"
        }
    }

    /// How a target gives a screen its parameters.
    var howToBind: String {
        switch self {
        case .urlPattern: "bind its parameters from the URL"
        case .entryPoint: "pass it the entry point's parameters"
        }
    }

    /// How to give a target a value it lacks.
    func advice(_ name: String, _ type: String) -> String {
        switch self {
        case .urlPattern: "bind it from the URL with '{\(name): \(type)}'"
        case .entryPoint(let entry): "add '\(name): \(type)' to the parameters of entry point '\(entry)'"
        }
    }
}

/// The edges of one screen that are the outcomes of one tap: same label
/// (nil for unlabelled edges), same choice.
private struct OutcomeGroup: Hashable {
    var label: String?
    var choice: Int
}
