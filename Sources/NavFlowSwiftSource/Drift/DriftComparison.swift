#if SwiftSource
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// One comparison of a spec with the draft of its code: the elements of
/// each side as keys, matched kind by kind, and the findings.
struct DriftComparison {
    let spec: FlowSpec
    let directives: [CodeDirective]
    let sources: [String: SourceFile]
    let draft: DraftSpec
    /// The app's property lists, for the URLs it declares.
    let manifests: [SourceFile]
    private var findings: [Diagnostic] = []
    private var tallies: [Drift.Kind: Drift.Tally] = [:]
    private var remarks: [String] = []
    /// The `navflow:code-only` names that excused a code element.
    private var usedCodeOnly: Set<SourceRange> = []

    init(spec: FlowSpec, directives: [CodeDirective], sources: [SourceFile], draft: DraftSpec, manifests: [SourceFile] = []) {
        self.manifests = manifests
        self.spec = spec
        self.directives = directives
        self.sources = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.draft = draft
    }

    mutating func run() -> Drift.Result {
        compareScreens()
        let stackPairs = compareStacks()
        compareDestinations(stackPairs)
        comparePresentations()
        compareTabs()
        compareDeepLinks()
        for directive in directives where directive.kind == .codeOnly {
            for name in directive.names where !usedCodeOnly.contains(name.range) {
                findings.append(Diagnostic(
                    rule: Drift.invalidDirective.id, severity: Drift.invalidDirective.severity,
                    message: "'\(name.text)' in a '\(CodeDirective.codeOnly)' comment names no view of the code",
                    file: spec.file.path, range: name.range))
            }
        }
        for directive in directives where directive.kind != .codeOnly && directive.item == nil {
            findings.append(Diagnostic(
                rule: Drift.invalidDirective.id, severity: Drift.invalidDirective.severity,
                message: "this '\(CodeDirective.code)' comment is followed by no element of the spec",
                file: spec.file.path, range: directive.range))
        }
        let specPath = spec.file.path
        let sorted = findings.sorted { left, right in
            let leftSpec = left.file == specPath, rightSpec = right.file == specPath
            if leftSpec != rightSpec { return leftSpec }
            return (left.file, left.range.start.offset, left.rule.rawValue, left.message)
                < (right.file, right.range.start.offset, right.rule.rawValue, right.message)
        }
        return Drift.Result(diagnostics: sorted, tallies: Drift.Kind.allCases.map { ($0, tallies[$0] ?? Drift.Tally()) },
                            remarks: remarks)
    }

    // MARK: Names

    /// The endings a name is compared without, as a view's type name
    /// often carries them and a spec's screen name does not.
    static let endings = ["view", "screen", "sheet", "page", "tab", "content"]

    /// A name as compared: letters and digits, lowercased, without the
    /// `endings` (`SideMenuContentView` is `sidemenu`), and without `Stack`
    /// for stacks.
    static func key(_ name: String, stack: Bool = false) -> String {
        var text = String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        var stripped = true
        while stripped {
            stripped = false
            for ending in (stack ? ["stack"] + endings : endings) where text.hasSuffix(ending) && text.count > ending.count {
                text.removeLast(ending.count)
                stripped = true
            }
        }
        return text
    }

    /// The directive about the spec element that starts at `range`: one
    /// whose item contains it and starts on its line.
    func directive(for range: SourceRange) -> CodeDirective? {
        directives.first { directive in
            guard directive.kind != .codeOnly, let item = directive.item else { return false }
            return item.start.offset <= range.start.offset && range.start.offset < max(item.end.offset, item.start.offset + 1)
                && item.start.line == range.start.line
        }
    }

    /// A spec element's keys: its `navflow:code` names, else its own name.
    func keys(ofSpecElement name: String, at range: SourceRange, stack: Bool = false) -> Set<String> {
        if let directive = directive(for: range), directive.kind == .names, !directive.names.isEmpty {
            return Set(directive.names.map { Self.key($0.text, stack: stack) })
        }
        return [Self.key(name, stack: stack)]
    }

