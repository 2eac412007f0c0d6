#if SwiftSource
import SwiftSyntax

/// What `lint` knows across all the files it reads, for the checks that
/// look past one file: which types are views, which navigation container
/// each view shows and which views it holds, and the observable classes.
public struct SourceFacts {
    /// A type conforming to `View`, with its extensions.
    struct ViewType {
        /// A `NavigationStack`, `NavigationSplitView` or `NavigationView` the
        /// view shows itself (not inside a sheet, cover or popover it
        /// presents), and the file it is in.
        var container: (file: Int, call: FunctionCallExprSyntax)?
        /// The views it builds, outside what it presents.
        var children: Set<String> = []
    }

    /// How a class makes its changes seen.
    enum Observation {
        /// `@Observable` (the Observation framework).
        case observable
        /// `ObservableObject` (Combine's `@Published`).
        case observableObject
    }

    /// An observable class.
    struct ObservableClass {
        var observation: Observation
        /// It holds a navigation path: a `NavigationPath`, or an array
        /// property whose name says it is a path.
        var isRouter: Bool
        /// Its stored properties whose type is a class named in the sources.
        var properties: [(name: String, typeName: String, declaration: VariableDeclSyntax, file: Int)]
    }

    /// A navigation-installing modifier applied in a view's declarations.
    struct Application {
        /// The modifier's name: a `ViewModifier` type, a `View` extension
        /// method, or `onOpenURL`.
        var modifier: String
        var call: FunctionCallExprSyntax
        /// The views built inside what it applies to, outside presentations.
        var wrapped: Set<String>
        /// What it installs: the modifiers that install navigation
        /// themselves which it is or applies, and `onOpenURL` when one of
        /// them handles URLs that way. Two applications install the same
        /// when these meet.
        var installs: Set<String> = []
    }

    /// What a view extension method or `ViewModifier` does: whether it
    /// installs navigation itself, and the modifiers it applies.
    struct ModifierBody {
        var installsNavigation: Bool
        var handlesURLs = false
        var applies: Set<String>
        var file: Int
        var node: Syntax
    }

    var views: [String: ViewType] = [:]
    /// Per view type: the modifiers it applies that may install navigation.
    var applications: [String: [Application]] = [:]
    /// The modifiers that install navigation handling: `onOpenURL`,
    /// `navigationDestination`, `onContinueUserActivity`, an `openURL`
    /// action, or a watcher of a URL, directly or through another such
    /// modifier; with where each is declared (`onOpenURL` has none).
    var installers: [String: (file: Int, node: Syntax)?] = ["onOpenURL": nil]
    var observables: [String: ObservableClass] = [:]
    /// The declaration of each `ViewModifier` type and `View` extension method, by name.
    var modifierDeclarations: [String: Syntax] = [:]
    /// The types a stack's path holds: those registered with
    /// `navigationDestination(for:)`, and the elements of array properties
    /// named for a path.
    var routeTypes: Set<String> = []

