import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec
import Yams

/// `.navflow.yml`: a team's defaults for the command line, read with Yams.
/// `specs` and `sources` are the paths commands take when given none;
/// `rules` sets rules off or to another severity (`--rule`); each command's
/// section sets its options under their command-line names (`verify:
/// { warnings-as-errors: true, max-time: 60 }`). What the file sets comes
/// before what the command line gives, so the command line wins: the last
/// value of an option counts, a flag set here is turned off by its `--no-`
/// form, and a repeatable option adds to the file's values.
public struct ConfigurationFile: Sendable {
    public static let defaultName = ".navflow.yml"

    /// How an option is written on the command line.
    public enum Kind: Sendable {
        /// `--max-time 60`
        case value
        /// `--depth 8 --depth Main=3`, from a list (or one value)
        case values
        /// `--warnings-as-errors` when true (and `--no-warnings-as-errors` when false)
        case flag
    }

    /// Per command, the options the file may set, by their command-line names.
    public static let options: [String: [String: Kind]] = {
        let limits: [String: Kind] = ["max-states": .value, "max-memory": .value, "max-time": .value, "depth": .values, "input": .values]
        return [
            "verify": limits.merging(["format": .value, "warnings-as-errors": .flag, "statistics": .flag, "exploration": .value,
                                      "output": .value, "baseline": .value]) { $1 },
            "coverage": limits.merging(["trace": .values, "format": .value, "fail-under": .values, "allow-drift": .flag,
                                        "output": .value, "max-trace-line": .value]) { $1 },
            "plan": limits.merging(["output": .value, "max-steps": .value, "exploration": .value]) { $1 },
            "query": limits.merging(["engine": .value, "exploration": .value, "bound": .value, "timeout": .value,
                                     "format": .value]) { $1 },
            "lint": ["format": .value, "warnings-as-errors": .flag, "output": .value],
            "drift": ["format": .value, "output": .value],
        ]
    }()

    /// The commands that take `specs` when given no spec, those that take
    /// `sources` when given no path, and those `rules` applies to.
    public static let specCommands: Set<String> = ["verify", "format", "coverage", "plan"]
    public static let sourceCommands: Set<String> = ["lint", "extract", "drift"]
    public static let ruleCommands: Set<String> = ["verify", "lint", "drift"]

