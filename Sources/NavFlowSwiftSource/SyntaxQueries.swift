#if SwiftSource
import SwiftSyntax

/// What the checks ask of calls: which function or modifier a call names,
/// its arguments and closures, and what a modifier applies to.
extension FunctionCallExprSyntax {
    /// The name called: `NavigationStack` in `NavigationStack(path:) { }`,
    /// `sheet` in `content.sheet(item:)`, `Foo` in `Foo<Bar>()`.
    var calleeName: String? { Self.name(of: calledExpression) }

    static func name(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { return name(of: generic.expression) }
        return nil
    }

    /// The member access of a modifier call (`.sheet` of `view.sheet(...)`),
    /// nil for a call that is not on a member.
    var modifier: MemberAccessExprSyntax? { calledExpression.as(MemberAccessExprSyntax.self) }

    /// What a modifier call applies to: `view` in `view.sheet(...)`.
    var modified: ExprSyntax? { modifier?.base }

    /// The name of the modifier a call applies: `sheet` in `view.sheet()`,
    /// `X` in `view.modifier(X())`; nil for a call that is not a modifier.
    var modifierName: String? {
        guard let modifier else { return nil }
        let name = modifier.declName.baseName.text
        if name == "modifier", let applied = arguments.first?.expression.as(FunctionCallExprSyntax.self) {
            return applied.calleeName
        }
        return name
    }

    /// The modifier a call applies, with a base or on `self` without one
    /// (in a `View` extension or a `ViewModifier`'s body): `sheet`,
    /// `X` for `modifier(X())`, `navigationDestination`; nil for a call
    /// that names a type (`Text(...)`).
    var appliedModifierName: String? {
        if let modifierName { return modifierName }
        if calleeName == "modifier" { return arguments.first?.expression.as(FunctionCallExprSyntax.self)?.calleeName }
        return calleeName.flatMap { $0.first?.isLowercase == true ? $0 : nil }
    }

    /// The node that names the call: a modifier's name (`sheet` of
    /// `view.sheet(...)`, on the modifier's own line), else the called expression.
    var nameNode: Syntax { modifier.map { Syntax($0.declName) } ?? Syntax(calledExpression) }

    /// What a view-based `NavigationLink` pushes: its `destination:`, or
    /// its destination closure (after a title, or before `label:`); nil for
    /// a link that pushes a value, and for any other call. A link bound to
    /// an optional route (`unwrapping:`) pushes what its closure builds.
    var viewLinkDestination: Syntax? {
        guard calleeName == "NavigationLink", modifier == nil, !hasArgument("value") else { return nil }
        if let destination = argument("destination") { return Syntax(destination) }
        // `NavigationLink(unwrapping: $route, case: \.detail) { ... }` (swift-navigation): the closure is the destination.
        guard let trailingClosure,
              additionalTrailingClosures.first?.label.text == "label" || arguments.first.map({ $0.label == nil }) == true
                || hasArgument("unwrapping")
        else { return nil }
        return Syntax(trailingClosure)
    }

    /// The argument with this label.
    func argument(_ label: String) -> LabeledExprSyntax? {
        arguments.first { $0.label?.text == label }
    }

    /// Whether some argument has this label.
    func hasArgument(_ label: String) -> Bool { argument(label) != nil }

    /// Every closure the call passes: trailing closures, then closure arguments.
    var closures: [ClosureExprSyntax] {
        var found: [ClosureExprSyntax] = []
        if let trailingClosure { found.append(trailingClosure) }
        found += additionalTrailingClosures.map(\.closure)
        found += arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        return found
    }
}

