import NavFlowModel
import NavFlowSpec

/// Which part of a state with modals up a step unit reads and writes.
///
/// Such a state has two layers: the *modals* (which are up, in order, with
/// their paths) and what lies *beneath* them (the selected tab, every
/// slot's path and selection). Flags and inputs belong to both. On the app
/// specs, the states with a modal up are close to a product of the two: a
/// step inside a modal changes only the modals, a deep link that keeps the
/// modals changes only what lies beneath (docs/performance.md, "Modal
/// layers"). A search that keeps the two layers apart needs to know, for a
/// unit, that its transitions from (modals, beneath) are those from
/// (modals, any other beneath) with that beneath in place, or the other way
/// round. This type decides it from the statements' footprints
/// (`StatementFootprint`), the hooks that may run and the deep links'
/// handlers, never from a run: see `layer(of:from:)` for the conditions
/// and the argument. `ModalLayersTests` checks every answer against runs
/// on the states of every spec.
public struct ModalLayers: Sendable {
    /// The part of the state a unit's transitions depend on and change.
    public enum Layer: Hashable, Sendable {
        /// The modals, flags and inputs: taken from any beneath, the unit
        /// gives the same transitions (step, facts, outcome, and targets
        /// with the modals, flags and inputs the same), each with that
        /// beneath unchanged and a modal still up.
        case modals
        /// What lies beneath, flags and inputs: taken under any modals,
        /// the unit gives the same steps and facts and the same targets
        /// beneath, each with the modals left as they were. Only its
        /// outcome may name them: a link that keeps the modals over a
        /// target without modals did not land (`notTheTarget`), and lists
        /// the modals it kept.
        case beneath
        /// Anything else: the unit may read or change both layers.
        case both
    }

    public let model: FlowModel
    /// Per screen and edge: whether its statements stay within the modals
    /// as long as one is up (`staysWithinModals`).
    private let edgeStays: [[Bool]]
    /// Whether every hook (appear and dismissal) stays within the modals
    /// and closes none, so that the hooks of a step that leaves a modal up
    /// act on the modals only.
    private let hooksStayWithinModals: Bool
    /// Whether no appear hook writes the modals, presents or closes one,
    /// or opens a URL: a hook of a view beneath a kept modal (a link changed
    /// the view) then acts on what lies beneath only.
    private let appearHooksLeaveModals: Bool
    /// Per deep link: whether every handler keeps the modals as they are
    /// and writes beneath them only (`linkStaysBeneath`).
    private let linkStaysBeneath: [Bool]
    /// Per deep link: whether every handler keeps the modals (or closes
    /// some with `close`), names no tab, describes no path, and presents
    /// modals at most (`+ sheet S` in a tab app), with an `else` that stays
    /// within the modals and closes none (`linkPresentsOnly`).
    private let linkPresentsOnly: [Bool]
    /// Whether a flag change can hide the selected tab, which the step's
    /// end reports with the selected tab (a fact that reads beneath).
    private let flagsMayHideTabs: Bool

    public init(model: FlowModel) {
        self.model = model
        let spec = model.spec
        let flagsMayHideTabs = spec.rootTabView?.tabs.contains { $0.hiddenIf != nil } ?? false
        self.flagsMayHideTabs = flagsMayHideTabs
        edgeStays = spec.screens.map { screen in
            screen.edges.map { edge in
                edge.statements.allSatisfy(Self.staysWithinModals)
                    && !(flagsMayHideTabs && edge.statements.contains { $0.footprint.writes.contains(.flags) })
            }
        }
        let hookStatements = spec.screens.flatMap { screen in
            screen.hooks.flatMap(\.statements) + screen.dismissHooks.flatMap(\.statements)
        }
        hooksStayWithinModals = hookStatements.allSatisfy { statement in
            Self.staysWithinModals(statement) && !statement.footprint.closesModals
                && !(flagsMayHideTabs && statement.footprint.writes.contains(.flags))
        }
        appearHooksLeaveModals = spec.screens.allSatisfy { screen in
            screen.hooks.flatMap(\.statements).allSatisfy(Self.leavesModals)
        }
        linkStaysBeneath = spec.deepLinks.map { link in
            link.handlers.allSatisfy { handler in
                handler.keepModals && handler.closing.isEmpty && !handler.underModals
                    && !handler.target.describesCurrentContext && handler.target.modals.isEmpty
                    && (handler.otherwise.map { Self.touchesOnlyFlags($0) } ?? true)
            }
        }
        let hasTabView = model.hasTabView
        linkPresentsOnly = spec.deepLinks.map { link in
            link.handlers.allSatisfy { handler in
                let target = handler.target
                return hasTabView && handler.keepModals && !handler.underModals && !target.describesCurrentContext
                    && !target.appends && target.tab == nil && target.columns.isEmpty
                    && (handler.otherwise.map { otherwise in
                        Self.staysWithinModals(otherwise) && !otherwise.footprint.closesModals
                            && !(flagsMayHideTabs && otherwise.footprint.writes.contains(.flags))
                    } ?? true)
            }
        }
    }

