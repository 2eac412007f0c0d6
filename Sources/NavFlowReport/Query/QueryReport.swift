import Foundation
import NavFlowCheck
import NavFlowQuery
import NavFlowSpec

/// The formats `query` writes.
public enum QueryFormat: String, CaseIterable, Sendable {
    case text, json
}

/// What `query` prints and how it exits.
public struct QueryReport: Sendable {
    public var query: String
    public var engine: String
    public var answer: QueryAnswer
    /// What the witness passes through that `verify` reports as an error.
    public var defects: [WitnessDefect]
    /// Which engine ran and why (`--statistics`): printed when set.
    public var statistics: EngineStatistics?

    /// Which engine answered, with which encoding, why, and in how long.
    public struct EngineStatistics: Sendable {
        public var engine: String
        public var encoding: String?
        public var reason: QueryEngineReason?
        public var seconds: Double

        public init(engine: String, encoding: String?, reason: QueryEngineReason?, seconds: Double) {
            self.engine = engine
            self.encoding = encoding
            self.reason = reason
            self.seconds = seconds
        }

        /// `engine: z3 (navigation state), because the explicit search stored 1,000,000 states without an answer; 4.2 s`
        public var text: String {
            var line = "engine: \(engine)" + (encoding.map { " (\($0))" } ?? "")
            if let reason { line += ", because " + Self.describe(reason) }
            return line + "; " + String(format: "%.2f s", seconds)
        }

        public static func describe(_ reason: QueryEngineReason) -> String {
            switch reason {
            case .answeredWithin(let states): "the explicit search answered within \(QueryReport.grouped(states)) states"
            case .explicitStopped(let states): "the explicit search stored \(QueryReport.grouped(states)) states without an answer"
            case .tooManyValuations(let inputs): "\(inputs) inputs have more valuations than the explicit engine enumerates"
            case .notCovered: "z3 does not encode this spec's navigation state yet (some of its appear hooks), and its state graph is no smaller"
            case .noSymbolicEngine: "this build has no z3 engine (the Z3 trait)"
            }
        }
    }

    public init(query: String, engine: String, answer: QueryAnswer, defects: [WitnessDefect] = []) {
        self.query = query
        self.engine = engine
        self.answer = answer
        self.defects = defects
    }

    /// 0 when a state matches, 1 when none does, 4 when no witness was
    /// found up to the bound and nothing proved there is none beyond it.
    public var exitCode: Int32 {
        switch answer {
        case .reachable: 0
        case .unreachable(.bounded): 4
        case .unreachable: 1
        }
    }

    public func render(_ format: QueryFormat) -> String {
        switch format {
        case .text: text()
        case .json: json().serialized() + "\n"
        }
    }

    public func text() -> String {
        answerText() + (statistics.map { $0.text + "\n" } ?? "")
    }

    private func answerText() -> String {
        switch answer {
        case .reachable(let witness, let length):
            var output = "reachable in \(length) step\(length == 1 ? "" : "s")"
            if !witness.inputs.isEmpty {
                output += " with " + witness.inputs.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            }
            output += ":\n"
            for (number, step) in witness.steps.enumerated() { output += "  \(number + 1). \(step.text)\n" }
            if !defects.isEmpty {
                let count = defects.count == 1 ? "an error" : "\(defects.count) errors"
                output += "warning: this witness passes through \(count) that verify reports:\n"
                for defect in defects { output += "  step \(defect.step): \(defect.message) [\(defect.rule.rawValue)]\n" }
            }
            return output
        case .unreachable(.bounded(let bound)):
            return "no witness up to bound \(bound); nothing proves there is none beyond it (raise --bound)\n"
        case .unreachable(let proof):
            return "unreachable: " + Self.describe(proof) + "\n"
        }
    }

    public static func describe(_ proof: UnreachabilityProof) -> String {
        switch proof {
        case .exhausted(let states): "all \(grouped(states)) reachable states explored, none matches"
        case .noStart(let states): "none of the \(grouped(states)) reachable states matches the --from pattern"
        case .bounded(let bound): "no witness up to bound \(bound)"
        case .induction(let depth): "unreachable at every bound (proved by induction at depth \(depth))"
        }
    }

    public func json() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("schemaVersion", .int(1)),
            ("query", .string(query)),
            ("engine", .string(engine)),
            ("reachable", .bool(answer.isReachable)),
        ]
        switch answer {
        case .reachable(let witness, let length):
            members += [
                ("length", .int(length)),
                ("inputs", .object(witness.inputs.map { ($0.name, .bool($0.value)) })),
                ("steps", DiagnosticJSON.steps(witness)),
                ("defects", .array(defects.map { defect in
                    .object([("step", .int(defect.step)), ("rule", .string(defect.rule.rawValue)),
                             ("message", .string(defect.message))])
                })),
                ("proof", .null),
            ]
        case .unreachable(let proof):
            let proofValue: JSONValue = switch proof {
            case .exhausted(let states): .object([("kind", .string("exhausted")), ("states", .int(states))])
            case .noStart(let states): .object([("kind", .string("no-start")), ("states", .int(states))])
            case .bounded(let bound): .object([("kind", .string("bounded")), ("bound", .int(bound))])
            case .induction(let depth): .object([("kind", .string("induction")), ("depth", .int(depth))])
            }
            members += [("length", .null), ("inputs", .object([])), ("steps", .array([])), ("defects", .array([])),
                        ("proof", proofValue)]
        }
        if let statistics {
            let encoding: JSONValue = statistics.encoding.map { JSONValue.string($0) } ?? .null
            let reason: JSONValue = statistics.reason.map { JSONValue.string(EngineStatistics.describe($0)) } ?? .null
            let fields: [(String, JSONValue)] = [("engine", .string(statistics.engine)), ("encoding", encoding),
                                                 ("reason", reason), ("seconds", .decimal(statistics.seconds))]
            members.append(("statistics", .object(fields)))
        }
        return .object(members)
    }

    /// 1284992 as "1,284,992".
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var output = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { output.append(",") }
            output.append(character)
        }
        return output
    }
}
