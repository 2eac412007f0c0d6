import NavFlowCheck
import NavFlowDiagnostics
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// A second, deliberately simple implementation of every graph property:
/// the plain explorer's breadth-first searches, and each property computed
/// by brute force (a trap check runs a search from every state). It shares
/// only the transition function and the plain search (a plain store of
/// whole packed states) with the real explorer, so it checks the
/// compressed visited set, the memos, the two-phase search and the
/// property code.
struct ReferenceExplorer {
    let model: FlowModel
    var spec: FlowSpec { model.spec }

    /// Every reachable state with its shortest distance from launch.
    struct Search {
        var distance: [NavState: Int] = [:]
        var order: [NavState] = []
    }

    func initialStates() -> [NavState] {
        (try? model.inputValuations(limit: 1 << 16))?.compactMap { model.initialState(inputs: $0).state } ?? []
    }

    /// Breadth-first search from `starts`, in-app only or with deep links,
    /// by the plain explorer; distances follow its parents.
    func search(from starts: [NavState], deepLinks: Bool) -> Search {
        let limits = Explorer.Limits(maxStates: 10_000_000, maxBytes: .max, maxValuations: 1 << 16)
        guard let found = try? PlainExplorer(limits: limits).search(model, from: starts, deepLinks: deepLinks) else {
            preconditionFailure("the reference search hit a limit")
        }
        var result = Search()
        var distances: [Int] = []
        for index in 0..<found.count {
            let parent = Int(found.tree.parent[index])
            distances.append(parent < 0 ? 0 : distances[parent] + 1)
            let state = found.state(index)
            result.distance[state] = distances[index]
            result.order.append(state)
        }
        return result
    }

