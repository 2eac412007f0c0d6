import NavFlowGenerator
import NavFlowModel
@testable import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `ModalLayers` against runs of the transition function: for every state
/// with a modal up that a search of a spec finds, and every unit from it,
/// a unit called `.modals` gives, from each other state found with the same
/// modals, flags and inputs, the same transitions with that state's beneath
/// in place; a unit called `.beneath` gives, under each other state's
/// modals with the same beneath, flags and inputs, the same transitions
/// with those modals in place.
@Suite struct ModalLayersTests {
    /// What lies beneath the modals, with the flags and inputs.
    struct Beneath: Hashable {
        var flags: UInt64
        var inputs: UInt64
        var selectedTab: Int
        var paths: [[Int]]
        var shows: [Int]

        init(_ state: NavState) {
            flags = state.flags
            inputs = state.inputs
            selectedTab = state.selectedTab
            paths = state.paths
            shows = state.shows
        }
    }

    /// The modals, with the flags and inputs.
    struct Above: Hashable {
        var flags: UInt64
        var inputs: UInt64
        var modals: [Modal]

        init(_ state: NavState) {
            flags = state.flags
            inputs = state.inputs
            modals = state.modals
        }
    }

    /// Units judged and comparisons made.
    struct Tally {
        var units: [ModalLayers.Layer: Int] = [:]
        /// Units compared against another state's runs, per layer.
        var compared: [ModalLayers.Layer: Int] = [:]
        /// `.modals` units whose target changed whether a cover is up where
        /// the spec has appear hooks (`keepsCoverState`): not compared.
        var coverChanges = 0
        /// Units that close the one modal up (`joinsBeneath`) compared.
        var joinsCompared = 0

        mutating func add(_ other: Tally) {
            units.merge(other.units, uniquingKeysWith: +)
            compared.merge(other.compared, uniquingKeysWith: +)
            coverChanges += other.coverChanges
            joinsCompared += other.joinsCompared
        }
    }

    static let limits = Explorer.Limits(maxStates: 20_000, maxBytes: 1 << 30, maxValuations: 64)

    static func transitions(of unit: StepUnit, from state: NavState, in model: FlowModel) -> [Transition] {
        var found: [Transition] = []
        model.run(unit, from: state, decider: ConcreteDecider()) { found.append($0) }
        return found
    }

    /// `transitions` with the beneath of each target replaced by `other`'s.
    static func withBeneath(of other: NavState, _ transitions: [Transition]) -> [Transition] {
        transitions.map { transition in
            var moved = transition
            moved.target?.selectedTab = other.selectedTab
            moved.target?.paths = other.paths
            moved.target?.shows = other.shows
            return moved
        }
    }

    /// `transitions` with the modals of each target replaced by `other`'s,
    /// and an outcome that lists the modals kept written as the modals of `source`.
    static func withModals(of other: NavState, from source: NavState, _ transitions: [Transition]) -> [Transition] {
        transitions.map { transition in
            var moved = transition
            moved.target?.modals = other.modals
            if moved.outcome == .notTheTarget(extraModals: source.modals.map(\.presentable)) {
                moved.outcome = .notTheTarget(extraModals: other.modals.map(\.presentable))
            }
            return moved
        }
    }

