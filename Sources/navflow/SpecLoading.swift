import ArgumentParser
import NavFlowCheck
import NavFlowIO
import NavFlowModel
import NavFlowReport
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// Loads one spec for the commands that take a single spec: a failure to
/// read or check it prints its diagnostics and exits 2; a spec beyond the
/// model's limits exits 3.
enum SpecLoading {
    /// Reads a spec through the front end; a spec that does not read prints
    /// its diagnostics and exits 2.
    static func frontEnd(_ path: String) throws -> (output: Frontend.Output, spec: FlowSpec) {
        let file: SourceFile
        switch SpecFiles.read(path) {
        case .success(let read): file = read
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
        let output = Frontend.load(file)
        guard let spec = output.spec else {
            Output.writeError(DiagnosticTextRenderer(colors: Output.stderrIsTerminal)
                .render(output.diagnostics, sources: [file.path: file]))
            throw ExitCode(2)
        }
        return (output, spec)
    }

    static func checked(_ path: String, depths: DepthOverride = DepthOverride(),
                        inputs: InputOverride = InputOverride()) throws -> FlowSpec {
        let spec = try frontEnd(path).spec
        do {
            let deep = depths.isEmpty ? spec : try spec.overridingDepths(depths)
            return inputs.isEmpty ? deep : try deep.fixingInputs(inputs)
        } catch let problem as DepthOverride.Problem {
            throw CommandFailure.input(problem.description)
        } catch let problem as InputOverride.Problem {
            throw CommandFailure.input(problem.description)
        }
    }

    static func model(_ path: String, depths: DepthOverride = DepthOverride(),
                      inputs: InputOverride = InputOverride()) throws -> FlowModel {
        do {
            return try FlowModel(try checked(path, depths: depths, inputs: inputs))
        } catch let limit as FlowModel.LimitExceeded {
            Output.writeError("navflow: error: \(limit.description)\n")
            throw ExitCode(3)
        }
    }
}

/// Reads the Swift files the commands that read source take (`lint`,
/// `extract`, `drift`): a path missing or unreadable exits 2.
enum SwiftSourceLoading {
    static func files(_ paths: [String]) throws -> [SourceFile] {
        switch SwiftFiles.readAll(paths) {
        case .success(let read): read
        case .failure(let failure): throw CommandFailure.input(failure.description)
        }
    }
}

/// The exploration limits every exploring command takes.
struct LimitOptions: ParsableArguments {
    @Option(help: "Stop (exit 3) after storing this many states.")
    var maxStates: Int = Explorer.Limits.standard.maxStates

    @Option(help: "Stop (exit 3) before the process holds more memory than this, e.g. 512M or 16G.")
    var maxMemory: MemorySize = MemorySize(bytes: Explorer.Limits.standard.maxBytes)

    @Option(help: "Stop (exit 3) within a second of this many seconds.")
    var maxTime: Double?

    func validate() throws {
        if maxStates < 1 { throw ValidationError("--max-states must be at least 1") }
        if maxStates > Explorer.Limits.highestMaxStates {
            throw ValidationError("--max-states can be at most \(Explorer.Limits.highestMaxStates), the most states a search can number")
        }
        if let maxTime, !(maxTime > 0) { throw ValidationError("--max-time must be a positive number of seconds") }
    }

    /// The limits, with the clock started now: a command reads them once,
    /// as it starts, so that every phase shares one deadline. The command
    /// owns its process: `--max-memory` bounds its resident memory too.
    var limits: Explorer.Limits {
        var limits = Explorer.Limits.standard
        limits.maxStates = maxStates
        limits.maxBytes = maxMemory.bytes
        limits.maxResidentBytes = maxMemory.bytes
        limits.maxSeconds = maxTime ?? .infinity
        limits.startedAt = .now
        return limits
    }
}

/// `--depth N`, `--depth STACK=N` and `--input NAME=VALUE`: stack depths and
/// input values that replace the spec's for one run.
struct DepthOptions: ParsableArguments {
    @Option(name: .customLong("depth"), help: ArgumentHelp(
        "Explore every stack to depth N, or one stack with STACK=N (repeatable; per-stack values win over N).",
        valueName: "N|STACK=N"))
    var depth: [String] = []

    @Option(name: .customLong("input"), help: ArgumentHelp(
        "Fix an input for this run, as an 'assume' would (repeatable; the later value of a name wins).",
        valueName: "NAME=true|false"))
    var input: [String] = []

    /// The input values the arguments fix; a malformed one is an input failure (exit 2).
    var inputs: InputOverride {
        get throws {
            do {
                return try InputOverride(arguments: input)
            } catch {
                throw CommandFailure.input(error.description)
            }
        }
    }

    /// The override the arguments give; a malformed or out-of-range depth
    /// is an input failure (exit 2).
    var override: DepthOverride {
        get throws {
            do {
                return try DepthOverride(arguments: depth)
            } catch {
                throw CommandFailure.input(error.description)
            }
        }
    }
}
