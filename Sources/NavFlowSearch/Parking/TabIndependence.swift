import NavFlowSource
import NavFlowModel
import NavFlowSpec

/// Whether a search may store the tabs that are not selected parked
/// (`ParkedPaths`: each path cut after its last screen that could not be
/// pushed again) instead of exploring the product of the tabs' paths, and
/// which tabs it must store whole. docs/performance.md proves that the
/// parked search finds the same local views, in-app and with deep links,
/// and so the same findings, when:
///
/// 1. The root is a tab view of two tabs or more, each showing a stack, a
///    screen or a split view.
/// 2. A tab is stored whole (never cut) when a step may select it and not
///    leave it on screen untouched: a statement after its `tab` (in an
///    edge, an appear hook or a dismissal hook) acts on a stack or
///    presents, or the step may leave a modal up (it has no `rebuild`, and
///    its screen may be presented, the block is a hook, or it presents),
///    unless a `rebuild` came before the `tab`, no modal is up at the
///    `tab` and a `popToRoot` empties the tab's one stack before anything
///    else acts on a path or presents (`bottomModalRoots`; where the spec
///    does not say whether a modal is up, a search may check it as it goes:
///    `watched`), or the parked
///    search lifts the tab before the step (`liftedTabs`: an edge
///    of a screen never presented and without hooks, selecting a tab that
///    shows a stack and is never hidden, in a tab view without split
///    views); when a deep link may append to its paths (`/ ...`),
///    change it unselected (`keep tab`) or write one of its several stacks
///    beneath the modals (`under modals`); and when a link's `else`
///    selects it.
/// 3. At least one tab is not stored whole.
///
/// Appear and dismissal hooks, flags that go back and forth, edges that
/// both navigate and set flags or present, steps after a `dismiss`,
/// `push … under modals`, `rebuild`, `hidden if`, links that keep or
/// present modals, and `open` (the link it opens is one of the spec's,
/// judged as such) break none of these: they change what `ParkedPaths`
/// keeps, not whether it is exact.
public struct TabIndependence: Sendable {
    /// Why the tabs may not be parked, one line per reason with its source
    /// line; empty when they may.
    public private(set) var reasons: [String]
    /// Per tab of the root tab view: whether it is stored whole, never cut,
    /// when the others are parked (all false when none is, or no tab view).
    public private(set) var wholeTabs: [Bool]
    /// Why each tab stored whole is, one line per reason with the tab and
    /// the source line, when the other tabs are parked.
    public private(set) var wholeReasons: [String]

    /// Per screen, per edge: the tabs it selects and then acts on, or may
    /// leave under a modal, that the parked search lifts before the step
    /// instead of storing them whole: it takes the edge from every path
    /// the user could give such a tab by pushing again what was cut
    /// (`ParkedPaths.transitions`).
    public private(set) var liftedTabs: [[[Int]]]

    /// A `tab` statement of an edge whose tab the parked search stores
    /// parked on a condition it checks as it goes: no modal is up when the
    /// statement runs. A `popToRoot` follows it before anything else acts
    /// on a path or presents, and the tab shows one stack, so with no modal
    /// up the step empties the tab's path, in the app and in the parked
    /// search alike; or nothing after it acts on a path or presents, and no
    /// dismissal hook of the spec does, so the tab is left on screen
    /// untouched with no modal up. What is up when it runs is not known
    /// from the spec (a `close` of a modal that may or may not be up, a
    /// sheet shown over a cover or over a tab). The statement's fact `selectsTabUnderModal` says where
    /// the search met it with a modal up: the search is then run again
    /// with the tab stored whole (`Explorer`).
    public struct WatchedSelection: Hashable, Sendable {
        /// The tab the statement selects.
        public let tab: Int
        /// Where the statement is.
        public let statement: SourceRange
        /// What it is, for a report: "tab 'ID', line N: an edge of 'Screen'
        /// selects it with no modal up, as the search checks".
        public let description: String
    }

    /// The selections the parked search checks as it goes, when it was
    /// asked to (`init(model:metWithAModalUp:)`); empty otherwise.
    public private(set) var watched: [WatchedSelection] = []

    /// The most paths a tab may be lifted to before one step: a tab whose
    /// lifts could be more (`ParkedPaths.mostLifts`) is stored whole instead.
    public static let maxLifts = 65_536

    /// Whether a search may park the tabs that are not selected.
    public var holds: Bool { reasons.isEmpty }

