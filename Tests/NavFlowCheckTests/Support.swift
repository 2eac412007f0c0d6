import Foundation
import NavFlowCheck
import NavFlowDiagnostics
import NavFlowGenerator
import NavFlowSource
import NavFlowSpec

/// Verifies spec text held in memory.
func verify(_ text: String, path: String = "test.navflow", exploration: Verifier.Exploration = .automatic) -> Verifier.Result {
    var options = Verifier.Options()
    options.exploration = exploration
    return Verifier.verify(SourceFile(path: path, text: text), options: options)
}

/// The errors the front end reports on spec text, each as `LINE: message`.
func frontEndErrors(_ text: String) -> [String] {
    Frontend.load(SourceFile(path: "test.navflow", text: text)).diagnostics
        .filter { $0.severity == .error }
        .map { "\($0.range.start.line): \($0.message)" }
}

/// The random specs of seeds `seeds` (every third with appear hooks), each
/// with the context a failure names: its seed and its text.
func randomSpecSources(_ seeds: ClosedRange<UInt64>) -> [(source: SourceFile, context: String)] {
    seeds.map { seed in
        var generator = SpecGenerator(seed: seed, appearHooks: seed % 3 == 0)
        let text = generator.spec()
        return (SourceFile(path: "generated-\(seed).navflow", text: text), "seed \(seed)\n\(text)")
    }
}

/// The rule ids of a result's findings, sorted and without duplicates.
func rules(_ result: Verifier.Result) -> [String] {
    Array(Set(result.diagnostics.map(\.rule.rawValue))).sorted()
}

extension Diagnostic {
    /// The message, then in brackets the note that says what the witness's
    /// occurrence shows, when the finding has one.
    var messageAndWitnessNote: String {
        let shown = notes.first { $0.message.hasPrefix("in the witness") }.map { " [\($0.message)]" } ?? ""
        return message + shown
    }
}
