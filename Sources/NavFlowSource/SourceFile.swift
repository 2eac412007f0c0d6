/// The text of one spec file, kept as UTF-8 bytes together with the offsets of
/// its line starts, so that any byte offset can be turned into a line and a
/// column for diagnostics.
public struct SourceFile: Sendable {
    /// The path as the user gave it; used verbatim in diagnostics.
    public let path: String
    /// The file's bytes, exactly as read.
    public let bytes: [UInt8]
    /// Byte offsets at which each line begins (line 1 begins at 0).
    public let lineStarts: [Int]
    /// For every block of `Self.block` bytes, the UTF-8 continuation bytes
    /// before it: a column more than a block into its line is then found in
    /// at most two blocks' work, even on a very long line with many
    /// diagnostics.
    private let continuationsBefore: [Int]
    private static let block = 4096

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        var continuations = [0]
        var count = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            if byte & 0xC0 == 0x80 { count += 1 }
            if (offset + 1) % Self.block == 0 { continuations.append(count) }
        }
        self.lineStarts = starts
        self.continuationsBefore = continuations
    }

    /// The continuation bytes in `bytes[start..<end]`: counted one by one
    /// when the range is at most a block long (a line of a spec, usually a
    /// few dozen bytes), from the counts kept per block when it is longer.
    /// Counting from the blocks reads up to a block's bytes twice, whatever
    /// the range: most of the time of reading a spec of 100,000 screens.
    private func continuations(from start: Int, to end: Int) -> Int {
        guard end - start > Self.block else {
            var count = 0
            for index in start..<end where bytes[index] & 0xC0 == 0x80 { count += 1 }
            return count
        }
        return continuations(before: end) - continuations(before: start)
    }

    /// The continuation bytes in `bytes[0..<offset]`.
    private func continuations(before offset: Int) -> Int {
        let block = offset / Self.block
        var count = continuationsBefore[block]
        var index = block * Self.block
        while index < offset {
            if bytes[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The line and column of a byte offset. Columns count Unicode scalars
    /// (not bytes) from 1, so a caret lines up under non-ASCII names.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        let column = 1 + (clamped - lineStart) - continuations(from: lineStart, to: clamped)
        // A continuation byte at the offset itself belongs to the previous scalar.
        return SourceLocation(line: low + 1, column: column, offset: clamped)
    }

    /// The range covering the bytes `start..<end`.
    public func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(start: location(ofOffset: start), end: location(ofOffset: max(start, end)))
    }

    /// The text of a line (1-based), without its line terminator.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The source text of a range, for messages that quote the spec.
    public func text(of range: SourceRange) -> String {
        let start = max(0, min(range.start.offset, bytes.count))
        let end = max(start, min(range.end.offset, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