    /// Learns the facts of every file.
    init(_ files: [SwiftSourceFile]) {
        var candidates: [String: (children: Set<String>, container: (file: Int, call: FunctionCallExprSyntax)?)] = [:]
        var viewNames: Set<String> = []
        var bodies: [String: ModifierBody] = [:]
        var applied: [String: [Application]] = [:]
        for (index, file) in files.enumerated() {
            let visitor = FactsVisitor(file: index)
            visitor.walk(file.tree)
            viewNames.formUnion(visitor.viewNames)
            routeTypes.formUnion(visitor.routeTypes)
            bodies.merge(visitor.modifierBodies) { first, _ in first }
            applied.merge(visitor.applications) { $0 + $1 }
            for (name, found) in visitor.types {
                var known = candidates[name] ?? (children: [], container: nil)
                known.children.formUnion(found.children)
                if known.container == nil { known.container = found.container }
                candidates[name] = known
            }
            for (name, observable) in visitor.observables {
                if var known = observables[name] {
                    known.isRouter = known.isRouter || observable.isRouter
                    known.properties += observable.properties
                    observables[name] = known
                } else {
                    observables[name] = observable
                }
            }
        }
        for name in viewNames {
            let found = candidates[name]
            views[name] = ViewType(container: found?.container, children: (found?.children ?? []).intersection(viewNames))
        }
        for (name, body) in bodies { modifierDeclarations[name] = body.node }
        // Modifiers that apply an installer install too.
        var changed = true
        for (name, body) in bodies where body.installsNavigation { installers[name] = (body.file, body.node) }
        while changed {
            changed = false
            for (name, body) in bodies where installers[name] == nil && body.applies.contains(where: { installers[$0] != nil }) {
                installers[name] = (body.file, body.node)
                changed = true
            }
        }
        /// What an installer installs, through the installers it applies.
        func installs(_ name: String, seen: Set<String> = []) -> Set<String> {
            guard let body = bodies[name] else { return name == "onOpenURL" ? ["onOpenURL"] : [] }
            var result: Set<String> = []
            if body.installsNavigation { result.insert(name) }
            if body.handlesURLs { result.insert("onOpenURL") }
            for applied in body.applies where !seen.contains(applied) && applied != name && installers[applied] != nil {
                result.formUnion(installs(applied, seen: seen.union([name])))
            }
            return result
        }
        for (name, list) in applied where viewNames.contains(name) {
            let kept = list.filter { installers[$0.modifier] != nil }.map { application in
                let wrapped = application.call.modified.map { base in
                    CallVisitor.calls(in: base).compactMap { inner -> String? in
                        guard inner.modifier == nil, let callee = inner.calleeName, viewNames.contains(callee),
                              !inner.enclosingCalls.contains(where: { presentationModifiers.contains($0.calleeName ?? "") })
                        else { return nil }
                        return callee
                    }
                } ?? []
                return Application(modifier: application.modifier, call: application.call, wrapped: Set(wrapped),
                                   installs: installs(application.modifier))
            }
            if !kept.isEmpty { applications[name] = kept }
        }
    }

    /// The views reachable from `roots` through the views they build, with
    /// the chain that leads to each (its first element a root).
    func views(reachableFrom roots: Set<String>) -> [(view: String, chain: [String])] {
        var seen = roots
        var queue = roots.sorted().map { [$0] }
        var next = 0
        while next < queue.count {
            let chain = queue[next]
            next += 1
            for child in (views[chain.last!]?.children ?? []).sorted() where seen.insert(child).inserted {
                queue.append(chain + [child])
            }
        }
        return queue.map { ($0.last!, $0) }
    }

    /// Whether a type of this name conforms to `View`.
    func isView(_ name: String) -> Bool { views[name] != nil }

    /// The navigation container a view shows, itself or through the views
    /// it builds, with the views leading to it (the view first).
    func container(shownBy name: String) -> (chain: [String], file: Int, call: FunctionCallExprSyntax)? {
        var seen: Set<String> = [name]
        var queue: [[String]] = [[name]]
        var next = 0
        while next < queue.count {
            let chain = queue[next]
            next += 1
            guard let view = views[chain.last!] else { continue }
            if let container = view.container { return (chain, container.file, container.call) }
            for child in view.children.sorted() where seen.insert(child).inserted {
                queue.append(chain + [child])
            }
        }
        return nil
    }
}

/// The names of the navigation containers.
let navigationContainers: Set<String> = ["NavigationStack", "NavigationSplitView", "NavigationView"]

/// Collects the facts of one file.
private final class FactsVisitor: SyntaxVisitor {
    let file: Int
    var viewNames: Set<String> = []
    /// Per type name (views and others, with their extensions): what it builds.
    var types: [String: (children: Set<String>, container: (file: Int, call: FunctionCallExprSyntax)?)] = [:]
    var observables: [String: SourceFacts.ObservableClass] = [:]
    var routeTypes: Set<String> = []
    var modifierBodies: [String: SourceFacts.ModifierBody] = [:]
    /// Per type: the modifiers its declarations apply (installers or not; judged later).
    var applications: [String: [SourceFacts.Application]] = [:]

