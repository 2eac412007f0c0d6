import Foundation
import NavFlowDiagnostics

/// The file `verify --write-baseline` writes and `verify --baseline` reads:
/// JSON, schema version 1, one member per finding (docs/formats.md).
public enum BaselineDocument {
    public static let schemaVersion = 1

    /// Why a baseline file could not be read.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The document for `baseline`, entries in the order given.
    public static func render(_ baseline: Baseline) -> String {
        JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("tool", .string("navflow")),
            ("kind", .string("baseline")),
            ("findings", .array(baseline.entries.map { entry in
                .object([
                    ("file", .string(entry.file)),
                    ("rule", .string(entry.rule.rawValue)),
                    ("severity", .string(entry.severity.rawValue)),
                    ("line", .int(entry.line)),
                    ("message", .string(entry.message)),
                ])
            })),
        ]).serialized() + "\n"
    }

    /// Reads a baseline document; members other than those documented are ignored.
    public static func parse(_ bytes: [UInt8]) -> Result<Baseline, Problem> {
        func fail(_ reason: String) -> Result<Baseline, Problem> { .failure(Problem(reason: reason)) }
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            return fail("not a baseline: the file is not JSON")
        }
        guard let document = root as? [String: Any], document["kind"] as? String == "baseline" else {
            return fail("not a baseline: expected a JSON object with \"kind\": \"baseline\" (write one with --write-baseline)")
        }
        guard let version = document["schemaVersion"] as? Int else {
            return fail("the baseline has no schemaVersion")
        }
        guard version == schemaVersion else {
            return fail("the baseline's schemaVersion is \(version); this navflow reads version \(schemaVersion)")
        }
        guard let findings = document["findings"] as? [Any] else {
            return fail("the baseline has no \"findings\" array")
        }
        var entries: [Baseline.Entry] = []
        for (index, item) in findings.enumerated() {
            guard let finding = item as? [String: Any],
                  let file = finding["file"] as? String,
                  let rule = finding["rule"] as? String,
                  let message = finding["message"] as? String else {
                return fail("finding \(index + 1) of the baseline lacks a \"file\", \"rule\" or \"message\" string")
            }
            let severity = (finding["severity"] as? String).flatMap(Severity.init(rawValue:)) ?? .warning
            let line = finding["line"] as? Int ?? 0
            entries.append(Baseline.Entry(file: Baseline.normalizedPath(file), rule: RuleID(rawValue: rule),
                                          message: message, severity: severity, line: line))
        }
        return .success(Baseline(entries: entries))
    }
}
