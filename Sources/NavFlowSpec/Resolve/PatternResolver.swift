import NavFlowDiagnostics
import NavFlowSource

/// Resolves a query's state pattern against a checked spec. Errors point
/// into the query text.
public struct PatternResolver {
    private let spec: FlowSpec
    private let file: SourceFile
    private var diagnostics: [Diagnostic] = []

    /// Resolves a pattern, or returns the errors that prevent it.
    public static func resolve(_ syntax: PatternSyntax, in spec: FlowSpec, file: SourceFile) -> (StatePattern?, [Diagnostic]) {
        var resolver = PatternResolver(spec: spec, file: file)
        let pattern = resolver.resolve(syntax)
        return (resolver.diagnostics.isEmpty ? pattern : nil, resolver.diagnostics)
    }

    /// Parses and resolves a whole query, `reach PATTERN`.
    public static func resolveQuery(_ text: String, in spec: FlowSpec, path: String = "<query>") -> (StatePattern?, [Diagnostic]) {
        let file = SourceFile(path: path, text: text)
        let (syntax, diagnostics) = Parser.parseQuery(file)
        guard let syntax else { return (nil, diagnostics) }
        return resolve(syntax.pattern, in: spec, file: file)
    }

    /// Parses and resolves a pattern given alone (`--from`).
    public static func resolvePattern(_ text: String, in spec: FlowSpec, path: String = "<pattern>") -> (StatePattern?, [Diagnostic]) {
        let file = SourceFile(path: path, text: text)
        let (syntax, diagnostics) = Parser.parsePattern(file)
        guard let syntax else { return (nil, diagnostics) }
        return resolve(syntax, in: spec, file: file)
    }

    private init(spec: FlowSpec, file: SourceFile) {
        self.spec = spec
        self.file = file
    }

    private mutating func resolve(_ syntax: PatternSyntax) -> StatePattern {
        var tab: Int?
        var base: Content = spec.root
        var describesBase = false
        switch syntax.tab {
        case .omitted:
            break
        case .any(let range):
            describesBase = true
            if spec.rootTabView == nil {
                error(.invalidPattern, "the app's root '\(spec.name(of: spec.root))' has no tabs; leave '*' out", at: range)
            }
        case .named(let name):
            describesBase = true
            if let view = spec.rootTabView {
                if let index = view.tabs.firstIndex(where: { $0.id == name.text }) {
                    tab = index
                    base = view.tabs[index].content
                } else {
                    unknown(name, kind: "tab", candidates: view.tabs.map(\.id))
                }
            } else {
                error(.invalidPattern, "the app's root '\(spec.name(of: spec.root))' has no tabs, so a pattern cannot name tab '\(name.text)'; start it with '/'",
                      at: name.range)
            }
        }
        let baseColumns: [Content] = if case .split(let split) = base { spec.splits[split].columns } else { [base] }
        var columns: [StatePattern.ColumnPattern] = []
        var modals: [StatePattern.ModalElement] = []
        var column = 0
        var inModal = false
        var currentIsStack = { if case .stack = baseColumns[0] { return true } else { return false } }()
        let anyTab = tab == nil && syntax.tab != .omitted
        for segment in syntax.segments {
            switch segment {
            case .push(let route), .column(let route, _):
                guard let resolved = resolveRoute(route) else { continue }
                if case .column(_, let range) = segment {
                    guard !inModal, !anyTab || spec.rootTabView == nil else {
                        error(.invalidPattern, "'>' selects the next column of a split view; name the tab whose content is the split", at: range)
                        continue
                    }
                    guard case .split = base else {
                        error(.invalidPattern, "'>' selects the next column of a split view, and '\(spec.name(of: base))' is not one", at: range)
                        continue
                    }
                    column += 1
                    guard column < baseColumns.count else {
                        error(.invalidPattern, "split '\(spec.name(of: base))' has only \(baseColumns.count) columns", at: range)
                        continue
                    }
                    if columns.isEmpty { columns.append(.init(shows: nil, path: [])) }
                    while columns.count < column { columns.append(.init(shows: nil, path: [])) }
                    columns.append(.init(shows: resolved, path: []))
                    if case .stack = baseColumns[column] { currentIsStack = true } else { currentIsStack = false }
                    describesBase = true
                    continue
                }
                if !currentIsStack && !anyTab {
                    error(.invalidPattern, "no stack shows here, so no path can hold '\(route.screen.text)'", at: route.range)
                    continue
                }
                append(.route(resolved), inModal: inModal, columns: &columns, modals: &modals)
                if !inModal { describesBase = true }
            case .anyRun:
                append(.anyRun, inModal: inModal, columns: &columns, modals: &modals)
                if !inModal { describesBase = true }
            case .modal(let kind, let name, _):
                inModal = true
                guard let content = presentable(name) else { continue }
                if case .stack = content { currentIsStack = true } else { currentIsStack = false }
                modals.append(.modal(kind: kind, content: content, path: []))
            case .anyModals:
                inModal = true
                currentIsStack = true
                modals.append(.anyModals)
            }
        }
        if describesBase && columns.isEmpty { columns.append(.init(shows: nil, path: [])) }
        var condition: Condition?
        if let expression = syntax.condition { condition = resolveCondition(expression) }
        return StatePattern(tab: tab, columns: describesBase ? columns : nil, modals: modals, condition: condition,
                            text: file.text(of: syntax.range))
    }

