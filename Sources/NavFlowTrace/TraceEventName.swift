/// The names a trace's `"event"` member takes: the one list the recorder,
/// the test planner and the trace reader share, in the order messages list
/// them.
public enum TraceEventName: String, CaseIterable, Sendable {
    /// A new run, with the values of the spec's inputs.
    case launch
    /// A tab selected by its id.
    case tab
    /// A screen pushed on the visible stack.
    case push
    /// A route shown in the next column of a split view.
    case select
    /// A screen or stack presented as a sheet.
    case sheet
    /// A screen or stack presented as a full-screen cover.
    case cover
    /// A screen or stack presented as a popover.
    case popover
    /// The top of the visible stack popped.
    case back
    /// Read as `back`; never written.
    case pop
    /// The visible stack emptied back to its root.
    case popToRoot
    /// The top modal went away.
    case dismiss
    /// A URL the app handled.
    case deeplink
    /// An entry point that is not a URL (a notification, a shortcut, ...), by name.
    case entry
    /// A labelled action.
    case action
    /// A screen's appear hook ran (`.onAppear`, `.task`); the navigation it
    /// did is part of it.
    case appear
}