    /// Whether a `navflow:code none` comment marks the element named
    /// `name` at `range` absent: one naming no element marks every element
    /// of its line, one naming some (`navflow:code none Auth`) marks those.
    func isMarkedAbsent(_ range: SourceRange, name: String) -> Bool {
        guard let directive = directive(for: range), directive.kind == .absent else { return false }
        return directive.names.isEmpty || directive.names.contains { $0.text == name }
    }

    /// The keys of a screen of the draft: its view's name, and the route case that leads to it.
    func keys(ofCodeScreen name: String) -> Set<String> {
        var keys: Set<String> = [Self.key(name)]
        for route in draft.screens.first(where: { $0.name == name })?.routes ?? [] {
            keys.insert(Self.key(route))
            if let caseName = route.split(separator: ".").last { keys.insert(Self.key(String(caseName))) }
        }
        return keys
    }

    /// Whether a `navflow:code-only` comment excuses a code element; marks the name used.
    mutating func isExcused(_ names: [String]) -> Bool {
        var excused = false
        for directive in directives where directive.kind == .codeOnly {
            for name in directive.names where names.contains(where: { $0 == name.text || Self.key($0) == Self.key(name.text) }) {
                usedCodeOnly.insert(name.range)
                excused = true
            }
        }
        return excused
    }

    /// The range of a cited line: from its first non-blank character to its end.
    func range(of citation: DraftSpec.Citation) -> SourceRange {
        guard let file = sources[citation.file], citation.line >= 1, citation.line <= file.lineStarts.count else {
            return SourceRange(start: SourceLocation(line: citation.line, column: 1, offset: 0),
                               end: SourceLocation(line: citation.line, column: 1, offset: 0))
        }
        var start = file.lineStarts[citation.line - 1]
        let end = citation.line < file.lineStarts.count ? file.lineStarts[citation.line] - 1 : file.bytes.count
        while start < end, file.bytes[start] == UInt8(ascii: " ") || file.bytes[start] == UInt8(ascii: "\t") { start += 1 }
        return file.range(start, max(start, end))
    }

    func place(_ range: SourceRange) -> String { "\(spec.file.path):\(range.start.line)" }

    mutating func specOnly(_ kind: Drift.Kind, _ message: String, at range: SourceRange, notes: [String]) {
        tallies[kind, default: Drift.Tally()].onlyInSpec += 1
        findings.append(Diagnostic(rule: kind.descriptor.id, severity: .error, message: message, file: spec.file.path,
                                   range: range, notes: notes.map { DiagnosticNote(message: $0) }))
    }

    mutating func codeOnly(_ kind: Drift.Kind, _ message: String, at citation: DraftSpec.Citation, notes: [String]) {
        tallies[kind, default: Drift.Tally()].onlyInCode += 1
        findings.append(Diagnostic(rule: kind.descriptor.id, severity: .error, message: message, file: citation.file,
                                   range: range(of: citation), notes: notes.map { DiagnosticNote(message: $0) }))
    }

    mutating func absentButFound(_ kind: Drift.Kind, _ name: String, at range: SourceRange, found: DraftSpec.Citation) {
        findings.append(Diagnostic(
            rule: Drift.invalidDirective.id, severity: Drift.invalidDirective.severity,
            message: "\(kind.noun) '\(name)' is marked absent from the code, but the code has it (\(found))",
            file: spec.file.path, range: directive(for: range)?.range ?? range,
            notes: [DiagnosticNote(message: "drop the '\(CodeDirective.code) none' comment, or name what it stands for")]))
    }

    func advice(_ what: String) -> String {
        "if the code names \(what) otherwise, write '// \(CodeDirective.code) NAME' before it; if it is not in the code on purpose, '// \(CodeDirective.code) none -- why'"
    }

    // MARK: Screens

    /// The draft's screens that are views of the code (not placeholders).
    var codeScreens: [DraftSpec.Screen] { draft.screens.filter { !$0.isPlaceholder } }

