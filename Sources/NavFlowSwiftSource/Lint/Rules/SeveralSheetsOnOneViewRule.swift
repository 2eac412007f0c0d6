#if SwiftSource
import NavFlowDiagnostics
import SwiftSyntax

extension LintRule {
    static let severalSheetsOnOneView = LintRule(
        id: "swift-several-sheets-on-one-view",
        severity: .warning,
        summary: "Several `.sheet`, `.fullScreenCover` or `.popover` modifiers on one view.",
        rationale: """
            A view presents one modal at a time. With several presentation \
            modifiers on one view, a second one whose binding turns true while \
            another is up is not shown (SwiftUI logs that only one sheet is \
            supported) and its state stays set, so the next dismissal shows it \
            unasked or never. Present from one `.sheet(item:)` whose item is an \
            enum of the sheets, or put the modifiers on different views. \
            Modifiers whose items are cases of one optional value (The \
            Composable Architecture's `$store.route.sending(\\.setRoute).a` and \
            `.b`, or `scope(state: \\.destination?.a, ...)`) are not reported: \
            one value is one case at a time. Nor are items that are             `Binding(get:)`s returning the same value under different             conditions (a layer shown as a sheet or as a cover).
            """,
        triggering: [
            """
            struct Profile: View {
                @State private var editing = false
                @State private var sharing = false
                var body: some View {
                    Form { Text("Me") }
                        .sheet(isPresented: $editing) { EditProfile() }
                        .↓sheet(isPresented: $sharing) { ShareProfile() }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    TabView { Feed() }
                        .sheet(item: $router.sheet) { $0.view }
                        .padding()
                        .↓fullScreenCover(item: $router.cover) { $0.view }
                        .↓popover(isPresented: $tip) { Tip() }
                }
            }
            """,
        ],
        nonTriggering: [
            """
            struct Detail: View {
                @Bindable var store: StoreOf<DetailReducer>
                var body: some View {
                    Content()
                        .sheet(item: $store.route.sending(\\.setNavigation).archives) { _ in Archives() }
                        .sheet(item: $store.route.sending(\\.setNavigation).torrents) { _ in Torrents() }
                }
            }
            """,
            """
            struct Layer: View {
                var body: some View {
                    content
                        .sheet(item: Binding(get: { if let next, !next.isCover { next } else { nil } }, set: { _ in close() })) { Layer($0) }
                        .fullScreenCover(item: Binding(get: { if let next, next.isCover { next } else { nil } }, set: { _ in close() })) { Layer($0) }
                }
            }
            """,
            """
            struct Gallery: View {
                @Bindable var store: StoreOf<GalleryReducer>
                var body: some View {
                    Content()
                        .fullScreenCover(item: $store.scope(state: \\.destination?.reader, action: \\.destination.reader)) { Reader(store: $0) }
                        .sheet(item: $store.scope(state: \\.destination?.share, action: \\.destination.share)) { Share(store: $0) }
                }
            }
            """,
            """
            struct Root: View {
                var body: some View {
                    TabView { Feed() }
                        .sheet(item: $router.sheet) { sheet in
                            switch sheet {
                            case .edit: EditProfile()
                            case .share: ShareProfile()
                            }
                        }
                }
            }
            """,
            """
            struct Profile: View {
                var body: some View {
                    VStack {
                        Button("Edit") { editing = true }.sheet(isPresented: $editing) { EditProfile() }
                        Button("Share") { sharing = true }.sheet(isPresented: $sharing) { ShareProfile() }
                    }
                }
            }
            """,
        ],
        check: { scope in
            scope.calls.compactMap { call -> Diagnostic? in
                guard let modifier = call.modifier, presentationModifiers.contains(modifier.declName.baseName.text) else { return nil }
                // The nearest presentation modifier further down the same view's chain.
                var base = call.modified
                while let inner = base?.as(FunctionCallExprSyntax.self), let innerModifier = inner.modifier {
                    if presentationModifiers.contains(innerModifier.declName.baseName.text),
                       !LintRule.casesOfOneValue(call.arguments.first?.expression, inner.arguments.first?.expression) {
                        return scope.finding(
                            "a second presentation modifier '.\(modifier.declName.baseName.text)' on the same view: a view presents one modal at a time, so this one is not shown while the other is up",
                            at: modifier.declName,
                            notes: [DiagnosticNote(message: "the view already presents with '.\(innerModifier.declName.baseName.text)' here",
                                                   range: scope.file.range(of: innerModifier.declName)),
                                    DiagnosticNote(message: "present from one '.sheet(item:)' whose item is an enum of the sheets")])
                    }
                    base = inner.modified
                }
                return nil
            }
        }
    )

    /// Whether two presentation items are cases of one optional value: the
    /// texts differ only in one pair of names, wherever they occur, after
    /// a prefix that projects a value (a call or `?`).
    static func casesOfOneValue(_ first: ExprSyntax?, _ second: ExprSyntax?) -> Bool {
        guard let first, let second else { return false }
        let returned = (valuesReturned(by: first), valuesReturned(by: second))
        if !returned.0.isEmpty && returned.0 == returned.1 { return true }
        func tokens(_ expression: ExprSyntax) -> [String] {
            expression.tokens(viewMode: .sourceAccurate).map(\.text)
        }
        let a = tokens(first), b = tokens(second)
        guard a.count == b.count, let firstDifference = a.indices.first(where: { a[$0] != b[$0] }) else { return false }
        let pair = (a[firstDifference], b[firstDifference])
        guard a.indices.allSatisfy({ a[$0] == b[$0] || (a[$0] == pair.0 && b[$0] == pair.1) }),
              pair.0.first.map({ $0.isLetter || $0 == "_" }) == true
        else { return false }
        return a[..<firstDifference].contains { $0 == "(" || $0 == "?" }
    }

    /// The names a `Binding(get: { ... })` returns: each branch or `return`
    /// that is a name alone. Empty for anything else.
    static func valuesReturned(by item: ExprSyntax) -> Set<String> {
        guard let call = item.as(FunctionCallExprSyntax.self), call.calleeName == "Binding",
              let getter = call.argument("get")?.expression.as(ClosureExprSyntax.self)
        else { return [] }
        var names: Set<String> = []
        for block in DeclVisitor<CodeBlockItemListSyntax>.all(in: getter) {
            guard block.count == 1, let item = block.first?.item else { continue }
            let value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
                ?? item.as(ExpressionStmtSyntax.self)?.expression
            if let name = value?.as(DeclReferenceExprSyntax.self) { names.insert(name.baseName.text) }
        }
        return names
    }
}
#endif
