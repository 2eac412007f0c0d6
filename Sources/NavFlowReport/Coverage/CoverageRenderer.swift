import NavFlowCoverage
import NavFlowModel

/// Turns a coverage report into text, JSON, Markdown or HTML. Renderers
/// never decide the exit code; gates come in already checked.
public struct CoverageRenderer: Sendable {
    /// The version of the JSON shape; bumped on any incompatible change.
    public static let jsonSchemaVersion = 1

    public var report: CoverageReport
    public var gates: [GateResult]
    /// The spec's screen graph, for the Markdown and HTML graphs.
    public var graph: ScreenGraph?

    public init(report: CoverageReport, gates: [GateResult] = [], graph: ScreenGraph? = nil) {
        self.report = report
        self.gates = gates
        self.graph = graph
    }

    /// The report in a format; `svg` is the laid-out graph for HTML (or why
    /// there is none).
    public func render(_ format: CoverageFormat, svg: Result<String, Graphviz.Unavailable>? = nil) -> String {
        switch format {
        case .text: text()
        case .json: json().serialized() + "\n"
        case .markdown: markdown()
        case .html: CoverageHTML(renderer: self).page(svg: svg)
        }
    }

    /// What a coverage report colours in the screen graph.
    public var highlight: GraphHighlight {
        var nodes = Set<String>()
        for (name, count) in report.screenTallies where count > 0 { nodes.insert("screen.\(name)") }
        let edges = Set(report.edgeTallies.filter { $0.count > 0 }.map { ScreenGraph.DeclaredEdge(screen: $0.screen, edge: $0.edge) })
        let links = Set(report.deepLinkTallies.enumerated().filter { $0.element.count > 0 }.map { "deeplink.\($0.offset)" })
        return GraphHighlight(coveredNodes: nodes, coveredEdges: edges, coveredEntryPoints: links)
    }

    // MARK: Text

    /// Lists longer than this are cut in text and Markdown (JSON lists up to `CoverageMetric.maxListed`).
    static let shortList = 10
    /// Metrics whose missing items are listed in full in text.
    static let fullLists: Set<String> = ["screens", "edges", "implicit", "deeplinks"]

