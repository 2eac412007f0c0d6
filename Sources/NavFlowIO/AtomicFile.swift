import Foundation

/// Writes a report so that a reader sees either the old file or the whole
/// new one: the text goes to a temporary file beside it, then is renamed
/// over it. A run killed halfway leaves no half-written report.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
