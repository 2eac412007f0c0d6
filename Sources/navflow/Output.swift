import ArgumentParser
import Foundation
import NavFlowIO

/// Writing to the terminal, and the failures that end a command.
enum Output {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes a report of findings (`lint`, `drift`): to `path` atomically,
    /// or to standard output, in color when it is text on a terminal.
    static func report(to path: String?, isText: Bool, _ render: (_ colors: Bool) -> String) throws {
        guard let path else {
            write(render(isText && stdoutIsTerminal))
            return
        }
        do {
            try AtomicFile.write(render(false), to: path)
        } catch {
            throw CommandFailure.input("\(path): cannot write the report: \(error.localizedDescription)")
        }
    }
}

/// A failure that ends a command with a message and a documented exit code.
enum CommandFailure: Error, CustomStringConvertible {
    /// The input is wrong: exit 2.
    case input(String)
    /// NavFlow itself failed (a z3 witness that does not replay): exit 3,
    /// never an answer.
    case `internal`(String)

    var description: String {
        switch self {
        case .input(let message), .internal(let message): message
        }
    }

    /// 2 for wrong input, 3 for NavFlow's own failure.
    var code: Int32 {
        switch self {
        case .input: Self.exitCode
        case .internal: 3
        }
    }
}

extension CommandFailure {
    /// Every input failure exits with 2.
    static let exitCode: Int32 = 2
}
