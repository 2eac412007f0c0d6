import Foundation
import NavFlowCheck
import NavFlowExport
import NavFlowGenerator
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// SPIN, run on the exported Promela, stores exactly as many states as the
/// explorer finds: a second implementation of the semantics agreeing on the
/// state graph. Runs where `spin` and `gcc` are installed (CI installs them).
/// Each count is made in a directory of its own, so the tests run alongside
/// the others (one after the other, they were the last minute of a run).
@Suite struct PromelaExportTests {
    /// What the tools printed when they gave no count.
    struct ToolOutput: Error {
        var text: String
    }

    static func tool(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let available = tool("spin") != nil && tool("gcc") != nil

    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The states SPIN stores for the model, or the tool output that explains why there is no count.
    static func spinStates(_ model: FlowModel) throws -> Result<Int, ToolOutput> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navflow-spin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try PromelaExporter(model: model).export().write(to: directory.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        let spin = try run(tool("spin")!, ["-a", "model.pml"], in: directory)
        // -O0: the count does not depend on optimisation, and compiling is faster.
        let gcc = try run(tool("gcc")!, ["-O0", "-DSAFETY", "-DNOREDUCE", "-DVECTORSZ=4096", "-w", "-o", "pan", "pan.c"], in: directory)
        guard FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("pan").path) else {
            return .failure(ToolOutput(text: spin + gcc))
        }
        let pan = try run(directory.appendingPathComponent("pan").path, ["-m10000000"], in: directory)
        guard let line = pan.split(separator: "\n").first(where: { $0.contains("states, stored") }),
              let count = Int(line.split(separator: " ").first ?? "") else { return .failure(ToolOutput(text: pan)) }
        if pan.contains("errors: 0") == false { return .failure(ToolOutput(text: pan)) }
        return .success(count)
    }

    /// Compares the counts; false when the spec does not check (and nothing was compared).
    @discardableResult
    static func check(_ text: String, _ label: String) throws -> Bool {
        guard let spec = Frontend.load(SourceFile(path: "\(label).navflow", text: text)).spec,
              let model = try? FlowModel(spec), (try? model.inputValuations(limit: 1 << 16)) != nil else { return false }
        let graph = try Explorer().explore(model)
        switch try spinStates(model) {
        case .success(let count): #expect(count == graph.count, "\(label): SPIN stored \(count), NavFlow \(graph.count)\n\(text)")
        case .failure(let output): Issue.record("\(label): no SPIN count\n\(output.text.suffix(2000))\n\(text)")
        }
        return true
    }

    @Test(.enabled(if: available), arguments: ["accounts", "back-hidden", "container-toasts", "data-choices", "entry-points", "messenger", "recipes", "router-tabs", "server-setup", "sheet-router", "tab-links"])
    func examplesHaveTheSameStateCountInSPIN(_ name: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/examples/\(name).navflow")
        try Self.check(try String(contentsOf: url, encoding: .utf8), name)
    }

    @Test(.enabled(if: available), arguments: Array(UInt64(1)...6))
    func generatedSpecsHaveTheSameStateCountInSPIN(_ batch: UInt64) throws {
        var compared = 0
        for offset in UInt64(0)..<8 {
            let seed = 5000 + batch * 100 + offset
            var generator = SpecGenerator(seed: seed)
            if try Self.check(generator.spec(), "seed-\(seed)") { compared += 1 }
        }
        #expect(compared >= 5, "only \(compared) of 8 generated specs checked")
    }

    /// `push … under modals` from a sheet over a stack, over a screen tab
    /// (no stack: nothing happens), from a sheet with its own stack, and
    /// from launch.
    @Test(.enabled(if: available)) func pushesUnderModalsHaveTheSameStateCountInSPIN() throws {
        let text = """
            app Social
            stack Feed root Timeline {
              destination Post
              destination Profile
              depth 3
            }
            stack ComposeStack root Compose { destination Drafts }
            tabs Main {
              tab feed "Feed" Feed
              tab me "Me" Me
            }
            start Main
            launch push Post under modals
            screen Timeline {
              push Post
              sheet ComposeStack
            }
            screen Post { sheet Share }
            screen Share {
              action "View author" { push Profile under modals }
              dismiss
            }
            screen Profile
            screen Compose {
              push Drafts
              action "Mention" { push Profile under modals; tab me }
            }
            screen Drafts
            screen Me { sheet Share }
            """
        #expect(try Self.check(text, "push-under-modals"))
    }