    /// A mistake in the file, at its line and column (1-based).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(file):\(line):\(column): error: \(message)" }
    }

    /// Every mistake of a file that does not read.
    public struct Invalid: Error, Sendable {
        public var problems: [Problem]
    }

    /// One setting, with where it is written.
    public struct Setting: Sendable {
        public var key: String
        public var values: [String]
        public var line: Int
    }

    public var path: String
    public var specs: [String] = []
    public var sources: [String] = []
    /// `(rule, setting, commands it applies to, line)`.
    public var rules: [(rule: String, setting: RuleSetting, commands: Set<String>, line: Int)] = []
    public var sections: [String: [Setting]] = [:]

    /// Reads a configuration file. `commandsOfRule` says which commands
    /// report a rule id (empty for an id no command has); `knownRules`
    /// lists every id, for "did you mean" in the messages.
    public static func parse(_ file: SourceFile, commandsOfRule: (String) -> Set<String>,
                             knownRules: [String]) -> Result<ConfigurationFile, Invalid> {
        var configuration = ConfigurationFile(path: file.path)
        var problems: [Problem] = []
        func problem(_ node: Node?, _ message: String) {
            let mark = node?.mark
            problems.append(Problem(file: file.path, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
        }
        let text = String(decoding: file.bytes, as: UTF8.self)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return .failure(Invalid(problems: [Self.problem(from: error, file: file.path)]))
        } catch {
            return .failure(Invalid(problems: [Problem(file: file.path, line: 1, column: 1, message: "not YAML: \(error)")]))
        }
        // An empty file sets nothing.
        guard let root else { return .success(configuration) }
        guard case .mapping(let mapping) = root else {
            problem(root, "the configuration is a mapping of keys (specs, sources, rules, or a command's name) to values")
            return .failure(Invalid(problems: problems))
        }
        let topKeys = ["specs", "sources", "rules"] + options.keys.sorted()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                problem(keyNode, "a key is a name")
                continue
            }
            switch key {
            case "specs", "sources":
                guard let paths = strings(value) else {
                    problem(value, "'\(key)' is a path or a list of paths")
                    continue
                }
                if key == "specs" { configuration.specs = paths } else { configuration.sources = paths }
            case "rules":
                guard case .mapping(let rules) = value else {
                    problem(value, "'rules' maps rule ids to off, error, warning or note")
                    continue
                }
                for (ruleNode, settingNode) in rules {
                    let rule = ruleNode.string ?? ""
                    let commands = commandsOfRule(rule)
                    guard !commands.isEmpty else {
                        let suggestion = NameSuggestion.closest(to: rule, among: knownRules).map { " (did you mean '\($0)'?)" } ?? ""
                        problem(ruleNode, "unknown rule '\(rule)'\(suggestion)")
                        continue
                    }
                    // YAML reads a bare `off` as false.
                    let written = settingNode.scalar?.string ?? ""
                    guard let setting = RuleSetting(rawValue: written) ?? (written == "false" ? .off : nil) else {
                        problem(settingNode, "rule '\(rule)' is set to '\(written)': write off, error, warning or note")
                        continue
                    }
                    configuration.rules.append((rule, setting, commands, (ruleNode.mark?.line ?? 1)))
                }
            default:
                guard let known = options[key] else {
                    let suggestion = NameSuggestion.closest(to: key, among: topKeys).map { " (did you mean '\($0)'?)" } ?? ""
                    problem(keyNode, "unknown key '\(key)'\(suggestion); the keys are \(topKeys.joined(separator: ", "))")
                    continue
                }
                guard case .mapping(let settings) = value else {
                    problem(value, "'\(key)' maps options of `navflow \(key)` to their values")
                    continue
                }
                for (optionNode, valueNode) in settings {
                    let option = optionNode.string ?? ""
                    guard let kind = known[option] else {
                        let suggestion = NameSuggestion.closest(to: option, among: known.keys).map { " (did you mean '\($0)'?)" } ?? ""
                        problem(optionNode, "unknown option '\(option)' of `navflow \(key)`\(suggestion); it may set \(known.keys.sorted().joined(separator: ", "))")
                        continue
                    }
                    let line = optionNode.mark?.line ?? 1
                    switch kind {
                    case .flag:
                        guard let flag = valueNode.bool else {
                            problem(valueNode, "'\(option)' is true or false")
                            continue
                        }
                        configuration.sections[key, default: []].append(Setting(key: option, values: [flag ? "true" : "false"], line: line))
                    case .value:
                        guard let scalar = valueNode.scalar?.string, case .scalar = valueNode else {
                            problem(valueNode, "'\(option)' takes one value")
                            continue
                        }
                        configuration.sections[key, default: []].append(Setting(key: option, values: [scalar], line: line))
                    case .values:
                        guard let list = strings(valueNode) else {
                            problem(valueNode, "'\(option)' takes a value or a list of values")
                            continue
                        }
                        configuration.sections[key, default: []].append(Setting(key: option, values: list, line: line))
                    }
                }
            }
        }
        return problems.isEmpty ? .success(configuration) : .failure(Invalid(problems: problems))
    }

    /// A scalar or a sequence of scalars, as strings.
    static func strings(_ node: Node) -> [String]? {
        switch node {
        case .scalar(let scalar): return [scalar.string]
        case .sequence(let sequence):
            let items = sequence.compactMap { $0.scalar?.string }
            return items.count == sequence.count ? items : nil
        default: return nil
        }
    }

    static func problem(from error: YamlError, file: String) -> Problem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return Problem(file: file, line: mark.line, column: mark.column, message: "not YAML: \(what)")
        default:
            return Problem(file: file, line: 1, column: 1, message: "not YAML: \(error)")
        }
    }

    /// The options this file gives `navflow COMMAND`, to come before the
    /// command line's: its section's, the rules that apply to the command
    /// (`--rule ID=SETTING`), and the paths it takes when given none
    /// (`--configured-spec`, `--configured-source`).
    public func arguments(for command: String) -> [String] {
        var arguments: [String] = []
        for setting in sections[command] ?? [] {
            switch Self.options[command]?[setting.key] {
            case .flag?: arguments.append(setting.values == ["true"] ? "--\(setting.key)" : "--no-\(setting.key)")
            case .value?, .values?: for value in setting.values { arguments += ["--\(setting.key)", value] }
            case nil: break
            }
        }
        if Self.ruleCommands.contains(command) {
            for rule in rules where rule.commands.contains(command) { arguments += ["--rule", "\(rule.rule)=\(rule.setting.rawValue)"] }
        }
        if Self.specCommands.contains(command) { for spec in specs { arguments += ["--configured-spec", spec] } }
        if Self.sourceCommands.contains(command) { for source in sources { arguments += ["--configured-source", source] } }
        return arguments
    }

    /// Where the file sets an option of a command, for an error about its value.
    public func line(ofOption option: String, in command: String) -> Int? {
        sections[command]?.first { $0.key == option }?.line
    }
}