    /// Checks every unit from the first `statesChecked` states with a modal
    /// up against up to `others` other states of its groups.
    @discardableResult
    static func expectLayersHold(_ source: SourceFile, _ context: String, statesChecked: Int = 4_000,
                                 others: Int = 3) -> Tally {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec) else { return Tally() }
        let graph = Explorer(limits: limits).exploreUntilLimit(model).0
        let states = (0..<graph.count).map { graph.state($0) }.filter { !$0.modals.isEmpty }
        var byAbove: [Above: [Int]] = [:]
        var byBeneath: [Beneath: [Int]] = [:]
        for (index, state) in states.enumerated() {
            byAbove[Above(state), default: []].append(index)
            byBeneath[Beneath(state), default: []].append(index)
        }
        let layers = ModalLayers(model: model)
        var tally = Tally()
        for state in states.prefix(statesChecked) {
            model.forEachUnit(of: state, deepLinks: true) { unit in
                let layer = layers.layer(of: unit, from: state)
                tally.units[layer, default: 0] += 1
                if layers.joinsBeneath(unit, from: state) {
                    let mine = transitions(of: unit, from: state, in: model)
                    for target in mine.compactMap(\.target) {
                        var beneath = state
                        beneath.modals = []
                        beneath.flags = target.flags
                        #expect(target == beneath, "\(context): \(unit) from \(state) does not leave what lies beneath: \(target)")
                    }
                    let group = byAbove[Above(state)] ?? []
                    for other in group.lazy.map({ states[$0] }).filter({ Beneath($0) != Beneath(state) }).prefix(others) {
                        tally.joinsCompared += 1
                        let theirs = transitions(of: unit, from: other, in: model)
                        #expect(theirs.map(\.target) == withBeneath(of: other, mine).map(\.target),
                                "\(context): \(unit) from \(state) and from \(other) close the modal differently")
                    }
                }
                guard layer != .both else { return }
                let mine = transitions(of: unit, from: state, in: model)
                switch layer {
                case .modals:
                    for transition in mine {
                        guard let target = transition.target else { continue }
                        #expect(!target.modals.isEmpty, "\(context): \(unit) closed every modal from \(state)")
                        #expect(target.paths == state.paths && target.selectedTab == state.selectedTab
                                    && target.shows == state.shows,
                                "\(context): \(unit) changed what lies beneath, from \(state) to \(target)")
                    }
                    if mine.contains(where: { $0.target.map { !layers.keepsCoverState(from: state, to: $0) } ?? false }) {
                        tally.coverChanges += 1
                        return
                    }
                    let group = byAbove[Above(state)] ?? []
                    for other in group.lazy.map({ states[$0] }).filter({ Beneath($0) != Beneath(state) }).prefix(others) {
                        tally.compared[layer, default: 0] += 1
                        let theirs = transitions(of: unit, from: other, in: model)
                        #expect(theirs == withBeneath(of: other, mine),
                                "\(context): \(unit) from \(state) and from \(other) differ beyond what lies beneath")
                    }
                case .beneath:
                    for transition in mine {
                        guard let target = transition.target else { continue }
                        #expect(target.modals == state.modals, "\(context): \(unit) changed the modals, from \(state) to \(target)")
                    }
                    let group = byBeneath[Beneath(state)] ?? []
                    for other in group.lazy.map({ states[$0] }).filter({ $0.modals != state.modals }).prefix(others) {
                        tally.compared[layer, default: 0] += 1
                        let theirs = transitions(of: unit, from: other, in: model)
                        #expect(theirs == withModals(of: other, from: state, mine),
                                "\(context): \(unit) from \(state) and from \(other) differ beyond the modals")
                    }
                case .both:
                    break
                }
            }
        }
        return tally
    }

    /// What makes a unit read both layers although it looks like one:
    /// - `c://compose` closes the compose sheet and presents it again: with
    ///   a modal left beneath, that is within the modals; with the compose
    ///   sheet alone up, every modal closes, its dismissal hook pushes on the
    ///   selected tab, and the sheet comes back from that tab's last stack
    ///   column (a split's detail, or the stack itself);
    /// - `c://inbox` keeps the modals and writes the inbox tab beneath them,
    ///   where `Thread`'s hook presents, which a modal covers: the fact
    ///   names the covering modal;
    /// - `Lock`, a cover over a sheet, goes away and shows what lies
    ///   beneath anew, whose hooks then run.
    static let traps = """
        app LayerTraps
        scheme "c"
        flag seen = false
        stack InboxStack root Inbox { destination Thread; depth 2 }
        stack DetailStack root Detail { destination Thread; depth 1 }
        split Mail {
          sidebar Folders
          detail DetailStack
        }
        tabs Main {
          tab inbox "Inbox" InboxStack
          tab mail "Mail" Mail
        }
        start Main
        screen Inbox { push Thread; sheet Compose; sheet Settings }
        screen Folders { sheet Compose; sheet Settings }
        screen Detail { push Thread; sheet Compose }
        screen Thread { appear { sheet Reply; set seen = true } }
        screen Reply { dismiss }
        screen Compose { sheet Settings; dismiss; on dismiss { push Thread } }
        screen Settings { sheet Compose; cover Lock; dismiss }
        screen Lock { dismiss }
        deeplink "c://compose" -> + sheet Compose close Compose
        deeplink "c://inbox" -> inbox / Thread keep modals
        """

    /// Two tabs with stacks, a sheet with a stack that signs in and out,
    /// a sheet over the pages, and links that write a tab beneath the
    /// modals they keep (one signs in first when it must), present a
    /// sheet over them, or close the settings sheet and present it again:
    /// most units are of one layer.
    static let keptModals = """
        app KeptModals
        scheme "k"
        flag signedIn = false
        stack FeedStack root Feed { destination Post; destination Profile; depth 3 }
        stack ShopStack root Shop { destination Item; depth 2 }
        stack SettingsStack root Settings { destination Account; depth 2 }
        tabs Main {
          tab feed "Feed" FeedStack
          tab shop "Shop" ShopStack
        }
        start Main
        screen Feed { push Post; sheet SettingsStack }
        screen Post { push Profile; sheet Share }
        screen Profile { push Post }
        screen Shop { push Item; sheet SettingsStack }
        screen Item { sheet Share }
        screen Settings { push Account; action "Sign in" { set signedIn = true }; dismiss }
        screen Account { action "Sign out" { set signedIn = false; pop } }
        screen Share { sheet SettingsStack; dismiss }
        deeplink "k://post" -> feed / Post keep modals
        deeplink "k://item" -> shop / Item requires signedIn else set signedIn = true keep modals
        deeplink "k://profile" -> feed / Post / Profile keep modals
        deeplink "k://share" -> + sheet Share keep modals
        deeplink "k://settings" -> + sheet SettingsStack close SettingsStack
        """

    @Test func layersHoldWhereLinksKeepTheModals() throws {
        let tally = Self.expectLayersHold(SourceFile(path: "kept.navflow", text: Self.keptModals), "kept modals", others: 20)
        #expect(tally.compared[.beneath, default: 0] >= 100 && tally.compared[.modals, default: 0] >= 100, "\(tally)")
    }

    @Test func layersHoldWhereUnitsLookLikeOneLayer() throws {
        let tally = Self.expectLayersHold(SourceFile(path: "traps.navflow", text: Self.traps), "traps", others: 50)
        #expect(tally.compared[.modals, default: 0] >= 20, "\(tally)")
        print("traps: \(tally)")
    }

    @Test func layersHoldOnEverySpec() {
        var tally = Tally()
        for path in Repository.allSpecs() {
            tally.add(Self.expectLayersHold(Repository.source(path), path,
                                            statesChecked: path.contains("/specs/apps/") ? 1_500 : 4_000))
        }
        #expect(tally.compared[.modals, default: 0] >= 1_000, "\(tally)")
        #expect(tally.compared[.beneath, default: 0] >= 1_000, "\(tally)")
        #expect(tally.joinsCompared >= 1_000, "\(tally)")
        print("every spec: \(tally)")
    }

    @Test(arguments: Array(UInt64(0)..<2)) func layersHoldOnRandomSpecs(batch: UInt64) {
        var tally = Tally()
        for offset in UInt64(0)..<60 {
            let seed = batch * 60 + offset + 1
            var generator = SpecGenerator(seed: seed, appearHooks: offset % 3 == 0)
            let text = generator.spec()
            tally.add(Self.expectLayersHold(SourceFile(path: "generated-\(seed).navflow", text: text),
                                            "seed \(seed)\n\(text)", statesChecked: 500))
        }
        print("random specs \(batch): \(tally)")
    }

    @Test func layersHoldOnInteractingApps() {
        var tally = Tally()
        for seed in UInt64(1)...6 {
            tally.add(Self.expectLayersHold(SourceFile(path: "interacting-\(seed).navflow", text: Fixtures.interactingApp(seed: seed)),
                                            "interacting \(seed)", statesChecked: 1_000))
        }
        print("interacting apps: \(tally)")
    }
}
