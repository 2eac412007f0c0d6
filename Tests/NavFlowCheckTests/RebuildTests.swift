import NavFlowCheck
import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec
import NavFlowTestSupport
import Testing

/// `rebuild`: every path empties, every modal closes, the selected tab and
/// the flags stay.
@Suite struct RebuildTests {
    static let example = String(decoding: Repository.source(Repository.path("specs/examples/accounts.navflow")).bytes,
                                as: UTF8.self)

    @Test func aRebuildLeavesEveryTabAtItsRootWithNoModal() throws {
        let spec = try #require(Frontend.load(SourceFile(path: "accounts.navflow", text: Self.example)).spec)
        let model = try FlowModel(spec)
        let screen = try #require(spec.screens.firstIndex { $0.name == "AccountList" })
        let profile = try #require(spec.rootTabView?.tabs.firstIndex { $0.id == "profile" })
        let feed = try #require(spec.rootTabView?.tabs.firstIndex { $0.id == "feed" })
        let feedSlot = model.shape.tabSlots[feed].lowerBound
        let search = try PlainExplorer().search(model, from: [try #require(model.initialState(inputs: 0).state)],
                                                deepLinks: true)
        var switches = 0
        var fromDeepFeed = 0     // switches taken with posts open in the Feed tab
        for index in 0..<search.count {
            let state = search.state(index)
            model.successors(of: state, deepLinks: false) { transition in
                guard case .edge(_, screen, _, _) = transition.step, let target = transition.target else { return }
                switches += 1
                if !state.paths[feedSlot].isEmpty { fromDeepFeed += 1 }
                #expect(target.paths.allSatisfy(\.isEmpty) && target.modals.isEmpty)
                #expect(target.selectedTab == profile && target.flags == state.flags)
            }
        }
        #expect(switches > 0 && fromDeepFeed > 0, "the switch was taken \(switches) times, \(fromDeepFeed) from a deep feed")
    }

    /// Signing out rebuilds, but keeps the selection: Profile, which the
    /// signed-out tab set hides, until a `tab` statement selects another.
    @Test func aSelectionThatOutlivesItsTabIsStillCaught() {
        let defect = Self.example.replacingOccurrences(of: "set signedIn = false; rebuild; tab welcome",
                                                       with: "set signedIn = false; rebuild")
        let result = Verifier.verify(SourceFile(path: "accounts.navflow", text: defect))
        #expect(result.diagnostics.filter { $0.severity == .error }.map { "\($0.rule.rawValue): \($0.messageAndWitnessNote)" } == [
            // Left on the hidden Profile tab, the user can still reach "Switch account".
            "hidden-tab: tab 'profile' is hidden here, so selecting it does nothing",
            "selected-tab-hidden: this step can hide the selected tab [in the witness, it hides the selected tab 'profile'; select another tab in the same step, as in 'tab welcome']",
        ])
        #expect(Verifier.verify(SourceFile(path: "accounts.navflow", text: Self.example)).diagnostics
            .allSatisfy { $0.severity == .note })
    }
}
