#if SwiftSource
import SwiftSyntax

/// What an `onOpenURL` handler does with a URL, read branch by branch: the
/// comparisons each branch makes of the URL's scheme, host, path and query
/// (a `URLShape`), and what it then does (presents, pushes, selects a tab,
/// hands the URL to code that is not read). The handler's own closure is
/// read, and the functions of the sources it gives the URL to, four calls
/// deep. A branch becomes a `deeplink` of the draft when its shape can be
/// written as a pattern and what it does as a target; otherwise it is
/// listed as undecided with what it does.
struct URLHandlerReading {
    enum Action: Hashable {
        case present(DraftSpec.Edge.Kind, String)
        /// A push onto the path of `receiver` (the router's name as
        /// written, `timeline` in `timeline.navigate(to:)`).
        case push(String, receiver: String)
        case selectTab(String)
        /// The URL, or what the branch does, goes to code that is not read.
        case unread(String)
    }

    /// What an identifier of the handler stands for.
    enum Part: Hashable {
        case url, components, scheme, host, path, pathComponents, lastPathComponent, queryItems, absoluteString
        case pathComponent(Int)
        case queryValue(String)
    }

    /// One way through the handler.
    struct Branch {
        var shape = URLShape()
        var names: [String: Part]
        var actions: [(action: Action, citation: DraftSpec.Citation)] = []
        /// The conditions on other data the branch depends on, as written.
        var conditions: [String] = []
        var hasReturned = false
        /// Where the branch compares the scheme.
        var schemeCitation: DraftSpec.Citation?
    }
}

extension ExtractionRun {
    /// The deep links of every `onOpenURL` handler of the sources, the
    /// schemes they need, and what could not be written.
    mutating func readURLHandlers(declaredSchemes: [(value: String, citation: DraftSpec.Citation)],
                                  tabs: [DraftSpec.Tab]) -> [DraftSpec.DeepLink] {
        var links: [DraftSpec.DeepLink] = []
        for (index, file) in files.enumerated() {
            for call in file.index.appCalls where call.calleeName == "onOpenURL" {
                let citation = cite(call.nameNode, in: index)
                guard let (body, name) = handlerBody(of: call, in: index) else {
                    undecided.append(("an onOpenURL handler whose code is not read (`\(call.arguments.trimmedDescription.prefix(40))`)", citation))
                    continue
                }
                var reader = URLHandlerReader(extraction: self, tabs: tabs, declaredSchemes: declaredSchemes)
                let start = URLHandlerReading.Branch(names: [name: .url])
                let branches = reader.run(body.items, in: body.file, from: [start], depth: 0)
                undecided += reader.notes.map { ($0, citation) }
                let before = undecided.count
                var found = deepLinks(from: branches, reader: reader, handler: citation)
                if reader.lowercases {
                    for link in found.indices { found[link].ignoresCase = true }
                }
                if found.isEmpty && undecided.count == before {
                    undecided.append(("an onOpenURL handler in which no navigation is read: write its deep links by hand", citation))
                }
                links += found
            }
        }
        return links
    }