    /// Whether a statement, run while a modal is up, acts on the modals,
    /// flags and inputs only: with a modal up, the context it acts on is
    /// the top modal (`StatementRun.context`), so the stack operations are
    /// the top modal's and `.selectedTab` is read only to choose a context
    /// when none is up. It must not touch the slots or later columns
    /// (paths beneath), select a tab or leave its own.
    static func staysWithinModals(_ statement: Statement) -> Bool {
        let footprint = statement.footprint
        let touched = footprint.reads.union(footprint.writes)
        return touched.isDisjoint(with: [.slots, .laterColumns]) && !footprint.writes.contains(.selectedTab)
            && !footprint.mayLeaveItsTab
    }

    /// Whether a statement of an appear hook leaves the modals alone: it
    /// neither writes them, nor presents or closes one, nor opens a URL.
    /// It may read them: a hook of a view beneath the modals acts on its
    /// own slot (`StatementRun.pinsOrigin`), and of the modals sees only
    /// that one is up, which holds in every state a `.beneath` unit is
    /// taken from. A presentation reads which modal covers the view.
    static func leavesModals(_ statement: Statement) -> Bool {
        let footprint = statement.footprint
        if case .open = statement.kind { return false }
        return !footprint.writes.contains(.modals) && !footprint.presents && !footprint.closesModals
    }

    /// Whether a statement reads and writes flags and inputs only (`set`).
    static func touchesOnlyFlags(_ statement: Statement) -> Bool {
        let footprint = statement.footprint
        return footprint.reads.union(footprint.writes).isSubset(of: [.flags, .inputs]) && !footprint.actsOnStack
    }

    /// The layer of `unit` from `state`, which has a modal up (`.both`
    /// otherwise).
    ///
    /// `.modals` for an edge of the top modal's screen, back in the top
    /// modal, or swipe-down, when:
    /// - every statement of the edge stays within the modals
    ///   (`staysWithinModals`), so each acts on the top modal while one is
    ///   up, reading and writing nothing beneath;
    /// - a modal is up after every statement (`leavesAModalUp`; swipe-down
    ///   closes one), so the context never falls beneath;
    /// - where a flag change can hide a tab, the edge sets no flag (the
    ///   step's end reports a hidden selected tab, naming it);
    /// - the hooks that may run stay within the modals and close none;
    ///   since a modal stays up and nothing beneath changes, the views
    ///   beneath shown anew are those a cover going up or down hides or
    ///   shows, so where the spec has appear hooks, whether a cover is up
    ///   must be the same in each target (`keepsCoverState`).
    ///
    /// `.beneath` for a deep link whose every handler keeps the modals as
    /// they are (`keep modals`, no `close`, no `under modals`), writes a
    /// target beneath them (neither `*`, which writes the top modal, nor
    /// modals to present), and whose `else` sets flags at most, when no
    /// appear hook touches the modals: such a handler decides on the flags
    /// and inputs, writes the tab and paths beneath, closes nothing (no
    /// dismissal hook runs) and shows no modal view anew (the modals are
    /// the same), so the only hooks that run are those of views beneath it
    /// shows anew, which then act beneath.
    ///
    /// `.modals` too for a deep link that only presents over what is up
    /// (`linkPresentsOnly`, in a tab app: a target naming no tab leaves the
    /// selected tab and its paths alone) and whose `close`, if any, leaves
    /// a modal up in `state`: it closes and presents modals, drops a
    /// presentation the top modal covers, and judges its outcome on the
    /// modals, with the same conditions on hooks as an edge.
    public func layer(of unit: StepUnit, from state: NavState) -> Layer {
        let up = state.modals.count
        guard up > 0 else { return .both }
        switch unit {
        case .edge(.modal, let screen, let edge):
            return edgeStays[screen][edge] && hooksOK
                && Self.leavesAModalUp(model.spec.screens[screen].edges[edge].statements, from: state.modals, in: model)
                ? .modals : .both
        case .back(.modal):
            return hooksOK ? .modals : .both
        case .swipeDown:
            return up > 1 && hooksOK ? .modals : .both
        case .deepLink(let link, _):
            if staysBeneath(link: link) { return .beneath }
            let leavesOneUp = model.spec.deepLinks[link].handlers.allSatisfy { handler in
                handler.closing.isEmpty || !model.modals(of: state, closing: handler.closing).isEmpty
            }
            return linkPresentsOnly[link] && leavesOneUp && hooksOK ? .modals : .both
        case .edge, .back, .switchTab, .retapTab:
            return .both
        }
    }

