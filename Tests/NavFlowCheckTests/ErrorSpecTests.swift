import NavFlowCheck
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// The specs in `specs/errors/` mark each line that must be reported with a
/// `// error:` comment; the front end reports errors on exactly those lines.
@Suite struct ErrorSpecTests {
    static let specs = Repository.specs(in: "errors").map { String($0.split(separator: "/").last!) }

    @Test(arguments: specs) func errorsAreReportedOnExactlyTheMarkedLines(_ name: String) {
        let file = Repository.source(Repository.path("specs/errors/" + name))
        let result = Verifier.verify(file)
        #expect(result.spec == nil)
        let marked = Set((1...file.lineStarts.count).filter { file.lineText($0).contains("// error:") })
        let reported = Set(result.diagnostics.filter { $0.severity == .error }.map(\.range.start.line))
        #expect(!marked.isEmpty)
        #expect(reported == marked, "unmarked: \(reported.subtracting(marked).sorted()), missed: \(marked.subtracting(reported).sorted())")
    }
}
