#if SwiftSource
import SwiftSyntax

/// What `lint` knows across all the files it reads, for the checks that
/// look past one file: which types are views, which navigation container
/// each view shows and which views it holds, and the observable classes.
public struct SourceFacts {
    /// A type conforming to `View`, with its extensions.
    struct ViewType {
        /// A `NavigationStack`, `NavigationSplitView` or `NavigationView` the
        /// view shows itself (not in a sheet, cover or popover it presents,
        /// whether the content is written in the modifier's closure or in a
        /// property or function only such content uses), and the file it is in.
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
        /// The file the call is in.
        var file: Int
        /// The views built inside what it applies to, outside presentations.
        var wrapped: Set<String>
        /// What it installs: the modifiers that install navigation
        /// themselves which it is or applies, and `onOpenURL` when one of
        /// them handles URLs that way. Two applications install the same
        /// when these meet.
        var installs: Set<String> = []
        /// Whether what it installs handles URLs (else it registers destinations).
        var handlesURLs = false
    }

    /// What a view extension method or `ViewModifier` does: whether it
    /// installs navigation itself, and the modifiers it applies.
    struct ModifierBody {
        var installsNavigation = false
        /// Whether it handles URLs itself (`onOpenURL`, an `openURL`
        /// action, a watcher of a URL).
        var handlesURLs = false
        /// Whether it has an `onOpenURL` handler, which every URL that
        /// opens the app reaches.
        var receivesOpenedURLs = false
        var applies: Set<String> = []
        var node: Syntax
    }

    var views: [String: ViewType] = [:]
    /// Per view type: the modifiers it applies that may install navigation.
    var applications: [String: [Application]] = [:]
    /// The modifiers that install navigation handling: `onOpenURL`,
    /// `navigationDestination`, `onContinueUserActivity`, an `openURL`
    /// action, or a watcher of a URL, directly or through another such
    /// modifier.
    var installers: Set<String> = ["onOpenURL"]
    var observables: [String: ObservableClass] = [:]
    /// The declaration of each `ViewModifier` type and `View` extension method, by name.
    var modifierDeclarations: [String: Syntax] = [:]
    /// The types a stack's path holds: those registered with
    /// `navigationDestination(for:)`, and the elements of array properties
    /// named for a path.
    var routeTypes: Set<String> = []

