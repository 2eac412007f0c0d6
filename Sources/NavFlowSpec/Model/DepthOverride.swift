/// New stack depths given from outside the spec (`--depth N` for every
/// stack, `--depth STACK=N` for one). Per-stack depths win over the depth
/// for every stack; of two values for the same target the later wins.
public struct DepthOverride: Hashable, Sendable {
    /// The depth of every stack, if given.
    public var all: Int?
    /// Depths of single stacks, in the order given.
    public var stacks: [Entry]

    public struct Entry: Hashable, Sendable {
        public var stack: String
        public var depth: Int

        public init(stack: String, depth: Int) {
            self.stack = stack
            self.depth = depth
        }
    }

    /// Why an override cannot apply.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is neither `N` nor `STACK=N`.
        case malformed(String)
        /// The depth lies outside 1 ... `Resolver.maximumDepth`.
        case outOfRange(Int)
        /// No stack of the spec has this name.
        case unknownStack(String, suggestion: String?)

        public var description: String {
            switch self {
            case .malformed(let text):
                "--depth '\(text)' is not a depth N or STACK=N"
            case .outOfRange(let depth):
                "--depth \(depth) is out of range; a stack's depth is 1 to \(Resolver.maximumDepth)"
            case .unknownStack(let name, let suggestion):
                "--depth names no stack '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            }
        }
    }

    public init(all: Int? = nil, stacks: [Entry] = []) {
        self.all = all
        self.stacks = stacks
    }

    /// Reads `--depth` arguments (`N` or `STACK=N`), in the order given.
    public init(arguments: [String]) throws(Problem) {
        self.init()
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let valueText = parts.count == 2 ? parts[1] : parts[0]
            guard let depth = Int(valueText) else { throw .malformed(argument) }
            guard (1...Resolver.maximumDepth).contains(depth) else { throw .outOfRange(depth) }
            if parts.count == 2 {
                let name = String(parts[0])
                guard !name.isEmpty else { throw .malformed(argument) }
                stacks.append(Entry(stack: name, depth: depth))
            } else {
                all = depth
            }
        }
    }

    /// Whether the override changes nothing.
    public var isEmpty: Bool { all == nil && stacks.isEmpty }
}

extension FlowSpec {
    /// A copy with the override's depths; a stack the override does not
    /// name keeps its own. Every named stack must exist and every depth
    /// must be in range.
    public func overridingDepths(_ override: DepthOverride) throws(DepthOverride.Problem) -> FlowSpec {
        var copy = self
        if let all = override.all {
            guard (1...Resolver.maximumDepth).contains(all) else { throw .outOfRange(all) }
            for index in copy.stacks.indices {
                copy.stacks[index].depth = all
                copy.stacks[index].depthOverridden = true
            }
        }
        for entry in override.stacks {
            guard (1...Resolver.maximumDepth).contains(entry.depth) else { throw .outOfRange(entry.depth) }
            guard let index = copy.stacks.firstIndex(where: { $0.name == entry.stack }) else {
                throw .unknownStack(entry.stack,
                                    suggestion: NameSuggestion.closest(to: entry.stack, among: stacks.map(\.name)))
            }
            copy.stacks[index].depth = entry.depth
            copy.stacks[index].depthOverridden = true
        }
        return copy
    }
}
