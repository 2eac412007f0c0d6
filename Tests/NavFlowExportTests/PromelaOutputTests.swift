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
        Pinned(name: "accounts", bytes: 16605, hash: 0x8b7d_ff14_c2f7_b494),
        Pinned(name: "data-choices", bytes: 11988, hash: 0x5e7a_c5e9_9a6a_fe3d),
        Pinned(name: "entry-points", bytes: 18354, hash: 0x23e6_e292_cba6_6f21),
        Pinned(name: "messenger", bytes: 24711, hash: 0x5301_6f10_80ca_6b3b),
        Pinned(name: "recipes", bytes: 21822, hash: 0x9825_7c52_7528_7013),
        Pinned(name: "router-tabs", bytes: 23483, hash: 0x85a2_5aa0_a92d_c590),
        Pinned(name: "sheet-router", bytes: 17486, hash: 0x260b_7674_4ae9_ad96),
        Pinned(name: "tab-links", bytes: 19003, hash: 0xd97d_d389_de3d_8df4),
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