    mutating func compareScreens() {
        let codeKeys = codeScreens.map { (screen: $0, keys: keys(ofCodeScreen: $0.name)) }
        var matchedCode: Set<String> = []
        for screen in spec.screens {
            let keys = keys(ofSpecElement: screen.name, at: screen.range)
            let found = codeKeys.filter { !$0.keys.isDisjoint(with: keys) }
            matchedCode.formUnion(found.map(\.screen.name))
            if isMarkedAbsent(screen.range, name: screen.name) {
                if let first = found.first { absentButFound(.screen, screen.name, at: screen.range, found: first.screen.citation) }
                tallies[.screen, default: Drift.Tally()].intentional += 1
            } else if found.isEmpty {
                specOnly(.screen, "screen '\(screen.name)' is in the spec, but no view of the code matches it", at: screen.range,
                         notes: [advice("its view")])
            } else {
                tallies[.screen, default: Drift.Tally()].matched += 1
            }
        }
        for screen in codeScreens where !matchedCode.contains(screen.name) {
            if isExcused([screen.name]) {
                tallies[.screen, default: Drift.Tally()].intentional += 1
                continue
            }
            codeOnly(.screen, "view '\(screen.name)' is a screen of the code, but no screen of \(spec.file.path) matches it",
                     at: screen.citation,
                     notes: ["add it to the spec, or list it in a '// \(CodeDirective.codeOnly) \(screen.name) -- why' comment of the spec"])
        }
    }

    /// Whether a spec screen and a code view match.
    func matches(specScreen index: Int, codeView name: String) -> Bool {
        let screen = spec.screens[index]
        return !keys(ofSpecElement: screen.name, at: screen.range).isDisjoint(with: keys(ofCodeScreen: name))
    }

    // MARK: Stacks

    /// Whether a spec stack and a code stack match: by name, or by their roots.
    func matches(specStack index: Int, codeStack stack: DraftSpec.Stack) -> Bool {
        let specStack = spec.stacks[index]
        if keys(ofSpecElement: specStack.name, at: specStack.range, stack: true).contains(Self.key(stack.name, stack: true)) { return true }
        let root = draft.screens.first { $0.name == stack.root }
        return root.map { !$0.isPlaceholder && matches(specScreen: specStack.root, codeView: $0.name) } ?? false
    }

    mutating func compareStacks() -> [(spec: Int, code: [DraftSpec.Stack])] {
        var pairs: [(spec: Int, code: [DraftSpec.Stack])] = []
        var matchedCode: Set<String> = []
        for (index, stack) in spec.stacks.enumerated() {
            let found = draft.stacks.filter { matches(specStack: index, codeStack: $0) }
            matchedCode.formUnion(found.map(\.name))
            if isMarkedAbsent(stack.range, name: stack.name) {
                if let first = found.first { absentButFound(.stack, stack.name, at: stack.range, found: first.citation) }
                tallies[.stack, default: Drift.Tally()].intentional += 1
            } else if found.isEmpty {
                let root = spec.screens[stack.root].name
                specOnly(.stack, "stack '\(stack.name)' is in the spec, but no NavigationStack of the code has its name or its root '\(root)'",
                         at: stack.range, notes: [advice("the view that builds it")])
            } else {
                tallies[.stack, default: Drift.Tally()].matched += 1
                pairs.append((spec: index, code: found))
            }
        }
        for stack in draft.stacks where !matchedCode.contains(stack.name) {
            if isExcused([stack.name, stack.root]) {
                tallies[.stack, default: Drift.Tally()].intentional += 1
                continue
            }
            codeOnly(.stack, "this navigation stack (root '\(stack.root)') matches no stack of \(spec.file.path)", at: stack.citation,
                     notes: ["a spec stack matches it by its name ('\(stack.name)') or by its root"])
        }
        return pairs
    }

    // MARK: Destinations

