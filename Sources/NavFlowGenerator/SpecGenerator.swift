/// Generates small random specs, seeded, for property tests: tab apps and
/// single-stack apps with pushes (registered or not), sheets and covers,
/// view-destination pushes (`inline`), locked screens (some under a
/// condition), dismiss, close, tab switches, flags
/// (some starting from an input), inputs and deep links.
/// Every generated spec parses; a few do not resolve (tests skip those).
/// The same seed always gives the same text. With `appearHooks`, some
/// screens also get `appear` hooks, and some screens something presents
/// `on dismiss` hooks (each drawn from a stream of its own, so the rest of
/// each seed's spec stays the same).
public struct SpecGenerator: Sendable {
    var generator: SeededGenerator
    /// Choices added after the first generator's stream was fixed (where a
    /// deep link lands), drawn apart so that every seed keeps its other choices.
    var later: SeededGenerator
    /// The hooks' choices.
    var hooks: SeededGenerator
    /// Where a flag starts from an input, a screen is locked under a
    /// condition and a `close` stands for a `dismiss` (`flag f = i`,
    /// `locked if c`, `close S1, S2`), drawn apart too.
    var gates: SeededGenerator
    /// The dismissal hooks' choices.
    var dismissals: SeededGenerator
    public var appearHooks = false
    /// The screens and stacks the spec being generated presents so far:
    /// what a `close` may name (a name nothing presents is an error).
    var presented: [String] = []

