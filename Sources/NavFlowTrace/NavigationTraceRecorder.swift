import Foundation

/// Records an app's navigation as a NavFlow trace, for `navflow coverage`.
///
/// A router calls it where it changes navigation state: on push, pop, tab
/// switch, present, dismiss, labelled actions and deep links. It is safe to
/// call from any thread. By default every event is written as it is
/// recorded, so an app that is killed (as UI tests end it) or crashes loses
/// nothing; `buffered: true` keeps lines in memory until a run ends
/// (`endRun()`, the next `launch`, the recorder's release) or 64 KiB pile
/// up, for apps that record at a high rate and end cleanly.
///
/// A labelled action or a deep link is one step of the model however many
/// pushes or presentations it makes, so `action(_:on:perform:)` and
/// `deepLink(_:handle:)` run the work in a scope where the recorder drops the
/// events the work records synchronously; the event itself is recorded once
/// the work has returned without throwing. Navigation the work schedules for
/// later (a `Task`, `DispatchQueue.async`, an `onChange`) runs outside the
/// scope and is recorded on its own.
public final class NavigationTraceRecorder: @unchecked Sendable {
    /// How a screen is presented modally.
    public enum Presentation: String, Sendable {
        case sheet, cover, popover

        /// The event that records a presentation of this kind.
        public var event: TraceEventName {
            switch self {
            case .sheet: .sheet
            case .cover: .cover
            case .popover: .popover
            }
        }
    }

    private let lock = NSLock()
    private var buffer: [String] = []
    private var bufferedBytes = 0
    private let write: @Sendable (String) -> Void
    private let handle: FileHandle?
    private let buffered: Bool

    @TaskLocal private static var suppressedRecorder: ObjectIdentifier?