    /// A modal remembers the split column that presented it (`mc`): closing
    /// it and pushing, or pushing beneath it, acts on that column.
    @Test(.enabled(if: available)) func presenterColumnsHaveTheSameStateCountInSPIN() throws {
        let text = """
            app Reader
            stack SideStack root Sidebar { destination Item; depth 2 }
            stack DetailStack root Detail { destination Item; depth 2 }
            stack ContentStack root Content { destination Item }
            split Library { sidebar SideStack; content ContentStack; detail DetailStack }
            tabs Main {
              tab library "Library" Library
              tab about "About" About
            }
            start Main
            screen Sidebar { push Item; sheet Actions }
            screen Content { push Item; sheet Actions; cover Actions }
            screen Detail { push Item; sheet Actions }
            screen Item { sheet More }
            screen About { sheet Actions }
            screen More { action "Back to list" { dismiss; dismiss; push Item; tab about } }
            screen Actions {
              action "Go to item" { dismiss; push Item }
              action "Open beneath" { push Item under modals }
              action "Elsewhere" { dismiss; tab about; push Item }
              push Item
              sheet More
              dismiss
            }
            """
        #expect(try Self.check(text, "presenter-columns"))
        // Closed in the step, then pushed beneath (a plain push on the column
        // that presented); a link's `else` after the modals are closed, from a
        // second handler and from an `open` (the first slot); a link that
        // re-presents what is up, and one that presents over its own first modal.
        let preamble = """
            app T
            scheme "t"
            flag f = false
            stack SideStack root Sidebar { destination Item; depth 2 }
            stack DetailStack root Detail { destination Item; depth 3 }
            split Library { sidebar SideStack detail DetailStack }
            start Library
            screen Sidebar { push Item; action "on" { set f = true } }
            screen Item { sheet B }
            screen B { dismiss }

            """
        let cases = [
            """
            screen Detail { sheet Actions }
            screen Actions { action "go" { dismiss; push Item under modals }; action "open" { dismiss; open "t://go" } }
            deeplink "t://go" -> / Item
                -> / Item requires f else push Item
            """,
            """
            screen Detail { sheet Actions; push Item }
            screen Actions { sheet B; dismiss }
            deeplink "t://actions" -> + sheet Actions keep modals
            deeplink "t://b" -> + sheet Actions + sheet B keep modals
            deeplink "t://here" -> * / ... + sheet B keep modals
            """,
        ]
        for (index, body) in cases.enumerated() {
            #expect(try Self.check(preamble + body, "presenter-columns-\(index)"))
        }
    }

    /// Links where the user is (`*`) and appended paths (`/ ...`): over a
    /// tab view with a tab that cannot take the route, over a sheet with a
    /// stack and one without, and on a root that is a single stack.
    @Test(.enabled(if: available)) func relativeDeepLinksHaveTheSameStateCountInSPIN() throws {
        let tabs = """
            app Reader
            scheme "reader"
            id ArticleID
            enum Kind { news, blog }
            destinations Pages { Article; Topic }
            stack FeedStack root Feed { destinations Pages; depth 2 }
            stack SettingsStack root Settings { destination About }
            stack ComposeStack root Compose { destinations Pages; depth 2 }
            stack DetailStack root Detail { destinations Pages; depth 2 }
            split Mail { sidebar Folders; detail DetailStack }
            tabs Main {
              tab feed "Feed" FeedStack
              tab settings "Settings" SettingsStack
              tab help "Help" Help
              tab mail "Mail" Mail
            }
            screen Folders { select Detail }
            screen Detail { push Article }
            start Main
            screen Feed { push Article; sheet ComposeStack; sheet Help }
            screen Settings { push About }
            screen About
            screen Article(id: ArticleID) { push Topic }
            screen Topic(kind: Kind)
            screen Compose { push Article; dismiss }
            screen Help { dismiss }
            deeplink "reader://article/{id: ArticleID}" -> * / ... / Article(id)
            deeplink "reader://here/{k: Kind}" -> * / ... / Topic(k) keep modals
            deeplink "reader://reset/{k: Kind}" -> * / Topic(k) keep modals
            deeplink "reader://top" -> * + sheet ComposeStack
            deeplink "reader://feed/{k: Kind}" -> feed / ... / Topic(k)
            """
        #expect(try Self.check(tabs, "relative-links-tabs"))
        let stack = """
            app Notes
            scheme "notes"
            enum Folder { inbox, archive }
            stack Main root List { destination Note; destination Folder; depth 3 }
            stack EditStack root Edit { destination Note; depth 2 }
            start Main
            screen List { push Note; push Folder; sheet EditStack; popover Info }
            screen Folder(folder: Folder) { push Note }
            screen Note { sheet EditStack }
            screen Edit { push Note; dismiss }
            screen Info { dismiss }
            deeplink "notes://note" -> / ... / Note keep modals
            deeplink "notes://here/{f: Folder}" -> * / ... / Folder(f) keep modals
            deeplink "notes://top" -> * keep modals
            """
        #expect(try Self.check(stack, "relative-links-stack"))
    }