    func text() -> String {
        var lines = ["NavFlow coverage of \(report.appName) (\(report.specPath))", CoverageText.summary(report), ""]
        let width = max(28, report.metrics.map(\.title.count).max() ?? 0)
        func pad(_ text: String, _ size: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, size - text.count))
            return left ? text + fill : fill + text
        }
        lines.append("  " + pad("Metric", width, left: true) + pad("Covered", 9) + pad("Total", 9) + pad("Percent", 9))
        for metric in report.metrics {
            lines.append("  " + pad(metric.title, width, left: true) + pad(String(metric.covered), 9)
                         + pad(CoverageText.total(metric), 9) + pad(CoverageText.percent(metric.percent), 9))
        }
        for metric in report.metrics {
            if let reason = metric.unavailable {
                lines += ["", "\(metric.title): total unknown: \(reason)"]
                continue
            }
            guard metric.missingCount > 0 else { continue }
            lines += ["", "Missing \(metric.title.lowercased()) (\(metric.missingCount)):"]
            let shown = Self.fullLists.contains(metric.id) ? metric.missing : Array(metric.missing.prefix(Self.shortList))
            for item in shown {
                lines.append("  " + (item.line.map { "\(report.specPath):\($0)  " } ?? "") + item.text)
            }
            if metric.missingCount > shown.count {
                let more = metric.missingCount - shown.count
                let json = metric.missing.count == metric.missingCount
                    ? "--format json lists them all" : "--format json lists the first \(metric.missing.count)"
                lines.append(shown.count < metric.missing.count ? "  ... and \(more) more (\(json))" : "  ... and \(more) more")
            }
        }
        if report.driftCount > 0 {
            lines += ["", "Drift between the traces and the spec (\(report.driftCount)):"]
            for drift in report.drifts {
                lines.append("  \(TerminalText.clean(drift.location.description)): \(TerminalText.clean(drift.message))")
                if let state = drift.state { lines.append("      in state: \(TerminalText.clean(state))") }
            }
            if report.driftCount > report.drifts.count {
                lines.append("  ... and \(report.driftCount - report.drifts.count) more")
            }
        }
        if !gates.isEmpty {
            lines += ["", "Gates:"]
            lines += gates.map { "  " + CoverageText.gate($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    func json() -> JSONValue {
        func metric(_ metric: CoverageMetric) -> JSONValue {
            .object([
                ("title", .string(metric.title)),
                ("covered", .int(metric.covered)),
                ("total", metric.total.map { .int($0) } ?? .null),
                ("percent", metric.percent.map { .decimal(Self.roundedDown($0)) } ?? .null),
                ("missingCount", .int(metric.missingCount)),
                ("missing", .array(metric.missing.map { item in
                    .object([("text", .string(item.text)), ("line", item.line.map { .int($0) } ?? .null)])
                })),
                ("unavailable", .optional(metric.unavailable)),
            ])
        }
        var members: [(String, JSONValue)] = [
            ("schemaVersion", .int(Self.jsonSchemaVersion)),
            ("spec", .string(report.specPath)),
            ("app", .string(report.appName)),
            ("traces", .array(report.traceFiles.map { .string($0) })),
            ("runs", .int(report.runs)),
            ("events", .int(report.events)),
        ]
        members += report.metrics.map { ($0.id, metric($0)) }
        members.append(("tallies", .object([
            ("screens", .array(report.screenTallies.map { .object([("name", .string($0.name)), ("count", .int($0.count))]) })),
            ("edges", .array(report.edgeTallies.map {
                .object([("edge", .string($0.text)), ("line", .int($0.line)), ("count", .int($0.count))])
            })),
            ("deeplinks", .array(report.deepLinkTallies.map { .object([("pattern", .string($0.pattern)), ("count", .int($0.count))]) })),
        ])))
        members.append(("drift", .object([
            ("count", .int(report.driftCount)),
            ("findings", .array(report.drifts.map { drift in
                .object([
                    ("file", .string(drift.location.file)),
                    ("line", .int(drift.location.line)),
                    ("event", .string(drift.event)),
                    ("message", .string(drift.message)),
                    ("state", .optional(drift.state)),
                    ("applied", .bool(drift.applied)),
                ])
            })),
        ])))
        members.append(("gates", .array(gates.map { result in
            .object([
                ("metric", .string(result.gate.metric)),
                ("minimum", .decimal(result.gate.minimum)),
                ("actual", result.actual.map { .decimal(Self.roundedDown($0)) } ?? .null),
                ("passed", result.passed.map { .bool($0) } ?? .null),
            ])
        })))
        return .object(members)
    }

    /// A percentage rounded down to hundredths, so 99.996 never reads 100.
    static func roundedDown(_ value: Double) -> Double {
        (value * 100).rounded(.down) / 100
    }

    // MARK: Markdown

    func markdown() -> String {
        let md = MarkdownText.escape
        var lines = ["## NavFlow coverage: \(md(report.appName))", "",
                     "\(md(report.specPath)): \(md(CoverageText.summary(report)))", "",
                     "| Metric | Covered | Total | Percent |", "|---|---:|---:|---:|"]
        for metric in report.metrics {
            lines.append("| \(md(metric.title)) | \(metric.covered) | \(CoverageText.total(metric)) | \(CoverageText.percent(metric.percent)) |")
        }
        if !gates.isEmpty {
            lines += ["", "**Gates**", ""]
            for gate in gates {
                let mark = gate.passed == true ? "✅" : "❌"
                lines.append("- \(mark) \(md(CoverageText.gate(gate)))")
            }
        }
        for metric in report.metrics where metric.missingCount > 0 || metric.unavailable != nil {
            if let reason = metric.unavailable {
                lines += ["", "\(md(metric.title)): total unknown: \(md(reason))"]
                continue
            }
            lines += ["", "<details><summary>Missing \(md(metric.title.lowercased())) (\(metric.missingCount))</summary>", ""]
            let shown = Self.fullLists.contains(metric.id) ? metric.missing : Array(metric.missing.prefix(Self.shortList))
            for item in shown {
                lines.append("- \(md(item.text))" + (item.line.map { " (line \($0))" } ?? ""))
            }
            if metric.missingCount > shown.count { lines.append("- … and \(metric.missingCount - shown.count) more") }
            lines += ["", "</details>"]
        }
        if report.driftCount > 0 {
            lines += ["", "### Drift (\(report.driftCount))", "", "| Trace | Problem | State |", "|---|---|---|"]
            for drift in report.drifts.prefix(100) {
                lines.append("| \(md(drift.location.description)) | \(md(drift.message)) | \(md(drift.state ?? "")) |")
            }
            if report.driftCount > 100 { lines += ["", "… and \(report.driftCount - 100) more (see the JSON report)"] }
        }
        if let graph {
            lines += ["", "<details><summary>Screen graph (green: covered, red: missed)</summary>", "", "```mermaid"]
            lines.append(ScreenGraphRenderer.mermaid(graph, highlight: highlight).trimmingTrailingNewline)
            lines += ["```", "", "</details>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Text from traces on a terminal: control characters (escape sequences,
/// line breaks) are shown as `\u{…}`, so a trace cannot move the cursor,
/// change colours or start a CI workflow command on a line of its own.
enum TerminalText {
    static func clean(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                output += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

/// Escaping for text that comes from a spec or a trace, in Markdown.
enum MarkdownText {
    /// Markup characters become HTML entities or backslash escapes, line
    /// breaks become spaces, so the text can neither inject HTML nor break
    /// a table row.
    static func escape(_ text: String) -> String {
        // Scalar by scalar: "\r\n" or a "|" with a combining mark is one
        // Character, and must still be escaped.
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "|": output += "\\|"
            case "\\", "`", "*", "_", "[", "]", "#", "!", "~", "(", ")", "{", "}":
                output += "\\"
                output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}": output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

extension String {
    var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
