import NavFlowDiagnostics
import NavFlowSource
import NavFlowSpec

/// Spec text with position markers: `«` marks where a diagnostic is expected.
/// The markers are removed and their line:column positions recorded.
struct MarkedSource {
    let text: String
    let markers: [String]

    init(_ marked: String) {
        var text = ""
        var markers: [String] = []
        var line = 1
        var column = 1
        for character in marked {
            if character == "«" {
                markers.append("\(line):\(column)")
                continue
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.markers = markers
    }

    var file: SourceFile { SourceFile(path: "test.navflow", text: text) }
}

/// Diagnostics as `line:col rule: message` strings, for compact assertions.
func summaries(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.range.start) \($0.rule): \($0.message)" }
}

/// Loads a spec text through the front end.
func load(_ text: String) -> Frontend.Output {
    Frontend.load(SourceFile(path: "test.navflow", text: text))
}