    mutating func compareDestinations(_ pairs: [(spec: Int, code: [DraftSpec.Stack])]) {
        // The screens the spec pushes by view-destination links (`push X inline`).
        let pushedInline = Set(spec.inlinePushes.map(\.route.screen))
        for (index, codeStacks) in pairs {
            let stack = spec.stacks[index]
            var matchedCode: Set<String> = []
            for (destination, registration) in zip(stack.destinations, stack.registrations) {
                let found = codeStacks.flatMap(\.destinations).filter { matches(specScreen: destination, codeView: $0.screen) }
                matchedCode.formUnion(found.map(\.screen))
                let name = spec.screens[destination].name
                if isMarkedAbsent(registration.range, name: name) {
                    tallies[.destination, default: Drift.Tally()].intentional += 1
                } else if found.isEmpty {
                    specOnly(.destination, "stack '\(stack.name)' registers '\(name)' in the spec, but its stack in the code does not",
                             at: registration.range,
                             notes: codeStacks.map { "the code's stack: \($0.citation) (root '\($0.root)')" })
                } else {
                    tallies[.destination, default: Drift.Tally()].matched += 1
                }
            }
            var reported: Set<String> = []
            for codeStack in codeStacks {
                for destination in codeStack.destinations
                where !matchedCode.contains(destination.screen) && reported.insert(destination.screen).inserted {
                    // A view a view-destination link pushes, which the spec pushes `inline` too.
                    if codeStack.viewLinked.contains(destination.screen),
                       pushedInline.contains(where: { matches(specScreen: $0, codeView: destination.screen) }) {
                        tallies[.destination, default: Drift.Tally()].matched += 1
                        continue
                    }
                    if isExcused([destination.screen]) {
                        tallies[.destination, default: Drift.Tally()].intentional += 1
                        continue
                    }
                    codeOnly(.destination, "'\(destination.screen)' is a destination of this stack (root '\(codeStack.root)') in the code, but stack '\(stack.name)' of the spec does not register it",
                             at: destination.citation, notes: ["the spec's stack: \(place(stack.range))"])
                }
            }
        }
    }

    // MARK: Presentations

    /// The presentations of the spec (by screens, the launch and deep
    /// links): each (kind, content) once, at its first place, with every
    /// place that presents it (a `navflow:code` comment on any of them is
    /// about the presentation).
    var specPresentations: [(kind: ModalKind, content: Content, range: SourceRange, all: [SourceRange])] {
        var order: [String] = []
        var found: [String: (kind: ModalKind, content: Content, range: SourceRange, all: [SourceRange])] = [:]
        func add(_ kind: ModalKind, _ content: Content, at range: SourceRange) {
            let key = "\(kind.rawValue) \(contentName(content))"
            if found[key] == nil {
                order.append(key)
                found[key] = (kind, content, range, [])
            }
            found[key]?.all.append(range)
        }
        // What screens present, then what the launch and deep links present
        // (a sheet an app-wide router shows for a URL).
        var statements = spec.screens.flatMap { $0.statementBlocks.flatMap(\.statements) }
        statements += spec.launch.map(\.statement)
        statements += spec.deepLinks.flatMap { $0.handlers.compactMap(\.otherwise) }
        for statement in statements {
            if case .present(let kind, let content) = statement.kind { add(kind, content, at: statement.range) }
        }
        for link in spec.deepLinks {
            for handler in link.handlers {
                for modal in handler.target.modals { add(modal.kind, modal.content, at: modal.range) }
            }
        }
        return order.compactMap { found[$0] }
    }

    func contentName(_ content: Content) -> String {
        switch content {
        case .screen(let index): spec.screens[index].name
        case .stack(let index): spec.stacks[index].name
        case .tabs(let index): spec.tabViews[index].name
        case .split(let index): spec.splits[index].name
        }
    }

    /// Whether spec content and a presented code target (a view or a stack of the draft) match.
    func matches(_ content: Content, codeTarget target: String) -> Bool {
        let codeStack = draft.stacks.first { $0.name == target }
        switch content {
        case .screen(let index):
            if let codeStack { return matches(specScreen: index, codeView: codeStack.root) }
            return matches(specScreen: index, codeView: target)
        case .stack(let index):
            if let codeStack { return matches(specStack: index, codeStack: codeStack) }
            return matches(specScreen: spec.stacks[index].root, codeView: target)
        case .tabs, .split:
            return Self.key(contentName(content)) == Self.key(target)
        }
    }

    static func kind(_ kind: DraftSpec.Edge.Kind) -> ModalKind? {
        switch kind {
        case .sheet: .sheet
        case .cover: .cover
        case .popover: .popover
        case .push: nil
        }
    }