    /// Learns the facts of every file.
    init(_ files: [SwiftSourceFile]) {
        var facts = FileFacts()
        for (index, file) in files.enumerated() { facts.learn(file.index, file: index) }
        // Where the views' members are used, once every view and extension is known.
        let viewMembers = facts.viewNames.reduce(into: Set<String>()) { $0.formUnion(facts.memberNames[$1] ?? []) }
        for file in files {
            for reference in file.index.references where viewMembers.contains(reference.baseName.text) {
                facts.record(reference)
            }
        }
        routeTypes = facts.routeTypes
        observables = facts.observables
        for name in facts.viewNames {
            let shown = facts.types[name]?.shownInPlace
            views[name] = ViewType(container: shown?.container, children: (shown?.children ?? []).intersection(facts.viewNames))
        }
        let bodies = facts.modifierBodies
        modifierDeclarations = bodies.mapValues(\.node)
        // Modifiers that apply an installer install too.
        installers.formUnion(bodies.filter { $0.value.installsNavigation }.keys)
        var changed = true
        while changed {
            changed = false
            for (name, body) in bodies where !installers.contains(name) && !body.applies.isDisjoint(with: installers) {
                installers.insert(name)
                changed = true
            }
        }
        /// The installers that install navigation themselves which an
        /// installer is or applies, and `onOpenURL` when one handles URLs.
        func installs(_ name: String, seen: Set<String> = []) -> Set<String> {
            guard let body = bodies[name] else { return name == "onOpenURL" ? ["onOpenURL"] : [] }
            var result: Set<String> = []
            if body.installsNavigation { result.insert(name) }
            if body.receivesOpenedURLs { result.insert("onOpenURL") }
            for applied in body.applies where !seen.contains(applied) && applied != name && installers.contains(applied) {
                result.formUnion(installs(applied, seen: seen.union([name])))
            }
            return result
        }
        let handlers = Set(bodies.filter { $0.value.handlesURLs }.keys).union(["onOpenURL"])
        for (name, list) in facts.applications where facts.viewNames.contains(name) {
            let kept = list.filter { installers.contains($0.modifier) }.map { application in
                var found = application
                found.wrapped = Set(application.call.modified.map { base in
                    CallVisitor.calls(in: base).compactMap { inner -> String? in
                        guard inner.modifier == nil, let callee = inner.calleeName, facts.viewNames.contains(callee),
                              !inner.isInsidePresentation
                        else { return nil }
                        return callee
                    }
                } ?? [])
                found.installs = installs(application.modifier)
                found.handlesURLs = !found.installs.isDisjoint(with: handlers)
                return found
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
        for (view, chain) in views(reachableFrom: [name]) {
            if let container = views[view]?.container { return (chain, container.file, container.call) }
        }
        return nil
    }
}

/// The protocols that make a type a view: `View`, and the representables
/// that wrap UIKit and AppKit controllers and views.
let viewProtocols: Set<String> = ["View", "UIViewControllerRepresentable", "UIViewRepresentable",
                                  "NSViewControllerRepresentable", "NSViewRepresentable"]

/// The names of the navigation containers.
let navigationContainers: Set<String> = ["NavigationStack", "NavigationSplitView", "NavigationView"]

/// The facts of the files read so far, learnt from each file's index.
private struct FileFacts {
    var viewNames: Set<String> = []
    /// Per type name (views and others, with their extensions): what its
    /// members build, and for a view, where its members are used.
    var types: [String: TypeFacts] = [:]
    /// Per type name (with its extensions): its functions, and its
    /// properties that hold code (a getter or an initial value), what can
    /// build a view.
    var memberNames: [String: Set<String>] = [:]
    var observables: [String: SourceFacts.ObservableClass] = [:]
    var routeTypes: Set<String> = []
    var modifierBodies: [String: SourceFacts.ModifierBody] = [:]
    /// Per type: the modifiers its declarations apply (installers or not; judged later).
    var applications: [String: [SourceFacts.Application]] = [:]

    mutating func learn(_ index: SyntaxIndex, file: Int) {
        for node in index.structs { memberNames[node.name.text, default: []].formUnion(Self.names(of: node.memberBlock.members)) }
        for node in index.classes { memberNames[node.name.text, default: []].formUnion(Self.names(of: node.memberBlock.members)) }
        for node in index.enums { memberNames[node.name.text, default: []].formUnion(Self.names(of: node.memberBlock.members)) }
        for node in index.extensions {
            memberNames[node.extendedType.trimmedDescription, default: []].formUnion(Self.names(of: node.memberBlock.members))
        }
        for node in index.structs {
            let inherited = node.inheritanceClause?.names ?? []
            if inherited.contains(where: viewProtocols.contains) { viewNames.insert(node.name.text) }
            if inherited.contains("ViewModifier"), modifierBodies[node.name.text] == nil {
                modifierBodies[node.name.text] = Self.body(of: node.memberBlock, node: Syntax(node))
            }
        }
        for node in index.classes {
            let inherited = node.inheritanceClause?.names ?? []
            if inherited.contains(where: viewProtocols.contains) { viewNames.insert(node.name.text) }
            learnObservable(node, inherited: inherited, file: file)
        }
        for node in index.extensions {
            let name = node.extendedType.trimmedDescription
            if name == "View" {
                for member in node.memberBlock.members {
                    guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body,
                          modifierBodies[function.name.text] == nil
                    else { continue }
                    modifierBodies[function.name.text] = Self.body(of: body, node: Syntax(function))
                }
            }
            if (node.inheritanceClause?.names ?? []).contains(where: viewProtocols.contains) { viewNames.insert(name) }
        }
        for variable in index.variables {
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name.lowercased().contains("path"),
                   let element = binding.typeAnnotation?.type.as(ArrayTypeSyntax.self)?.element.baseName {
                    routeTypes.insert(element)
                }
            }
        }
        for call in index.calls {
            record(call, file: file)
            if call.calleeName == "navigationDestination", let type = call.argument("for")?.expression.as(MemberAccessExprSyntax.self),
               type.declName.baseName.text == "self", let base = type.base {
                routeTypes.insert(base.trimmedDescription)
            }
        }
    }

    /// An `@Observable` or `ObservableObject` class: whether it holds a
    /// path, and its stored properties whose type is named.
    mutating func learnObservable(_ node: ClassDeclSyntax, inherited: [String], file: Int) {
        let observation: SourceFacts.Observation? = node.attributes.contains(named: "Observable") ? .observable
            : inherited.contains("ObservableObject") ? .observableObject : nil
        guard let observation else { return }
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
        if var known = observables[node.name.text] {
            known.isRouter = known.isRouter || isRouter
            known.properties += properties
            observables[node.name.text] = known
        } else {
            observables[node.name.text] = .init(observation: observation, isRouter: isRouter, properties: properties)
        }
    }

    /// The names of the functions among a type's members, and of the
    /// properties with a getter or an initial value (a property without
    /// either builds nothing and refers to nothing), those in `#if` blocks
    /// included.
    static func names(of members: MemberBlockItemListSyntax) -> [String] {
        members.flatMap { member -> [String] in
            if let function = member.decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                return variable.bindings.compactMap { binding in
                    guard binding.accessorBlock != nil || binding.initializer != nil else { return nil }
                    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }
            }
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return [] }
            return ifConfig.clauses.flatMap { clause -> [String] in
                guard case .decls(let members)? = clause.elements else { return [] }
                return names(of: members)
            }
        }
    }

    /// What the calls below a declaration install and apply.
    static func body(of declaration: some SyntaxProtocol, node: Syntax) -> SourceFacts.ModifierBody {
        var result = SourceFacts.ModifierBody(node: node)
        for call in CallVisitor.calls(in: declaration) {
            guard let name = call.appliedModifierName else { continue }
            result.applies.insert(name)
            switch call.calleeName {
            case "navigationDestination", "onContinueUserActivity":
                result.installsNavigation = true
            case "onOpenURL":
                result.installsNavigation = true
                result.handlesURLs = true
                result.receivesOpenedURLs = true
            case "environment" where call.arguments.first?.expression.trimmedDescription == "\\.openURL":
                result.installsNavigation = true
                result.handlesURLs = true
            case "onChange" where call.argument("of")?.expression.trimmedDescription.lowercased().contains("url") == true:
                result.installsNavigation = true
                result.handlesURLs = true
            default: break
            }
        }
        return result
    }

    /// Records, for the type a call is in, the view it builds or the
    /// container it shows (with the member it is in), or the modifier it
    /// applies: once per call, for the innermost type (or extension) that
    /// holds it.
    mutating func record(_ call: FunctionCallExprSyntax, file: Int) {
        guard let name = call.enclosingTypeName, !call.isInsidePresentation else { return }
        if let modifier = call.modifierName {
            // What it wraps is worked out for the modifiers that turn out to install navigation.
            applications[name, default: []].append(.init(modifier: modifier, call: call, file: file, wrapped: []))
            return
        }
        guard let callee = call.calleeName, callee.first?.isUppercase == true, call.modifier == nil else { return }
        let member = call.enclosingMemberName
        if navigationContainers.contains(callee) {
            if !types[name, default: TypeFacts()].containers.contains(where: { $0.member == member }) {
                types[name, default: TypeFacts()].containers.append((member, file, call))
            }
        } else {
            types[name, default: TypeFacts()].children[member, default: []].insert(callee)
        }
    }

    /// Records a reference to what may be a member of the type it is in
    /// (`composer`, `self.composer`, `Self.composer`; not `model.composer`):
    /// which member refers to it, or that presentation content does.
    mutating func record(_ reference: DeclReferenceExprSyntax) {
        guard case .identifier = reference.baseName.tokenKind else { return }
        var expression = Syntax(reference)
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
            guard let base = access.base?.as(DeclReferenceExprSyntax.self),
                  base.baseName.tokenKind == .keyword(.self) || base.baseName.tokenKind == .keyword(.Self)
            else { return }
            expression = Syntax(access)
        }
        // Only views' members are folded into what they show.
        guard let name = reference.enclosingTypeName, viewNames.contains(name) else { return }
        let referred = reference.baseName.text
        if expression.isPresentationContent {
            types[name, default: TypeFacts()].presented.insert(referred)
        } else {
            types[name, default: TypeFacts()].referrers[referred, default: []].insert(reference.enclosingMemberName)
        }
    }
}

