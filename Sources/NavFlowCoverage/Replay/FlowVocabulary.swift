import NavFlowModel
import NavFlowSpec

/// The names a trace may use, looked up in a spec: screens, presentable
/// screens and stacks, tabs (by id or title), inputs; and the mapping of a
/// route's concrete arguments to the model's domains.
public struct FlowVocabulary: Sendable {
    public let model: FlowModel
    private var spec: FlowSpec { model.spec }
    let screens: [String: Int]
    let presentables: [String: Int]
    let tabs: [String: Int]
    let inputs: [String: Int]

    public init(model: FlowModel) {
        self.model = model
        let spec = model.spec
        screens = Dictionary(spec.screens.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        presentables = Dictionary(model.shape.presentables.enumerated().map { (spec.name(of: $1), $0) },
                                  uniquingKeysWith: { first, _ in first })
        var tabs: [String: Int] = [:]
        for (index, tab) in (spec.rootTabView?.tabs ?? []).enumerated() {
            tabs[tab.id] = tabs[tab.id] ?? index
        }
        for (index, tab) in (spec.rootTabView?.tabs ?? []).enumerated() where tabs[tab.title] == nil {
            tabs[tab.title] = index
        }
        self.tabs = tabs
        inputs = Dictionary(spec.inputs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A "did you mean" hint for a name that is not among `candidates`.
    func hint(_ name: String, among candidates: some Sequence<String>) -> String {
        NameSuggestion.closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The screen a name denotes, or why there is none.
    func screen(named name: String) -> Result<Int, DriftReason> {
        if let index = screens[name] { return .success(index) }
        return .failure(DriftReason("unknown screen '\(name)'\(hint(name, among: spec.screens.map(\.name)))"))
    }

    /// The tab a name (id or title) denotes, or why there is none.
    func tab(named name: String) -> Result<Int, DriftReason> {
        guard let view = spec.rootTabView else {
            return .failure(DriftReason("tab '\(name)': the app has no tab view"))
        }
        if let index = tabs[name] { return .success(index) }
        return .failure(DriftReason("unknown tab '\(name)'\(hint(name, among: view.tabs.map(\.id)))"))
    }

    /// The presentable a name denotes, or why there is none.
    func presentable(named name: String) -> Result<Int, DriftReason> {
        if let index = presentables[name] { return .success(index) }
        if screens[name] != nil {
            return .failure(DriftReason("screen '\(name)' has parameters and cannot be presented on its own"))
        }
        return .failure(DriftReason("unknown screen or stack '\(name)'\(hint(name, among: presentables.keys.sorted()))"))
    }

    /// The argument values a trace gives a screen, checked against its
    /// parameters: nil entries are arguments the trace left out (any value
    /// matches them). An enum argument must name a case; an `Int` id must
    /// be digits; any id maps to the model's one abstract value.
    func arguments(_ given: [String: String], of screen: Int) -> Result<[Int?], DriftReason> {
        let declaration = spec.screens[screen]
        for name in given.keys.sorted() where !declaration.parameters.contains(where: { $0.name == name }) {
            let known = declaration.parameters.map(\.name)
            let list = known.isEmpty ? "it has no parameters" : "its parameters are \(known.map { "'\($0)'" }.joined(separator: ", "))"
            return .failure(DriftReason("screen '\(declaration.name)' has no parameter '\(name)'; \(list)"))
        }
        var values: [Int?] = []
        for parameter in declaration.parameters {
            guard let text = given[parameter.name] else {
                values.append(nil)
                continue
            }
            switch parameter.type {
            case .enumeration(let type):
                guard let index = spec.enums[type].cases.firstIndex(of: text) else {
                    let cases = spec.enums[type].cases
                    return .failure(DriftReason("'\(text)' is not a case of \(spec.enums[type].name) (argument '\(parameter.name)' of \(declaration.name))\(hint(text, among: cases))"))
                }
                values.append(index)
            case .identifier(let type):
                guard DeepLinkPattern.accepts(parameter.type, text, in: spec) else {
                    return .failure(DriftReason("'\(text)' is not a valid \(spec.idTypes[type].name) (argument '\(parameter.name)' of \(declaration.name)): \(spec.idTypes[type].base == .int ? "it must be digits" : "it must not be empty")"))
                }
                values.append(0)
            }
        }
        return .success(values)
    }

    /// Whether route `id` shows `screen` with the given arguments.
    static func route(_ id: Int, matches screen: Int, _ arguments: [Int?], routes: RouteTable) -> Bool {
        guard routes.screen(of: id) == screen else { return false }
        return zip(routes.values(of: id), arguments).allSatisfy { value, wanted in wanted.map { $0 == value } ?? true }
    }

    /// The deep link that handles a URL (the first pattern that matches,
    /// in declaration order) and its argument values.
    func deepLink(for url: String) -> Result<DeepLinkMatch, DriftReason> {
        guard let path = URLPath(url) else {
            return .failure(DriftReason(url.contains("://")
                ? "'\(url)' has a malformed percent escape (a '%' not followed by two hex digits, or not UTF-8)"
                : "'\(url)' is not a URL with a scheme (scheme://...)"))
        }
        if let (link, arguments) = spec.deepLink(handling: path) {
            return .success(DeepLinkMatch(link: link, arguments: arguments))
        }
        return .failure(DriftReason("no deep link of the spec matches '\(url)'"))
    }
}

extension FlowVocabulary {
    /// The entry point of that name and its argument values: every
    /// parameter needs one (an enum case by name, any valid id).
    func entry(named name: String, arguments given: [String: String]) -> Result<DeepLinkMatch, DriftReason> {
        guard let link = spec.deepLinks.firstIndex(where: { $0.entry?.name == name }) else {
            let names = spec.deepLinks.compactMap { $0.entry?.name }
            return .failure(DriftReason("the spec has no entry point '\(name)'" + (names.isEmpty ? "" : hint(name, among: names))))
        }
        let parameters = spec.deepLinks[link].pattern.parameters
        for key in given.keys.sorted() where !parameters.contains(where: { $0.name == key }) {
            return .failure(DriftReason("entry point '\(name)' has no parameter '\(key)'"))
        }
        var values: [Int] = []
        for parameter in parameters {
            guard let text = given[parameter.name] else {
                return .failure(DriftReason("entry point '\(name)' needs a value for '\(parameter.name)'"))
            }
            switch parameter.type {
            case .enumeration(let type):
                guard let index = spec.enums[type].cases.firstIndex(of: text) else {
                    return .failure(DriftReason("'\(text)' is not a case of \(spec.enums[type].name) (argument '\(parameter.name)' of entry point '\(name)')\(hint(text, among: spec.enums[type].cases))"))
                }
                values.append(index)
            case .identifier(let type):
                guard DeepLinkPattern.accepts(parameter.type, text, in: spec) else {
                    return .failure(DriftReason("'\(text)' is not a valid \(spec.idTypes[type].name) (argument '\(parameter.name)' of entry point '\(name)')"))
                }
                values.append(0)
            }
        }
        return .success(DeepLinkMatch(link: link, arguments: values))
    }
}

/// The deep link that handles a URL and the argument values it binds.
struct DeepLinkMatch: Sendable {
    var link: Int
    var arguments: [Int]
}

/// Why an event does not fit the model, in one clause.
public struct DriftReason: Error, Hashable, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }
}
