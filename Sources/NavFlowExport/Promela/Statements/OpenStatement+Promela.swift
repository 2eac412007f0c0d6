import NavFlowModel

/// The matching deep link's handling, within the step: a link that gives no
/// state leaves the state as it was (backup level 1, inside the step's 0).
extension OpenStatement: PromelaStatementLowering {
    func promela(in program: PromelaExporter, at site: PromelaStatementSite) -> [String] {
        guard let (link, arguments) = link(in: program.spec) else { return [] }
        return ["  save1(); ok1 = 1;"] + program.deepLink(link, arguments: arguments, cut: "ok1")
            + ["  if :: !ok1 -> restore1() :: else -> skip fi;"]
    }
}
