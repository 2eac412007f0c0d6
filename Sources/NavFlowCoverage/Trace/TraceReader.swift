import Foundation

/// Why a trace cannot be read: the file, the line (0 for the whole file),
/// the column when known, and what is wrong.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: TraceLocation
    public var column: Int?
    public var message: String

    public init(location: TraceLocation, column: Int? = nil, message: String) {
        self.location = location
        self.column = column
        self.message = message
    }

    public var description: String {
        guard location.line > 0 else { return "\(location.file): error: \(message)" }
        let column = column.map { ":\($0)" } ?? ""
        return "\(location.file):\(location.line)\(column): error: \(message)"
    }
}

/// Reads JSON Lines traces as a stream: one line in memory at a time, so a
/// trace of millions of events costs no more memory than a short one.
/// Blank lines are skipped; a byte-order mark at the start and a carriage
/// return before each newline are accepted.
public struct TraceReader: Sendable {
    /// The longest line accepted, in bytes; longer lines are errors and are
    /// skipped without being held in memory.
    public var maxLineBytes: Int
    /// The most errors reported per file; the rest are counted.
    public var maxErrorsPerFile: Int

    public static let defaultMaxLineBytes = 1 << 20

    public init(maxLineBytes: Int = TraceReader.defaultMaxLineBytes, maxErrorsPerFile: Int = 20) {
        self.maxLineBytes = maxLineBytes
        self.maxErrorsPerFile = maxErrorsPerFile
    }

    /// Reads a trace file, calling `body` with each event in order, and
    /// returns the errors met on the way (empty when the file is valid).
    public func read(path: String, _ body: (TraceEvent, TraceLocation) -> Void) -> [TraceError] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return [TraceError(location: TraceLocation(file: path, line: 0), message: "no such file")]
        }
        guard !isDirectory.boolValue else {
            return [TraceError(location: TraceLocation(file: path, line: 0), message: "is a directory; name the trace files (for example traces/*.jsonl)")]
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return [TraceError(location: TraceLocation(file: path, line: 0), message: "cannot open the file (permission denied?)")]
        }
        defer { try? handle.close() }
        var splitter = LineSplitter(file: path, reader: self)
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            } catch {
                splitter.errors.append(TraceError(location: TraceLocation(file: path, line: splitter.line), message: "cannot read the file: \(error.localizedDescription)"))
                break
            }
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { buffer in splitter.feed(buffer.bindMemory(to: UInt8.self), body) }
        }
        splitter.finish(body)
        return splitter.report()
    }

    /// Reads a trace held in memory, as `read(path:)` reads a file.
    public func read(bytes: [UInt8], file: String, _ body: (TraceEvent, TraceLocation) -> Void) -> [TraceError] {
        var splitter = LineSplitter(file: file, reader: self)
        bytes.withUnsafeBufferPointer { splitter.feed($0, body) }
        splitter.finish(body)
        return splitter.report()
    }

    /// Cuts a stream of chunks into lines and decodes each.
    private struct LineSplitter {
        let file: String
        let reader: TraceReader
        var line = 1
        var buffer: [UInt8] = []
        var overlong = false
        var atStart = true
        var errors: [TraceError] = []
        var suppressed = 0

        init(file: String, reader: TraceReader) {
            self.file = file
            self.reader = reader
        }

        mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (TraceEvent, TraceLocation) -> Void) {
            var start = 0
            while start < chunk.count {
                var end = start
                while end < chunk.count, chunk[end] != 0x0A { end += 1 }
                append(chunk, start..<end)
                if end == chunk.count { return }
                endLine(body)
                start = end + 1
            }
        }

        private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            guard !overlong else { return }
            if buffer.count + range.count > reader.maxLineBytes {
                overlong = true
                buffer = []
                return
            }
            buffer.append(contentsOf: chunk[range])
        }

        mutating func finish(_ body: (TraceEvent, TraceLocation) -> Void) {
            if !buffer.isEmpty || overlong { endLine(body) }
        }

        private mutating func endLine(_ body: (TraceEvent, TraceLocation) -> Void) {
            defer {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
                overlong = false
                atStart = false
                line += 1
            }
            let location = TraceLocation(file: file, line: line)
            if overlong {
                fail(location, nil, "the line is longer than \(reader.maxLineBytes) bytes (--max-trace-line); a trace event takes one short line")
                return
            }
            var bytes = buffer[...]
            if atStart, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            let parsed = TraceJSONParser.parse(Array(bytes)).flatMap { TraceEvent.decode($0) }
            switch parsed {
            case .success(let event): body(event, location)
            case .failure(let error): fail(location, error.column, error.message)
            }
        }

        private mutating func fail(_ location: TraceLocation, _ column: Int?, _ message: String) {
            if errors.count < reader.maxErrorsPerFile {
                errors.append(TraceError(location: location, column: column, message: message))
            } else {
                suppressed += 1
            }
        }

        func report() -> [TraceError] {
            guard suppressed > 0 else { return errors }
            return errors + [TraceError(location: TraceLocation(file: file, line: 0), message: "\(suppressed) more errors in this file are not shown")]
        }
    }
}
