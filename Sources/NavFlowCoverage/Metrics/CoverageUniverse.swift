import NavFlowCheck
import NavFlowModel
import NavFlowSpec

/// Everything there is to cover in a spec: what it declares (screens,
/// edges, deep links) and, from its explored state graph, what can happen
/// (implicit actions per screen, states, consecutive pairs of transitions,
/// flag and input valuations per screen).
public struct CoverageUniverse: Sendable {
    public let model: FlowModel
    /// The explored graph; nil when exploration stopped at a limit.
    public let graph: StateGraph?
    /// Why the graph-based totals are missing, when they are.
    public let unavailableReason: String?
    public let implicitActions: Set<TransitionKind>
    /// Nil when there are too many transitions to enumerate pairs (`maxPairWork`).
    public let pairs: Set<TransitionPair>?
    /// Per screen, the valuations of flags and inputs it is seen under.
    public let valuations: [Set<Valuation>]

    /// The most (incoming, outgoing) combinations examined for pairs.
    public static let maxPairWork = 20_000_000

    /// Explores the model within `limits`; the graph-based totals are left
    /// out (with the reason) when a limit is reached.
    public init(model: FlowModel, limits: Explorer.Limits = .standard) {
        do {
            let graph = try Explorer(limits: limits).explore(model)
            self.init(model: model, graph: graph)
        } catch {
            self.init(model: model, graph: nil, reason: "the state graph was not explored to the end: \(error.description)")
        }
    }

    public init(model: FlowModel, graph: StateGraph?, reason: String? = nil) {
        self.model = model
        self.graph = graph
        self.unavailableReason = graph == nil ? (reason ?? "the state graph is not available") : nil
        var implicit = Set<TransitionKind>()
        var valuations = [Set<Valuation>](repeating: [], count: model.spec.screens.count)
        var pairs: Set<TransitionPair>? = nil
        if let graph {
            var outgoing = [[TransitionKind]](repeating: [], count: graph.count)
            var incoming = [Set<TransitionKind>](repeating: [], count: graph.count)
            for index in 0..<graph.count {
                let state = graph.state(index)
                for route in model.visibleRoutes(of: state) {
                    valuations[model.routes.screen(of: route)].insert(Valuation(flags: state.flags, inputs: state.inputs))
                }
                var kinds = Set<TransitionKind>()
                for list in [graph.inAppEdges, graph.linkEdges] {
                    for position in list.range(of: index) where list.target[position] >= 0 {
                        let kind = TransitionKind(graph.steps[Int(list.step[position])], from: state, model: model)
                        kinds.insert(kind)
                        incoming[Int(list.target[position])].insert(kind)
                        if case .implicit = kind { implicit.insert(kind) }
                    }
                }
                outgoing[index] = kinds.sorted()
            }
            let work = zip(incoming, outgoing).reduce(0) { $0 + $1.0.count * $1.1.count }
            if work <= Self.maxPairWork {
                var all = Set<TransitionPair>()
                for (into, out) in zip(incoming, outgoing) {
                    for first in into { for second in out { all.insert(TransitionPair(first: first, second: second)) } }
                }
                pairs = all
            }
        }
        self.implicitActions = implicit
        self.pairs = pairs
        self.valuations = valuations
    }

    /// Every declared edge, in declaration order.
    public var edges: [TransitionKind] {
        model.spec.screens.indices.flatMap { screen in
            model.spec.screens[screen].edges.indices.map { TransitionKind.edge(screen: screen, edge: $0) }
        }
    }

    /// The index of a state in the explored graph, if it is one of its states.
    public func index(of state: NavState) -> Int? {
        guard let graph, model.codec.canEncode(state) else { return nil }
        return graph.store.find(model.codec.encode(state))
    }
}

/// Two transitions taken one right after the other.
public struct TransitionPair: Hashable, Sendable, Comparable {
    public var first: TransitionKind
    public var second: TransitionKind

    public static func < (lhs: TransitionPair, rhs: TransitionPair) -> Bool {
        lhs.first != rhs.first ? lhs.first < rhs.first : lhs.second < rhs.second
    }
}

/// The values of every flag and input, as bit sets.
public struct Valuation: Hashable, Sendable, Comparable {
    public var flags: UInt64
    public var inputs: UInt64

    public static func < (lhs: Valuation, rhs: Valuation) -> Bool {
        lhs.inputs != rhs.inputs ? lhs.inputs < rhs.inputs : lhs.flags < rhs.flags
    }

    /// The valuation in the spec's words: `signedIn, !pendingLink, isPro`.
    public func text(in spec: FlowSpec, inputs relevant: [Int]) -> String {
        let flags = spec.flags.indices.map { (self.flags >> UInt64($0) & 1 == 1 ? "" : "!") + spec.flags[$0].name }
        let inputs = relevant.map { (self.inputs >> UInt64($0) & 1 == 1 ? "" : "!") + spec.inputs[$0].name }
        let all = flags + inputs
        return all.isEmpty ? "(no flags or inputs)" : all.joined(separator: ", ")
    }
}