    mutating func comparePresentations() {
        var codePresentations: [(kind: ModalKind, target: String, citation: DraftSpec.Citation)] = []
        var seen: Set<String> = []
        for presentation in draft.presentations {
            guard let kind = Self.kind(presentation.kind), seen.insert("\(kind.rawValue) \(presentation.target)").inserted else { continue }
            codePresentations.append((kind, presentation.target, presentation.citation))
        }
        var matchedCode: Set<String> = []
        for presentation in specPresentations {
            let name = contentName(presentation.content)
            let found = codePresentations.filter { matches(presentation.content, codeTarget: $0.target) }
            matchedCode.formUnion(found.filter { $0.kind == presentation.kind }.map { "\($0.kind.rawValue) \($0.target)" })
            if presentation.all.contains(where: { isMarkedAbsent($0, name: name) }) {
                tallies[.presentation, default: Drift.Tally()].intentional += 1
            } else if found.contains(where: { $0.kind == presentation.kind }) {
                tallies[.presentation, default: Drift.Tally()].matched += 1
            } else if let other = found.first {
                matchedCode.insert("\(other.kind.rawValue) \(other.target)")
                specOnly(.presentation, "'\(name)' is presented as a \(presentation.kind.rawValue) in the spec, but as a \(other.kind.rawValue) in the code",
                         at: presentation.range, notes: ["the code's \(other.kind.rawValue): \(other.citation)"])
            } else {
                specOnly(.presentation, "'\(name)' is presented as a \(presentation.kind.rawValue) in the spec, but nothing in the code presents it",
                         at: presentation.range, notes: [advice("what it presents")])
            }
        }
        for presentation in codePresentations where !matchedCode.contains("\(presentation.kind.rawValue) \(presentation.target)") {
            // A presented stack is named by its root too (its name is the draft's).
            let root = draft.stacks.first { $0.name == presentation.target }?.root
            if isExcused([presentation.target] + (root.map { [$0] } ?? [])) {
                tallies[.presentation, default: Drift.Tally()].intentional += 1
                continue
            }
            codeOnly(.presentation, "this .\(Self.modifier(presentation.kind)) presents '\(presentation.target)', which the spec never presents as a \(presentation.kind.rawValue)",
                     at: presentation.citation, notes: [])
        }
    }

    static func modifier(_ kind: ModalKind) -> String {
        switch kind {
        case .sheet: "sheet"
        case .cover: "fullScreenCover"
        case .popover: "popover"
        }
    }

    // MARK: Tabs

    mutating func compareTabs() {
        let specTabs = spec.rootTabView?.tabs ?? []
        var matchedCode: Set<String> = []
        for tab in specTabs {
            let keys = keys(ofSpecElement: tab.id, at: tab.range).union(
                directive(for: tab.range)?.kind == .names ? [] : [Self.key(tab.title)])
            let found = draft.tabs.filter { !keys.isDisjoint(with: [Self.key($0.id), Self.key($0.title)]) }
            matchedCode.formUnion(found.map(\.id))
            if isMarkedAbsent(tab.range, name: tab.id) {
                if let first = found.first { absentButFound(.tab, tab.id, at: tab.range, found: first.citation) }
                tallies[.tab, default: Drift.Tally()].intentional += 1
            } else if found.isEmpty {
                specOnly(.tab, "tab '\(tab.id)' (\"\(tab.title)\") is in the spec, but not in the code's tab view",
                         at: tab.range, notes: draft.tabsCitation.map { ["the code's tab view: \($0)"] } ?? ["the code has no tab view that extract reads"])
            } else {
                tallies[.tab, default: Drift.Tally()].matched += 1
            }
        }
        for tab in draft.tabs where !matchedCode.contains(tab.id) {
            if isExcused([tab.id]) {
                tallies[.tab, default: Drift.Tally()].intentional += 1
                continue
            }
            codeOnly(.tab, "tab '\(tab.id)' (\"\(tab.title)\") of the code is not in the spec",
                     at: tab.citation, notes: spec.rootTabView.map { ["the spec's tab view: \(place($0.range))"] } ?? [])
        }
    }

