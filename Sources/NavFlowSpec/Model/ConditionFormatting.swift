extension FlowSpec {
    /// A condition written back in spec syntax, with only the parentheses
    /// precedence needs (`!loggedIn && (isPro || beta)`).
    public func text(of condition: Condition) -> String {
        text(of: condition, context: 0)
    }

    // Precedence: 0 any, 1 operand of ||, 2 operand of &&, 3 operand of ==, 4 operand of !.
    private func text(of condition: Condition, context: Int) -> String {
        func wrap(_ body: String, _ level: Int) -> String {
            level < context ? "(\(body))" : body
        }
        switch condition {
        case .constant(let value): return value ? "true" : "false"
        case .flag(let index): return flags[index].name
        case .input(let index): return inputs[index].name
        case .not(let operand): return "!" + text(of: operand, context: 4)
        case .or(let lhs, let rhs):
            return wrap(text(of: lhs, context: 1) + " || " + text(of: rhs, context: 1), 1)
        case .and(let lhs, let rhs):
            return wrap(text(of: lhs, context: 2) + " && " + text(of: rhs, context: 2), 2)
        case .equal(let lhs, let rhs):
            return wrap(text(of: lhs, context: 4) + " == " + text(of: rhs, context: 4), 3)
        }
    }

    /// A route written back in spec syntax: `Recipe(_)`, `Category(desserts)`.
    public func text(of route: Route, bindings: [String] = []) -> String {
        let screen = screens[route.screen]
        guard !route.arguments.isEmpty else { return screen.name }
        let arguments = zip(route.arguments, screen.parameters).map { argument, parameter -> String in
            switch argument {
            case .any: return "_"
            case .enumCase(let index):
                if case .enumeration(let type) = parameter.type { return enums[type].cases[index] }
                return "_"
            case .binding(let index): return index < bindings.count ? bindings[index] : "_"
            }
        }
        return "\(screen.name)(\(arguments.joined(separator: ", ")))"
    }
}
