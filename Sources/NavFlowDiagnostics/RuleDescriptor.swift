/// What a rule is, as data: its id, default severity, the phase that
/// reports it, a one-line summary, whether its findings carry a witness,
/// and the example specs that show it. The rule catalogue, the SARIF rule
/// metadata, `docs/diagnostics.md`'s table and the per-rule tests all come
/// from descriptors.
public struct RuleDescriptor: Hashable, Sendable {
    /// When a rule's findings are produced.
    public enum Phase: String, Sendable, Hashable {
        /// While reading the spec; findings stop the run with exit 2.
        case frontEnd = "front-end"
        /// On the checked model without exploring it.
        case structural
        /// On the explored state graph.
        case exploration
        /// On the app's Swift source, by `lint`.
        case source
    }

    /// A spec that triggers the rule (and nothing else), and its fixed twin
    /// that triggers nothing: paths relative to the repository's root.
    public struct Examples: Hashable, Sendable {
        public let triggering: String
        public let nonTriggering: String

        public init(triggering: String, nonTriggering: String) {
            self.triggering = triggering
            self.nonTriggering = nonTriggering
        }

        /// The conventional pair: `specs/defects/<id>.navflow` and
        /// `specs/defects/fixed/<id>.navflow`.
        public static func defects(_ id: RuleID) -> Examples {
            Examples(triggering: "specs/defects/\(id.rawValue).navflow",
                     nonTriggering: "specs/defects/fixed/\(id.rawValue).navflow")
        }
    }

    public let id: RuleID
    public let severity: Severity
    public let phase: Phase
    public let summary: String
    /// Whether every finding of the rule carries the steps that show it.
    public let givesWitness: Bool
    /// The specs that show the rule; nil for front-end rules, whose
    /// examples are the files of `specs/errors/`.
    public let examples: Examples?

    public init(id: RuleID, severity: Severity, phase: Phase, summary: String,
                givesWitness: Bool = false, examples: Examples? = nil) {
        self.id = id
        self.severity = severity
        self.phase = phase
        self.summary = summary
        self.givesWitness = givesWitness
        self.examples = examples
    }
}
