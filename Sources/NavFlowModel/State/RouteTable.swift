import NavFlowSpec

/// Numbers every concrete route of a spec: a screen with one value per
/// parameter. An enum parameter ranges over its cases; an id parameter is
/// abstract and has the single value 0. Route ids start at 1, so 0 can mean
/// "no route" in a packed state.
public struct RouteTable: Sendable {
    /// The first route id of each screen.
    public let base: [Int]
    /// The domain size of each parameter of each screen.
    public let domains: [[Int]]
    /// The number of routes; ids run from 1 through `count`.
    public let count: Int

    public init(_ spec: FlowSpec) {
        var base: [Int] = []
        var domains: [[Int]] = []
        var next = 1
        for screen in spec.screens {
            base.append(next)
            let sizes = screen.parameters.map { parameter -> Int in
                switch parameter.type {
                case .enumeration(let index): max(1, spec.enums[index].cases.count)
                case .identifier: 1
                }
            }
            domains.append(sizes)
            next += sizes.reduce(1, *)
        }
        self.base = base
        self.domains = domains
        self.count = next - 1
    }

    /// The id of a screen with the given argument values.
    public func id(screen: Int, values: [Int]) -> Int {
        var offset = 0
        for (value, size) in zip(values, domains[screen]) {
            offset = offset * size + value
        }
        return base[screen] + offset
    }

    /// The screen a route id shows.
    public func screen(of id: Int) -> Int {
        var low = 0
        var high = base.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if base[mid] <= id { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The argument values of a route id.
    public func values(of id: Int) -> [Int] {
        let screen = screen(of: id)
        var offset = id - base[screen]
        var values = [Int](repeating: 0, count: domains[screen].count)
        for index in values.indices.reversed() {
            let size = domains[screen][index]
            values[index] = offset % size
            offset /= size
        }
        return values
    }

    /// Every route id a resolved route can denote, given the values of the
    /// bindings in scope (`.any` expands to every value of its parameter).
    public func expand(_ route: Route, bindings: [Int]) -> [Int] {
        var combinations: [[Int]] = [[]]
        for (argument, size) in zip(route.arguments, domains[route.screen]) {
            let choices: [Int]
            switch argument {
            case .any: choices = Array(0..<size)
            case .enumCase(let value): choices = [value]
            case .binding(let index): choices = [index < bindings.count ? bindings[index] : 0]
            }
            combinations = combinations.flatMap { prefix in choices.map { prefix + [$0] } }
        }
        return combinations.map { id(screen: route.screen, values: $0) }
    }

    /// A route written for people: `Recipe(_)`, `Category(desserts)`.
    public func text(of id: Int, in spec: FlowSpec) -> String {
        let screen = screen(of: id)
        let declaration = spec.screens[screen]
        guard !declaration.parameters.isEmpty else { return declaration.name }
        let arguments = zip(values(of: id), declaration.parameters).map { value, parameter -> String in
            switch parameter.type {
            case .enumeration(let index): spec.enums[index].cases[value]
            case .identifier: "_"
            }
        }
        return "\(declaration.name)(\(arguments.joined(separator: ", ")))"
    }
}