    // MARK: Deep links

    /// Deep links: each URL pattern of the spec against what the app
    /// declares (the schemes of its `Info.plist`, its associated domains)
    /// and the words its code compares URLs with (`URLVocabulary`). A link
    /// is found when its scheme or host is declared or compared and every
    /// literal segment of its path is compared somewhere; the pieces the
    /// code never mentions are the finding. A scheme or domain the app
    /// declares that no link of the spec uses is drift on the code's side.
    /// Entry points (notifications, shortcuts) are not compared.
    mutating func compareDeepLinks() {
        let links = spec.deepLinks.filter { if case .entry = $0.pattern.origin { return false } else { return true } }
        let entries = spec.deepLinks.count - links.count
        if entries > 0 {
            tallies[.deepLink, default: Drift.Tally()].notCompared += entries
            remarks.append("\(entries) entry point\(entries == 1 ? "" : "s") of the spec (notifications, shortcuts, widgets) \(entries == 1 ? "was" : "were") not compared: their handlers are not read")
        }
        let declared = URLDeclarations(manifests).declarations
        let words = Dictionary(draft.urlWords.map { ($0.text, $0.citation) }, uniquingKeysWith: { first, _ in first })
        guard !links.isEmpty || !declared.isEmpty || !draft.urlHandlers.isEmpty else { return }
        if !links.isEmpty, declared.isEmpty, draft.urlHandlers.isEmpty {
            for link in links {
                if isMarkedAbsent(link.range, name: link.pattern.text) {
                    tallies[.deepLink, default: Drift.Tally()].intentional += 1
                    continue
                }
                specOnly(.deepLink, "deep link '\(link.pattern.text)' is in the spec, but the code handles no URL (no onOpenURL)",
                         at: link.range, notes: [advice("its handler")])
            }
            return
        }
        if links.isEmpty {
            for handler in draft.urlHandlers {
                codeOnly(.deepLink, "this onOpenURL handles URLs, but the spec has no deep link", at: handler, notes: [])
            }
            return
        }
        var usedOrigins: Set<String> = []
        for link in links {
            let pattern = link.pattern
            var missing: [String] = []
            var segments = pattern.segments
            switch pattern.origin {
            case .scheme(let scheme):
                usedOrigins.insert(scheme.lowercased())
                if !declared.contains(where: { $0.kind == .scheme && ($0.value == scheme.lowercased() || $0.value == "*") }),
                   words[scheme.lowercased()] == nil {
                    missing.append("scheme '\(scheme)'")
                }
            case .host(let host):
                usedOrigins.insert(host.lowercased())
                if !declared.contains(where: { $0.kind == .domain && $0.value == host.lowercased() }), words[host.lowercased()] == nil {
                    missing.append("host '\(host)'")
                }
            case .entry:
                segments = []
            }
            for segment in segments {
                if case .literal(let text) = segment, words[text.lowercased()] == nil { missing.append("'\(text)'") }
            }
            if isMarkedAbsent(link.range, name: pattern.text) {
                tallies[.deepLink, default: Drift.Tally()].intentional += 1
            } else if missing.isEmpty {
                tallies[.deepLink, default: Drift.Tally()].matched += 1
            } else {
                let pieces = missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing.last!
                specOnly(.deepLink, "deep link '\(pattern.text)' is in the spec, but the app never declares or compares \(pieces)",
                         at: link.range,
                         notes: draft.urlHandlers.map { "the app's URL handler: \($0)" }
                            + [advice("its handler") + "; the code is read for the words it compares a URL's scheme, host and path with"])
            }
        }
        for declaration in declared where !usedOrigins.contains(declaration.value) && declaration.value != "*" {
            if isExcused([declaration.value]) {
                tallies[.deepLink, default: Drift.Tally()].intentional += 1
                continue
            }
            let what = declaration.kind == .scheme ? "URL scheme" : "associated domain"
            codeOnly(.deepLink, "the app declares the \(what) '\(declaration.value)', which no deep link of \(spec.file.path) uses",
                     at: declaration.citation, notes: [])
        }
    }
}
#endif