    /// The handler's statements and the name the URL has in them: the
    /// closure's (`{ url in ... }`, `$0`), or the body of the function it
    /// names (`perform: handleURL`, `perform: self.handleURL`).
    private func handlerBody(of call: FunctionCallExprSyntax, in index: Int) -> ((items: CodeBlockItemListSyntax, file: Int), String)? {
        if let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) {
            return ((closure.statements, index), Self.parameterName(of: closure) ?? "$0")
        }
        guard let expression = call.arguments.first?.expression,
              let name = FunctionCallExprSyntax.name(of: expression),
              let function = functionDeclaration(named: name, arguments: 1, near: call),
              let body = function.declaration.body,
              let parameter = function.declaration.signature.parameterClause.parameters.first else { return nil }
        return ((body.statements, function.file), (parameter.secondName ?? parameter.firstName).text)
    }

    static func parameterName(of closure: ClosureExprSyntax) -> String? {
        guard let signature = closure.signature else { return nil }
        switch signature.parameterClause {
        case .simpleInput(let list)?: return list.first?.name.text
        case .parameterClause(let clause)?: return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: return nil
        }
    }

    /// The one function of the sources named `name` taking `arguments`
    /// arguments: the one declared in the caller's type when there are
    /// several, else the only one; nil when none or several remain.
    func functionDeclaration(named name: String, arguments: Int, near node: some SyntaxProtocol)
        -> (declaration: FunctionDeclSyntax, file: Int)? {
        let candidates = (functionsByName[name] ?? []).filter { $0.declaration.signature.parameterClause.parameters.count == arguments }
        if candidates.count == 1 { return candidates[0] }
        let owner = Syntax(node).enclosingTypeName
        let local = candidates.filter { Syntax($0.declaration).enclosingTypeName == owner }
        return local.count == 1 ? local[0] : nil
    }

    /// The deep links of one handler's branches: one per pattern, its
    /// target written from what the branch does; a branch whose shape or
    /// target cannot be written, or whose pattern overlaps one written
    /// before it (an `else` or `default` the code reaches when the tests
    /// above fail, which a pattern cannot say), is undecided.
    private mutating func deepLinks(from branches: [URLHandlerReading.Branch], reader: URLHandlerReader,
                                    handler: DraftSpec.Citation) -> [DraftSpec.DeepLink] {
        var written: [DraftSpec.DeepLink] = []
        // Branches that do nothing (a `guard` that returns) handle no link.
        let acting = branches.filter { !$0.actions.isEmpty && !$0.shape.isImpossible }
        var byPattern: [(patterns: [String], branches: [URLHandlerReading.Branch])] = []
        for branch in acting {
            guard let patterns = branch.shape.patterns(schemes: reader.handlerSchemes), !patterns.isEmpty else {
                let what = reader.describe(branch.actions.map(\.action))
                undecided.append(("a URL handler's branch whose URLs cannot be written as a pattern (\(reader.describe(branch.shape))) \(what)",
                                  branch.actions[0].citation))
                continue
            }
            if let index = byPattern.firstIndex(where: { $0.patterns == patterns }) {
                byPattern[index].branches.append(branch)
            } else {
                byPattern.append((patterns, [branch]))
            }
        }
        var taken: [String] = []
        for (patterns, group) in byPattern {
            let citation = group[0].actions[0].citation
            let outcomes = group.map { reader.target(of: $0.actions.map(\.action)) }
            let quoted = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
            if let overlapped = taken.first(where: { earlier in patterns.contains { URLShape.overlap(earlier, $0) } }) {
                undecided.append(("\(quoted) \(reader.describe(group[0].actions.map(\.action))); not written, since the pattern overlaps \"\(overlapped)\", which the code tests first (a pattern cannot say 'every other URL')", citation))
                continue
            }
            taken += patterns
            let distinct = Set(group.map { reader.describe($0.actions.map(\.action)) })
            if distinct.count > 1 {
                // The conditions that tell the branches apart: those not every branch has.
                let every = group.dropFirst().reduce(Set(group[0].conditions)) { $0.intersection($1.conditions) }
                let telling = Set(group.flatMap(\.conditions)).subtracting(every).sorted().map { "`\($0)`" }.joined(separator: ", ")
                undecided.append(("\(quoted): what the link does depends on \(telling.isEmpty ? "data the handler reads" : telling): it \(distinct.sorted().joined(separator: "; or it "))", citation))
                continue
            }
            guard case .written(let target) = outcomes[0] else {
                if case .unwritten(let why) = outcomes[0] { undecided.append(("\(quoted): \(why)", citation)) }
                continue
            }
            for pattern in patterns {
                written.append(DraftSpec.DeepLink(pattern: pattern, target: target, citation: citation,
                                                  schemeCitation: group[0].schemeCitation))
            }
        }
        return written
    }
}

/// The reading of one handler: its branches, and what is known across
/// the sources that it needs (the tabs, the schemes the app declares).
struct URLHandlerReader {
    typealias Branch = URLHandlerReading.Branch
    typealias Part = URLHandlerReading.Part
    typealias Action = URLHandlerReading.Action

    let extraction: ExtractionRun
    let tabs: [DraftSpec.Tab]
    let declaredSchemes: [(value: String, citation: DraftSpec.Citation)]
    /// What the reading could not follow, as undecided notes.
    var notes: [String] = []
    /// Whether the handler lowercases (or uppercases) a part of the URL it
    /// reads (`url.host?.lowercased()`): its links then match whatever the
    /// case (`ignoring case`).
    var lowercases = false
    /// The most branches a handler is read into.
    static let branchLimit = 64

