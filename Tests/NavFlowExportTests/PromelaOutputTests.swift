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
        Pinned(name: "accounts", bytes: 16601, hash: 0x2ae6_c851_33be_927d),
        Pinned(name: "data-choices", bytes: 11984, hash: 0xba0d_daf1_0b86_b6c4),
        Pinned(name: "entry-points", bytes: 18216, hash: 0x0837_e3b8_a2db_55f2),
        Pinned(name: "messenger", bytes: 24707, hash: 0x1c3d_e6b9_fefd_a4e8),
        Pinned(name: "recipes", bytes: 21813, hash: 0x0810_3f95_3f6e_cd8a),
        Pinned(name: "router-tabs", bytes: 23345, hash: 0x1eb7_f4d1_9351_becb),
        Pinned(name: "sheet-router", bytes: 17348, hash: 0xb9e6_1237_8ef0_ac28),
        Pinned(name: "tab-links", bytes: 18999, hash: 0xe756_5580_8067_4329),
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
}
