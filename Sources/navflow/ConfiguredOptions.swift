import ArgumentParser
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSpec

/// `--rule ID=off|error|warning|note`, repeatable, for the commands that
/// report findings: rules set off lose their findings; the others' findings
/// take the severity given, which exit codes read. `rules:` in
/// `.navflow.yml` gives the same options.
struct RuleOptions: ParsableArguments {
    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "Set a rule off, or its findings' severity: ID=off|error|warning|note (repeatable; the last for a rule counts).",
        valueName: "id=setting"))
    var rules: [String] = []

    /// The settings, each rule's last; an unknown rule or setting is a usage
    /// error, and so is a rule of the front end: a spec that does not read is
    /// never verified, whatever its findings are called.
    func settings(known: [RuleID], frontEnd: Set<RuleID> = []) throws -> [RuleID: RuleSetting] {
        var settings: [RuleID: RuleSetting] = [:]
        for text in rules {
            guard let (rule, setting) = RuleSetting.parse(text) else {
                throw ValidationError("--rule \(text): write ID=off, ID=error, ID=warning or ID=note")
            }
            guard known.contains(rule) else {
                let suggestion = NameSuggestion.closest(to: rule.rawValue, among: known.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("--rule \(text): this command has no rule '\(rule.rawValue)'\(suggestion)")
            }
            if frontEnd.contains(rule) {
                throw ValidationError("--rule \(text): '\(rule.rawValue)' is a rule of the front end; a spec it reports on is not read, so it cannot be set off or to another severity")
            }
            settings[rule] = setting
        }
        return settings
    }
}

/// The paths `.navflow.yml` gives a command that is given none (`specs`,
/// `sources`): passed as hidden options before the command line's own.
struct ConfiguredPaths: ParsableArguments {
    @Option(name: .customLong("configured-spec"), help: .private)
    var specs: [String] = []

    @Option(name: .customLong("configured-source"), help: .private)
    var sources: [String] = []
}
