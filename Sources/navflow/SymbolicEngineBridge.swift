import ArgumentParser
import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowZ3

/// Reaches the symbolic engine when this build has it (the `Z3` trait).
enum SymbolicEngineBridge {
    static func answer(_ query: ReachabilityQuery, model: FlowModel, bound: Int, timeout: Double,
                       limits: Explorer.Limits) throws -> QueryAnswer {
        #if Z3
        do {
            return try SymbolicQueryEngine(bound: bound, timeout: timeout, limits: limits).answer(query, model: model)
        } catch {
            switch error {
            case .unsupported(let message): throw CommandFailure.input(message)
            case .limit(let limit): throw limit
            case .timeout, .solver: throw Explorer.LimitReached(description: error.description, states: 0)
            case .replay: throw error
            }
        }
        #else
        throw CommandFailure.input("the z3 engine is not part of this build; build with 'swift build --traits Z3' (needs libz3-dev), or use --engine explicit")
        #endif
    }
}
