import ArgumentParser
import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowZ3

/// Reaches the symbolic engine when this build has it (the `Z3` trait).
enum SymbolicEngineBridge {
    /// The z3 engine stopped at a limit (time, memory, Z3's own): exit 3.
    struct Stopped: Error, CustomStringConvertible {
        var description: String
    }

    /// The z3 engine's answer and the encoding it used.
    static func answer(_ query: ReachabilityQuery, model: FlowModel, bound: Int, timeout: Double,
                       limits: Explorer.Limits) throws -> (answer: QueryAnswer, encoding: String) {
        #if Z3
        do {
            let (answer, _, encoding) = try SymbolicQueryEngine(bound: bound, timeout: timeout, limits: limits)
                .solveReportingEncoding(query, model: model)
            return (answer, encoding.rawValue)
        } catch {
            try rethrow(error)
        }
        #else
        throw CommandFailure.input("the z3 engine is not part of this build; build with 'swift build --traits Z3' (needs libz3-dev), or use --engine explicit")
        #endif
    }

    /// The automatic engine's answer: the explicit one's while the state
    /// space is small, else z3's.
    static func automaticAnswer(_ query: ReachabilityQuery, model: FlowModel, engine: AutomaticQueryEngine)
        throws -> (answer: QueryAnswer, trail: WitnessTrail?, choice: AutomaticQueryEngine.Choice) {
        do {
            return try engine.answer(query, model: model)
        } catch {
            try rethrow(error)
        }
    }

    /// A z3 failure as the command reports it: wrong input (exit 2), or a
    /// limit (exit 3); other errors as they are.
    private static func rethrow(_ error: any Error) throws -> Never {
        #if Z3
        if let failure = error as? SymbolicQueryEngine.Failure {
            switch failure {
            case .unsupported(let message): throw CommandFailure.input(message)
            case .limit(let limit): throw limit
            case .timeout, .memory, .solver: throw Stopped(description: failure.description)
            case .replay: throw CommandFailure.internal(failure.description)
            }
        }
        #endif
        throw error
    }
}
