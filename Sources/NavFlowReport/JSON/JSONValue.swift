/// A JSON document built in code and written with keys in the order given,
/// so the same input always gives the same bytes.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written with at most two decimals (`85.71`, `100`).
    case decimal(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The document as text: two-space indentation, one member per line.
    public func serialized(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .decimal(let value): return Self.decimalText(value)
        case .string(let value): return Self.quoted(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n\(pad)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.serialized(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(pad)}"
        }
    }

    /// A JSON string literal; control characters, quotes and backslashes are
    /// escaped, so any input gives valid JSON. DEL and the line and paragraph
    /// separators (U+2028, U+2029) are escaped as well, so the literal is
    /// safe inside a script or a single line.
    public static func quoted(_ text: String) -> String {
        var literal = String.UnicodeScalarView()
        literal.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                literal.append("\\")
                literal.append(scalar)
            case "\n": literal.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": literal.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": literal.append(contentsOf: #"\t"#.unicodeScalars)
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                literal.append(contentsOf: #"\u"#.unicodeScalars)
                for shift in stride(from: 12, through: 0, by: -4) {
                    literal.append(hexDigits[Int(scalar.value >> UInt32(shift) & 0xF)])
                }
            default: literal.append(scalar)
            }
        }
        literal.append("\"")
        return String(literal)
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)
}

extension JSONValue {
    /// A finite number with at most two decimals, trailing zeros dropped;
    /// `null` for NaN and infinities, which JSON cannot hold.
    static func decimalText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        var text = sign + String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += "." + (fraction < 10 ? "0" : "") + String(fraction)
            if text.hasSuffix("0") { text.removeLast() }
        }
        return text
    }

    /// `.string` for a value, `.null` for nil.
    static func optional(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