    /// The schemes a branch that compares none handles: those the app
    /// declares, without a scheme the build sets.
    var handlerSchemes: [String] { declaredSchemes.map(\.value).filter { $0 != "*" } }

    /// Runs `items` on each branch, in order; a branch that returned is left as it is.
    mutating func run(_ items: CodeBlockItemListSyntax, in file: Int, from branches: [Branch], depth: Int) -> [Branch] {
        var current = branches
        for item in items {
            var next: [Branch] = []
            for branch in current {
                if branch.hasReturned { next.append(branch); continue }
                next += step(item.item, in: file, on: branch, depth: depth)
            }
            next = Self.merged(next)
            if next.count > Self.branchLimit {
                notes.append("an onOpenURL handler with more than \(Self.branchLimit) ways through it: the rest is not read")
                return Array(next.prefix(Self.branchLimit))
            }
            current = next
        }
        return current
    }

    /// Branches that differ only in the conditions on other data they
    /// passed (a helper's `if` that navigates in neither case) as one,
    /// with the conditions they share.
    static func merged(_ branches: [Branch]) -> [Branch] {
        struct Key: Hashable {
            var shape: URLShape
            var actions: [URLHandlerReading.Action]
            var citations: [DraftSpec.Citation]
            var names: [String: Part]
            var hasReturned: Bool
        }
        var order: [Key] = []
        var byKey: [Key: Branch] = [:]
        for branch in branches {
            let key = Key(shape: branch.shape, actions: branch.actions.map(\.action), citations: branch.actions.map(\.citation),
                          names: branch.names, hasReturned: branch.hasReturned)
            if var existing = byKey[key] {
                existing.conditions = existing.conditions.filter(branch.conditions.contains)
                byKey[key] = existing
            } else {
                order.append(key)
                byKey[key] = branch
            }
        }
        return order.map { byKey[$0]! }
    }