    private var hooksOK: Bool { !model.hasHooks || hooksStayWithinModals }

    /// Whether deep link `link` is `.beneath` from every state with a modal
    /// up: it depends on the link and the spec alone.
    public func staysBeneath(link: Int) -> Bool {
        linkStaysBeneath[link] && appearHooksLeaveModals
    }

    /// Whether `unit`, from `state`, closes its one modal and leaves what
    /// lies beneath as it was, but for the flags it sets: swipe-down, or an
    /// edge of the modal's screen made of `set` statements and a last
    /// `dismiss`, with the modal's path empty (so the `dismiss` closes it),
    /// when the modal is not a cover and its root has no dismissal hook.
    /// Then no hook runs, whatever lies beneath: no dismissal hook, and no
    /// view is shown anew, since a sheet or popover leaves the views beneath
    /// on screen (`FlowModel.shownViews`). Its transitions from (modal,
    /// beneath) are those from (modal, any other beneath), each target that
    /// beneath with the flags set; its facts may name the selected tab (a
    /// flag that hides it), which a search of the states does not read.
    public func joinsBeneath(_ unit: StepUnit, from state: NavState) -> Bool {
        guard state.modals.count == 1, let modal = state.modals.first, modal.kind != .cover,
              !model.hasDismissHook(modal) else { return false }
        switch unit {
        case .swipeDown:
            return true
        case .edge(.modal, let screen, let edge):
            guard modal.path.isEmpty, case .dismiss? = model.spec.screens[screen].edges[edge].statements.last?.kind
            else { return false }
            return model.spec.screens[screen].edges[edge].statements.dropLast().allSatisfy {
                if case .set = $0.kind { true } else { false }
            }
        default:
            return false
        }
    }

    /// Whether `statements`, run from a state with `modals` up, leave a
    /// modal up after each of them. Worked out on lower bounds of the
    /// number of modals up and of the length of the top modal's path: a
    /// `dismiss` pops when the path is not empty and closes the top modal
    /// otherwise; `close` keeps the modals beneath the lowest one it names
    /// (those beneath a modal presented in the step are at least as many
    /// as were up then); a presentation may put up a modal with an empty
    /// path. A statement of any other kind that may close modals, or one
    /// this does not know, counts as closing them all.
    static func leavesAModalUp(_ statements: [Statement], from modals: [Modal], in model: FlowModel) -> Bool {
        var up = modals.count
        var length = modals.last?.path.count ?? 0
        for statement in statements {
            switch statement.kind {
            case .push, .pushInline, .pushStack, .set:
                break
            case .pop:
                length = max(0, length - 1)
            case .popToRoot:
                length = 0
            case .present:
                length = 0
            case .dismiss:
                if length > 0 { length -= 1 } else { up -= 1 }
            case .close(let closing):
                let first = modals.firstIndex { closing.contains(model.shape.presentables[$0.presentable]) }
                up = min(up, first ?? up)
                length = 0
            case .pushUnderModals, .rebuild, .selectTab, .open, .select:
                up = 0
            }
            if up < 1 { return false }
        }
        return true
    }

    /// Whether a target of a `.modals` unit has a cover up exactly when
    /// the source has: otherwise, where the spec has appear hooks, the views
    /// beneath may be shown anew and their hooks run.
    public func keepsCoverState(from source: NavState, to target: NavState) -> Bool {
        !model.hasAppearHooks
            || source.modals.contains { $0.kind == .cover } == target.modals.contains { $0.kind == .cover }
    }
}
