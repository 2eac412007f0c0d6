import Foundation
import NavFlowReport

/// Runs Graphviz `dot` to lay out a graph as SVG, when it is installed.
extension Graphviz {
    /// The `dot` executable on `PATH`, if any.
    public static func findDot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = directory + "/dot"
            if FileManager.default.isExecutableFile(atPath: String(candidate)) { return String(candidate) }
        }
        return nil
    }

    /// The SVG `dot -Tsvg` draws for `source`, without the XML prolog, or why there is none.
    public static func svg(_ source: String, timeout: TimeInterval = 30) -> Result<String, Unavailable> {
        guard let dot = findDot() else {
            return .failure(Unavailable(description: "Graphviz is not installed (no 'dot' on PATH); install it (apt-get install graphviz, brew install graphviz) to see the screen graph here"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(Unavailable(description: "could not run \(dot): \(error.localizedDescription)"))
        }
        // Write and read on separate threads, so a large graph never fills a pipe both ways.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(source.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let collected = Collected()
        let reader = Thread {
            collected.set(output.fileHandleForReading.readDataToEndOfFile())
        }
        reader.start()
        let warnings = Collected()
        let warningReader = Thread {
            warnings.set(errors.fileHandleForReading.readDataToEndOfFile())
        }
        warningReader.start()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return .failure(Unavailable(description: "Graphviz took more than \(Int(timeout)) seconds to lay out the graph"))
        }
        let data = collected.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: warnings.wait(), as: UTF8.self)
            return .failure(Unavailable(description: "Graphviz failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))"))
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "<svg") else {
            return .failure(Unavailable(description: "Graphviz produced no SVG"))
        }
        return .success(String(text[start.lowerBound...]))
    }

    /// Output collected on another thread.
    private final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var data: Data?

        func set(_ value: Data) {
            condition.lock()
            data = value
            condition.signal()
            condition.unlock()
        }

        func wait() -> Data {
            condition.lock()
            while data == nil { condition.wait() }
            let value = data!
            condition.unlock()
            return value
        }
    }
}