    /// The conditions judged on the spec alone: a tab that could be lifted
    /// is assumed to have few enough lifts (`init(model:)` checks it).
    public init(_ spec: FlowSpec) {
        self.init(spec, tooManyLifts: { _ in false }, metWithAModalUp: nil)
    }

    /// The conditions, with each tab that would be lifted before a step
    /// stored whole when its lifts could be more than `maxLifts` paths. A
    /// `tab` whose tab could be parked only if no modal is up when it runs
    /// keeps its tab whole.
    public init(model: FlowModel) {
        self.init(model.spec, tooManyLifts: { ParkedPaths.mostLifts(of: $0, in: model) > Self.maxLifts }, metWithAModalUp: nil)
    }

    /// The conditions as `init(model:)` judges them, but a `tab` whose tab
    /// could be parked only if no modal is up when it runs is `watched`
    /// instead, its tab parked, unless its statement is in
    /// `metWithAModalUp` (a search met it with a modal up): for a search
    /// that checks them as it goes (`Explorer`).
    public init(model: FlowModel, metWithAModalUp: Set<SourceRange>) {
        self.init(model.spec, tooManyLifts: { ParkedPaths.mostLifts(of: $0, in: model) > Self.maxLifts },
                  metWithAModalUp: metWithAModalUp)
    }

