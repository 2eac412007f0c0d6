import NavFlowCheck
import NavFlowModel
import NavFlowSearch
import NavFlowSpec

/// Everything there is to cover in a spec: what it declares (screens,
/// edges, deep links) and, from its explored state graph, what can happen
/// (implicit actions per screen, states, consecutive pairs of transitions,
/// flag and input valuations per screen).
public struct CoverageUniverse: Sendable {
    public let model: FlowModel
    /// The explored graph of every state; nil when exploration stopped at a limit.
    public let graph: StateGraph?
    /// Why the graph-based totals are missing, when they are.
    public let unavailableReason: String?
    /// Whether the totals each local view decides (implicit actions and
    /// valuations per screen) are known: from `graph`, or, when the tabs
    /// can be parked and every state could not be explored, from the parked
    /// graph, which has every local view of the app (docs/performance.md).
    public let knowsLocalTotals: Bool
    /// The (screen, implicit action) pairs some reachable state allows and a
    /// trace can show (not always shadowed by a declared edge with the same effect).
    public let implicitActions: Set<TransitionKind>
    /// Nil when there are too many transitions to enumerate pairs (`maxPairWork`).
    public let pairs: Set<TransitionPair>?
    /// Per screen, the valuations of flags and inputs it is seen under.
    public let valuations: [Set<Valuation>]

    /// The most (incoming, outgoing) combinations examined for pairs.
    public static let maxPairWork = 20_000_000

    /// Explores the model within `limits`; the graph-based totals are left
    /// out (with the reason) when a limit is reached, in the search or in
    /// working out the totals from the graph.
    ///
    /// States and pairs of transitions are the app's own, so they need
    /// every state: with the tabs that are not selected parked, a state
    /// stands for many of the app's, and a switch to a tab lands on its cut
    /// paths, whose transitions are not those the app takes next. Implicit
    /// actions and valuations per screen depend on the local view alone.
    /// So when the tabs can be parked, the parked graph (small) is explored
    /// first, and its implicit actions and valuations stand when the graph
    /// of every state stops at a limit.
    public init(model: FlowModel, limits: Explorer.Limits = .standard) {
        var limits = limits
        if limits.startedAt == nil { limits.startedAt = .now }
        var localTotals: Totals?
        if TabIndependence(model: model, metWithAModalUp: []).holds {
            var parking = Explorer(limits: limits)
            parking.parksInactiveTabs = true
            var budget = ResourceBudget(limits)
            if let parked = try? parking.explore(model) {
                localTotals = try? Self.totals(of: parked, model: model, within: &budget, pairs: false)
            }
        }
        func stopped(_ reason: String) -> String {
            localTotals == nil ? reason
                : reason + "; implicit actions and valuations were counted with the tabs that are not selected parked"
        }
        let graph: StateGraph
        do {
            graph = try Explorer(limits: limits).explore(model)
        } catch {
            self.init(model: model, graph: nil, totals: localTotals,
                      reason: stopped("the state graph was not explored to the end: \(error.description)"))
            return
        }
        var budget = ResourceBudget(limits)
        do {
            let totals = try Self.totals(of: graph, model: model, within: &budget)
            self.init(model: model, graph: graph, totals: totals, reason: nil)
        } catch {
            self.init(model: model, graph: nil, totals: localTotals,
                      reason: stopped("the totals were not worked out from the state graph: \(error.description)"))
        }
    }

    public init(model: FlowModel, graph: StateGraph?, reason: String? = nil) {
        var unlimited = ResourceBudget(.standard)
        let totals: Totals?
        do {
            totals = try graph.map { graph throws(Explorer.LimitReached) in try Self.totals(of: graph, model: model, within: &unlimited) }
        } catch {
            preconditionFailure("a budget without limits was exceeded: \(error)")
        }
        self.init(model: model, graph: graph, totals: totals, reason: reason)
    }

