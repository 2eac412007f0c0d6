import ArgumentParser
import Foundation

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
}

/// A failure that ends a command with a message and a documented exit code.
enum CommandFailure: Error, CustomStringConvertible {
    /// The input is wrong: exit 2.
    case input(String)

    var description: String {
        switch self {
        case .input(let message): message
        }
    }
}

extension CommandFailure {
    /// Every input failure exits with 2.
    static let exitCode: Int32 = 2
}