    /// Several handlers of one URL, run in order, with `keep tab` (on a
    /// hidden tab too), `else` and `keep modals` among them.
    @Test(.enabled(if: available)) func deepLinkHandlersHaveTheSameStateCountInSPIN() throws {
        let text = """
            app Social
            scheme "social"
            id StatusID
            flag signedIn = false
            stack TimelineStack root Timeline { destination Status; depth 2 }
            stack SearchStack root Search { destination Status; depth 2 }
            stack MeStack root Me { destination Status; depth 1 }
            tabs Main {
              tab timeline "Timeline" TimelineStack
              tab search "Search" SearchStack
              tab me "Me" MeStack hidden if !signedIn
            }
            start Main
            screen Timeline { push Status; sheet Compose; action "Sign in" { set signedIn = true } }
            screen Search { push Status }
            screen Me { push Status }
            screen Status(id: StatusID) { push Status }
            screen Compose { dismiss }
            deeplink "social://status/{id: StatusID}"
                -> timeline / ... / Status(id) keep tab, modals
                -> me / Status(id) keep tab
                -> search / Status(id) requires signedIn
            deeplink "social://welcome" -> timeline requires signedIn else set signedIn = true
            deeplink "social://open/{id: StatusID}"
                -> timeline keep modals
                -> * / ... / Status(id)
                -> + sheet Compose keep modals
            """
        #expect(try Self.check(text, "deep-link-handlers"))
    }

    /// `close`: the first named modal up goes with everything above it, the
    /// others stay; a sheet over a tab covers the root, which then presents
    /// nothing. Terms alone is reached only by closing the locked Gate above it.
    @Test(.enabled(if: available)) func closingHandlersHaveTheSameStateCountInSPIN() throws {
        let text = """
            app Close
            scheme "c"
            stack HomeStack root Home { destination Detail; depth 2 }
            stack LinkStack root Detail { destination Detail; depth 1 }
            tabs Main {
              tab home "Home" HomeStack
              tab other "Other" Other
            }
            start Main
            screen Home { push Detail; sheet Filters; action "Consent" { sheet Terms; sheet Gate } }
            screen Other { sheet Greeting }
            screen Detail { push Detail; sheet Filters }
            screen Filters { dismiss; sheet Greeting }
            screen Greeting { dismiss }
            screen Terms { dismiss }
            screen Gate locked
            deeplink "c://item" -> + sheet LinkStack close LinkStack, Greeting
            deeplink "c://accept" -> * close Gate
            deeplink "c://more" -> * / ... / Detail close Greeting
            deeplink "c://home" -> home / Detail close Filters keep tab
            """
        #expect(try Self.check(text, "closing-handlers"))
    }

    /// `close NAME, ...` as a statement: the first named modal up closes with
    /// every modal above it, from an edge, an action and an `else`,
    /// the rest of the action acting on what is then on top; with none up, nothing.
    @Test(.enabled(if: available)) func closeStatementsHaveTheSameStateCountInSPIN() throws {
        let text = Fixtures.closeStatements
        #expect(try Self.check(text, "close-statements"))
    }

    /// An entry point offered only while a flag holds (a toast's button).
    @Test(.enabled(if: available)) func offeredEntriesHaveTheSameStateCountInSPIN() throws {
        let text = Fixtures.toasts
        #expect(try Self.check(text, "offered-entries"))
    }

    /// Links `under modals`: the selected tab's stack (or a named tab's)
    /// beneath every modal, the modals left up, in a tab root and a stack
    /// root; replacing, appending, and cut at the depth.
    @Test(.enabled(if: available)) func underModalsHandlersHaveTheSameStateCountInSPIN() throws {
        let tabs = """
            app Under
            scheme "u"
            stack HomeStack root Home { destination Detail; depth 2 }
            stack OtherStack root Other { destination Detail; depth 1 }
            stack SheetStack root Filters { destination Detail; depth 1 }
            tabs Main {
              tab home "Home" HomeStack
              tab other "Other" OtherStack
              tab plain "Plain" Plain
            }
            start Main
            screen Home { push Detail; sheet SheetStack; cover Gate }
            screen Other { push Detail; sheet Greeting }
            screen Plain { sheet Greeting }
            screen Detail { push Detail; sheet Greeting }
            screen Filters { push Detail; dismiss }
            screen Greeting { dismiss; sheet SheetStack }
            screen Gate { dismiss }
            deeplink "u://more" -> * / ... / Detail under modals
            deeplink "u://top" -> * under modals
            deeplink "u://other" -> other / Detail under modals
            deeplink "u://two" -> home / ... / Detail / Detail under modals
            """
        #expect(try Self.check(tabs, "under-modals-tabs"))
        let stack = """
            app UnderStack
            scheme "u"
            stack HomeStack root Home { destination Detail; depth 2 }
            start HomeStack
            screen Home { push Detail; sheet Greeting }
            screen Detail { push Detail; sheet Greeting }
            screen Greeting { dismiss }
            deeplink "u://more" -> / ... / Detail under modals
            deeplink "u://one" -> / Detail under modals
            """
        #expect(try Self.check(stack, "under-modals-stack"))
    }

    @Test(.enabled(if: available)) func appShapedSpecsHaveTheSameStateCountInSPIN() throws {
        let shapes = [AppShape(tabs: 2, screens: 6, fanOut: 3, depth: 3, sheets: 1, flags: 1, inputs: 1, deepLinks: 2),
                      AppShape(tabs: 3, screens: 9, fanOut: 2, depth: 2, sheets: 2, flags: 2, inputs: 2, deepLinks: 4, seed: 7)]
        for (index, shape) in shapes.enumerated() {
            #expect(try Self.check(AppSpecGenerator.spec(shape), "app-\(index)"))
        }
    }
}