/// What a type (with its extensions) builds, member by member, and for a
/// view, where its members are used: what a view shows itself is what the
/// members it shows in place build, not those only its sheets, covers and
/// popovers show (`.sheet(isPresented: $composing) { composerSheet }`
/// presents what `composerSheet` builds).
private struct TypeFacts {
    /// Per member (a property or function, by name; nil for code in no
    /// such member, as an initializer): the views it builds outside what
    /// it presents.
    var children: [String?: Set<String>] = [:]
    /// The first navigation container each member shows outside what it
    /// presents, in source order.
    var containers: [(member: String?, file: Int, call: FunctionCallExprSyntax)] = []
    /// Per name: the members that refer to it outside presentation content.
    var referrers: [String: Set<String?>] = [:]
    /// The names presentation content refers to: inside a sheet's, cover's
    /// or popover's closure, or passed as its `content:`.
    var presented: Set<String> = []

    /// The members whose views the type shows in place: `body`, code in no
    /// member, the members nothing else refers to, and the members that
    /// one of these refers to outside presentation content. A member only
    /// presentation content refers to, or only members left out, is left
    /// out.
    var shownMembers: Set<String?> {
        let names = Set(children.keys.compactMap { $0 } + containers.compactMap(\.member)
            + referrers.keys + referrers.values.flatMap { $0.compactMap { $0 } } + presented)
        var shown: Set<String?> = [nil, "body"]
        for name in names where !presented.contains(name) && referrers[name, default: []].subtracting([name]).isEmpty {
            shown.insert(name)
        }
        var changed = true
        while changed {
            changed = false
            for name in names where !shown.contains(name) && !referrers[name, default: []].isDisjoint(with: shown) {
                shown.insert(name)
                changed = true
            }
        }
        return shown
    }

    /// The views the type builds and the container it shows, in the members it shows in place.
    var shownInPlace: (children: Set<String>, container: (file: Int, call: FunctionCallExprSyntax)?) {
        let shown = shownMembers
        let built = children.filter { shown.contains($0.key) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let container = containers.first { shown.contains($0.member) }.map { ($0.file, $0.call) }
        return (built, container)
    }
}
#endif
