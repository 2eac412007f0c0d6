/// What a team sets for a rule, from the command line (`--rule
/// dead-edge=off`) or `rules:` in `.navflow.yml`: off (its findings are
/// dropped, not counted), or the severity its findings get instead of the
/// rule's own, which is what exit codes then read.
public enum RuleSetting: String, Sendable, CaseIterable {
    case off, error, warning, note

    /// `ID=SETTING` as written on the command line.
    public static func parse(_ text: String) -> (rule: RuleID, setting: RuleSetting)? {
        guard let equals = text.firstIndex(of: "="),
              let setting = RuleSetting(rawValue: String(text[text.index(after: equals)...])) else { return nil }
        let id = String(text[..<equals])
        return id.isEmpty ? nil : (RuleID(rawValue: id), setting)
    }

    /// The findings with the settings applied: those of rules set off
    /// dropped, the others' severities replaced where a setting gives one.
    public static func apply(_ settings: [RuleID: RuleSetting], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        if settings.isEmpty { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            switch settings[diagnostic.rule] {
            case nil: return diagnostic
            case .off?: return nil
            case .error?: var changed = diagnostic; changed.severity = .error; return changed
            case .warning?: var changed = diagnostic; changed.severity = .warning; return changed
            case .note?: var changed = diagnostic; changed.severity = .note; return changed
            }
        }
    }
}