    private init(_ spec: FlowSpec, tooManyLifts: (Int) -> Bool, metWithAModalUp: Set<SourceRange>?) {
        var global: [(line: Int, text: String)] = []
        var perTab: [(tab: Int, line: Int, text: String)] = []
        func add(_ reason: String, _ range: SourceRange) {
            global.append((range.start.line, "line \(range.start.line): \(reason)"))
        }
        func keepWhole(_ tab: Int, _ reason: String, _ range: SourceRange) {
            perTab.append((tab, range.start.line, "line \(range.start.line): \(reason)"))
        }
        var watching: [WatchedSelection] = []
        // A dismissal hook that acts on a path or presents may run later in the
        // step than a `tab` with nothing after it, on the tab it selected.
        let hooksAct = spec.screens.contains { screen in
            screen.dismissHooks.contains { $0.statements.contains { $0.footprint.mayChangeAPath || $0.footprint.presents } }
        }
        // Only edges' statements are watched: a hook acts on the view it was
        // pinned to (a `popToRoot` after its `tab` does not empty that tab),
        // and a dismissal hook of the same step may act after it.
        func noWatch(_ tab: Int, _ range: SourceRange, _ block: String, _ emptied: Bool) -> Watch { .notWatching }
        func watch(_ tab: Int, _ range: SourceRange, _ block: String, _ emptied: Bool) -> Watch {
            guard let met = metWithAModalUp, emptied || !hooksAct else { return .notWatching }
            if met.contains(range) { return .met }
            let id = spec.rootTabView.flatMap { $0.tabs.indices.contains(tab) ? $0.tabs[tab].id : nil } ?? "\(tab)"
            watching.append(WatchedSelection(tab: tab, statement: range, description:
                "tab '\(id)', line \(range.start.line): \(block) selects it with no modal up, as the search checks"))
            return .watched
        }
        guard let view = spec.rootTabView, view.tabs.count >= 2 else {
            reasons = ["the root is not a tab view of two tabs or more"]
            wholeTabs = spec.rootTabView.map { Array(repeating: false, count: $0.tabs.count) } ?? []
            wholeReasons = []
            liftedTabs = spec.screens.map { $0.edges.map { _ in [] } }
            return
        }
        var stacksPerTab: [Int] = []
        for tab in view.tabs {
            switch tab.content {
            case .stack:
                stacksPerTab.append(1)
            case .screen:
                stacksPerTab.append(0)
            case .split(let split):
                stacksPerTab.append(spec.splits[split].columns.filter { if case .stack = $0 { true } else { false } }.count)
            default:
                stacksPerTab.append(0)
                add("tab '\(tab.id)' shows '\(spec.name(of: tab.content))', which is neither a stack, a screen nor a split view", tab.range)
            }
        }
        let presented = Self.presentedScreens(spec)
        let bottomRoots = Self.bottomModalRoots(spec, presented: presented)
        // Per tab: whether it shows one stack, whose path `popToRoot` empties when no modal is up.
        let oneStack = view.tabs.map { if case .stack = $0.content { true } else { false } }
        let noSplits = view.tabs.allSatisfy { if case .split = $0.content { false } else { true } }
        // A tab the parked search can lift: it shows a stack and is never hidden.
        let liftable = view.tabs.map { tab in
            guard case .stack = tab.content, noSplits else { return false }
            return tab.hiddenIf == nil
        }
        // Lifting a tab takes a path per way to push again on top of its
        // cut path; past `maxLifts`, the tab is stored whole.
        var tooMany: [Int: Bool] = [:]
        func lifts(_ tab: Int) -> Bool {
            if let known = tooMany[tab] { return !known }
            let many = tooManyLifts(tab)
            tooMany[tab] = many
            return !many
        }
        var lifted: [[[Int]]] = []
        for (index, screen) in spec.screens.enumerated() {
            // An edge of a screen in a tab's stack, never under a modal, with no
            // hook that switching back to its tab could run.
            let liftsBefore = !presented.contains(index) && screen.hooks.isEmpty
            lifted.append(screen.edges.map { edge in
                Self.check(edge.statements, of: "an edge of '\(screen.name)'",
                           startsWith: presented.contains(index) ? (bottomRoots.contains(index) ? .theBottomModal : .modals) : .noModal,
                           oneStack: oneStack, liftable: liftsBefore ? liftable : [], fewLifts: lifts, watch: watch, add: add,
                           keepWhole: keepWhole)
            })
            // An appear hook runs in the step that shows its view, which may
            // be under a sheet or popover the same step presented (they hide
            // nothing beneath), whether or not the screen itself is ever
            // presented: its `tab` may leave a modal up, which a later hook
            // of the step may close (running a dismissal hook on that tab).
            for hook in screen.hooks {
                _ = Self.check(hook.statements, of: "the appear hook of '\(screen.name)'",
                               startsWith: .modals, oneStack: oneStack, liftable: [], fewLifts: lifts, watch: noWatch,
                               add: add, keepWhole: keepWhole)
            }
            // A dismissal hook runs on what its modal's closing leaves on
            // top, which may be another modal: its `tab` may leave one up.
            for hook in screen.dismissHooks {
                _ = Self.check(hook.statements, of: "the dismissal hook of '\(screen.name)'",
                               startsWith: .modals, oneStack: oneStack, liftable: [], fewLifts: lifts, watch: noWatch,
                               add: add, keepWhole: keepWhole)
            }
        }
        liftedTabs = lifted
        for link in spec.deepLinks {
            let name = "\(link.subject)"
            for (number, handler) in link.handlers.enumerated() {
                let range = number == 0 ? link.range : handler.range
                if let tab = handler.target.tab {
                    if handler.keepsTab {
                        keepWhole(tab, "\(name) changes a tab it does not select ('keep tab')", range)
                    } else if handler.target.appends {
                        keepWhole(tab, "\(name) appends to the path of a tab it may select ('/ ...')", range)
                    } else if handler.underModals && stacksPerTab[tab] > 1 {
                        keepWhole(tab, "\(name) writes one stack of a tab of several beneath the modals ('under modals')", range)
                    }
                }
                // An `else` may not open a URL (the front end rejects it).
                if let otherwise = handler.otherwise, case .selectTab(let tab) = otherwise.kind {
                    keepWhole(tab, "the 'else' of \(name) selects a tab", otherwise.range)
                }
            }
        }
        var whole = Array(repeating: false, count: view.tabs.count)
        for reason in perTab where whole.indices.contains(reason.tab) { whole[reason.tab] = true }
        let ordered = perTab.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        if global.isEmpty && whole.contains(false) {
            reasons = []
            wholeTabs = whole
            watched = watching.filter { !whole[$0.tab] }
            wholeReasons = ordered.map { "tab '\(view.tabs.indices.contains($0.tab) ? view.tabs[$0.tab].id : "\($0.tab)")', \($0.text)" }
        } else {
            // No tab is parked: every reason, in the order of the lines.
            let all = global + ordered.map { (line: $0.line, text: $0.text) }
            reasons = all.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
            wholeTabs = Array(repeating: false, count: view.tabs.count)
            wholeReasons = []
        }
    }

    /// What `check` makes of a `tab` whose tab could be parked only if no
    /// modal is up when it runs.
    private enum Watch {
        /// The search checks it as it goes: the tab may be parked.
        case watched
        /// A search met it with a modal up: the tab is stored whole.
        case met
        /// The search does not check it: judged as any other `tab`.
        case notWatching
    }

    /// What is up when a block starts.
    private enum BlockStart {
        /// No modal: an edge of a screen never presented.
        case noModal
        /// One modal, whose root screen is on top with nothing pushed: an
        /// edge of a screen in `bottomModalRoots`.
        case theBottomModal
        /// Any modals.
        case modals
    }

