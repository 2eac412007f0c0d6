import NavFlowCheck
import NavFlowSource
import NavFlowSpec
import Testing

/// `DepthOverride`: depths given from outside the spec replace the spec's
/// before the model is built.
@Suite struct DepthOverrideTests {
    static let text = """
        app A
        stack Left root Home {
          destination Item
          depth 3
        }
        stack Right root Other {
          destination Item
        }
        tabs Main {
          tab left "Left" Left
          tab right "Right" Right
        }
        start Main
        screen Home { push Item }
        screen Other { push Item }
        screen Item { push Item }
        """

    private func spec() throws -> FlowSpec {
        try #require(Frontend.load(SourceFile(path: "test.navflow", text: Self.text)).spec)
    }

    private func depths(_ spec: FlowSpec) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: spec.stacks.map { ($0.name, $0.depth) })
    }

    @Test func aGlobalDepthSetsEveryStackAndPerStackDepthsWin() throws {
        let spec = try spec()
        #expect(depths(spec) == ["Left": 3, "Right": Resolver.defaultDepth])
        #expect(spec.stacks.allSatisfy { !$0.depthOverridden })
        let all = try spec.overridingDepths(DepthOverride(all: 2))
        #expect(depths(all) == ["Left": 2, "Right": 2])
        #expect(all.stacks.allSatisfy { $0.depthOverridden })
        let mixed = try spec.overridingDepths(DepthOverride(arguments: ["Right=5", "2", "Right=4"]))
        #expect(depths(mixed) == ["Left": 2, "Right": 4])
        let one = try spec.overridingDepths(DepthOverride(arguments: ["Left=1"]))
        #expect(depths(one) == ["Left": 1, "Right": Resolver.defaultDepth])
        #expect(one.stacks.map(\.depthOverridden) == [true, false])
        let unchanged = try spec.overridingDepths(DepthOverride())
        #expect(unchanged.stacks == spec.stacks)
    }

    private func problem(_ body: () throws(DepthOverride.Problem) -> Any) -> DepthOverride.Problem? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func problemsNameTheStackOrTheRange() throws {
        let spec = try spec()
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try spec.overridingDepths(DepthOverride(arguments: ["left=2"])) } == DepthOverride.Problem.unknownStack("left", suggestion: "Left"))
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try spec.overridingDepths(DepthOverride(arguments: ["Middle=2"])) } == DepthOverride.Problem.unknownStack("Middle", suggestion: nil))
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try DepthOverride(arguments: ["33"]) } == DepthOverride.Problem.outOfRange(33))
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try DepthOverride(arguments: ["Left=0"]) } == DepthOverride.Problem.outOfRange(0))
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try spec.overridingDepths(DepthOverride(all: 0)) } == DepthOverride.Problem.outOfRange(0))
        #expect(problem { () throws(DepthOverride.Problem) -> Any in try DepthOverride(arguments: ["=3"]) } == DepthOverride.Problem.malformed("=3"))
        #expect(DepthOverride.Problem.unknownStack("left", suggestion: "Left").description
                == "--depth names no stack 'left'; did you mean 'Left'?")
        #expect(DepthOverride.Problem.outOfRange(40).description
                == "--depth 40 is out of range; a stack's depth is 1 to 32")
    }

    @Test(arguments: [Verifier.Exploration.automatic, .full, .plain])
    func theOverrideChangesTheExploredStates(_ exploration: Verifier.Exploration) throws {
        func states(_ arguments: [String]) throws -> Int {
            var options = Verifier.Options()
            options.exploration = exploration
            options.depths = try DepthOverride(arguments: arguments)
            let result = Verifier.verify(SourceFile(path: "test.navflow", text: Self.text), options: options)
            #expect(result.depthProblem == nil)
            return try #require(result.statistics).states
        }
        // Left's paths are Home plus 0...depth Items; Right's Other plus 0...depth.
        let spec = try states([])
        let one = try states(["1"])
        let leftDeeper = try states(["Left=5"])
        #expect(one < spec)
        #expect(leftDeeper > spec)
        let same = try states(["3", "Right=6"])
        let sameLeft = try states(["Left=3"])
        #expect(same == spec)
        #expect(sameLeft == spec)
    }

    @Test func anUnknownStackStopsVerificationBeforeExploring() {
        var options = Verifier.Options()
        options.depths = DepthOverride(stacks: [.init(stack: "right", depth: 2)])
        let result = Verifier.verify(SourceFile(path: "test.navflow", text: Self.text), options: options)
        #expect(result.depthProblem == .unknownStack("right", suggestion: "Right"))
        #expect(result.statistics == nil)
        #expect(result.spec == nil)
    }

    @Test func theBoundedNoteSaysWhereTheDepthCameFrom() throws {
        var options = Verifier.Options()
        options.depths = DepthOverride(stacks: [.init(stack: "Right", depth: 2)])
        let result = Verifier.verify(SourceFile(path: "test.navflow", text: Self.text), options: options)
        let notes = result.diagnostics.filter { $0.rule == .bounded }.map { "\($0.message) / \($0.notes.map(\.message).joined(separator: "; "))" }
        #expect(notes == [
            "exploration cut paths of stack 'Left' at its depth 3; results hold for paths up to 3 screens / raise 'depth' to explore deeper paths",
            "exploration cut paths of stack 'Right' at its depth 2 (from --depth); results hold for paths up to 2 screens / raise --depth to explore deeper paths",
        ])
    }
}
