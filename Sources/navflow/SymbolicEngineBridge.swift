import ArgumentParser
import NavFlowCheck
import NavFlowModel

/// Reaches the symbolic engine when this build has it (the `Z3` trait).
enum SymbolicEngineBridge {
    static func answer(_ query: ReachabilityQuery, model: FlowModel, bound: Int, timeout: Double,
                       limits: Explorer.Limits) throws -> QueryAnswer {
        throw CommandFailure.input("the z3 engine is not part of this build; build with 'swift build --traits Z3' (needs libz3-dev), or use --engine explicit")
    }
}
