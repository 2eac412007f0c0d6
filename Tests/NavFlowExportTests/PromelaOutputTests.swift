import Foundation
import NavFlowExport
import NavFlowModel
import NavFlowSource
import NavFlowSpec
import Testing

/// The Promela written for the bundled examples is pinned byte for byte
/// (its length and FNV-1a hash), so that a change to how statements or the
/// program are lowered shows even where SPIN is not installed. When the
/// output is meant to change, check it with SPIN (PromelaExportTests) and
/// pin the new figures.
@Suite struct PromelaOutputTests {
    struct Pinned: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Int
        var hash: UInt64
        var testDescription: String { name }
    }

    static let pinned: [Pinned] = [
        Pinned(name: "accounts", bytes: 16844, hash: 0x00ba_1522_0d71_efd6),
        Pinned(name: "data-choices", bytes: 12171, hash: 0xe5bd_b310_c503_080e),
        Pinned(name: "entry-points", bytes: 18581, hash: 0x7ad8_45fd_6a43_3674),
        Pinned(name: "messenger", bytes: 25231, hash: 0xc7ca_ac1d_3978_4e7f),
        Pinned(name: "recipes", bytes: 21822, hash: 0x9825_7c52_7528_7013),
        Pinned(name: "router-tabs", bytes: 23807, hash: 0x5a38_3bdb_5878_f816),
        Pinned(name: "sheet-router", bytes: 17680, hash: 0x3c9f_8061_fb9d_86a8),
        Pinned(name: "tab-links", bytes: 19197, hash: 0x9b14_9800_7c66_cf8e),
    ]

    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    @Test(arguments: pinned) func exampleExportsThePinnedPromela(_ pinned: Pinned) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/examples/\(pinned.name).navflow")
        let text = try String(contentsOf: url, encoding: .utf8)
        let spec = try #require(Frontend.load(SourceFile(path: "\(pinned.name).navflow", text: text)).spec)
        let output = Array(try PromelaExporter(model: try FlowModel(spec)).export().utf8)
        #expect(output.count == pinned.bytes && Self.fnv1a(output) == pinned.hash,
                "\(pinned.name): \(output.count) bytes, hash 0x\(String(Self.fnv1a(output), radix: 16))")
    }

    /// Appear hooks are not lowered: the export refuses the spec and names
    /// the hooks, instead of writing a program SPIN would explore wrongly.
    @Test func appearHooksAreRefusedByName() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/examples/appear-hooks.navflow")
        let text = try String(contentsOf: url, encoding: .utf8)
        try Self.expectRefusal(of: text, "the Promela export does not lower appear hooks, and screens have 3: 'Orders' (line 41), 'Orders' (line 44), 'Account' (line 60); verify the spec with `navflow verify`, which runs them")
    }

    /// Dismissal hooks are not lowered either, and are refused by name.
    @Test func dismissalHooksAreRefusedByName() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("specs/examples/dismissal-hooks.navflow")
        let text = try String(contentsOf: url, encoding: .utf8)
        try Self.expectRefusal(of: text, "the Promela export does not lower dismissal hooks ('on dismiss'), and a screen has one: 'Composer' (line 34); verify the spec with `navflow verify`, which runs them")
    }

    /// A `router path` stack can hold the current path beneath the top
    /// modal, which the program's contexts cannot name: refused, located.
    @Test func routerPathsAreRefused() throws {
        let text = """
            app Menu
            stack HomeStack root Home { destination Detail }
            stack MenuStack root Menu { destination Detail; router path }
            start HomeStack
            screen Home { push Detail; cover MenuStack }
            screen Menu { push Detail; sheet Share; dismiss }
            screen Detail
            screen Share { push Detail under modals; dismiss }
            """
        try Self.expectRefusal(of: text, "the Promela export does not lower 'router path', which stack 'MenuStack' declares (line 3): a push under modals may then write a modal beneath the top one; verify the spec with `navflow verify`")
    }

    /// The export refuses the spec with `message`, not as a limit.
    static func expectRefusal(of text: String, _ message: String) throws {
        let spec = try #require(Frontend.load(SourceFile(path: "refused.navflow", text: text)).spec)
        #expect {
            try PromelaExporter(model: try FlowModel(spec)).export()
        } throws: { error in
            guard let failure = error as? PromelaExporter.Failure else { return false }
            return !failure.isLimit && failure.description == message
        }
    }
}
