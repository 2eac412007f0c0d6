/// One line of a NavFlow trace (JSON Lines, one navigation event per line),
/// built from its members in order. Strings are escaped so that any name or
/// value gives one valid JSON line.
public struct TraceLine: Sendable, Equatable {
    /// A member's value: the shapes a trace event uses.
    public enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        /// An object of string members (`args`).
        case strings([(String, String)])
        /// An object of Boolean members (`inputs`).
        case bools([(String, Bool)])

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): a == b
            case (.bool(let a), .bool(let b)): a == b
            case (.strings(let a), .strings(let b)): a.elementsEqual(b) { $0 == $1 }
            case (.bools(let a), .bools(let b)): a.elementsEqual(b) { $0 == $1 }
            default: false
            }
        }
    }

    /// The event name and the other members, in the order they are written.
    public var members: [(String, Value)]

    public init(event: String, _ members: [(String, Value)] = []) {
        self.members = [("event", .string(event))] + members
    }

    /// A line for one of the events NavFlow reads.
    public init(event: TraceEventName, _ members: [(String, Value)] = []) {
        self.init(event: event.rawValue, members)
    }

    public static func == (lhs: TraceLine, rhs: TraceLine) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// The line's text, without the newline.
    public var text: String {
        var output = "{"
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output += "," }
            output += Self.quoted(key) + ":"
            switch value {
            case .string(let text): output += Self.quoted(text)
            case .bool(let flag): output += flag ? "true" : "false"
            case .strings(let pairs):
                output += "{" + pairs.map { Self.quoted($0.0) + ":" + Self.quoted($0.1) }.joined(separator: ",") + "}"
            case .bools(let pairs):
                output += "{" + pairs.map { Self.quoted($0.0) + ":" + ($0.1 ? "true" : "false") }.joined(separator: ",") + "}"
            }
        }
        return output + "}"
    }

    /// A JSON string literal: quotes, backslashes and every control
    /// character escaped, and U+2028/U+2029 too, so the line stays one line.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
