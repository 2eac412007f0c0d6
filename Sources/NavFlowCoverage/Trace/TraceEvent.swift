import NavFlowSpec
import NavFlowTrace

/// Where an event of a trace is: the file as the user named it and the 1-based line.
public struct TraceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public static func < (lhs: TraceLocation, rhs: TraceLocation) -> Bool {
        lhs.file != rhs.file ? lhs.file < rhs.file : lhs.line < rhs.line
    }

    public var description: String { "\(file):\(line)" }
}

/// One navigation event a router or a UI test recorded (flow-language
/// section 7). Names are the spec's: screens, stacks, tab ids, labels.
public enum TraceEvent: Hashable, Sendable {
    /// A new run; `inputs` fixes the inputs it names, the others are false.
    case launch(inputs: [String: Bool])
    /// The user selected a tab (by id or by title).
    case tab(String)
    /// A screen was pushed on the visible stack.
    case push(screen: String, arguments: [String: String])
    /// A route was shown in the next column of a split view.
    case select(screen: String, arguments: [String: String])
    /// A screen or stack was presented.
    case present(ModalKind, screen: String)
    /// The top of the visible stack was popped (the back button or a `pop`).
    case back
    /// The visible stack went back to its root.
    case popToRoot
    /// The top modal went away (swipe-down or a `dismiss`).
    case dismiss
    /// The app handled a URL; `outcome` is the outcome of the choice the
    /// link depends on, when recorded.
    case deepLink(url: String, outcome: String? = nil)
    /// The app was opened at an entry point that is not a URL, with its arguments.
    case entry(name: String, arguments: [String: String], outcome: String? = nil)
    /// The user took a labelled action; `screen` is where, when recorded;
    /// `outcome` is the outcome of the choice the action depends on.
    case action(screen: String?, label: String, outcome: String? = nil)
    /// The appear hook of `screen` ran; the navigation it did is part of
    /// the step before, as the spec's hooks are.
    case appear(screen: String)

    /// The event in the trace's own words, for messages: `push 'Privacy'`.
    public var summary: String {
        switch self {
        case .launch: TraceEventName.launch.rawValue
        case .tab(let tab): "\(TraceEventName.tab.rawValue) '\(tab)'"
        case .push(let screen, let arguments): "\(TraceEventName.push.rawValue) '\(Self.route(screen, arguments))'"
        case .select(let screen, let arguments): "\(TraceEventName.select.rawValue) '\(Self.route(screen, arguments))'"
        case .present(let kind, let screen): "\(kind.traceEvent.rawValue) '\(screen)'"
        case .back: TraceEventName.back.rawValue
        case .popToRoot: TraceEventName.popToRoot.rawValue
        case .dismiss: TraceEventName.dismiss.rawValue
        case .deepLink(let url, let outcome): "\(TraceEventName.deeplink.rawValue) '\(url)'" + Self.outcome(outcome)
        case .entry(let name, let arguments, let outcome):
            "\(TraceEventName.entry.rawValue) '\(Self.route(name, arguments))'" + Self.outcome(outcome)
        case .action(let screen, let label, let outcome):
            (screen.map { "\(TraceEventName.action.rawValue) '\(label)' on '\($0)'" } ?? "\(TraceEventName.action.rawValue) '\(label)'")
                + Self.outcome(outcome)
        case .appear(let screen): "\(TraceEventName.appear.rawValue) '\(screen)'"
        }
    }

    private static func outcome(_ outcome: String?) -> String {
        outcome.map { " (outcome '\($0)')" } ?? ""
    }

    private static func route(_ screen: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty else { return screen }
        return screen + "(" + arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
    }

    /// The event names a trace may use, for messages.
    public static let names = TraceEventName.allCases.map(\.rawValue)

