/// Input values fixed from outside the spec (`--input NAME=true|false`):
/// one configuration of a build setting or remote flag checked without
/// editing the spec. Each becomes an assumption, so every engine, coverage
/// and plan see the same valuations; of two values for the same input the
/// later wins.
public struct InputOverride: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var input: String
        public var value: Bool

        public init(input: String, value: Bool) {
            self.input = input
            self.value = value
        }
    }

    public var entries: [Entry]

    /// Why an override cannot apply.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not `NAME=true` or `NAME=false`.
        case malformed(String)
        /// No input of the spec has this name.
        case unknownInput(String, suggestion: String?)
        /// The name is a flag, which changes during a run.
        case notAnInput(String)

        public var description: String {
            switch self {
            case .malformed(let text):
                "--input '\(text)' is not NAME=true or NAME=false"
            case .unknownInput(let name, let suggestion):
                "--input names no input '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            case .notAnInput(let name):
                "--input names '\(name)', which is a flag: flags change during a run; only inputs can be fixed"
            }
        }
    }

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Reads `--input` arguments (`NAME=true` or `NAME=false`), in order.
    public init(arguments: [String]) throws(Problem) {
        self.init()
        for argument in arguments {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Bool(String(parts[1])) else {
                throw .malformed(argument)
            }
            entries.removeAll { $0.input == String(parts[0]) }
            entries.append(Entry(input: String(parts[0]), value: value))
        }
    }

    /// Whether the override changes nothing.
    public var isEmpty: Bool { entries.isEmpty }
}

extension FlowSpec {
    /// A copy that assumes each overridden input has its value, as an
    /// `assume` would. Every name must be an input of the spec.
    public func fixingInputs(_ override: InputOverride) throws(InputOverride.Problem) -> FlowSpec {
        var copy = self
        for entry in override.entries {
            guard let index = inputs.firstIndex(where: { $0.name == entry.input }) else {
                if flags.contains(where: { $0.name == entry.input }) { throw .notAnInput(entry.input) }
                throw .unknownInput(entry.input, suggestion: NameSuggestion.closest(to: entry.input, among: inputs.map(\.name)))
            }
            let condition: Condition = entry.value ? .input(index) : .not(.input(index))
            copy.assumptions.append(Assumption(condition: condition, range: file.range(0, 0),
                                               origin: "--input \(entry.input)=\(entry.value)"))
        }
        return copy
    }
}
