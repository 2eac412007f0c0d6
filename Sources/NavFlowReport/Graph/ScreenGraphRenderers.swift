import NavFlowModel

/// The formats `navflow graph` writes.
public enum GraphFormat: String, CaseIterable, Sendable {
    case dot, mermaid, json
}

/// What a coverage report colours in a screen graph: the screens seen, the
/// declared edges taken and the deep links opened. Everything else is drawn
/// as missed; containers and structural edges stay neutral.
public struct GraphHighlight: Sendable {
    public var coveredNodes: Set<String>
    public var coveredEdges: Set<ScreenGraph.DeclaredEdge>
    public var coveredEntryPoints: Set<String>

    public init(coveredNodes: Set<String>, coveredEdges: Set<ScreenGraph.DeclaredEdge>, coveredEntryPoints: Set<String>) {
        self.coveredNodes = coveredNodes
        self.coveredEdges = coveredEdges
        self.coveredEntryPoints = coveredEntryPoints
    }

    static let coveredColor = "#1a7f37"
    static let missedColor = "#cf222e"
    static let coveredFill = "#dafbe1"
    static let missedFill = "#ffebe9"
}

/// Draws a `ScreenGraph` as Graphviz DOT, a Mermaid flowchart or JSON.
public enum ScreenGraphRenderer {
    /// The version of the JSON shape; bumped on any incompatible change.
    public static let jsonSchemaVersion = 1

    public static func render(_ graph: ScreenGraph, as format: GraphFormat) -> String {
        switch format {
        case .dot: dot(graph)
        case .mermaid: mermaid(graph)
        case .json: json(graph).serialized() + "\n"
        }
    }

    // MARK: DOT