    init(file: Int) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.inheritanceClause?.names.contains("View") == true { viewNames.insert(node.name.text) }
        if node.inheritanceClause?.names.contains("ViewModifier") == true {
            modifierBodies[node.name.text] = body(of: node.memberBlock, node: Syntax(node))
        }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.names ?? []
        if inherited.contains("View") { viewNames.insert(node.name.text) }
        let observation: SourceFacts.Observation? = node.attributes.contains(named: "Observable") ? .observable
            : inherited.contains("ObservableObject") ? .observableObject : nil
        if let observation {
            var isRouter = false
            var properties: [(name: String, typeName: String, declaration: VariableDeclSyntax, file: Int)] = []
            for member in node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
                else { continue }
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let annotated = binding.typeAnnotation?.type
                    let initializer = binding.initializer?.value
                    let initialized = initializer?.as(FunctionCallExprSyntax.self)?.calleeName
                    if annotated?.baseName == "NavigationPath" || initialized == "NavigationPath" { isRouter = true }
                    let isArray = annotated?.is(ArrayTypeSyntax.self) == true || initializer?.is(ArrayExprSyntax.self) == true
                    if isArray && name.lowercased().contains("path") { isRouter = true }
                    if let typeName = annotated?.baseName ?? initialized, typeName.first?.isUppercase == true {
                        properties.append((name, typeName, variable, file))
                    }
                }
            }
            observables[node.name.text] = .init(observation: observation, isRouter: isRouter, properties: properties)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        record(node)
        if node.calleeName == "navigationDestination", let type = node.argument("for")?.expression.as(MemberAccessExprSyntax.self),
           type.declName.baseName.text == "self", let base = type.base {
            routeTypes.insert(base.trimmedDescription)
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name.lowercased().contains("path"),
           let element = node.typeAnnotation?.type.as(ArrayTypeSyntax.self)?.element.baseName {
            routeTypes.insert(element)
        }
        return .visitChildren
    }

    /// What the calls below a declaration install and apply.
    private func body(of declaration: some SyntaxProtocol, node: Syntax) -> SourceFacts.ModifierBody {
        var result = SourceFacts.ModifierBody(installsNavigation: false, applies: [], file: file, node: node)
        for call in CallVisitor.calls(in: declaration) {
            // A modifier, or one applied to `self` without a base (`navigationDestination(...)`
            // in a `View` extension).
            let bare = call.calleeName == "modifier" ? call.arguments.first?.expression.as(FunctionCallExprSyntax.self)?.calleeName
                : call.calleeName.flatMap { $0.first?.isLowercase == true ? $0 : nil }
            guard let name = call.modifierName ?? bare else { continue }
            result.applies.insert(name)
            switch call.calleeName {
            case "onOpenURL":
                result.installsNavigation = true
                result.handlesURLs = true
            case "navigationDestination", "onContinueUserActivity": result.installsNavigation = true
            case "environment" where call.arguments.first?.expression.trimmedDescription == "\\.openURL":
                result.installsNavigation = true
            case "onChange" where call.argument("of")?.expression.trimmedDescription.lowercased().contains("url") == true:
                result.installsNavigation = true
            default: break
            }
        }
        return result
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        if name == "View" {
            for member in node.memberBlock.members {
                guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body else { continue }
                modifierBodies[function.name.text] = self.body(of: body, node: Syntax(function))
            }
        }
        if node.inheritanceClause?.names.contains("View") == true { viewNames.insert(name) }
        return .visitChildren
    }

    /// Records, for the type a call is in, the view it builds or the
    /// container it shows, or the modifier it applies: once per call, for
    /// the innermost type (or extension) that holds it.
    private func record(_ call: FunctionCallExprSyntax) {
        guard let name = call.enclosingTypeName else { return }
        // What a sheet, cover or popover shows is another presentation;
        // its own container is the right one.
        if call.enclosingCalls.contains(where: { presentationModifiers.contains($0.calleeName ?? "") }) { return }
        if let modifier = call.modifierName {
            // What it wraps is worked out for the modifiers that turn out to install navigation.
            applications[name, default: []].append(.init(modifier: modifier, call: call, wrapped: []))
            return
        }
        guard let callee = call.calleeName, callee.first?.isUppercase == true, call.modifier == nil else { return }
        var found = types[name] ?? (children: [], container: nil)
        if navigationContainers.contains(callee) {
            if found.container == nil { found.container = (file, call) }
        } else {
            found.children.insert(callee)
        }
        types[name] = found
    }
}
#endif