    private mutating func step(_ item: CodeBlockItemSyntax.Item, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        if !lowercases { lowercases = foldsCase(in: Syntax(item), on: branch) }
        switch item {
        case .decl(let declaration):
            var branch = branch
            if let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value else { continue }
                    if let part = part(of: value, in: branch) {
                        branch.names[name] = part
                        if case .queryValue(let item) = part { branch.shape.readQueryItem(item, required: false) }
                    } else {
                        branch.names[name] = nil
                        return actions(in: value, in: file, on: branch, depth: depth)
                    }
                }
            }
            return [branch]
        case .stmt(let statement):
            return step(statement, in: file, on: branch, depth: depth)
        case .expr(let expression):
            return step(expression, in: file, on: branch, depth: depth)
        }
    }

    private mutating func step(_ statement: StmtSyntax, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return step(expression.expression, in: file, on: branch, depth: depth)
        }
        if statement.is(ReturnStmtSyntax.self) || statement.is(ThrowStmtSyntax.self) {
            var branch = branch
            if let value = statement.as(ReturnStmtSyntax.self)?.expression {
                let after = actions(in: value, in: file, on: branch, depth: depth)
                return after.map { var ended = $0; ended.hasReturned = true; return ended }
            }
            branch.hasReturned = true
            return [branch]
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            // The `else` returns: only the branch that passes goes on.
            let (passing, failing) = test(guardStatement.conditions, on: branch, in: file)
            let otherwise = failing.flatMap { run(guardStatement.body.statements, in: file, from: [$0], depth: depth) }
            return passing + otherwise.filter { $0.hasReturned && !$0.actions.isEmpty }
        }
        if let doStatement = statement.as(DoStmtSyntax.self) {
            return run(doStatement.body.statements, in: file, from: [branch], depth: depth)
        }
        return actions(in: statement, in: file, on: branch, depth: depth)
    }

    private mutating func step(_ expression: ExprSyntax, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            let (passing, failing) = test(ifExpression.conditions, on: branch, in: file)
            var result = passing.flatMap { run(ifExpression.body.statements, in: file, from: [$0], depth: depth) }
            switch ifExpression.elseBody {
            case .ifExpr(let nested)?:
                result += failing.flatMap { step(ExprSyntax(nested), in: file, on: $0, depth: depth) }
            case .codeBlock(let block)?:
                result += failing.flatMap { run(block.statements, in: file, from: [$0], depth: depth) }
            case nil:
                result += failing
            }
            return result
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            return switchBranches(switchExpression, in: file, on: branch, depth: depth)
        }
        return actions(in: expression, in: file, on: branch, depth: depth)
    }

    /// A `switch`: over a URL part, each case compares it with its
    /// literals; over anything else, each case is a branch on other data.
    private mutating func switchBranches(_ switchExpression: SwitchExprSyntax, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        let subject = part(of: switchExpression.subject, in: branch)
        var result: [Branch] = []
        for switchCase in ExtractionRun.cases(of: switchExpression) {
            var entering: [Branch] = []
            switch switchCase.label {
            case .case(let label):
                for item in label.caseItems {
                    var inCase = branch
                    if let subject, let literal = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(StringLiteralExprSyntax.self),
                       let text = Self.text(of: literal) {
                        compare(subject, with: [text], on: &inCase.shape)
                        if subject == .scheme, inCase.schemeCitation == nil { inCase.schemeCitation = extraction.cite(item, in: file) }
                    } else {
                        inCase.conditions.append("\(switchExpression.subject.trimmedDescription) is \(item.pattern.trimmedDescription)")
                    }
                    entering.append(inCase)
                }
            case .default:
                var inCase = branch
                inCase.conditions.append("\(switchExpression.subject.trimmedDescription) is something else")
                entering.append(inCase)
            }
            result += run(switchCase.statements, in: file, from: entering, depth: depth)
        }
        return result
    }

    /// The branches that pass a list of conditions and the one that does
    /// not (only a single condition on other data, or on the URL, can be
    /// said to fail as a branch of its own; a failure of a URL comparison
    /// is not a shape, so that branch keeps the shape it had).
    private func test(_ conditions: ConditionElementListSyntax, on branch: Branch, in file: Int) -> (passing: [Branch], failing: [Branch]) {
        var passing = branch
        var failing = branch
        for element in conditions {
            switch element.condition {
            case .expression(let expression):
                var tested = false
                for clause in Self.conjuncts(expression) {
                    if apply(clause, to: &passing, in: file) { tested = true } else {
                        passing.conditions.append(clause.map(\.trimmedDescription).joined(separator: " "))
                    }
                }
                if !tested { failing.conditions.append("!(\(expression.trimmedDescription))") }
            case .optionalBinding(let binding):
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                let value = binding.initializer?.value ?? name.map { ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier($0))) }
                if let value, let part = part(of: value, in: passing) {
                    if let name { passing.names[name] = part }
                    require(part, on: &passing.shape)
                } else if let value {
                    // `let id = Int(url.lastPathComponent)`: what it reads is required.
                    for part in parts(readBy: value, in: passing) { require(part, on: &passing.shape) }
                    if parts(readBy: value, in: passing).isEmpty { passing.conditions.append(binding.trimmedDescription) }
                    failing.conditions.append("\(value.trimmedDescription) is nil")
                }
            default:
                passing.conditions.append(element.trimmedDescription)
            }
        }
        return ([passing], [failing])
    }

    /// `a == b && c`: its clauses, each the elements of the sequence
    /// between the `&&`s, as written (so each keeps its place).
    static func conjuncts(_ expression: ExprSyntax) -> [[ExprSyntax]] {
        guard let sequence = expression.as(SequenceExprSyntax.self) else {
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression {
                return conjuncts(inner)
            }
            return [[expression]]
        }
        let elements = Array(sequence.elements)
        if elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" }) { return [[expression]] }
        var result: [[ExprSyntax]] = []
        var run: [ExprSyntax] = []
        for element in elements {
            if element.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
                result.append(run)
                run = []
            } else {
                run.append(element)
            }
        }
        result.append(run)
        return result
    }

    /// Applies a comparison of the URL to the branch's shape: true when
    /// the clause compares a part of the URL.
    private func apply(_ clause: [ExprSyntax], to branch: inout Branch, in file: Int) -> Bool {
        let applied = compares(clause, on: &branch)
        if applied, branch.shape.schemes != nil, branch.schemeCitation == nil { branch.schemeCitation = extraction.cite(clause[0], in: file) }
        return applied
    }

    private func compares(_ elements: [ExprSyntax], on branch: inout Branch) -> Bool {
        if elements.count == 1, let sequence = elements[0].as(SequenceExprSyntax.self) {
            return compares(Array(sequence.elements), on: &branch)
        }
        if elements.count > 1 {
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return false }
            for (side, other) in [(elements[0], elements[2]), (elements[2], elements[0])] {
                if let part = part(of: side, in: branch), let literal = other.as(StringLiteralExprSyntax.self), let text = Self.text(of: literal) {
                    compare(part, with: [text], on: &branch.shape)
                    return true
                }
            }
            return false
        }
        guard let call = elements.first?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, let argument = call.arguments.first?.expression else { return false }
        switch member.declName.baseName.text {
        case "hasPrefix":
            guard let part = part(of: base, in: branch), let literal = argument.as(StringLiteralExprSyntax.self),
                  let text = Self.text(of: literal) else { return false }
            switch part {
            case .absoluteString: branch.shape.compareURL(with: text, whole: false)
            case .path: branch.shape.comparePath(with: text, whole: false)
            default: return false
            }
            return true
        case "contains":
            guard let part = part(of: argument, in: branch), let values = literals(of: base) else { return false }
            compare(part, with: values, on: &branch.shape)
            return true
        default:
            return false
        }
    }

    /// The strings a collection holds: an array literal, a name bound to
    /// one, or the schemes the app declares when the collection reads
    /// them from its `Info.plist` (`CFBundleURLSchemes`).
    private func literals(of expression: ExprSyntax) -> [String]? {
        if let array = expression.as(ArrayExprSyntax.self) {
            let texts = array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self).flatMap(Self.text(of:)) }
            return texts.count == array.elements.count ? texts : nil
        }
        guard let name = FunctionCallExprSyntax.name(of: expression), let declared = extraction.propertyInitializers[name] else { return nil }
        if declared.text.contains("CFBundleURLSchemes") || declared.text.contains("CFBundleURLTypes") {
            return declaredSchemes.map(\.value).filter { $0 != "*" }
        }
        return declared.literals
    }

    private func compare(_ part: Part, with values: [String], on shape: inout URLShape) {
        switch part {
        case .scheme: shape.compareScheme(with: values)
        case .host: shape.compareHost(with: values)
        case .path where values.count == 1: shape.comparePath(with: values[0], whole: true)
        case .pathComponent(let index) where values.count == 1 && index >= 1: shape.compareSegment(index - 1, with: values[0])
        case .absoluteString where values.count == 1: shape.compareURL(with: values[0], whole: true)
        default: require(part, on: &shape)
        }
    }

    /// What reading a part requires of the URL.
    private func require(_ part: Part, on shape: inout URLShape) {
        switch part {
        case .host: shape.hostRead = true
        case .lastPathComponent: shape.lastSegmentRead = true
        case .pathComponent(let index) where index >= 1: shape.readSegment(index - 1)
        case .queryValue(let name): shape.readQueryItem(name, required: true)
        default: break
        }
    }

    /// Whether `node` lowercases or uppercases a part of the URL.
    private func foldsCase(in node: Syntax, on branch: Branch) -> Bool {
        final class Finder: SyntaxVisitor {
            var calls: [(base: ExprSyntax, name: String)] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                   ["lowercased", "uppercased"].contains(member.declName.baseName.text) {
                    calls.append((base, member.declName.baseName.text))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.calls.contains { part(of: $0.base, in: branch) != nil }
    }

    /// The part of the URL an expression stands for, if any.
    func part(of expression: ExprSyntax, in branch: Branch) -> Part? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return branch.names[reference.baseName.text] }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return part(of: optional.expression, in: branch) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return part(of: forced.expression, in: branch) }
        if let tried = expression.as(TryExprSyntax.self) { return part(of: tried.expression, in: branch) }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first,
           sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            return part(of: first, in: branch)
        }
        if let subscripted = expression.as(SubscriptCallExprSyntax.self), part(of: subscripted.calledExpression, in: branch) == .pathComponents,
           let index = subscripted.arguments.first?.expression.as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }) {
            return .pathComponent(index)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `URLComponents(url: url, ...)`, `URLComponents(string: url.absoluteString)`.
            if call.calleeName == "URLComponents", let argument = call.arguments.first?.expression,
               let inner = part(of: argument, in: branch), inner == .url || inner == .absoluteString {
                return .components
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  let basePart = part(of: base, in: branch) else { return nil }
            let name = member.declName.baseName.text
            if (basePart == .url || basePart == .components) && ["host", "path"].contains(name) {
                return name == "host" ? .host : .path
            }
            if ["lowercased", "uppercased", "removingPercentEncoding"].contains(name) { return basePart }
            // `queryItems.first(where: { $0.name == "session" })`.
            if basePart == .queryItems, name == "first" || name == "filter",
               let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
               let itemName = Self.queryItemName(in: closure) {
                return .queryValue(itemName)
            }
            return nil
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
              let basePart = part(of: base, in: branch) else { return nil }
        let name = member.declName.baseName.text
        switch (basePart, name) {
        case (.url, "scheme"), (.components, "scheme"): return .scheme
        case (.url, "host"), (.components, "host"): return .host
        case (.url, "path"), (.components, "path"), (.url, "relativePath"): return .path
        case (.url, "pathComponents"): return .pathComponents
        case (.url, "lastPathComponent"): return .lastPathComponent
        case (.url, "absoluteString"), (.components, "string"): return .absoluteString
        case (.components, "queryItems"): return .queryItems
        case (.queryValue(let item), "value"): return .queryValue(item)
        case (.components, "url"): return .url
        default: return nil
        }
    }

    /// The parts of the URL an expression reads anywhere inside it
    /// (`Int(url.lastPathComponent)` reads the last segment).
    func parts(readBy expression: ExprSyntax, in branch: Branch) -> [Part] {
        final class Finder: SyntaxVisitor {
            var found: [ExprSyntax] = []
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExprSyntax(node)); return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExprSyntax(node)); return .visitChildren
            }
            override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
                found.append(ExprSyntax(node)); return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(expression)
        return finder.found.compactMap { part(of: $0, in: branch) }.filter { $0 != .url && $0 != .components }
    }

    /// `$0.name == "session"` in a query item's closure.
    static func queryItemName(in closure: ClosureExprSyntax) -> String? {
        for token in closure.tokens(viewMode: .sourceAccurate) where token.text == "name" {
            var next = token.nextToken(viewMode: .sourceAccurate)
            guard next?.text == "==" else { continue }
            next = next?.nextToken(viewMode: .sourceAccurate)
            if next?.tokenKind == .stringQuote, let segment = next?.nextToken(viewMode: .sourceAccurate),
               case .stringSegment(let text) = segment.tokenKind {
                return text
            }
        }
        return nil
    }

    static func text(of literal: StringLiteralExprSyntax) -> String? {
        guard literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) else {
            return literal.segments.isEmpty ? "" : nil
        }
        return segment.content.text
    }

    /// What a statement or expression does: the navigation calls and
    /// assignments in it, in order, and the functions of the sources it
    /// gives the URL to, read in turn.
    private mutating func actions(in node: some SyntaxProtocol, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        var branches = [branch]
        for element in Self.navigationElements(in: node) {
            var next: [Branch] = []
            for current in branches {
                if current.hasReturned { next.append(current); continue }
                next += act(element, in: file, on: current, depth: depth)
            }
            branches = next
        }
        return branches
    }

    /// The calls and assignments of a node, in source order, outside nested functions.
    static func navigationElements(in node: some SyntaxProtocol) -> [Syntax] {
        let finder = NavigationElementFinder(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }
}

