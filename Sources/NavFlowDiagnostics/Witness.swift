/// The steps that show a finding, from launch, in words a tester can
/// follow, and the input valuation they need.
public struct Witness: Hashable, Sendable {
    /// The inputs the run needs, by name (only inputs some condition reads).
    public var inputs: [InputValue]
    public var steps: [WitnessStep]

    public init(inputs: [InputValue], steps: [WitnessStep]) {
        self.inputs = inputs
        self.steps = steps
    }
}

/// An input's value in a witness.
public struct InputValue: Hashable, Sendable {
    public var name: String
    public var value: Bool

    public init(name: String, value: Bool) {
        self.name = name
        self.value = value
    }
}

/// One step of a witness.
public struct WitnessStep: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case launch
        /// An edge of the visible screen (a tap on a link, a button, an action).
        case tap
        case back
        case switchTab = "switch-tab"
        /// A tap on the selected tab's item, which pops its stack to the root.
        case retapTab = "retap-tab"
        case swipeDown = "swipe-down"
        case openURL = "open-url"
        /// An entry point that is not a URL: a notification, a shortcut,
        /// a widget, a quick action, a continued activity.
        case entry
    }

    public var kind: Kind
    /// The step in words: `Tap “Sign in” on Login`, `Open recipes://recipe/1`.
    public var text: String
    /// The screen the step is taken on, when there is one.
    public var screen: String?
    /// The URL opened, for deep-link steps; for an entry point, its name
    /// and argument values (`mention(id: x)`).
    public var url: String?

    public init(kind: Kind, text: String, screen: String? = nil, url: String? = nil) {
        self.kind = kind
        self.text = text
        self.screen = screen
        self.url = url
    }
}