    /// A recorder that appends to the file at `url`, creating it if needed.
    public convenience init(url: URL, buffered: Bool = false) throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        self.init(handle: handle, buffered: buffered)
    }

    private init(handle: FileHandle, buffered: Bool) {
        self.handle = handle
        self.buffered = buffered
        self.write = { text in try? handle.write(contentsOf: Data(text.utf8)) }
    }

    /// A recorder that hands each written block of lines to `sink` (for
    /// tests, or to send traces elsewhere than a file).
    public init(buffered: Bool = false, sink: @escaping @Sendable (String) -> Void) {
        self.handle = nil
        self.buffered = buffered
        self.write = sink
    }

    deinit {
        flush()
        try? handle?.close()
    }

    /// A new run: the app launched, with the values of the spec's inputs.
    public func launch(inputs: [String: Bool] = [:]) {
        flush()
        record(TraceLine(event: .launch, inputs.isEmpty ? [] : [("inputs", .bools(inputs.sorted { $0.key < $1.key }))]))
    }

    /// A screen pushed on the visible stack, with its arguments by parameter name.
    public func push(_ screen: String, arguments: [String: String] = [:]) {
        record(route(.push, screen, arguments))
    }

    /// A route shown in the next column of a split view.
    public func select(_ screen: String, arguments: [String: String] = [:]) {
        record(route(.select, screen, arguments))
    }

    /// The top of the visible stack popped (back button, swipe back, `pop`).
    public func back() {
        record(TraceLine(event: .back))
    }

    /// The visible stack emptied back to its root.
    public func popToRoot() {
        record(TraceLine(event: .popToRoot))
    }

    /// A tab's item tapped, by the id the spec gives the tab. Call it for
    /// every tap, the selected tab's included (from the selection
    /// binding's setter, which SwiftUI calls on a re-tap too): a tap on
    /// the selected tab pops its stack to the root, and replay takes it so.
    public func selectTab(_ tab: String) {
        record(TraceLine(event: .tab, [("tab", .string(tab))]))
    }

    /// A screen or stack presented modally.
    public func present(_ screen: String, as presentation: Presentation = .sheet) {
        record(TraceLine(event: presentation.event, [("screen", .string(screen))]))
    }

    /// The top modal went away (swiped down or dismissed in code).
    public func dismiss() {
        record(TraceLine(event: .dismiss))
    }

    /// A labelled action taken on `screen`; the navigation `perform` does is
    /// part of it and is not recorded again.
    /// `outcome` names the outcome of the spec's `choice` the action took,
    /// when it depends on one.
    public func action<Result>(_ label: String, on screen: String? = nil, outcome: String? = nil,
                               perform: () throws -> Result) rethrows -> Result {
        var members: [(String, TraceLine.Value)] = []
        if let screen { members.append(("screen", .string(screen))) }
        members.append(("label", .string(label)))
        if let outcome { members.append(("outcome", .string(outcome))) }
        let result = try Self.$suppressedRecorder.withValue(ObjectIdentifier(self)) { try perform() }
        record(TraceLine(event: .action, members))
        return result
    }

    /// A URL the app handles; the navigation `handle` does is part of it.
    /// `outcome` names the outcome of the spec's `choice` the link took.
    public func deepLink<Result>(_ url: String, outcome: String? = nil, handle: () throws -> Result) rethrows -> Result {
        let result = try Self.$suppressedRecorder.withValue(ObjectIdentifier(self)) { try handle() }
        record(TraceLine(event: .deeplink, [("url", .string(url))] + (outcome.map { [("outcome", .string($0))] } ?? [])))
        return result
    }

    /// An entry point that is not a URL (a notification tap, a shortcut, a
    /// widget, a quick action, a continued activity), by the name the spec
    /// gives it, with its arguments; the navigation `handle` does is part of it.
    public func entry<Result>(_ name: String, arguments: [String: String] = [:], outcome: String? = nil,
                              handle: () throws -> Result) rethrows -> Result {
        let result = try Self.$suppressedRecorder.withValue(ObjectIdentifier(self)) { try handle() }
        var members: [(String, TraceLine.Value)] = [("name", .string(name))]
        if !arguments.isEmpty { members.append(("args", .strings(arguments.sorted { $0.key < $1.key }))) }
        if let outcome { members.append(("outcome", .string(outcome))) }
        record(TraceLine(event: .entry, members))
        return result
    }

    /// The appear hook of `screen` (its `.onAppear` or `.task`), run by
    /// `perform`; the navigation it does is part of it and is not recorded
    /// again. The spec runs the hook within the step that showed the screen.
    public func appear<Result>(_ screen: String, perform: () throws -> Result) rethrows -> Result {
        let result = try Self.$suppressedRecorder.withValue(ObjectIdentifier(self)) { try perform() }
        record(TraceLine(event: .appear, [("screen", .string(screen))]))
        return result
    }

    /// Marks the end of a run and writes what is buffered.
    public func endRun() {
        flush()
    }

    /// Writes the buffered lines now.
    public func flush() {
        lock.lock()
        let text = buffer.joined()
        buffer.removeAll(keepingCapacity: true)
        bufferedBytes = 0
        if !text.isEmpty { write(text) }
        lock.unlock()
    }

    /// Records one line, unless inside an action or deep link of this recorder.
    public func record(_ line: TraceLine) {
        guard Self.suppressedRecorder != ObjectIdentifier(self) else { return }
        let text = line.text + "\n"
        lock.lock()
        buffer.append(text)
        bufferedBytes += text.utf8.count
        let due = !buffered || bufferedBytes >= 1 << 16
        lock.unlock()
        if due { flush() }
    }

    private func route(_ event: TraceEventName, _ screen: String, _ arguments: [String: String]) -> TraceLine {
        var members: [(String, TraceLine.Value)] = [("screen", .string(screen))]
        if !arguments.isEmpty { members.append(("args", .strings(arguments.sorted { $0.key < $1.key }))) }
        return TraceLine(event: event, members)
    }
}