extension SyntaxProtocol {
    /// The call this node is the called expression, an argument or a
    /// closure of, if any: the call that owns it directly.
    var owningCall: FunctionCallExprSyntax? {
        var node = Syntax(self).parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            // A closure or argument belongs to the call a few parents up;
            // anything else between them ends the search.
            guard current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self)
                || current.is(MultipleTrailingClosureElementListSyntax.self)
            else { return nil }
            node = current.parent
        }
        return nil
    }

    /// The calls whose closures hold this node, innermost first, up to the
    /// enclosing declaration (a property, function or type).
    var enclosingCalls: [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        var node = Syntax(self).parent
        while let current = node {
            if current.is(DeclSyntax.self) && !current.is(IfConfigDeclSyntax.self) { break }
            if let closure = current.as(ClosureExprSyntax.self), let call = closure.owningCall {
                calls.append(call)
            }
            node = current.parent
        }
        return calls
    }

    /// Whether this node is in what a sheet, cover or popover shows:
    /// another presentation, with its own stack.
    var isInsidePresentation: Bool {
        enclosingCalls.contains { presentationModifiers.contains($0.calleeName ?? "") }
    }

    /// Whether this node is what a sheet, cover or popover shows: inside
    /// one of its closures, or the function or property passed as its
    /// content (`composer` of `.sheet(isPresented: $composing, content: composer)`).
    var isPresentationContent: Bool {
        if isInsidePresentation { return true }
        guard let argument = Syntax(self).parent?.as(LabeledExprSyntax.self), argument.label?.text == "content",
              let call = owningCall
        else { return false }
        return presentationModifiers.contains(call.calleeName ?? "")
    }

    /// The member of the innermost type (or extension) holding this node
    /// that holds it, by name: a property (the binding it is in) or a
    /// function; nil for a node in no member or in another kind of member
    /// (an initializer, a subscript).
    var enclosingMemberName: String? {
        var binding: PatternBindingSyntax?
        var node = Syntax(self).parent
        while let current = node {
            // The outermost binding below the member is the property's own;
            // inner ones are a getter's local constants.
            if let found = current.as(PatternBindingSyntax.self) { binding = found }
            if let member = current.as(MemberBlockItemSyntax.self) {
                if let function = member.decl.as(FunctionDeclSyntax.self) { return function.name.text }
                guard member.decl.is(VariableDeclSyntax.self) else { return nil }
                return binding?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            node = current.parent
        }
        return nil
    }

    /// The innermost type declaration holding this node, by name.
    var enclosingTypeName: String? {
        var node = Syntax(self).parent
        while let current = node {
            if let type = current.asProtocol(NamedDeclSyntax.self), current.is(StructDeclSyntax.self)
                || current.is(ClassDeclSyntax.self) || current.is(EnumDeclSyntax.self) || current.is(ActorDeclSyntax.self) {
                return type.name.text
            }
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
                return extensionDecl.extendedType.trimmedDescription
            }
            node = current.parent
        }
        return nil
    }
}

/// The presentation modifiers: each presents one modal from the view it is on.
let presentationModifiers: Set<String> = ["sheet", "fullScreenCover", "popover"]

extension ExprSyntax {
    /// The view a modifier chain is applied to: the innermost call of
    /// `Feed().padding().tag(1)`, `Feed()`; nil when the chain does not
    /// start with a call.
    var modifiedView: FunctionCallExprSyntax? {
        var current: ExprSyntax? = self
        while let call = current?.as(FunctionCallExprSyntax.self) {
            guard let base = call.modified else { return call }
            current = base
        }
        return nil
    }
}

/// Every node of one kind below a node.
final class DeclVisitor<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    private(set) var found: [Node] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        return .visitChildren
    }

    static func all(in tree: some SyntaxProtocol) -> [Node] {
        let visitor = DeclVisitor<Node>()
        visitor.walk(tree)
        return visitor.found
    }
}

extension TypeSyntax {
    /// The type's name without generic arguments or optionality:
    /// `Router` for `Router?`, `[Route]` stays an array (nil).
    var baseName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.baseName }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType.baseName }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.baseName }
        return nil
    }
}

extension InheritanceClauseSyntax {
    /// The names of the types inherited or conformed to.
    var names: [String] { inheritedTypes.compactMap { $0.type.baseName } }
}

extension AttributeListSyntax {
    /// Whether an attribute (`@Observable`, `@MainActor`) of this name is in the list.
    func contains(named name: String) -> Bool {
        contains { element in
            element.as(AttributeSyntax.self)?.attributeName.baseName == name
        }
    }
}
#endif