    public init(seed: UInt64, appearHooks: Bool = false) {
        generator = SeededGenerator(seed: seed)
        later = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        hooks = SeededGenerator(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        gates = SeededGenerator(seed: seed ^ 0x2545_F491_4F6C_DD1D)
        dismissals = SeededGenerator(seed: seed ^ 0x4CF5_AD43_2745_937F)
        self.appearHooks = appearHooks
    }

    /// A dismissal hook, or nil: a guard now and then, and one or two
    /// statements that close nothing (a dismissal hook may not).
    private mutating func dismissHook(screens: [String], presentables: [String], tabIDs: [String], flags: [String],
                                      conditions: [String], parameterized: String) -> String? {
        guard Int.random(in: 0..<100, using: &dismissals) < 45 else { return nil }
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &dismissals)] }
        var statements: [String] = []
        for _ in 0..<Int.random(in: 1...2, using: &dismissals) {
            switch Int.random(in: 0..<7, using: &dismissals) {
            case 0: statements.append("push \(pick(screens))")
            case 1: statements.append("push \(parameterized)(\(pick(["red", "blue"])))")
            case 2: statements.append("\(pick(["sheet", "cover", "popover"])) \(pick(presentables))")
            case 3: statements.append("pop")
            case 4: statements.append(tabIDs.isEmpty ? "popToRoot" : "tab \(pick(tabIDs))")
            default: statements.append(flags.isEmpty ? "pop" : "set \(pick(flags)) = \(Bool.random(using: &dismissals))")
            }
        }
        var guardText = ""
        if !conditions.isEmpty, Int.random(in: 0..<100, using: &dismissals) < 50 {
            guardText = "if \(Bool.random(using: &dismissals) ? "!" : "")\(pick(conditions)) "
        }
        return "on dismiss \(guardText){ \(statements.joined(separator: "; ")) }"
    }

    /// An appear hook for a screen, or nil: a guard now and then, and one
    /// or two statements (routes with every enum argument given, as a hook
    /// has no tap to choose one).
    private mutating func hook(screens: [String], presentables: [String], tabIDs: [String], flags: [String],
                               conditions: [String], parameterized: String) -> String? {
        guard Int.random(in: 0..<100, using: &hooks) < 35 else { return nil }
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &hooks)] }
        var statements: [String] = []
        for _ in 0..<Int.random(in: 1...2, using: &hooks) {
            switch Int.random(in: 0..<8, using: &hooks) {
            case 0, 1: statements.append("push \(pick(screens))")
            case 2: statements.append("push \(parameterized)(\(pick(["red", "blue"])))")
            case 3:
                let kind = pick(["sheet", "cover", "popover"])
                let shown = pick(presentables)
                presented.append(shown)
                statements.append("\(kind) \(shown)")
            case 4: statements.append("dismiss")
            case 5: statements.append("pop")
            case 6: statements.append(tabIDs.isEmpty ? "popToRoot" : "tab \(pick(tabIDs))")
            default: statements.append(flags.isEmpty ? "pop" : "set \(pick(flags)) = \(Bool.random(using: &hooks))")
            }
        }
        var guardText = ""
        if !conditions.isEmpty, Int.random(in: 0..<100, using: &hooks) < 60 {
            let name = pick(conditions)
            guardText = "if \(Bool.random(using: &hooks) ? "!" : "")\(name) "
        }
        return "appear \(guardText){ \(statements.joined(separator: "; ")) }"
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &generator)]
    }

    /// The next spec's text.
    public mutating func spec() -> String {
        presented = []
        let screenCount = Int.random(in: 3...8, using: &generator)
        let screens = (0..<screenCount).map { "S\($0)" }
        let flagCount = Int.random(in: 0...2, using: &generator)
        let flags = (0..<flagCount).map { "f\($0)" }
        let inputCount = Int.random(in: 0...2, using: &generator)
        let inputs = (0..<inputCount).map { "i\($0)" }
        let conditions = flags + inputs
        let parameterized = "P"
        var lines = ["app Generated", "scheme \"g\"", "enum Color { red, blue }"]
        for flag in flags {
            let constant = chance(30)
            var initial = "\(constant)"
            if !inputs.isEmpty, Int.random(in: 0..<100, using: &gates) < 30 {
                let input = inputs[Int.random(in: 0..<inputs.count, using: &gates)]
                initial = Bool.random(using: &gates) ? "!\(input)" : input
            }
            lines.append("flag \(flag) = \(initial)")
        }
        lines += inputs.map { "input \($0)" }
        func condition(_ this: inout SpecGenerator) -> String? {
            guard !conditions.isEmpty, this.chance(30) else { return nil }
            let name = this.pick(conditions)
            return this.chance(50) ? "!\(name)" : name
        }
        let tabbed = chance(60)
        let tabCount = tabbed ? Int.random(in: 2...3, using: &generator) : 1
        // Stacks: one per tab (or the root), plus one for modals.
        var stacks: [(name: String, root: String, destinations: [String])] = []
        for index in 0..<tabCount {
            let root = screens[index]
            var destinations = screens.filter { $0 != root && chance(50) }
            if chance(40) { destinations.append(parameterized) }
            stacks.append(("Stack\(index)", root, destinations))
        }
        let modalStack = chance(40) ? (name: "ModalStack", root: screens[screens.count - 1], destinations: [screens[0], parameterized]) : nil
        if let modalStack { stacks.append(modalStack) }
        for stack in stacks {
            let depth = Int.random(in: 1...4, using: &generator)
            let destinations = stack.destinations.map { "destination \($0)" }.joined(separator: " ")
            lines.append("stack \(stack.name) root \(stack.root) { \(destinations) depth \(depth) }")
        }
        var tabIDs: [String] = []
        if tabbed {
            var tabLines: [String] = []
            for index in 0..<tabCount {
                let id = "t\(index)"
                tabIDs.append(id)
                let content = chance(80) ? "Stack\(index)" : screens[index]
                var line = "  tab \(id) \"Tab \(index)\" \(content)"
                if index > 0, let hidden = condition(&self) { line += " hidden if \(hidden)" }
                tabLines.append(line)
            }
            lines.append("tabs Main {")
            lines += tabLines
            lines.append("}")
            lines.append("start Main")
        } else {
            lines.append("start Stack0")
        }
        if chance(25) {
            presented.append(screens[screens.count - 1])
            lines.append("launch cover \(screens[screens.count - 1])" + (conditions.isEmpty ? "" : " if \(pick(conditions))"))
        }
        let presentables = screens + (modalStack.map { [$0.name] } ?? [])
        func statement(_ this: inout SpecGenerator) -> String {
            switch Int.random(in: 0..<10, using: &this.generator) {
            case 0, 1, 2:
                let pushed = "push \(this.pick(screens + [parameterized]))"
                // Now and then a view-destination link instead (drawn apart).
                return Int.random(in: 0..<100, using: &this.gates) < 12 ? pushed + " inline" : pushed
            case 3: return "push \(parameterized)(red)"
            case 4:
                let kind = this.pick(["sheet", "cover", "popover"])
                let shown = this.pick(presentables)
                this.presented.append(shown)
                return "\(kind) \(shown)"
            case 5:
                // Now and then a `close` of modals presented so far instead (drawn apart).
                let closable = this.presented
                guard !closable.isEmpty, Int.random(in: 0..<100, using: &this.gates) < 25 else { return "dismiss" }
                let first = closable[Int.random(in: 0..<closable.count, using: &this.gates)]
                let second = closable[Int.random(in: 0..<closable.count, using: &this.gates)]
                return first == second || Bool.random(using: &this.gates) ? "close \(first)" : "close \(first), \(second)"
            case 6: return tabIDs.isEmpty ? "pop" : "tab \(this.pick(tabIDs))"
            case 7: return flags.isEmpty ? "popToRoot" : "set \(this.pick(flags)) = \(this.chance(50))"
            case 8: return "pop"
            default: return "open \"g://\(this.pick(["a", "b", "c/red", "d"]))\""
            }
        }
        for screen in screens + [parameterized] {
            var locked = chance(15) ? " locked" : ""
            if !locked.isEmpty, !conditions.isEmpty, Bool.random(using: &gates) {
                let name = conditions[Int.random(in: 0..<conditions.count, using: &gates)]
                locked += " if \(Bool.random(using: &gates) ? "!" : "")\(name)"
            }
            let parameters = screen == parameterized ? "(color: Color)" : ""
            var edges: [String] = []
            for index in 0..<Int.random(in: 0...3, using: &generator) {
                var edge: String
                if chance(30) {
                    let count = Int.random(in: 1...3, using: &generator)
                    edge = "action \"A\(index)\" { " + (0..<count).map { _ in statement(&self) }.joined(separator: "; ") + " }"
                } else {
                    edge = statement(&self)
                }
                if let guarded = condition(&self) { edge = edge.replacingFirstBrace(with: guarded) }
                edges.append(edge)
            }
            if appearHooks, let hook = hook(screens: screens, presentables: presentables, tabIDs: tabIDs, flags: flags,
                                            conditions: conditions, parameterized: parameterized) {
                edges.append(hook)
            }
            lines.append("screen \(screen)\(parameters)\(locked) { " + edges.joined(separator: "\n  ") + " }")
        }
        var usesChoice = false
        let linkCount = Int.random(in: 0...3, using: &generator)
        let paths = ["a", "b", "c/{c: Color}", "d"]
        for index in 0..<min(linkCount, paths.count) {
            let pattern = paths[index]
            var target: String
            let route = pattern.contains("{c") ? "\(parameterized)(c)" : pick(screens)
            // Where the link lands: a tab (or the root) replaced, its path appended
            // to ('/ ...'), or where the user is ('*').
            let place = Int.random(in: 0..<16, using: &later)
            let tabID = tabbed ? pick(tabIDs) : ""
            let base = place < 2 ? "*" : tabID
            target = base.isEmpty ? "" : base + " "
            if place == 0 || place == 2 { target += "/ ... " }
            target += "/ \(route)"
            if chance(30), let modalStack { target += " + sheet \(modalStack.name)" }
            // Now and then an entry point that is not a URL, with the link's parameter.
            // A link that depends on a choice gets a path no `open` names (an `open` cannot take it).
            var line = place == 4
                ? "entry notification e\(index)" + (pattern.contains("{c") ? "(c: Color)" : "") + " -> \(target)"
                : "deeplink \"g://\(place == 5 ? "w/" : "")\(pattern)\" -> \(target)"
            if place == 5 { line += " when Where is here" }
            if !conditions.isEmpty, chance(30) { line += " requires \(pick(conditions))" + (chance(50) ? " else sheet \(pick(screens))" : "") }
            if chance(15) { line += " keep modals" }
            // Now and then a link that depends on data: the other outcome lands elsewhere.
            if place == 5 {
                let other = screens[Int.random(in: 0..<screens.count, using: &later)]
                line += "\n    -> \(base.isEmpty ? "" : base + " ")/ \(other) when Where is there"
            }
            // Now and then a second handler: another tab's router, which keeps the selection.
            if tabbed, place == 3 {
                line += "\n    -> \(tabIDs[(index + 1) % tabIDs.count]) / ... / \(route) keep tab"
            }
            lines.append(line)
            if place == 5 { usesChoice = true }
        }
        // Dismissal hooks on the screens at the root of a modal something
        // presents, added to their declarations once every presentation is known.
        if appearHooks {
            var roots = Set(presented.filter { $0 != modalStack?.name })
            if let modalStack, presented.contains(modalStack.name) || lines.contains(where: { $0.contains("sheet \(modalStack.name)") }) {
                roots.insert(modalStack.root)
            }
            for root in screens where roots.contains(root) {
                guard let line = lines.firstIndex(where: { $0.hasPrefix("screen \(root) ") || $0.hasPrefix("screen \(root)(") }),
                      let hook = dismissHook(screens: screens, presentables: presentables, tabIDs: tabIDs, flags: flags,
                                             conditions: conditions, parameterized: parameterized),
                      lines[line].hasSuffix(" }") else { continue }
                lines[line] = String(lines[line].dropLast(2)) + "\n  " + hook + " }"
            }
        }
        // Declared last, so that specs without it keep their line numbers.
        if usesChoice { lines.append(Self.choiceDeclaration) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SpecGenerator {
    static let choiceDeclaration = "choice Where \"which of two places the data names\" { here, there }"
}

extension String {
    /// Adds a guard to an edge: before an action's brace, or at the end.
    func replacingFirstBrace(with condition: String) -> String {
        if hasPrefix("action"), let brace = firstIndex(of: "{") {
            return String(self[..<brace]) + "if \(condition) " + String(self[brace...])
        }
        return self + " if \(condition)"
    }
}
