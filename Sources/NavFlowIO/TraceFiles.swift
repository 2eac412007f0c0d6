/// Finds the trace files named on a command line.
public enum TraceFiles {
    /// The extension trace files carry when found in a directory.
    public static let fileExtension = "jsonl"

    /// Expands each path: a file is taken as it is, a directory contributes
    /// every `.jsonl` file below it; sorted, without duplicates.
    public static func expand(_ paths: [String]) -> Result<[String], InputFiles.Failure> {
        InputFiles.expand(paths, fileExtension: fileExtension, kind: "traces")
    }
}
