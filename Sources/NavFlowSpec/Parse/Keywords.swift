/// The words the language reserves. A keyword cannot name anything
/// declared; parameters, arguments and enum cases may use any identifier.
public enum Keywords {
    /// Words that begin a top-level declaration.
    public static let declarations: Set<String> = [
        "scheme", "host", "enum", "id", "flag", "input", "assume", "screen",
        "stack", "tabs", "split", "start", "launch", "deeplink", "destinations", "entry", "choice",
    ]

    /// Words that begin a statement.
    public static let statements: Set<String> = [
        "push", "sheet", "cover", "popover", "dismiss", "pop", "popToRoot",
        "tab", "set", "open", "select", "rebuild", "close",
    ]

    /// Statement words read as keywords only where a statement starts:
    /// they may still name declarations (`close` was a flag's name before
    /// it was a statement).
    public static let contextualStatements: Set<String> = ["close"]

    /// Every reserved word.
    public static let all: Set<String> = declarations.union(statements).union([
        "app", "root", "destination", "depth", "hidden", "if", "initial",
        "sidebar", "content", "detail", "locked", "action", "requires",
        "else", "keep", "under", "modals", "when", "true", "false",
    ]).subtracting(contextualStatements)

    /// Type names that cannot be redeclared.
    public static let typeNames: Set<String> = ["Int", "String"]
}