/// The calls and assignments of a node, in source order, outside nested functions.
private final class NavigationElementFinder: SyntaxVisitor {
    var found: [Syntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) { found.append(Syntax(node)) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension URLHandlerReader {
    /// What one call or assignment does on a branch.
    private mutating func act(_ element: Syntax, in file: Int, on branch: Branch, depth: Int) -> [Branch] {
        var branch = branch
        let citation = extraction.cite(element, in: file)
        if let assignment = element.as(SequenceExprSyntax.self) {
            let elements = Array(assignment.elements)
            let target = elements[0], value = elements[2]
            let words = ExtractionRun.words(of: FunctionCallExprSyntax.name(of: target) ?? "")
            if let part = part(of: value, in: branch), part == .url || part == .components || part == .absoluteString {
                branch.actions.append((.unread("stores the URL in `\(target.trimmedDescription)`, whose readers are not followed"), citation))
            } else if ExtractionRun.isRouteCase(value), ["sheet", "cover", "popover"].contains(where: words.contains) {
                let kind: DraftSpec.Edge.Kind = words.contains("popover") ? .popover
                    : words.contains("sheet") ? .sheet : .cover
                if let (itemKind, screen) = extraction.presentedByItem(property: FunctionCallExprSyntax.name(of: target) ?? "", value: value) {
                    branch.actions.append((.present(itemKind, screen), citation))
                } else if let screen = extraction.routeTarget(value) {
                    branch.actions.append((.present(kind, screen), citation))
                } else {
                    branch.actions.append((.unread("sets `\(target.trimmedDescription)` to `\(value.trimmedDescription)`, whose view is not read"), citation))
                }
            } else if words.contains("tab"), ExtractionRun.isRouteCase(value) {
                if let caseName = CallVisitor.firstMember(in: value), let tab = tabs.first(where: { $0.id.lowercased() == caseName.lowercased() }) {
                    branch.actions.append((.selectTab(tab.id), citation))
                } else {
                    branch.actions.append((.unread("sets `\(target.trimmedDescription)` to `\(value.trimmedDescription)`, which is not a tab of the draft"), citation))
                }
            }
            return [branch]
        }
        guard let call = element.as(FunctionCallExprSyntax.self), let name = call.modifierName ?? call.calleeName else { return [branch] }
        // A router's presentation by its name (`openSheet(.compose)`); a method
        // of the sources that presents is read below, as any function.
        if ExtractionRun.presentingCall(name) != nil, let (kind, target) = extraction.routerPresentation(call, named: name) {
            branch.actions.append((.present(kind, target), citation))
            return [branch]
        }
        if ["navigate", "append", "push"].contains(name), let value = call.arguments.first?.expression, ExtractionRun.isRouteCase(value) {
            let receiver = call.modified.map { FunctionCallExprSyntax.name(of: $0) ?? $0.trimmedDescription } ?? "self"
            if let screen = extraction.routeTarget(value) {
                branch.actions.append((.push(screen, receiver: receiver), citation))
            } else {
                branch.actions.append((.unread("pushes `\(value.trimmedDescription)`, whose view is not read"), citation))
            }
            return [branch]
        }
        let givenAt = call.arguments.firstIndex(where: { part(of: $0.expression, in: branch) != nil })
        let given = givenAt.flatMap { part(of: call.arguments[$0].expression, in: branch) }
        let givesTheURL = given == .url || given == .components || given == .absoluteString
        // A case of an enum (`.post(id)`, `Action.open(url)`): a value, not a call,
        // unless it wraps the URL to hand it elsewhere.
        if isEnumCase(call) {
            if givesTheURL {
                branch.actions.append((.unread("gives the URL to `\(call.calledExpression.trimmedDescription)`, whose handling is not read"), citation))
            }
            return [branch]
        }
        // A function of the sources: read in turn, with the URL's parts it is given.
        if depth < 4, let function = extraction.functionDeclaration(named: name, arguments: call.arguments.count, near: call),
           let body = function.declaration.body {
            var inner = branch
            inner.names = [:]
            let parameters = Array(function.declaration.signature.parameterClause.parameters)
            for (offset, argument) in call.arguments.enumerated() where offset < parameters.count {
                if let part = part(of: argument.expression, in: branch) {
                    inner.names[(parameters[offset].secondName ?? parameters[offset].firstName).text] = part
                }
            }
            let after = run(body.statements, in: function.file, from: [inner], depth: depth + 1)
            return after.map { var back = $0; back.names = branch.names; back.hasReturned = false; return back }
        }
        if let (kind, target) = extraction.routerPresentation(call, named: name) {
            branch.actions.append((.present(kind, target), citation))
        } else if givesTheURL {
            branch.actions.append((.unread("gives the URL to `\(call.calledExpression.trimmedDescription)`, which is not read"), citation))
        } else if Self.soundsLikeNavigation(name) {
            branch.actions.append((.unread("calls `\(call.trimmedDescription.prefix(60))`, which is not read"), citation))
        }
        return [branch]
    }

    /// Whether a call builds a case of an enum: `.post(id)`, or
    /// `Route.post(id)` with `Route` an enum of the sources that has the case.
    private func isEnumCase(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        return extraction.enumCases(base.trimmedDescription)?.contains(member.declName.baseName.text) == true
    }

    /// Names of calls that navigate: a call so named that is not read
    /// leaves what the branch does unknown.
    static func soundsLikeNavigation(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["push", "present", "navigate", "open", "show", "select", "route", "goto"].contains(where: lowered.hasPrefix)
    }

    enum Target { case written(String), unwritten(String) }

    /// A branch's actions as a target: presentations (`+ sheet X`), a tab
    /// selected, pushes onto a tab's stack, all closing nothing, as the
    /// handler's code closes nothing.
    func target(of actions: [Action]) -> Target {
        var tab: String?
        var pushes: [(String, String)] = []
        var presented: [(DraftSpec.Edge.Kind, String)] = []
        for action in actions {
            switch action {
            case .unread(let what): return .unwritten(what)
            case .selectTab(let id):
                guard tab == nil || tab == id, pushes.isEmpty, presented.isEmpty else { return .unwritten("selects tabs and navigates in an order a target cannot say: \(describe(actions))") }
                tab = id
            case .push(let screen, let receiver):
                guard presented.isEmpty else { return .unwritten("pushes after it presents: \(describe(actions))") }
                pushes.append((screen, receiver))
            case .present(let kind, let screen):
                presented.append((kind, screen))
            }
        }
        let modals = presented.map { " + \($0.0.rawValue) \($0.1)" }.joined()
        if pushes.isEmpty {
            // `TAB / ...` keeps the tab's path; a tab without a stack has none to keep.
            if let tab { return .written(tab + (extraction.tabHasStack(tab, tabs: tabs) ? " / ..." : "") + modals + " keep modals") }
            return .written(modals.trimmingPrefixSpace() + " keep modals")
        }
        // A push lands on a stack: the tab's whose path the router holds.
        let receivers = Set(pushes.map(\.1))
        let stackTabs = Set(receivers.compactMap { extraction.tabOfPath(named: $0, tabs: tabs) })
        let path = pushes.map { " / \($0.0)" }.joined()
        if let tab, stackTabs.isSubset(of: [tab]), presented.isEmpty {
            return .written(tab + " / ..." + path + " under modals")
        }
        if tab == nil, stackTabs.count == 1, let owner = stackTabs.first, receivers.allSatisfy({ extraction.tabOfPath(named: $0, tabs: tabs) == owner }) {
            return .written(owner + " / ..." + path + modals + " keep tab, modals")
        }
        return .unwritten("pushes onto the path of `\(receivers.sorted().joined(separator: "`, `"))`, which no tab's stack is read to hold: \(describe(actions))")
    }

    func describe(_ actions: [Action]) -> String {
        if actions.isEmpty { return "does nothing" }
        return actions.map { action in
            switch action {
            case .present(let kind, let screen): "presents \(screen) as a \(kind.rawValue)"
            case .push(let screen, let receiver): "pushes \(screen) onto `\(receiver)`"
            case .selectTab(let tab): "selects the tab \(tab)"
            case .unread(let what): what
            }
        }.joined(separator: ", then ")
    }

    func describe(_ shape: URLShape) -> String {
        var parts: [String] = []
        if let schemes = shape.schemes { parts.append("scheme " + schemes.joined(separator: " or ")) } else if handlerSchemes.isEmpty {
            parts.append("no scheme compared or declared")
        }
        if let hosts = shape.hosts { parts.append("host " + hosts.joined(separator: " or ")) }
        let path = shape.segments.map { $0 ?? "_" }.joined(separator: "/")
        if !path.isEmpty { parts.append("path /" + path) }
        return parts.isEmpty ? "any URL" : parts.joined(separator: ", ")
    }
}

private extension String {
    func trimmingPrefixSpace() -> String { hasPrefix(" ") ? String(dropFirst()) : self }
}
#endif