    private func append(_ element: StatePattern.PathElement, inModal: Bool,
                        columns: inout [StatePattern.ColumnPattern], modals: inout [StatePattern.ModalElement]) {
        if inModal {
            guard case .modal(let kind, let content, var path)? = modals.last else { return }
            path.append(element)
            modals[modals.count - 1] = .modal(kind: kind, content: content, path: path)
        } else {
            if columns.isEmpty { columns.append(.init(shows: nil, path: [])) }
            columns[columns.count - 1].path.append(element)
        }
    }

    private mutating func resolveRoute(_ route: RouteSyntax) -> StatePattern.RoutePattern? {
        guard let screen = spec.screens.firstIndex(where: { $0.name == route.screen.text }) else {
            unknown(route.screen, kind: "screen", candidates: spec.screens.map(\.name))
            return nil
        }
        let parameters = spec.screens[screen].parameters
        guard let arguments = route.arguments else {
            return .init(screen: screen, arguments: Array(repeating: nil, count: parameters.count))
        }
        guard arguments.count == parameters.count else {
            error(.arguments, "'\(route.screen.text)' takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), but \(arguments.count) \(arguments.count == 1 ? "is" : "are") given",
                  at: route.range)
            return nil
        }
        var values: [Int?] = []
        for (argument, parameter) in zip(arguments, parameters) {
            switch argument {
            case .wildcard:
                values.append(nil)
            case .name(let name):
                guard case .enumeration(let type) = parameter.type,
                      let value = spec.enums[type].cases.firstIndex(of: name.text) else {
                    let candidates: [String] = if case .enumeration(let type) = parameter.type { spec.enums[type].cases } else { [] }
                    let what = if case .enumeration = parameter.type { "a case of \(spec.name(of: parameter.type))" } else { "'_' (ids are not told apart)" }
                    unknown(name, kind: "argument", candidates: candidates,
                            message: "'\(name.text)' is not \(what); '\(parameter.name)' takes \(what) or '_'")
                    return nil
                }
                values.append(value)
            }
        }
        return .init(screen: screen, arguments: values)
    }

    private mutating func presentable(_ name: Name) -> Content? {
        if let screen = spec.screens.firstIndex(where: { $0.name == name.text }) {
            guard spec.screens[screen].parameters.isEmpty else {
                error(.invalidPattern, "screen '\(name.text)' takes parameters and is never presented", at: name.range)
                return nil
            }
            return .screen(screen)
        }
        if let stack = spec.stacks.firstIndex(where: { $0.name == name.text }) { return .stack(stack) }
        unknown(name, kind: "screen or stack", candidates: spec.screens.map(\.name) + spec.stacks.map(\.name))
        return nil
    }

    private mutating func resolveCondition(_ expression: ExpressionSyntax) -> Condition? {
        switch expression {
        case .literal(let value, _): return .constant(value)
        case .name(let name):
            if let flag = spec.flags.firstIndex(where: { $0.name == name.text }) { return .flag(flag) }
            if let input = spec.inputs.firstIndex(where: { $0.name == name.text }) { return .input(input) }
            unknown(name, kind: "flag or input", candidates: spec.flags.map(\.name) + spec.inputs.map(\.name))
            return nil
        case .not(let operand, _): return resolveCondition(operand).map { .not($0) }
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

    private mutating func error(_ rule: RuleID, _ message: String, at range: SourceRange) {
        diagnostics.append(Diagnostic(rule: rule, severity: .error, message: message, file: file.path, range: range))
    }

    private mutating func unknown(_ name: Name, kind: String, candidates: [String], message: String? = nil) {
        var notes: [DiagnosticNote] = []
        var fixIts: [FixIt] = []
        if let suggestion = NameSuggestion.closest(to: name.text, among: candidates) {
            notes.append(DiagnosticNote(message: "did you mean '\(suggestion)'?"))
            fixIts.append(FixIt(range: name.range, replacement: suggestion))
        }
        diagnostics.append(Diagnostic(rule: .unknownName, severity: .error, message: message ?? "unknown \(kind) '\(name.text)'",
                                      file: file.path, range: name.range, notes: notes, fixIts: fixIts))
    }
}