    /// Whether no modal is up when statement `index` of a block that starts
    /// with `start` runs: none was, or the one bottom modal was closed by a
    /// `dismiss` (its root is on top with an empty path, so the `dismiss`
    /// closes it) before anything else changed a path or the modals; and
    /// nothing before `index` may present (`open` runs a link, which may).
    private static func noModalUp(before index: Int, of statements: [Statement], start: BlockStart) -> Bool {
        let before = statements[..<index]
        guard !before.contains(where: { statement in
            if case .open = statement.kind { return true }
            return statement.footprint.presents
        }) else { return false }
        switch start {
        case .noModal:
            return true
        case .modals:
            return false
        case .theBottomModal:
            let first = before.first { $0.footprint.mayChangeAPath || $0.footprint.closesModals }
            if let first, case .dismiss = first.kind { return true }
            return false
        }
    }

    /// Judges the `tab` statements of a block (an edge, an appear or a
    /// dismissal hook) of a screen; `block` names it in the reasons, and
    /// `start` says what may be up when it starts (a block that may start
    /// under a modal may leave one up). Returns the tabs it selects that
    /// the parked search lifts before the step instead (those `liftable`
    /// marks).
    private static func check(_ statements: [Statement], of block: String, startsWith start: BlockStart,
                              oneStack: [Bool], liftable: [Bool], fewLifts: (Int) -> Bool, watch: (Int, SourceRange, String, Bool) -> Watch,
                              add: (String, SourceRange) -> Void, keepWhole: (Int, String, SourceRange) -> Void) -> [Int] {
        func isRebuild(_ statement: Statement) -> Bool { if case .rebuild = statement.kind { true } else { false } }
        let rebuilds = statements.contains(where: isRebuild)
        var lifted: [Int] = []
        for (index, statement) in statements.enumerated() {
            switch statement.kind {
            case .selectTab(let tab):
                // With no modal up, a `popToRoot` before anything else acts on a path
                // or presents empties the tab's one path in the app and in the parked
                // search alike: the step then writes the tab whole, from its root.
                let next = statements[(index + 1)...].first { $0.footprint.mayChangeAPath || $0.footprint.presents }
                var emptied = false
                if oneStack.indices.contains(tab), oneStack[tab], let next, case .popToRoot = next.kind { emptied = true }
                if emptied && noModalUp(before: index, of: statements, start: start) { break }
                let after = statements[(index + 1)...].map(\.footprint)
                let acts = after.contains { $0.mayChangeAPath || $0.presents }
                let leavesModal = !rebuilds && (start != .noModal || statements.contains { $0.footprint.presents })
                // After a rebuild the tab's paths are empty in the app and in the parked search alike.
                guard acts || leavesModal, !statements[..<index].contains(where: isRebuild) else { break }
                let isLiftable = liftable.indices.contains(tab) && liftable[tab]
                // When all that stands in the way is a modal that may be up at the `tab` (the tab is
                // then emptied, or nothing after it acts or presents), the search may see whether one is.
                if emptied || !acts {
                    switch watch(tab, statement.range, block, emptied) {
                    case .watched:
                        continue
                    case .met where !(isLiftable && fewLifts(tab)):
                        keepWhole(tab, emptied ? "\(block) selects the tab and empties it with a modal up (the search met one there)"
                                  : "\(block) selects a tab with a modal up (the search met one there)", statement.range)
                        continue
                    case .met, .notWatching:
                        break
                    }
                }
                if isLiftable {
                    if fewLifts(tab) {
                        if !lifted.contains(tab) { lifted.append(tab) }
                    } else {
                        keepWhole(tab, "\(block) selects a tab whose paths are too many to lift before the step (more than \(maxLifts))",
                                  statement.range)
                    }
                } else if acts {
                    keepWhole(tab, "\(block) acts on the tab it selects, or presents, after 'tab'", statement.range)
                } else {
                    keepWhole(tab, "\(block) selects a tab and may leave a modal up (no 'rebuild')", statement.range)
                }
            default:
                break
            }
        }
        return lifted
    }

