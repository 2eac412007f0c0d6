import NavFlowCheck
import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// What `verify` prints and how it exits, decided from the results of every
/// spec it checked.
public struct VerifyReport: Sendable {
    public var results: [Verifier.Result]
    /// Whether warnings fail the run like errors.
    public var warningsAsErrors: Bool
    /// How many entries of the baseline matched no finding: nil when no
    /// baseline was given or the run cannot tell (a spec stopped at a limit).
    public var baselineFixed: Int?

    public init(results: [Verifier.Result], warningsAsErrors: Bool = false, baselineFixed: Int? = nil) {
        self.results = results
        self.warningsAsErrors = warningsAsErrors
        self.baselineFixed = baselineFixed
    }

    /// The documented exit code: 2 when a spec could not be read into a
    /// model; 1 when a finding of severity error (or warning, with
    /// `--warnings-as-errors`) remains, including one proven before a limit
    /// stopped an exploration; 3 when a limit stopped one and nothing
    /// failing was proven; else 0.
    public var exitCode: Int32 {
        if results.contains(where: \.hasInputErrors) { return 2 }
        let failing: Severity = warningsAsErrors ? .warning : .error
        if diagnostics.contains(where: { $0.severity >= failing }) { return 1 }
        return results.contains { $0.limit != nil } ? 3 : 0
    }

    /// Every diagnostic, spec after spec; suppressed findings are not among them.
    public var diagnostics: [Diagnostic] { results.flatMap(\.diagnostics) }

    /// How many findings a comment or the baseline suppressed.
    public var suppressedCount: Int { results.reduce(0) { $0 + $1.suppressed.count } }

