#if SwiftSource
/// A spec drafted from source, as data: what `extract` found, each element
/// with the place in the source it came from, and what it could not
/// decide. `text` writes it as NavFlow.
public struct DraftSpec: Sendable {
    /// A place in the source: a file as named and a 1-based line.
    public struct Citation: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var description: String { "\(file):\(line)" }
        public static func < (lhs: Citation, rhs: Citation) -> Bool { (lhs.file, lhs.line) < (rhs.file, rhs.line) }
    }

    /// A screen's edge: what it pushes or presents.
    public struct Edge: Sendable {
        public enum Kind: String, Sendable { case push, sheet, cover, popover }
        public var kind: Kind
        public var target: String
        public var citation: Citation
        /// A push by a view-based link (`NavigationLink(destination:)`):
        /// the view travels with the link, so every stack it is pushed on
        /// shows it without a registration (`push X inline`).
        public var carriesItsView = false
        /// A router's presentation of a route (`openSheet(.settings)`): the
        /// route's case, and whether the call asks for no stack
        /// (`hasNavigationStack: false`).
        var presentedRoute: PresentedRoute?
    }

    /// The route a router presents, for presentations that show a layer of
    /// the app's own (a stack rooted at the route's view).
    struct PresentedRoute: Sendable, Hashable {
        var caseName: String
        /// The call's own say on a stack (`hasNavigationStack: false`), if any.
        var asksForStack: Bool?
    }

    public struct Screen: Sendable {
        public var name: String
        public var citation: Citation
        public var edges: [Edge] = []
        /// Whether some code of the screen calls `dismiss()`.
        public var dismisses: Citation?
        /// The route cases that lead to the screen (`Route.post`), in the
        /// order read: one view may show several cases.
        public var routes: [String] = []
        /// Whether the screen stands for a view that was not read (a
        /// stack's root written as `sheet.view`): it is named after its stack.
        public var isPlaceholder = false
        /// Where the view disables the swipe that dismisses it
        /// (`.interactiveDismissDisabled()`): the screen is `locked`.
        public var locked: Citation?
    }

    /// A view presented by a `.sheet`, `.fullScreenCover` or `.popover`,
    /// wherever the modifier is (on a screen, or app-wide on the view that
    /// holds the tab view): one per view or stack its content shows.
    public struct Presentation: Sendable {
        public var kind: Edge.Kind
        /// A screen's name or a stack's.
        public var target: String
        public var citation: Citation
        var presentedRoute: PresentedRoute?
    }

    public struct Stack: Sendable {
        public var name: String
        public var root: String
        /// What the stack shows above its root: what it registers, and what
        /// view-destination links push on it (`viewLinked`).
        public var destinations: [(screen: String, citation: Citation)]
        public var citation: Citation
        /// The destinations only view-destination links put on the stack:
        /// the draft writes no registration for them, the links push them
        /// `inline`.
        public var viewLinked: Set<String> = []
    }

    /// A `NavigationSplitView`: its columns in order (`sidebar`, optionally
    /// `content`, `detail`), each a screen or a stack.
    public struct Split: Sendable {
        public struct Column: Sendable {
            public var role: String
            public var content: String
            public var citation: Citation
        }
        public var name: String
        public var columns: [Column]
        public var citation: Citation
    }

    public struct Tab: Sendable {
        public var id: String
        public var title: String
        /// A stack's name or a screen's.
        public var content: String
        public var citation: Citation
    }

    /// A deep link read from a URL handler: its pattern and its target as
    /// NavFlow (`home / ... / Post keep tab, modals`).
    public struct DeepLink: Sendable {
        public var pattern: String
        public var target: String
        public var citation: Citation
        /// Where the handler compares the scheme, if it does.
        public var schemeCitation: Citation?
        /// Whether the handler lowercases what it reads of the URL: the
        /// pattern is written `ignoring case`.
        public var ignoresCase = false

        /// The scheme of the pattern, and its host when it is a web link.
        var scheme: String { String(pattern.prefix { $0 != ":" }) }
        var webHost: String? {
            guard scheme == "http" || scheme == "https" else { return nil }
            return pattern.dropFirst(scheme.count + 3).split(separator: "/").first.map(String.init)
        }
    }

    public var appName: String
    public var screens: [Screen]
    public var stacks: [Stack]
    public var splits: [Split] = []
    public var tabs: [Tab]
    public var tabsCitation: Citation?
    /// The stack or screen shown at launch when there is no tab view.
    public var start: String?
    /// What `extract` saw and could not turn into the language, with where.
    public var undecided: [(note: String, citation: Citation)]
    /// Every presentation of the sources, in source order.
    public var presentations: [Presentation] = []
    /// Every `onOpenURL` handler, in source order.
    public var urlHandlers: [Citation] = []
    /// The words the code compares URLs' parts with, each with its first place.
    public var urlWords: [(text: String, citation: Citation)] = []
    /// The deep links read from the URL handlers, in source order.
    public var deepLinks: [DeepLink] = []
    /// Where the app declares each URL scheme (its `Info.plist`).
    public var schemeCitations: [String: Citation] = [:]
    public var fileCount: Int

    /// The draft as NavFlow: the undecided block first, then stacks, tabs
    /// and screens, each line ending with the place it came from.
    public var text: String {
        var lines = ["// Drafted by `navflow extract` from \(fileCount) Swift file\(fileCount == 1 ? "" : "s").",
                     "// Each element cites the source it came from. Review it before relying on it."]
        if undecided.isEmpty {
            lines.append("// Nothing was left undecided.")
        } else {
            lines.append("//")
            lines.append("// Not decided from the source (\(undecided.count)):")
            for item in undecided { lines.append("// - \(item.citation): \(Self.oneLine(item.note))") }
        }
        lines += ["", "app \(appName)", ""]
        // The schemes and web hosts the deep links use, each where the app declares it or first uses it.
        var declared: Set<String> = []
        for link in deepLinks {
            if let host = link.webHost {
                if declared.insert("host " + host).inserted { lines.append("host \(Self.quoted(host))  // \(link.citation)") }
            } else if declared.insert("scheme " + link.scheme).inserted {
                lines.append("scheme \(Self.quoted(link.scheme))  // \(schemeCitations[link.scheme] ?? link.schemeCitation ?? link.citation)")
            }
        }
        if !declared.isEmpty { lines.append("") }
        for stack in stacks {
            lines.append("stack \(stack.name) root \(stack.root) {  // \(stack.citation)")
            for destination in stack.destinations where !stack.viewLinked.contains(destination.screen) {
                lines.append("  destination \(destination.screen)  // \(destination.citation)")
            }
            lines += ["}", ""]
        }
        for split in splits {
            lines.append("split \(split.name) {  // \(split.citation)")
            for column in split.columns { lines.append("  \(column.role) \(column.content)  // \(column.citation)") }
            lines += ["}", ""]
        }
        if !tabs.isEmpty {
            lines.append("tabs Main {" + (tabsCitation.map { "  // \($0)" } ?? ""))
            for tab in tabs {
                lines.append("  tab \(tab.id) \(Self.quoted(tab.title)) \(tab.content)  // \(tab.citation)")
            }
            lines += ["}", "start Main", ""]
        } else {
            lines += ["start \(start ?? "Placeholder")", ""]
        }
        if screens.isEmpty {
            // A spec needs a screen: the draft says where it found none.
            lines += ["// No screen was found: no NavigationStack, tab view or destination was read.",
                      "screen Placeholder", ""]
        }
        for screen in screens {
            let header = "screen \(screen.name)" + (screen.locked == nil ? "" : " locked")
            let cite = "  // \(screen.citation)" + (screen.routes.isEmpty ? "" : ", route " + screen.routes.joined(separator: ", "))
                + (screen.locked.map { ", locked at \($0)" } ?? "")
            if screen.edges.isEmpty && screen.dismisses == nil {
                lines.append(header + cite)
                continue
            }
            lines.append(header + " {" + cite)
            for edge in screen.edges {
                lines.append("  \(edge.kind.rawValue) \(edge.target)\(edge.carriesItsView ? " inline" : "")  // \(edge.citation)")
            }
            if let dismisses = screen.dismisses {
                lines.append("  action \"Dismiss\" { dismiss }  // \(dismisses)")
            }
            lines.append("}")
        }
        if !deepLinks.isEmpty { lines.append("") }
        for link in deepLinks {
            lines.append("deeplink \(Self.quoted(link.pattern))\(link.ignoresCase ? " ignoring case" : "") -> \(link.target)  // \(link.citation)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text on one line: runs of white space, line breaks included, as one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
#endif