    /// Reads an event from a trace line's JSON value, or says what is wrong
    /// and at which column.
    public static func decode(_ json: TraceJSON) -> Result<TraceEvent, TraceJSONError> {
        guard case .object(let members) = json else {
            return .failure(TraceJSONError(column: 1, message: "expected an object with an \"event\" member, found \(json.typeName)"))
        }
        var fields: [String: TraceJSON.Member] = [:]
        for member in members { fields[member.key] = member }
        func string(_ key: String) throws(TraceJSONError) -> String? {
            guard let member = fields[key] else { return nil }
            guard case .string(let text) = member.value else {
                throw TraceJSONError(column: member.column, message: "\"\(key)\" must be a string, found \(member.value.typeName)")
            }
            return text
        }
        func required(_ key: String, _ event: String) throws(TraceJSONError) -> String {
            guard let text = try string(key) else {
                let article = event.first.map { "aeiou".contains($0) } == true ? "an" : "a"
                throw TraceJSONError(column: 1, message: "\(article) \"\(event)\" event needs a \"\(key)\" member")
            }
            return text
        }
        func arguments() throws(TraceJSONError) -> [String: String] {
            guard let member = fields["args"] else { return [:] }
            guard case .object(let values) = member.value else {
                throw TraceJSONError(column: member.column, message: "\"args\" must be an object, found \(member.value.typeName)")
            }
            var result: [String: String] = [:]
            for value in values {
                guard let text = value.value.scalarText else {
                    throw TraceJSONError(column: value.column, message: "argument \"\(value.key)\" must be a string, number or Boolean, found \(value.value.typeName)")
                }
                result[value.key] = text
            }
            return result
        }
        do throws(TraceJSONError) {
            guard let name = try string("event") else {
                throw TraceJSONError(column: 1, message: "the object has no \"event\" member")
            }
            switch TraceEventName(rawValue: name) {
            case .launch?:
                var inputs: [String: Bool] = [:]
                if let member = fields["inputs"] {
                    guard case .object(let values) = member.value else {
                        throw TraceJSONError(column: member.column, message: "\"inputs\" must be an object, found \(member.value.typeName)")
                    }
                    for value in values {
                        guard case .bool(let flag) = value.value else {
                            throw TraceJSONError(column: value.column, message: "input \"\(value.key)\" must be true or false, found \(value.value.typeName)")
                        }
                        inputs[value.key] = flag
                    }
                }
                return .success(.launch(inputs: inputs))
            case .tab?: return .success(.tab(try required("tab", name)))
            case .push?: return .success(.push(screen: try required("screen", name), arguments: try arguments()))
            case .select?: return .success(.select(screen: try required("screen", name), arguments: try arguments()))
            case .sheet?: return .success(.present(.sheet, screen: try required("screen", name)))
            case .cover?: return .success(.present(.cover, screen: try required("screen", name)))
            case .popover?: return .success(.present(.popover, screen: try required("screen", name)))
            case .back?, .pop?: return .success(.back)
            case .popToRoot?: return .success(.popToRoot)
            case .dismiss?: return .success(.dismiss)
            case .deeplink?: return .success(.deepLink(url: try required("url", name), outcome: try string("outcome")))
            case .entry?:
                return .success(.entry(name: try required("name", name), arguments: try arguments(),
                                       outcome: try string("outcome")))
            case .action?:
                return .success(.action(screen: try string("screen"), label: try required("label", name),
                                        outcome: try string("outcome")))
            case .appear?: return .success(.appear(screen: try required("screen", name)))
            case nil:
                let column = fields["event"]?.column ?? 1
                throw TraceJSONError(column: column, message: "unknown event \"\(name)\"; expected one of \(names.joined(separator: ", "))")
            }
        } catch {
            return .failure(error)
        }
    }
}

extension ModalKind {
    /// The trace event that records a presentation of this kind.
    var traceEvent: TraceEventName {
        switch self {
        case .sheet: .sheet
        case .cover: .cover
        case .popover: .popover
        }
    }
}
