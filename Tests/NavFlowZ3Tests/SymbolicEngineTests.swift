import NavFlowCheck
import NavFlowModel
import NavFlowSpec
import NavFlowZ3
import Testing

@Suite struct SymbolicEngineTests {
    @Test func availabilityFollowsTheTrait() {
        #if Z3
        #expect(SymbolicEngineAvailability.isAvailable)
        #else
        #expect(!SymbolicEngineAvailability.isAvailable)
        #endif
    }
}
