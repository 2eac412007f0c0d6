import NavFlowGenerator
@testable import NavFlowModel
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// Each statement kind's declared footprint agrees with what running it
/// does: run on reachable states of the example and defect specs, of
/// generated apps and of seeded random specs, a statement never changes a
/// part of the state its footprint does not write, changes the context's
/// path only by its stack operations, never changes the selected tab unless
/// it may leave its tab, and one that reads only flags, inputs and the
/// selected tab does the same from every state that agrees on them. The
/// search's memos and tab parking rely on these footprints.
@Suite struct StatementFootprintTests {
    /// The most states of one spec whose statements are run.
    static let stateLimit = 1500

    /// What running statements showed against their footprints.
    struct Check {
        var model: FlowModel
        var violations: [String] = []
        var runs = 0
        /// Per statement (its place) reading flags, inputs and the selected
        /// tab at most, per value of those: what it did.
        var keyedOutcomes: [String: String] = [:]

        init(model: FlowModel) { self.model = model }

        mutating func violation(_ statement: Statement, _ text: String) {
            if violations.count < 20 { violations.append("\(statement.range.start) \(statement.kind): \(text)") }
        }

        /// Runs a step's statements in order from `state`, checking each.
        mutating func runStep(_ statements: [Statement], choices: [Int], origin: Context?, from state: NavState) {
            var run = StatementRun(model: model, origin: origin, decider: ConcreteDecider())
            var current = state
            var choiceIndex = 0
            for statement in statements {
                let footprint = statement.footprint
                if footprint.choosesRoute != (statement.routeToChoose != nil) {
                    violation(statement, "choosesRoute disagrees with the route it chooses")
                }
                var choice: [Int] = []
                if footprint.choosesRoute, choiceIndex < choices.count {
                    choice = [choices[choiceIndex]]
                    choiceIndex += 1
                }
                let context = run.context(in: current)
                var next = current
                var facts: [StepFact] = []
                let goesOn = run.execute(statement, choice: choice, on: &next, facts: &facts)
                runs += 1
                if !goesOn {
                    if !footprint.mayCutOffStep { violation(statement, "cut the step off") }
                    if next != current { violation(statement, "cut the step off after changing the state") }
                    return
                }
                compare(statement, footprint, context: context, before: current, after: next)
                if footprint.reads.isSubset(of: [.flags, .inputs, .selectedTab]) {
                    let key = "\(statement.range.start) \(choice) \(current.flags) \(current.inputs) \(current.selectedTab)"
                    let outcome = "\(next.flags ^ current.flags) \(next.selectedTab) \(facts)"
                    if let earlier = keyedOutcomes[key], earlier != outcome {
                        violation(statement, "did \(outcome) and \(earlier) from states with the same flags, inputs and selected tab")
                    }
                    keyedOutcomes[key] = outcome
                }
                current = next
            }
        }

        /// Checks one run of `statement`, acting on `context`, against its footprint.
        mutating func compare(_ statement: Statement, _ footprint: StatementFootprint, context: Context,
                              before: NavState, after: NavState) {
            let writes = footprint.writes
            let replacesSlots = writes.contains(.slots)
            if after.inputs != before.inputs { violation(statement, "changed the inputs") }
            if after.flags != before.flags && !writes.contains(.flags) { violation(statement, "changed a flag") }
            if before.flags & ~after.flags != 0 && !footprint.mayClearFlag { violation(statement, "cleared a flag") }
            if after.selectedTab != before.selectedTab {
                if !writes.contains(.selectedTab) { violation(statement, "changed the selected tab") }
                if !footprint.mayLeaveItsTab { violation(statement, "left its tab") }
            }

            // Modals, apart from the path of the top one when the statement acts on it.
            var modalsBefore = before.modals
            var modalsAfter = after.modals
            var contextPath: (before: [Int], after: [Int])?
            if context == .modal, modalsBefore.count == modalsAfter.count, let last = modalsBefore.indices.last {
                contextPath = (modalsBefore[last].path, modalsAfter[last].path)
                modalsBefore[last].path = []
                modalsAfter[last].path = []
            }
            if modalsBefore != modalsAfter && !writes.contains(.modals) { violation(statement, "changed the modals") }
            if after.modals.count > before.modals.count && !footprint.presents { violation(statement, "presented a modal") }
            if after.modals.count < before.modals.count && !footprint.closesModals { violation(statement, "closed a modal") }

            // Slots: the context's path, the columns after it, the others.
            let slots = model.shape.slots
            for slot in slots.indices where before.paths[slot] != after.paths[slot] || before.shows[slot] != after.shows[slot] {
                if case .slot(let acted) = context, slot == acted, before.shows[slot] == after.shows[slot] {
                    contextPath = (before.paths[slot], after.paths[slot])
                } else if case .slot(let acted) = context, slot > acted, slots[slot].split != nil,
                          slots[slot].split == slots[acted].split, slots[slot].tab == slots[acted].tab {
                    if !writes.contains(.laterColumns) { violation(statement, "changed a later column") }
                    if !replacesSlots && !footprint.stackOperations.contains(.selectIntoNextColumn) {
                        violation(statement, "changed a later column without selecting into the next one")
                    }
                } else if !replacesSlots {
                    violation(statement, "changed slot \(slot)")
                }
            }
            guard let (old, new) = contextPath, old != new else { return }
            if !writes.contains(.contextPath) { violation(statement, "changed the context's path") }
            guard !replacesSlots else { return }
            let operations = footprint.stackOperations
            let pushed = new.count == old.count + 1 && Array(new.dropLast()) == old
            let poppedTop = new == Array(old.dropLast())
            if !(pushed && operations.contains(.push) || poppedTop && operations.contains(.popTop)
                 || new.isEmpty && operations.contains(.popAll)) {
                violation(statement, "changed the context's path from \(old) to \(new) outside its stack operations \(operations)")
            }
        }
    }