    private init(model: FlowModel, graph: StateGraph?, totals: Totals?, reason: String?) {
        self.model = model
        self.graph = graph
        self.unavailableReason = graph == nil ? (reason ?? "the state graph is not available") : nil
        knowsLocalTotals = totals != nil
        implicitActions = totals?.implicit ?? []
        pairs = totals?.pairs
        valuations = totals?.valuations ?? [Set<Valuation>](repeating: [], count: model.spec.screens.count)
    }

    /// What can happen, from the graph.
    private struct Totals {
        var implicit: Set<TransitionKind>
        var pairs: Set<TransitionPair>?
        var valuations: [Set<Valuation>]
    }

    /// Works out the totals, checking the budget every 4096 states.
    private static func totals(of graph: StateGraph, model: FlowModel, within budget: inout ResourceBudget,
                               pairs countsPairs: Bool = true) throws(Explorer.LimitReached) -> Totals {
        var implicit = Set<TransitionKind>()
        var valuations = [Set<Valuation>](repeating: [], count: model.spec.screens.count)
        var pairs: Set<TransitionPair>? = nil
        let replayer = TraceReplayer(model: model)
        // In-degree times out-degree bounds the pairs to enumerate; check it
        // before building anything per state.
        try budget.check(allocating: graph.count * 4, states: graph.count)
        var inDegree = [Int32](repeating: 0, count: graph.count)
        for list in [graph.inAppEdges, graph.linkEdges] {
            for target in list.target where target >= 0 { inDegree[Int(target)] += 1 }
        }
        var work = 0
        for index in 0..<graph.count {
            let out = graph.inAppEdges.range(of: index).count + graph.linkEdges.range(of: index).count
            work += Int(inDegree[index]) * out
        }
        inDegree = []
        let countPairs = countsPairs && work <= Self.maxPairWork
        if countPairs { try budget.check(allocating: graph.count * 24, states: graph.count) }
        var outgoing = [[TransitionKind]](repeating: [], count: countPairs ? graph.count : 0)
        var incoming = [Set<TransitionKind>](repeating: [], count: countPairs ? graph.count : 0)
        for index in 0..<graph.count {
            if index & 0xFFF == 0 { try budget.check(states: graph.count) }
            let state = graph.state(index)
            for route in model.visibleRoutes(of: state) {
                valuations[model.routes.screen(of: route)].insert(Valuation(flags: state.flags, inputs: state.inputs))
            }
            var kinds = Set<TransitionKind>()
            for list in [graph.inAppEdges, graph.linkEdges] {
                for position in list.range(of: index) where list.target[position] >= 0 {
                    let step = graph.steps[Int(list.step(at: position))]
                    let kind = TransitionKind(step, from: state, model: model)
                    if countPairs {
                        kinds.insert(kind)
                        incoming[Int(list.target[position])].insert(kind)
                    }
                    if case .implicit = kind, !implicit.contains(kind),
                       Self.traceCredits(step, from: state, replayer: replayer, model: model) {
                        implicit.insert(kind)
                    }
                }
            }
            if countPairs { outgoing[index] = kinds.sorted() }
        }
        if countPairs {
            var all = Set<TransitionPair>()
            for (index, (into, out)) in zip(incoming, outgoing).enumerated() {
                if index & 0xFFF == 0 { try budget.check(states: graph.count) }
                for first in into { for second in out { all.insert(TransitionPair(first: first, second: second)) } }
            }
            pairs = all
        }
        return Totals(implicit: implicit, pairs: pairs, valuations: valuations)
    }

    /// Whether a trace can show an implicit action: replaying its event
    /// (back, tab, dismiss) in the state takes the action itself, not a
    /// declared edge with the same effect, which replay prefers.
    static func traceCredits(_ step: Step, from state: NavState, replayer: TraceReplayer, model: FlowModel) -> Bool {
        let event: TraceEvent
        switch step {
        case .back: event = .back
        case .switchTab(let tab), .retapTab(let tab): event = .tab(model.spec.rootTabView?.tabs[tab].id ?? "")
        case .swipeDown: event = .dismiss
        default: return false
        }
        guard case .stepped(_, let replayed, _) = replayer.outcome(of: event, in: state) else { return false }
        return replayed == step
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
