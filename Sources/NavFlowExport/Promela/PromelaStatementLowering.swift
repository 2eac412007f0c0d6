import NavFlowModel
import NavFlowSpec

/// How one kind of statement is written in Promela: what its
/// `StatementMeaning` in NavFlowModel does to a state, as code on the
/// program's variables (one file per kind in Statements/, named after the
/// model's). The lowering must act like the meaning: SPIN then stores as
/// many states as the explorer (PromelaExportTests).
protocol PromelaStatementLowering {
    /// The statement's lines in a `d_step`; none when it does nothing wherever it runs.
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String]
}

/// Where a statement's lines go in the program.
struct PromelaStatementSite {
    /// The context of the edge: its slot, or `PromelaExporter.modalContext`
    /// from a modal and for statements that come from no edge.
    var origin: Int
    /// The route the step chose for the statement (`push`, `select`), if any.
    var chosenRoute: Int?
    /// The variable set to 0 when the statement cuts the step off.
    var cut: String

    /// `lines` after setting `cx` to the context the statement acts on.
    func inContext(_ lines: [String]) -> [String] {
        ["  context(\(origin));"] + lines
    }
}

extension PromelaExporter {
    /// Promela for one statement: its kind's lowering, in one exhaustive
    /// switch, so a new kind of statement does not compile until it has one.
    func statement(_ statement: Statement, choice: Int?, origin: Int, cut: String) -> [String] {
        let site = PromelaStatementSite(origin: origin, chosenRoute: choice, cut: cut)
        switch statement.kind {
        case .push(let route): return PushStatement(route: route).promela(in: self, at: site)
        case .pushInline(let route): return PushStatement(route: route, inline: true).promela(in: self, at: site)
        case .pushUnderModals(let route): return PushUnderModalsStatement(route: route).promela(in: self, at: site)
        case .pushStack(let stack): return PushStackStatement(stack: stack).promela(in: self, at: site)
        case .present(let kind, let content): return PresentStatement(kind: kind, content: content).promela(in: self, at: site)
        case .dismiss: return DismissStatement().promela(in: self, at: site)
        case .close(let closing): return CloseStatement(closing: closing).promela(in: self, at: site)
        case .pop: return PopStatement().promela(in: self, at: site)
        case .popToRoot: return PopToRootStatement().promela(in: self, at: site)
        case .rebuild: return RebuildStatement().promela(in: self, at: site)
        case .selectTab(let tab): return SelectTabStatement(tab: tab).promela(in: self, at: site)
        case .set(let flag, let value): return SetStatement(flag: flag, value: value).promela(in: self, at: site)
        case .open(let url): return OpenStatement(url: url).promela(in: self, at: site)
        case .select(let route): return SelectStatement(route: route).promela(in: self, at: site)
        }
    }
}