    /// Runs every statement of `text`'s spec where it can run: `launch`
    /// from the blank states, every edge of every screen from every context
    /// of the reachable states (guards aside) with every choice of routes,
    /// and every deep link's `else`.
    static func check(_ text: String, label: String) throws -> Check? {
        guard let spec = Frontend.load(SourceFile(path: "\(label).navflow", text: text)).spec,
              let model = try? FlowModel(spec), let valuations = try? model.inputValuations(limit: 1 << 10)
        else { return nil }
        var check = Check(model: model)
        var starts: [NavState] = []
        for inputs in valuations {
            check.runStep(spec.launch.map(\.statement), choices: [], origin: nil, from: model.blankState(inputs: inputs))
            if let state = model.initialState(inputs: inputs).state { starts.append(state) }
        }
        var seen = Set(starts)
        var queue = starts
        var head = 0
        while head < queue.count && head < stateLimit {
            let state = queue[head]
            head += 1
            for context in model.activeContexts(of: state) {
                let route = model.visibleRoute(of: context, in: state)
                let screen = model.routes.screen(of: route)
                let bindings = model.routes.values(of: route)
                for edge in spec.screens[screen].edges {
                    var combinations: [[Int]] = [[]]
                    for statement in edge.statements {
                        let choices = statement.routeChoices(routes: model.routes, bindings: bindings)
                        combinations = combinations.flatMap { prefix in choices.map { prefix + $0 } }
                    }
                    for choices in combinations {
                        check.runStep(edge.statements, choices: choices, origin: context, from: state)
                    }
                }
            }
            for handler in spec.deepLinks.flatMap(\.handlers) {
                guard let otherwise = handler.otherwise else { continue }
                let choices = otherwise.routeChoices(routes: model.routes, bindings: []).first ?? []
                check.runStep([otherwise], choices: choices, origin: nil, from: state)
            }
            model.successors(of: state, deepLinks: true) { transition in
                guard let next = transition.target, seen.insert(next).inserted else { return }
                queue.append(next)
            }
        }
        return check
    }

    static func expectAgreement(_ text: String, label: String) throws -> Bool {
        guard let check = try check(text, label: label) else { return false }
        #expect(check.violations.isEmpty, "\(label): \(check.violations.joined(separator: "\n"))\n\(text)")
        return check.runs > 0
    }

    @Test func bundledSpecsRunWithinTheirFootprints() throws {
        var checked = 0
        for folder in ["examples", "defects"] {
            for path in Repository.specs(in: folder) {
                let text = String(decoding: Repository.source(path).bytes, as: UTF8.self)
                if try Self.expectAgreement(text, label: path) { checked += 1 }
            }
        }
        #expect(checked >= 15, "only \(checked) bundled specs ran statements")
    }

    @Test func generatedAppsRunWithinTheirFootprints() throws {
        let shapes = [AppShape(tabs: 2, screens: 6, fanOut: 3, depth: 3, sheets: 1, flags: 1, inputs: 1, deepLinks: 2),
                      AppShape(tabs: 3, screens: 9, fanOut: 2, depth: 2, sheets: 2, flags: 2, inputs: 2, deepLinks: 4, seed: 7)]
        for (index, shape) in shapes.enumerated() {
            #expect(try Self.expectAgreement(AppSpecGenerator.spec(shape), label: "app-\(index)"))
        }
    }

    @Test(arguments: Array(UInt64(0)..<4)) func randomSpecsRunWithinTheirFootprints(batch: UInt64) throws {
        var checked = 0
        for offset in UInt64(0)..<30 {
            let seed = 7000 + batch * 30 + offset
            var generator = SpecGenerator(seed: seed)
            if try Self.expectAgreement(generator.spec(), label: "seed-\(seed)") { checked += 1 }
        }
        #expect(checked >= 20, "only \(checked) of 30 generated specs ran statements")
    }

    /// Every kind of statement ran somewhere above, so each footprint was checked.
    @Test func everyKindOfStatementIsChecked() throws {
        var kinds = Set<String>()
        func collect(_ text: String) {
            guard let spec = Frontend.load(SourceFile(path: "kinds.navflow", text: text)).spec else { return }
            let statements = spec.screens.flatMap { $0.edges.flatMap(\.statements) } + spec.launch.map(\.statement)
                + spec.deepLinks.flatMap(\.handlers).compactMap(\.otherwise)
            for statement in statements { kinds.insert(String(describing: statement.kind).prefix { $0 != "(" }.description) }
        }
        for folder in ["examples", "defects"] {
            for path in Repository.specs(in: folder) { collect(String(decoding: Repository.source(path).bytes, as: UTF8.self)) }
        }
        for seed in UInt64(7000)..<7120 {
            var generator = SpecGenerator(seed: seed)
            collect(generator.spec())
        }
        #expect(kinds == ["push", "pushUnderModals", "pushInline", "pushStack", "present", "dismiss", "close", "pop", "popToRoot", "rebuild", "selectTab", "set", "open", "select"],
                "kinds run: \(kinds.sorted())")
    }
}
