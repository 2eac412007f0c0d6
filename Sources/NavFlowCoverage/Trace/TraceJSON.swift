/// A JSON value as a trace line holds it. Object members keep their order;
/// numbers keep their text, since a trace argument such as an id is a
/// label, not a quantity.
public indirect enum TraceJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([TraceJSON])
    case object([Member])

    /// One member of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: TraceJSON
        /// The 1-based column (in Unicode scalars) where the key starts.
        public var column: Int
    }

    /// The name of the value's type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a scalar argument: a string, a number's text or a Boolean.
    public var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        default: nil
        }
    }
}

/// Why a trace line is not valid JSON, and where on the line.
public struct TraceJSONError: Error, Hashable, Sendable {
    /// The 1-based column (in Unicode scalars).
    public var column: Int
    public var message: String
}

/// A strict JSON parser for one line of a trace (RFC 8259): no trailing
/// commas, no comments, no duplicated keys, nesting at most `maxDepth`.
/// Strings must be valid UTF-8.
public struct TraceJSONParser {
    /// The deepest nesting accepted; a trace event is flat, so a small
    /// bound costs nothing and keeps hostile input from using the stack.
    public static let maxDepth = 32

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The last offset whose column was computed, and that column: members
    /// are met left to right, so columns are counted once per line.
    private var countedOffset = 0
    private var countedColumn = 1

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole line as one JSON value.
    public static func parse(_ line: [UInt8]) -> Result<TraceJSON, TraceJSONError> {
        var parser = TraceJSONParser(line)
        do throws(TraceJSONError) {
            parser.skipSpace()
            let value = try parser.value()
            parser.skipSpace()
            if parser.index < parser.bytes.count {
                throw parser.error("unexpected text after the JSON value")
            }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private mutating func column(of offset: Int) -> Int {
        if offset < countedOffset {
            countedOffset = 0
            countedColumn = 1
        }
        var column = countedColumn
        var position = countedOffset
        defer {
            countedOffset = position
            countedColumn = column
        }
        while position < offset && position < bytes.count {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return column
    }

    private mutating func error(_ message: String, at offset: Int? = nil) -> TraceJSONError {
        TraceJSONError(column: column(of: offset ?? index), message: message)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(TraceJSONError) -> TraceJSON {
        guard index < bytes.count else { throw error("expected a JSON value, found the end of the line") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a JSON value")
        }
    }

    private mutating func literal(_ word: String) throws(TraceJSONError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected a JSON value")
        }
        index += utf8.count
    }

    private mutating func enter() throws(TraceJSONError) {
        depth += 1
        if depth > Self.maxDepth { throw error("JSON nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func object() throws(TraceJSONError) -> TraceJSON {
        try enter()
        index += 1
        var members: [TraceJSON.Member] = []
        var keys = Set<String>()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                throw error("duplicated key \"\(key)\"", at: keyStart)
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            skipSpace()
            let value = try value()
            members.append(TraceJSON.Member(key: key, value: value, column: column(of: keyStart)))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the line") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(TraceJSONError) -> TraceJSON {
        try enter()
        index += 1
        var items: [TraceJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the line") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func number() throws(TraceJSONError) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let count = digits()
        guard count > 0 else { throw error("expected digits in a number") }
        if count > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("a number may not start with 0", at: integerStart) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(TraceJSONError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) throws(TraceJSONError) {
            guard run < end else { return }
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
                throw error("the string is not valid UTF-8", at: run)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // A string without escapes is its bytes, validated once.
                if run == start + 1 {
                    guard let text = String(validating: bytes[run..<index], as: UTF8.self) else {
                        throw error("the string is not valid UTF-8", at: run)
                    }
                    index += 1
                    return text
                }
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flush(index)
            index += 1
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate must be followed by a low surrogate")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate must be followed by a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape of a lone surrogate") }
                scalars.append(scalar)
            default:
                throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
            }
            run = index
        }
    }

    private mutating func hex4() throws(TraceJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
