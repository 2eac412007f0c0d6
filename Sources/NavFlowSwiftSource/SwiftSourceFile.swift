#if SwiftSource
import NavFlowSource
import SwiftParser
import SwiftSyntax

/// A Swift file as read: its bytes, for locations and excerpts, and its
/// syntax tree. swift-syntax parses any text; what it cannot read becomes
/// missing or unexpected nodes, which the checks pass over.
public struct SwiftSourceFile {
    public let file: SourceFile
    public let tree: SourceFileSyntax
    /// The nodes the checks look at.
    let index: SyntaxIndex

    public init(_ file: SourceFile) {
        self.file = file
        tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        index = SyntaxIndex(tree)
    }

    public var path: String { file.path }

    /// The range a node covers, without its leading and trailing trivia.
    public func range(of node: some SyntaxProtocol) -> NavFlowSource.SourceRange {
        file.range(node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// The 1-based line a node starts on.
    public func line(of node: some SyntaxProtocol) -> Int {
        file.location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset).line
    }
}

/// The nodes of a file the checks, the facts and the extraction look at,
/// found in one walk.
final class SyntaxIndex: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    /// Every reference to a declaration by name (`composer`, `Text`, `self`,
    /// and the member of `self.composer` or `model.composer`), in source
    /// order: what the facts read to tell where a type's members are used.
    private(set) var references: [DeclReferenceExprSyntax] = []
    /// The calls outside preview code.
    private(set) var appCalls: [FunctionCallExprSyntax] = []
    private(set) var variables: [VariableDeclSyntax] = []
    private(set) var enums: [EnumDeclSyntax] = []
    private(set) var structs: [StructDeclSyntax] = []
    private(set) var classes: [ClassDeclSyntax] = []
    private(set) var extensions: [ExtensionDeclSyntax] = []
    private(set) var ifConfigs: [IfConfigDeclSyntax] = []
    private(set) var ifExpressions: [IfExprSyntax] = []
    /// The byte ranges of preview code (`#Preview`, `PreviewProvider`
    /// types): what Xcode shows while editing, never the app.
    private(set) var previews: [Range<Int>] = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
        appCalls = calls.filter { !isPreview($0.position.utf8Offset) }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references.append(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        variables.append(node)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enums.append(node)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(node)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        structs.append(node)
        if node.inheritanceClause?.names.contains("PreviewProvider") == true { previews.append(node.byteRange) }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensions.append(node)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previews.append(node.byteRange) }
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previews.append(node.byteRange) }
        return .visitChildren
    }

    /// Whether a byte offset is in preview code.
    func isPreview(_ offset: Int) -> Bool { previews.contains { $0.contains(offset) } }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        ifConfigs.append(node)
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        ifExpressions.append(node)
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// The bytes a node covers, trivia included.
    var byteRange: Range<Int> { position.utf8Offset..<endPosition.utf8Offset }
}
#endif
