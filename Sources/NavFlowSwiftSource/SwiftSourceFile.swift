import NavFlowSource
import SwiftParser
import SwiftSyntax

/// A Swift file as read: its bytes, for locations and excerpts, and its
/// syntax tree. swift-syntax parses any text; what it cannot read becomes
/// missing or unexpected nodes, which the checks pass over.
public struct SwiftSourceFile {
    public let file: SourceFile
    public let tree: SourceFileSyntax

    public init(_ file: SourceFile) {
        self.file = file
        tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
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
