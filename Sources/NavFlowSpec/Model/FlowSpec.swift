import NavFlowSource

/// A checked spec: every name resolved to an index, every route's arguments
/// checked, every condition typed. This is what the model, the checker and
/// the renderers work from; it is only built when the front end found no
/// error.
public struct FlowSpec: Sendable {
    public var file: SourceFile
    public var appName: String
    public var schemes: [String]
    public var hosts: [String]
    public var enums: [EnumType]
    public var idTypes: [IDType]
    public var flags: [Flag]
    public var inputs: [Input]
    public var assumptions: [Assumption]
    public var screens: [Screen]
    public var stacks: [Stack]
    /// The `destinations` sets; each stack's `destinations` already holds
    /// the screens of the sets it includes.
    public var destinationSets: [DestinationSet]
    public var tabViews: [TabView]
    public var splits: [SplitView]
    /// The root content the app starts in.
    public var root: Content
    public var launch: [LaunchStep]
    /// In declaration order: the first pattern that matches a URL handles it.
    public var deepLinks: [DeepLink]
    /// The `choice` declarations.
    public var choices: [Choice]

    public init(file: SourceFile, appName: String) {
        self.file = file
        self.appName = appName
        schemes = []
        hosts = []
        enums = []
        idTypes = []
        flags = []
        inputs = []
        assumptions = []
        screens = []
        stacks = []
        destinationSets = []
        tabViews = []
        splits = []
        root = .screen(0)
        launch = []
        deepLinks = []
        choices = []
    }

    /// Every view-destination push (`push R inline`) of the spec, with the
    /// screen whose edge or appear hook has it (nil for `launch` and a
    /// link's `else`).
    public var inlinePushes: [(from: Int?, route: Route)] {
        var pushes: [(from: Int?, route: Route)] = []
        for (index, screen) in screens.enumerated() {
            for statement in screen.statementBlocks.flatMap(\.statements) {
                if case .pushInline(let route) = statement.kind { pushes.append((index, route)) }
            }
        }
        let others = launch.map(\.statement) + deepLinks.flatMap(\.handlers).compactMap(\.otherwise)
        for statement in others {
            if case .pushInline(let route) = statement.kind { pushes.append((nil, route)) }
        }
        return pushes
    }

    /// Every condition the app reads as it runs: the guards of edges and
    /// appear hooks, `locked if`, `back hidden if`, `hidden if`, `launch … if`, `requires`,
    /// an entry point's `if`, and the flags' values at launch. `assume` is
    /// not among them: it narrows the input valuations and decides nothing.
    public var conditionsRead: [Condition] {
        var conditions: [Condition] = flags.map(\.initial)
        for screen in screens {
            conditions += screen.statementBlocks.compactMap(\.condition)
            if let lock = screen.lock { conditions.append(lock) }
            if let backHidden = screen.backHidden { conditions.append(backHidden) }
        }
        conditions += tabViews.flatMap(\.tabs).compactMap(\.hiddenIf)
        conditions += launch.compactMap(\.condition)
        conditions += deepLinks.flatMap(\.handlers).compactMap(\.requires)
        conditions += deepLinks.compactMap(\.offeredIf)
        return conditions
    }

    /// The name a content is declared with.
    public func name(of content: Content) -> String {
        switch content {
        case .screen(let index): screens[index].name
        case .stack(let index): stacks[index].name
        case .tabs(let index): tabViews[index].name
        case .split(let index): splits[index].name
        }
    }

    /// Whether a content refers to a declaration of this spec.
    public func declares(_ content: Content) -> Bool {
        switch content {
        case .screen(let index): screens.indices.contains(index)
        case .stack(let index): stacks.indices.contains(index)
        case .tabs(let index): tabViews.indices.contains(index)
        case .split(let index): splits.indices.contains(index)
        }
    }

    /// The indices of the stacks that include a destination set.
    public func stacks(including set: Int) -> [Int] {
        stacks.indices.filter { stacks[$0].includedSets.contains { $0.set == set } }
    }

    /// The name of a value type.
    public func name(of type: ValueType) -> String {
        switch type {
        case .enumeration(let index): enums[index].name
        case .identifier(let index): idTypes[index].name
        }
    }

    /// The root tab view, when the root content is one.
    public var rootTabView: TabView? {
        if case .tabs(let index) = root { return tabViews[index] }
        return nil
    }

    /// What the app's statements present (`sheet`, `cover`, `popover` in
    /// edges, appear hooks and `launch`; with `linkElses`, in deep links'
    /// `else` too), whatever deep-link targets present.
    public func contentsPresentedByStatements(linkElses: Bool) -> Set<Content> {
        var statements = screens.flatMap(\.statementBlocks).flatMap(\.statements) + launch.map(\.statement)
        if linkElses { statements += deepLinks.flatMap(\.handlers).compactMap(\.otherwise) }
        var presented = Set<Content>()
        for statement in statements {
            if case .present(_, let content) = statement.kind { presented.insert(content) }
        }
        return presented
    }
}
