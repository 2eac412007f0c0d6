import NavFlowGenerator
import NavFlowSource
import NavFlowSpec
import Testing

/// Generated app specs always check, and the same shape gives the same text.
@Suite struct AppSpecGeneratorTests {
    @Test func everyShapeGivesASpecThatChecks() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<60 {
            let shape = AppShape(tabs: Int.random(in: 1...6, using: &random), screens: Int.random(in: 0...60, using: &random),
                                 fanOut: Int.random(in: 0...4, using: &random), depth: Int.random(in: 1...8, using: &random),
                                 sheets: Int.random(in: 0...5, using: &random), flags: Int.random(in: 0...5, using: &random),
                                 inputs: Int.random(in: 0...3, using: &random), deepLinks: Int.random(in: 0...8, using: &random),
                                 seed: random.next())
            #expect(shape.problem == nil)
            let text = AppSpecGenerator.spec(shape)
            let output = Frontend.load(SourceFile(path: "app.navflow", text: text))
            #expect(output.spec != nil, "\(shape): \(output.diagnostics.map(\.message))\n\(text)")
            #expect(AppSpecGenerator.spec(shape) == text)
        }
    }

    @Test func shapesOutOfRangeAreRefused() {
        #expect(AppShape(tabs: 0, screens: 1, fanOut: 1, depth: 1).problem == "tabs must be between 1 and 64")
        #expect(AppShape(tabs: 1, screens: 1, fanOut: 1, depth: 40).problem == "depth must be between 1 and 32")
    }
}