    /// The screens only ever shown as the root of the one modal up: never
    /// pushed, shown in no tab nor at the root, and every content whose root
    /// they are presented only with no modal up: by an edge of a screen
    /// never presented (`presented`), before anything else of the edge
    /// presents or opens a URL, or as the first modal of a deep link that
    /// closes every modal. A presentation anywhere else (an appear or
    /// dismissal hook, `launch`, a link's `else` or its later modals, a link
    /// that keeps modals) may stack it on others.
    public static func bottomModalRoots(_ spec: FlowSpec, presented: Set<Int>) -> Set<Int> {
        func root(of content: Content) -> Int? {
            switch content {
            case .screen(let screen): screen
            case .stack(let stack): spec.stacks[stack].root
            default: nil
            }
        }
        var candidates = presented
        // Never pushed, and shown by no tab, split or root of its own.
        for stack in spec.stacks { candidates.subtract(stack.destinations) }
        for push in spec.inlinePushes { candidates.remove(push.route.screen) }
        var notBottom = Set<Int>()
        func shownAnywhere(_ content: Content) {
            if let screen = root(of: content) { notBottom.insert(screen) } else { candidates = [] }
        }
        // A screen a statement pushes, pushes as a stack or shows in a column.
        for statement in spec.screens.flatMap({ $0.statementBlocks.map(\.statements) }).joined() + spec.launch.map(\.statement) + spec.deepLinks.flatMap(\.handlers).compactMap(\.otherwise) {
            if let route = statement.routeToChoose { candidates.remove(route.screen) }
            if case .pushStack(let stack) = statement.kind { candidates.remove(spec.stacks[stack].root) }
        }
        for (index, screen) in spec.screens.enumerated() {
            for edge in screen.edges {
                var earlier = false
                for statement in edge.statements {
                    if case .present(_, let content) = statement.kind, earlier || presented.contains(index) {
                        shownAnywhere(content)
                    }
                    if case .open = statement.kind { earlier = true }
                    if statement.footprint.presents { earlier = true }
                }
            }
            // Appear and dismissal hooks: the blocks past the edges.
            for hook in screen.statementBlocks.dropFirst(screen.edges.count) {
                for statement in hook.statements {
                    if case .present(_, let content) = statement.kind { shownAnywhere(content) }
                }
            }
        }
        for step in spec.launch {
            if case .present(_, let content) = step.statement.kind { shownAnywhere(content) }
        }
        for link in spec.deepLinks {
            for handler in link.handlers {
                let closesEvery = !handler.keepModals && !handler.underModals
                for (number, modal) in handler.target.modals.enumerated() where !(closesEvery && number == 0) {
                    shownAnywhere(modal.content)
                }
                if let otherwise = handler.otherwise, case .present(_, let content) = otherwise.kind {
                    shownAnywhere(content)
                }
                for column in handler.target.columns {
                    if let shows = column.shows { candidates.remove(shows.screen) }
                    for route in column.path { candidates.remove(route.screen) }
                }
            }
        }
        // Shown in a tab, a split's column or at the root without a modal:
        // every content the root shows, through tab views and split views.
        var shown: [Content] = [spec.root]
        var seen = Set<Content>()
        while let content = shown.popLast() {
            guard seen.insert(content).inserted else { continue }
            switch content {
            case .tabs(let tabs): shown += spec.tabViews[tabs].tabs.map(\.content)
            case .split(let split): shown += spec.splits[split].columns
            case .screen, .stack: if let screen = root(of: content) { candidates.remove(screen) }
            }
        }
        return candidates.subtracting(notBottom)
    }

    /// The screens a modal may show: presented ones, the roots and
    /// destinations of presented stacks (by a statement or a deep link), and
    /// what view-destination links push from those.
    public static func presentedScreens(_ spec: FlowSpec) -> Set<Int> {
        var contents: [Content] = []
        for screen in spec.screens {
            for block in screen.statementBlocks {
                for statement in block.statements {
                    if case .present(_, let content) = statement.kind { contents.append(content) }
                }
            }
        }
        for step in spec.launch {
            if case .present(_, let content) = step.statement.kind { contents.append(content) }
        }
        for link in spec.deepLinks {
            for handler in link.handlers {
                contents += handler.target.modals.map(\.content)
                if let otherwise = handler.otherwise, case .present(_, let content) = otherwise.kind {
                    contents.append(content)
                }
            }
        }
        var screens = Set<Int>()
        for content in contents {
            switch content {
            case .screen(let screen):
                screens.insert(screen)
            case .stack(let stack):
                screens.insert(spec.stacks[stack].root)
                screens.formUnion(spec.stacks[stack].destinations)
            default:
                screens = Set(spec.screens.indices)
            }
        }
        // What view-destination links push on a modal's stack is shown in the modal too
        // (from `launch` or a link's `else`, wherever it lands).
        let inline = spec.inlinePushes
        var grew = true
        while grew {
            grew = false
            for push in inline where (push.from.map(screens.contains) ?? true) && screens.insert(push.route.screen).inserted {
                grew = true
            }
        }
        return screens
    }
}