    /// The (rule, line:column) pairs of every graph finding, and for
    /// statement defects reachable in-app, the shortest witness length
    /// (steps after launch).
    func findings() -> (pairs: Set<String>, defectWitness: [String: Int]) {
        let starts = initialStates()
        let inApp = search(from: starts, deepLinks: false)
        let all = search(from: starts, deepLinks: true)
        var pairs = Set<String>()
        var defectWitness: [String: Int] = [:]
        func add(_ rule: RuleID, _ range: SourceRange) { pairs.insert("\(rule) \(range.start)") }

        // Visibility, guards, tabs.
        var visibleInApp = Set<Int>(), visibleAll = Set<Int>()
        var guardHeld = Set<String>()
        var tabShown = Set<Int>()
        for state in all.order {
            for route in model.visibleRoutes(of: state) {
                let screen = model.routes.screen(of: route)
                visibleAll.insert(screen)
                if inApp.distance[state] != nil { visibleInApp.insert(screen) }
                for (index, edge) in spec.screens[screen].edges.enumerated() where state.holds(edge.condition) {
                    guardHeld.insert("\(screen).\(index)")
                }
            }
            for tab in 0..<(spec.rootTabView?.tabs.count ?? 0) where !model.isHidden(tab, in: state) { tabShown.insert(tab) }
        }
        for screen in spec.screens.indices {
            if !visibleAll.contains(screen) { add(.orphanScreen, spec.screens[screen].range) }
            if visibleAll.contains(screen) && !visibleInApp.contains(screen) { add(.deeplinkOnlyScreen, spec.screens[screen].range) }
            if visibleAll.contains(screen) {
                for (index, edge) in spec.screens[screen].edges.enumerated() where !guardHeld.contains("\(screen).\(index)") {
                    add(.deadEdge, edge.range)
                }
            }
        }
        if let view = spec.rootTabView {
            for tab in view.tabs.indices where !tabShown.contains(tab) { add(.tabNeverVisible, view.tabs[tab].range) }
        }

        // Facts of every transition from every reachable state, and of launch,
        // judged here independently of the properties' code.
        var pushed = Set<String>()
        var launchFacts: [StepFact] = []
        for inputs in (try? model.inputValuations(limit: 1 << 16)) ?? [] {
            launchFacts += model.initialState(inputs: inputs).facts
        }
        func record(_ fact: StepFact, distance: Int?) {
            let defect: (RuleID, SourceRange)
            switch fact {
            case .pushWithoutStack(_, _, let range): defect = (.pushOutsideStack, range)
            case .unregisteredPush(_, _, let range): defect = (.unregisteredDestination, range)
            case .dismissWithNothingToClose(_, let range): defect = (.dismissNoop, range)
            case .selectsHiddenTab(_, let range): defect = (.hiddenTab, range)
            case .hidesSelectedTab(_, _, let range): defect = (.selectedTabHidden, range)
            case .cutAtStackDepth(let stack, _, _):
                add(.bounded, spec.stacks[stack].range)
                return
            case .cutAtModalLimit(let range):
                pairs.insert("bounded-modal \(range.start)")
                return
            case .pushed(let stack, let screen):
                pushed.insert("\(stack).\(screen)")
                return
            case .handlerOrderMatters(let link): defect = (.deeplinkHandlerOrder, spec.deepLinks[link].patternRange)
            case .appearLoop(let hook, _): defect = (.appearLoop, spec.screens[hook.screen].hooks[hook.hook].keyword)
            case .presentationFromCoveredView(_, _, let range): defect = (.presentationDropped, range)
            case .dismissLoop(let hook, _): defect = (.appearLoop, spec.screens[hook.screen].dismissHooks[hook.hook].keyword)
            case .rebuilt, .appearHookRan, .dismissHookRan, .selectsTabUnderModal: return
            }
            add(defect.0, defect.1)
            if let distance {
                let key = "\(defect.0) \(defect.1.start)"
                defectWitness[key] = min(defectWitness[key] ?? Int.max, distance)
            }
        }
        for fact in launchFacts { record(fact, distance: 0) }
        for state in all.order {
            let distance = inApp.distance[state]
            model.successors(of: state, deepLinks: true) { transition in
                for fact in transition.facts {
                    record(fact, distance: transition.step.isInApp ? distance.map { $0 + 1 } : nil)
                }
            }
        }
        // A defect reachable only through a deep link has no in-app witness to compare.
        // Directly registered destinations are judged per stack, those of a
        // destination set once per set entry, over the stacks including it.
        for (stackIndex, stack) in spec.stacks.enumerated() {
            for (destination, registration) in zip(stack.destinations, stack.registrations)
            where !pushed.contains("\(stackIndex).\(destination)") {
                if case .direct(let range) = registration { add(.unusedDestination, range) }
            }
        }
        for (setIndex, set) in spec.destinationSets.enumerated() {
            let including = spec.stacks.indices.filter { stackIndex in
                spec.stacks[stackIndex].includedSets.contains { $0.set == setIndex }
            }
            if including.isEmpty {
                add(.unusedDestination, set.range)
                continue
            }
            for (screen, range) in zip(set.screens, set.screenRanges)
            where !including.contains(where: { pushed.contains("\($0).\(screen)") }) {
                add(.unusedDestination, range)
            }
        }

        // Traps: from each reachable state, search in-app for a home state;
        // one that can close a modal and still not get home is the trap of
        // the state beneath, not its own.
        for state in all.order {
            let reach = search(from: [state], deepLinks: false)
            if !reach.order.contains(where: model.isHome),
               !reach.order.contains(where: { $0.modals.count < state.modals.count }) {
                let context = model.activeContexts(of: state).last!
                let screen = model.routes.screen(of: model.visibleRoute(of: context, in: state))
                add(.trap, spec.screens[screen].range)
            }
        }

        // Deep links, judged from every source state. A target invalid from
        // every state is reported once, structurally, so it is skipped here.
        let staticallyInvalid = Set(DeepLinkTargetProperty().check(spec).compactMap { finding in
            spec.deepLinks.firstIndex { finding.message.hasPrefix($0.subject + " ") }
        })
        var sources = Set(inApp.order)
        var queue = inApp.order
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            model.successors(of: state, deepLinks: true) { transition in
                var extend = transition.step.isInApp
                if case .deepLink(let link, _) = transition.step {
                    let range = spec.deepLinks[link].patternRange
                    switch transition.outcome {
                    case .otherwise?: extend = true
                    case .landed?:
                        if let target = transition.target, inApp.distance[target] != nil { extend = true } else { add(.deeplinkUnreachable, range) }
                    case .notTheTarget?: add(.deeplinkStateDependent, range)
                    case .presentationDropped?: add(.presentationDropped, range)
                    case .invalid?: if !staticallyInvalid.contains(link) { add(.deeplinkInvalid, range) }
                    case nil: break
                    }
                }
                if extend, let target = transition.target, !sources.contains(target) {
                    sources.insert(target)
                    queue.append(target)
                }
            }
        }
        pairs = pairs.filter { !$0.hasPrefix("bounded-modal") }
        return (pairs, defectWitness)
    }
}
