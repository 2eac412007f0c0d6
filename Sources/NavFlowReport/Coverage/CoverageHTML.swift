import NavFlowCoverage
import NavFlowModel

/// The coverage report as one self-contained HTML page: inline style and
/// script, the screen graph as inline SVG, sortable tables, nothing loaded
/// from the network. Every text from a spec or a trace is escaped.
struct CoverageHTML {
    let renderer: CoverageRenderer
    private var report: CoverageReport { renderer.report }

    init(renderer: CoverageRenderer) {
        self.renderer = renderer
    }

    static func escape(_ text: String) -> String {
        MarkupText.escape(text)
    }

    func page(svg: Result<String, Graphviz.Unavailable>?) -> String {
        let html = Self.escape
        var body: [String] = []
        body.append("<header><h1>NavFlow coverage: \(html(report.appName))</h1>")
        body.append("<p class=\"meta\">\(html(report.specPath)) · \(html(CoverageText.summary(report)))</p></header>")
        body.append("<section><h2>Summary</h2>")
        body.append(table(id: "metrics", headers: [("Metric", false), ("Covered", true), ("Total", true), ("Percent", true), ("", false)],
                          rows: report.metrics.map { metric in
            let percent = metric.percent
            let bar = percent.map { "<div class=\"bar\"><div style=\"width:\(Int($0.rounded(.down)))%\"></div></div>" } ?? ""
            return [cell(metric.title), cell(String(metric.covered), sort: Double(metric.covered)),
                    cell(CoverageText.total(metric), sort: metric.total.map(Double.init) ?? -1),
                    cell(CoverageText.percent(percent), sort: percent ?? -1, classes: percentClass(percent)),
                    "<td>\(bar)</td>"]
        }))
        if !renderer.gates.isEmpty {
            body.append("<ul class=\"gates\">")
            for gate in renderer.gates {
                let state = gate.passed == true ? "pass" : "fail"
                body.append("<li class=\"\(state)\">\(html(CoverageText.gate(gate)))</li>")
            }
            body.append("</ul>")
        }
        body.append("</section>")
        body.append("<section><h2>Screen graph</h2>")
        body.append("<p class=\"legend\"><span class=\"pass\">■ covered</span> <span class=\"fail\">■ missed</span></p>")
        switch svg {
        case .success(let drawing)?: body.append("<div class=\"graph\" id=\"graph\">\(drawing)</div>")
        case .failure(let why)?: body.append("<p class=\"note\" id=\"graph-missing\">The screen graph is not drawn: \(html(why.description)).</p>")
        case nil: body.append("<p class=\"note\" id=\"graph-missing\">The screen graph is not drawn.</p>")
        }
        body.append("</section>")
        if report.driftCount > 0 {
            body.append("<section><h2>Drift (\(report.driftCount))</h2>")
            body.append(table(id: "drift", headers: [("Trace", false), ("Line", true), ("Problem", false), ("State", false)],
                              rows: report.drifts.map { drift in
                [cell(drift.location.file), cell(String(drift.location.line), sort: Double(drift.location.line)),
                 cell(drift.message), cell(drift.state ?? "")]
            }))
            body.append("</section>")
        }
        body.append("<section><h2>Declared edges</h2>")
        body.append(table(id: "edges", headers: [("Edge", false), ("Line", true), ("Taken", true)],
                          rows: report.edgeTallies.map { tally in
            [cell(tally.text), cell(String(tally.line), sort: Double(tally.line)),
             cell(String(tally.count), sort: Double(tally.count), classes: tally.count > 0 ? "pass" : "fail")]
        }))
        body.append("</section><section><h2>Screens</h2>")
        body.append(table(id: "screens", headers: [("Screen", false), ("Seen", true)], rows: report.screenTallies.map { tally in
            [cell(tally.name), cell(String(tally.count), sort: Double(tally.count), classes: tally.count > 0 ? "pass" : "fail")]
        }))
        body.append("</section><section><h2>Deep links</h2>")
        body.append(table(id: "deeplinks", headers: [("Pattern", false), ("Opened", true)], rows: report.deepLinkTallies.map { tally in
            [cell(tally.pattern), cell(String(tally.count), sort: Double(tally.count), classes: tally.count > 0 ? "pass" : "fail")]
        }))
        body.append("</section>")
        for metric in report.metrics where metric.missingCount > 0 && !["screens", "edges", "deeplinks"].contains(metric.id) {
            body.append("<section><details><summary>Missing \(html(metric.title.lowercased())) (\(metric.missingCount))</summary><ul>")
            for item in metric.missing { body.append("<li>\(html(item.text))</li>") }
            if metric.missingCount > metric.missing.count {
                body.append("<li>… and \(metric.missingCount - metric.missing.count) more</li>")
            }
            body.append("</ul></details></section>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <title>NavFlow coverage: \(html(report.appName))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            <script>\(Self.script)</script>
            </body>
            </html>

            """
    }

    private func percentClass(_ percent: Double?) -> String {
        guard let percent else { return "" }
        return percent >= 100 ? "pass" : percent >= 50 ? "warn" : "fail"
    }

    private func cell(_ text: String, sort: Double? = nil, classes: String = "") -> String {
        let key = sort.map { " data-sort=\"\(JSONValue.decimalText($0))\"" } ?? ""
        let style = classes.isEmpty ? "" : " class=\"\(classes)\""
        return "<td\(key)\(style)>\(Self.escape(text))</td>"
    }

    private func table(id: String, headers: [(String, Bool)], rows: [[String]]) -> String {
        var lines = ["<table class=\"sortable\" id=\"\(id)\"><thead><tr>"]
        for (title, numeric) in headers {
            lines.append("<th\(numeric ? " data-type=\"number\"" : "")>\(Self.escape(title))</th>")
        }
        lines.append("</tr></thead><tbody>")
        for row in rows { lines.append("<tr>" + row.joined() + "</tr>") }
        lines.append("</tbody></table>")
        return lines.joined(separator: "\n")
    }

    static let style = """
        body{font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1f2328}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
        .meta{color:#59636e;margin:0}
        table{border-collapse:collapse;width:100%;margin:8px 0}
        th,td{border-bottom:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}
        th{background:#f6f8fa;cursor:pointer;user-select:none;white-space:nowrap}
        th[data-type=number],td[data-sort]{text-align:right}
        th.asc::after{content:" ▲"}th.desc::after{content:" ▼"}
        .pass{color:#1a7f37}.fail{color:#cf222e}.warn{color:#9a6700}
        .bar{background:#ffebe9;height:8px;width:120px;border-radius:4px;overflow:hidden}
        .bar div{background:#1a7f37;height:8px}
        .gates{list-style:none;padding:0}.gates li{margin:2px 0;font-weight:600}
        .graph{overflow:auto;border:1px solid #d0d7de;border-radius:6px;padding:8px}
        .graph svg{max-width:none;height:auto}
        .note{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px}
        details summary{cursor:pointer;font-weight:600}
        """

    /// Sorts a table by the clicked column: numbers by `data-sort`, text
    /// alphabetically; a second click reverses.
    static let script = """
        document.querySelectorAll("table.sortable th").forEach(function(th){
          th.addEventListener("click",function(){
            var column=th.cellIndex,table=th.closest("table"),body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);
            var numeric=th.getAttribute("data-type")==="number",ascending=!th.classList.contains("asc");
            table.querySelectorAll("th").forEach(function(other){other.classList.remove("asc","desc");});
            th.classList.add(ascending?"asc":"desc");
            rows.sort(function(a,b){
              var x=a.cells[column],y=b.cells[column],order;
              if(numeric){order=parseFloat(x.getAttribute("data-sort"))-parseFloat(y.getAttribute("data-sort"));}
              else{order=x.textContent.localeCompare(y.textContent);}
              return ascending?order:-order;
            });
            rows.forEach(function(row){body.appendChild(row);});
          });
        });
        """
}