    private func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }

    /// swiftc-style findings, then a one-line summary.
    public func text(colors: Bool = false) -> String {
        let renderer = DiagnosticTextRenderer(colors: colors)
        var output = ""
        for result in results {
            output += renderer.render(result.diagnostics, sources: [result.file.path: result.file])
            if let limit = result.limit {
                output += "\(result.file.path): error: verification stopped at a limit: \(limit)\n"
                output += "\(result.file.path): note: the findings above hold: each has its witness; "
                    + (result.undecided.isEmpty ? "every rule was judged"
                       : "not decided: \(result.undecided.map(\.rawValue).joined(separator: ", "))") + "\n"
                if let stats = result.statistics {
                    output += "\(result.file.path): note: explored \(stats.states) states and \(stats.transitions) transitions in "
                        + "\(Self.seconds(stats.seconds)) s, peak memory \(stats.peakMemoryBytes >> 20) MiB\n"
                }
            }
        }
        let specs = results.count == 1 ? "1 spec" : "\(results.count) specs"
        let errors = count(.error), warnings = count(.warning), notes = count(.note)
        let stopped = results.contains { $0.limit != nil }
        let verdict = switch exitCode {
        case 0: "verified"
        case 2: "could not verify"
        case 3: "stopped at a limit:"
        default: stopped ? "failed before a limit:" : "failed"
        }
        if let fixed = baselineFixed, fixed > 0 {
            output += "\(fixed == 1 ? "1 baseline entry" : "\(fixed) baseline entries") fixed: "
                + "no finding matches \(fixed == 1 ? "it" : "them") any more; write the baseline again to drop \(fixed == 1 ? "it" : "them")\n"
        }
        let suppressed = suppressedCount
        output += "\(verdict) \(specs): \(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note"))"
            + (suppressed > 0 ? ", \(suppressed) suppressed" : "") + "\n"
        return output
    }

    /// The JSON document of `verify --format json` (schema version 1).
    public func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("tool", .string("navflow")),
            ("exitCode", .int(Int(exitCode))),
            ("specs", .array(results.map { result in
                .object([
                    ("file", .string(result.file.path)),
                    ("app", .optional(result.spec?.appName)),
                    ("status", .string(result.hasInputErrors ? "invalid" : result.limit != nil ? "limit"
                        : result.diagnostics.contains { $0.severity == .error } ? "failed" : "verified")),
                    ("diagnostics", .array(result.diagnostics.map(DiagnosticJSON.encode))),
                    ("suppressed", .array(result.suppressed.map(DiagnosticJSON.encode))),
                    ("stats", result.statistics.map(Self.statistics) ?? .null),
                    ("limit", .optional(result.limit)),
                    ("undecided", .array(result.undecided.map { .string($0.rawValue) })),
                ])
            })),
            ("summary", .object([
                ("errors", .int(count(.error))),
                ("warnings", .int(count(.warning))),
                ("notes", .int(count(.note))),
                ("suppressed", .int(suppressedCount)),
                ("baselineFixed", baselineFixed.map(JSONValue.int) ?? .null),
            ])),
        ]).serialized() + "\n"
    }

    /// One line of exploration figures, for `--statistics`.
    public static func statisticsLine(_ result: Verifier.Result) -> String {
        guard let stats = result.statistics else {
            return "\(result.file.path): not explored" + (result.limit.map { " (\($0))" } ?? "")
        }
        if let limit = result.limit, stats.stateBits == 0 {
            return "\(result.file.path): not explored (\(limit)), \(seconds(stats.seconds)) s"
        }
        let rate = Int(stats.statesPerSecond.rounded())
        let bytes = Int(stats.bytesPerState.rounded())
        let seconds = (stats.seconds * 1000).rounded() / 1000
        let explore = (stats.exploreSeconds * 1000).rounded() / 1000
        let visited = (stats.visitedBytesPerState * 10).rounded() / 10
        return "\(result.file.path): \(stats.states) states (\(stats.inAppStates) in-app), \(stats.transitions) transitions, "
            + "\(stats.valuations) input valuation\(stats.valuations == 1 ? "" : "s"), \(seconds) s, \(rate) states/s, "
            + "\(bytes) bytes/state (\(stats.stateWords * 8) packed), "
            + "exploration \(explore) s, visited set \(visited) bytes/state, "
            + (stats.peakMemoryBytes > 0 ? "peak memory \(stats.peakMemoryBytes >> 20) MiB, " : "")
            + (stats.parkedInactiveTabs
               ? "tabs not selected parked" + (stats.tabsInteract.isEmpty ? ""
                   : " (\(stats.tabsInteract.count) reason\(stats.tabsInteract.count == 1 ? "" : "s") to store a tab whole: \(stats.tabsInteract.joined(separator: "; ")))")
                   + (stats.tabsChecked.isEmpty ? ""
                   : " (\(stats.tabsChecked.count) 'tab' statement\(stats.tabsChecked.count == 1 ? "" : "s") checked by the search: \(stats.tabsChecked.joined(separator: "; ")))")
               : stats.tabsInteract.isEmpty ? "every state"
               : "product of the tabs (\(stats.tabsInteract.count) reason\(stats.tabsInteract.count == 1 ? "" : "s"): \(stats.tabsInteract.joined(separator: "; ")))")
            + (stats.search == .plain ? ", plain explorer" : "")
            + (result.limit.map { "; stopped at a limit (\($0))" } ?? "")
    }

    /// Seconds to the millisecond.
    static func seconds(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    static func statistics(_ stats: Verifier.Statistics) -> JSONValue {
        .object([
            ("states", .int(stats.states)),
            ("inAppStates", .int(stats.inAppStates)),
            ("transitions", .int(stats.transitions)),
            ("valuations", .int(stats.valuations)),
            ("stateBits", .int(stats.stateBits)),
            ("exploration", .string(stats.search.rawValue)),
            ("tabsInteract", .array(stats.tabsInteract.map { .string($0) })),
            ("tabsChecked", .array(stats.tabsChecked.map { .string($0) })),
            ("complete", .bool(stats.complete)),
            ("seconds", .decimal(stats.seconds)),
            ("peakMemoryBytes", .int(stats.peakMemoryBytes)),
        ])
    }

    private func plural(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}

/// The JSON shape of one diagnostic.
public enum DiagnosticJSON {
    public static func encode(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.file)),
            ("range", range(diagnostic.range)),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)), ("range", note.range.map(range) ?? .null)])
            })),
            ("fixIts", .array(diagnostic.fixIts.map { fixIt in
                .object([("range", range(fixIt.range)), ("replacement", .string(fixIt.replacement))])
            })),
            ("witness", diagnostic.witness.map(witness) ?? .null),
        ])
    }

    /// A suppressed finding: the diagnostic's members and how it was suppressed.
    public static func encode(_ suppressed: SuppressedDiagnostic) -> JSONValue {
        guard case .object(var members) = encode(suppressed.diagnostic) else { return .null }
        members.append(("suppression", suppression(suppressed.suppression)))
        return .object(members)
    }

    static func suppression(_ suppression: Suppression) -> JSONValue {
        switch suppression {
        case .inSource(let file, let range):
            .object([("kind", .string("inSource")), ("file", .string(file)), ("range", Self.range(range))])
        case .baseline(let path):
            .object([("kind", .string("baseline")), ("file", .string(path))])
        }
    }

    static func witness(_ witness: Witness) -> JSONValue {
        .object([
            ("inputs", .object(witness.inputs.map { ($0.name, .bool($0.value)) })),
            ("steps", steps(witness)),
        ])
    }

    /// A witness's steps, numbered from 1.
    public static func steps(_ witness: Witness) -> JSONValue {
        .array(witness.steps.enumerated().map { number, step in
            .object([
                ("number", .int(number + 1)),
                ("kind", .string(step.kind.rawValue)),
                ("text", .string(step.text)),
                ("screen", .optional(step.screen)),
                ("url", .optional(step.url)),
            ])
        })
    }

    static func range(_ range: SourceRange) -> JSONValue {
        .object([
            ("start", .object([("line", .int(range.start.line)), ("column", .int(range.start.column)),
                               ("offset", .int(range.start.offset))])),
            ("end", .object([("line", .int(range.end.line)), ("column", .int(range.end.column)),
                             ("offset", .int(range.end.offset))])),
        ])
    }
}