    /// DOT, with covered screens, edges and deep links in green and missed
    /// ones in red when `highlight` is given.
    public static func dot(_ graph: ScreenGraph, highlight: GraphHighlight? = nil) -> String {
        var lines = ["digraph \(dotQuoted(graph.app)) {",
                     "  rankdir=LR;",
                     "  node [fontname=\"Helvetica\", fontsize=11];",
                     "  edge [fontname=\"Helvetica\", fontsize=9];"]
        for node in graph.nodes {
            var attributes = ["label=\(dotQuoted(nodeLabel(node)))"]
            switch node.kind {
            case .screen:
                attributes.append("shape=box, style=\"rounded\(node.locked ? ",bold" : "")\(highlight == nil ? "" : ",filled")\"")
            case .stack: attributes.append("shape=folder")
            case .tabs: attributes.append("shape=tab")
            case .split: attributes.append("shape=component")
            }
            if node.isRoot { attributes.append("peripheries=2") }
            if let highlight, node.kind == .screen {
                let covered = highlight.coveredNodes.contains(node.id)
                attributes.append("color=\"\(covered ? GraphHighlight.coveredColor : GraphHighlight.missedColor)\"")
                attributes.append("fillcolor=\"\(covered ? GraphHighlight.coveredFill : GraphHighlight.missedFill)\"")
            }
            lines.append("  \(dotQuoted(node.id)) [\(attributes.joined(separator: ", "))];")
        }
        for entry in graph.entryPoints {
            lines.append("  \(dotQuoted(entry.id)) [label=\(dotQuoted(entry.pattern)), shape=plaintext, fontcolor=\"#1f6feb\"];")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            if let label = edgeLabel(edge) { attributes.append("label=\(dotQuoted(label))") }
            switch edge.kind {
            case .root, .tab, .column: attributes.append("style=bold")
            case .destination: attributes.append("style=dotted, arrowhead=none")
            case .sheet, .popover: attributes.append("style=dashed")
            case .cover: attributes.append("style=dashed, penwidth=2")
            case .push, .select, .selectTab: break
            }
            if let highlight, let declared = edge.declared {
                let covered = highlight.coveredEdges.contains(declared)
                let color = covered ? GraphHighlight.coveredColor : GraphHighlight.missedColor
                attributes.append("color=\"\(color)\", fontcolor=\"\(color)\"\(covered ? ", penwidth=2" : "")")
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))\(suffix);")
        }
        for entry in graph.entryPoints {
            var color = "#1f6feb"
            if let highlight {
                color = highlight.coveredEntryPoints.contains(entry.id) ? GraphHighlight.coveredColor : GraphHighlight.missedColor
            }
            let label = entry.requires.map { " [label=\(dotQuoted("requires " + $0)), color=\"\(color)\"]" }
                ?? " [color=\"\(color)\"]"
            lines.append("  \(dotQuoted(entry.id)) -> \(dotQuoted(entry.to))\(label);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dotQuoted(_ text: String) -> String {
        // Scalar by scalar: a quote followed by a combining mark is one
        // Character, and must still be escaped.
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n", "\r": output += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    // MARK: Mermaid

    /// A Mermaid flowchart, coloured like `dot(_:highlight:)` when `highlight` is given.
    public static func mermaid(_ graph: ScreenGraph, highlight: GraphHighlight? = nil) -> String {
        var ids: [String: String] = [:]
        for (index, node) in graph.nodes.enumerated() { ids[node.id] = "n\(index)" }
        for (index, entry) in graph.entryPoints.enumerated() { ids[entry.id] = "d\(index)" }
        var lines = ["flowchart LR"]
        for node in graph.nodes {
            let label = mermaidQuoted(nodeLabel(node))
            let shape = switch node.kind {
            case .screen: "(\(label))"
            case .stack: "[[\(label)]]"
            case .tabs: "{{\(label)}}"
            case .split: "[/\(label)/]"
            }
            lines.append("  \(ids[node.id]!)\(shape)")
        }
        for entry in graph.entryPoints {
            lines.append("  \(ids[entry.id]!)>\(mermaidQuoted(entry.pattern))]")
        }
        var linkStyles: [(Int, Bool)] = []
        for (position, edge) in graph.edges.enumerated() {
            if let highlight, let declared = edge.declared {
                linkStyles.append((position, highlight.coveredEdges.contains(declared)))
            }
            let arrow = switch edge.kind {
            case .root, .tab, .column: "==>"
            case .destination: "-.-"
            case .sheet, .cover, .popover: "-.->"
            case .push, .select, .selectTab: "-->"
            }
            let label = edgeLabel(edge).map { "|\(mermaidQuoted($0))|" } ?? ""
            lines.append("  \(ids[edge.from]!) \(arrow)\(label) \(ids[edge.to]!)")
        }
        for entry in graph.entryPoints {
            let label = entry.requires.map { "|\(mermaidQuoted("requires " + $0))|" } ?? ""
            lines.append("  \(ids[entry.id]!) -->\(label) \(ids[entry.to]!)")
        }
        let entries = graph.entryPoints.map { ids[$0.id]! }
        if let highlight {
            let screens = graph.nodes.filter { $0.kind == .screen }
            let covered = screens.filter { highlight.coveredNodes.contains($0.id) }.map { ids[$0.id]! }
            let missed = screens.filter { !highlight.coveredNodes.contains($0.id) }.map { ids[$0.id]! }
            let linksCovered = graph.entryPoints.filter { highlight.coveredEntryPoints.contains($0.id) }.map { ids[$0.id]! }
            let linksMissed = graph.entryPoints.filter { !highlight.coveredEntryPoints.contains($0.id) }.map { ids[$0.id]! }
            lines.append("  classDef covered fill:\(GraphHighlight.coveredFill),stroke:\(GraphHighlight.coveredColor),color:#000")
            lines.append("  classDef missed fill:\(GraphHighlight.missedFill),stroke:\(GraphHighlight.missedColor),color:#000,stroke-dasharray:4 3")
            for (members, style) in [(covered + linksCovered, "covered"), (missed + linksMissed, "missed")] where !members.isEmpty {
                lines.append("  class \(members.joined(separator: ",")) \(style)")
            }
            for (taken, style) in [(true, "stroke:\(GraphHighlight.coveredColor),stroke-width:2px"), (false, "stroke:\(GraphHighlight.missedColor),stroke-dasharray:4 3")] {
                let positions = linkStyles.filter { $0.1 == taken }.map { String($0.0) }
                if !positions.isEmpty { lines.append("  linkStyle \(positions.joined(separator: ",")) \(style)") }
            }
        } else if !entries.isEmpty {
            lines.append("  classDef deeplink fill:#ddf4ff,stroke:#1f6feb")
            lines.append("  class \(entries.joined(separator: ",")) deeplink")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid string in double quotes; characters Mermaid would read as
    /// syntax become entity codes.
    private static func mermaidQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "#quot;"
            case "#": output += "#35;"
            case "<": output += "#lt;"
            case ">": output += "#gt;"
            case "|": output += "#124;"
            case "`": output += "#96;"
            case "\n", "\r", "\t": output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    // MARK: JSON

    static func json(_ graph: ScreenGraph) -> JSONValue {
        .object([
            ("schemaVersion", .int(jsonSchemaVersion)),
            ("app", .string(graph.app)),
            ("nodes", .array(graph.nodes.map { node in
                .object([
                    ("id", .string(node.id)),
                    ("kind", .string(node.kind.rawValue)),
                    ("name", .string(node.name)),
                    ("parameters", .array(node.parameters.map { .string($0) })),
                    ("locked", .bool(node.locked)),
                    ("lockedIf", .optional(node.lockCondition)),
                    ("root", .bool(node.isRoot)),
                ])
            })),
            ("edges", .array(graph.edges.map { edge in
                .object([
                    ("from", .string(edge.from)),
                    ("to", .string(edge.to)),
                    ("kind", .string(edge.kind.rawValue)),
                    ("label", .optional(edge.label)),
                    ("condition", .optional(edge.condition)),
                ])
            })),
            ("deeplinks", .array(graph.entryPoints.map { entry in
                .object([
                    ("id", .string(entry.id)),
                    ("pattern", .string(entry.pattern)),
                    ("to", .string(entry.to)),
                    ("requires", .optional(entry.requires)),
                ])
            })),
        ])
    }

    // MARK: Labels

    private static func nodeLabel(_ node: ScreenGraph.Node) -> String {
        var label = node.name
        if !node.parameters.isEmpty { label += "(" + node.parameters.joined(separator: ", ") + ")" }
        switch node.kind {
        case .screen: if node.locked { label += node.lockCondition.map { " (locked if \($0))" } ?? " (locked)" }
        case .stack: label = "stack " + label
        case .tabs: label = "tabs " + label
        case .split: label = "split " + label
        }
        return label
    }

    private static func edgeLabel(_ edge: ScreenGraph.Edge) -> String? {
        var parts: [String] = []
        switch edge.kind {
        case .sheet, .cover, .popover, .select: parts.append(edge.kind.rawValue)
        case .selectTab: parts.append("tab")
        default: break
        }
        if let label = edge.label { parts.append(edge.kind == .tab || edge.kind == .column ? label : "“\(label)”") }
        if let condition = edge.condition {
            parts.append(condition.hasPrefix("hidden if") ? "[\(condition)]" : "if \(condition)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
