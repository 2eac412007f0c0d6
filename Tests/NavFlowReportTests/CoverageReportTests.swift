import Foundation
import NavFlowCoverage
import NavFlowIO
import NavFlowModel
import NavFlowReport
import NavFlowTestSupport
import Testing

/// The coverage formats pinned byte for byte, gates, and escaping of
/// everything a spec or a trace brings in.
@Suite struct CoverageReportTests {
    static let trace = """
        {"event":"launch","inputs":{"beta":true}}
        {"event":"push","screen":"Catalog","args":{"section":"sale"}}
        {"event":"back"}
        {"event":"sheet","screen":"SignIn"}
        {"event":"action","screen":"SignIn","label":"Sign in"}
        {"event":"tab","tab":"labs"}
        {"event":"push","screen":"Prodcut"}
        """

    static func renderer(gates: [String] = ["edges=40", "screens=90"]) throws -> CoverageRenderer {
        let model = try model(Fixtures.shop)
        let (report, errors) = coverage(of: model, trace: trace)
        #expect(errors.isEmpty)
        let results = try gates.map { try CoverageGate(parsing: $0).check(report) }
        return CoverageRenderer(report: report, gates: results, graph: ScreenGraph(model.spec))
    }

    @Test(arguments: CoverageFormat.allCases) func coverageOutput(_ format: CoverageFormat) throws {
        let svg: Result<String, Graphviz.Unavailable> = .failure(Graphviz.Unavailable(description: "Graphviz is not installed"))
        try checkGolden(try Self.renderer().render(format, svg: svg), against: "shop.coverage.\(format == .markdown ? "md" : format.rawValue)")
    }

    @Test func theJSONHasAnObjectPerMetricWithCoveredAndTotal() throws {
        let text = try Self.renderer().render(.json)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for id in CoverageMetric.ids {
            let metric = try #require(json[id] as? [String: Any], "no \(id)")
            #expect(metric["covered"] is Int)
            #expect(metric["total"] is Int)
        }
        #expect((json["edges"] as? [String: Any])?["covered"] as? Int == 3)
    }

    @Test func gatesPassFailAndReadTheirSyntax() throws {
        let renderer = try Self.renderer()
        #expect(renderer.gates.map(\.passed) == [true, false])
        #expect(try CoverageGate(parsing: "80") == CoverageGate(metric: "edges", minimum: 80))
        #expect(try CoverageGate(parsing: "states = 12.5%") == CoverageGate(metric: "states", minimum: 12.5))
        #expect(throws: GateSyntaxError.self) { try CoverageGate(parsing: "edge=80") }
        #expect(throws: GateSyntaxError.self) { try CoverageGate(parsing: "edges=180") }
        #expect(throws: GateSyntaxError.self) { try CoverageGate(parsing: "edges=") }
    }

    @Test func markupFromTracesAndSpecsIsEscapedEverywhere() throws {
        let spec = """
            app Shop
            screen Home {
              action "<img src=x onerror=alert(1)> & \\"quotes\\"" { push Home }
            }
            """
        let model = try model(spec)
        let hostile = #"<script>alert("x")</script>|**bold**`code`"#
        let trace = """
            {"event":"launch"}
            {"event":"push","screen":"\(hostile.replacingOccurrences(of: "\"", with: "\\\""))"}
            {"event":"action","label":"<b>\\u0000\\n</b>"}
            """
        let (report, errors) = coverage(of: model, trace: trace)
        #expect(errors.isEmpty)
        #expect(report.driftCount == 2)
        let renderer = CoverageRenderer(report: report, graph: ScreenGraph(model.spec))
        let html = renderer.render(.html, svg: .failure(Graphviz.Unavailable(description: "<none>")))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<none>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(html.components(separatedBy: "<script>").count == 2, "only the report's own script")
        let markdown = renderer.render(.markdown)
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("<img"))
        #expect(!markdown.contains("<b>"))
        #expect(markdown.contains("&lt;script&gt;"))
        #expect(markdown.contains("\\*\\*bold\\*\\*"))
        let driftRows = markdown.split(separator: "\n").filter { $0.hasPrefix("| run.jsonl") }
        #expect(driftRows.count == report.driftCount)
        for line in driftRows {
            #expect(line.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false).count == 5,
                    "a table row keeps its columns: \(line)")
        }
        let json = renderer.render(.json)
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(json.utf8)) }
    }

    @Test func theHTMLGraphComesFromGraphvizWhenInstalledAndEscapesLabels() throws {
        guard Graphviz.findDot() != nil else { return }
        let model = try model("""
            app Shop
            screen Home {
              action "</text><script>alert(1)</script>" { sheet Other }
            }
            screen Other
            """)
        let (report, _) = coverage(of: model, trace: #"{"event":"launch"}"#)
        let renderer = CoverageRenderer(report: report, graph: ScreenGraph(model.spec))
        let svg = Graphviz.svg(ScreenGraphRenderer.dot(ScreenGraph(model.spec), highlight: renderer.highlight))
        let drawing = try svg.get()
        #expect(drawing.hasPrefix("<svg"))
        #expect(!drawing.contains("<script>"))
        let html = renderer.render(.html, svg: svg)
        #expect(html.contains("<div class=\"graph\" id=\"graph\"><svg"))
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test func combiningMarksAndCRLFCannotSlipPastTheEscapers() throws {
        // A quote or a pipe followed by a combining mark, and "\r\n", are single Characters.
        let spec = "app Shop\nscreen Home {\n  action \"a\\\"\u{301}, URL=\\\"javascript:alert(1)\\\"\" { sheet Other }\n}\nscreen Other\n"
        let model = try model(spec)
        let dot = ScreenGraphRenderer.dot(ScreenGraph(model.spec))
        #expect(dot.contains("a\\\"\u{301}, URL=\\\"javascript:alert(1)\\\""))
        #expect(!dot.contains("URL=\"javascript"))
        let trace = """
            {"event":"launch"}
            {"event":"push","screen":"X|\\u0301|\\r\\n|"}
            """
        let (report, _) = coverage(of: model, trace: trace)
        let markdown = CoverageRenderer(report: report).render(.markdown)
        let rows = markdown.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("| run.jsonl") }
        #expect(rows.count == 1)
        for row in rows {
            // Column separators: pipes not escaped with a backslash, counted scalar by scalar.
            let scalars = Array(row.unicodeScalars)
            let separators = scalars.indices.filter { scalars[$0] == "|" && ($0 == 0 || scalars[$0 - 1] != "\\") }
            #expect(separators.count == 4, "\(row)")
        }
        let text = CoverageRenderer(report: report).render(.text)
        #expect(!text.contains("\r"))
        #expect(text.contains("X|\u{301}|\\u{d}\\u{a}|"))
    }

    @Test func percentagesAreRoundedDownEverywhere() throws {
        var report = try Self.renderer().report
        report.metrics[0] = CoverageMetric(id: "screens", title: "Screens", covered: 9999, total: 10000, missing: [], missingCount: 1)
        let gate = CoverageGate(metric: "screens", minimum: 100).check(report)
        let json = CoverageRenderer(report: report, gates: [gate]).render(.json)
        #expect(json.contains("\"percent\": 99.99,"))
        #expect(json.contains("\"actual\": 99.99,"))
        #expect(CoverageRenderer(report: report).render(.text).contains("99.9%"))
    }
}
