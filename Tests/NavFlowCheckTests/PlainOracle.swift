import NavFlowModel
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// A spec's model with what the plain search, the oracle of the other
/// searches, is given: the launch states of every input valuation, and the
/// tabs that are not selected parked where `TabIndependence` holds (unless
/// they are to be stored whole).
struct PlainOracle {
    let model: FlowModel
    /// Whether the tabs that are not selected are parked.
    let parks: Bool
    let starts: [NavState]
    let limits: Explorer.Limits

    /// Nil when the spec does not load or its inputs go past the limits.
    init?(_ source: SourceFile, storedWhole: Bool = false, limits: Explorer.Limits) {
        guard let spec = Frontend.load(source).spec, let model = try? FlowModel(spec),
              let valuations = try? model.inputValuations(limit: limits.maxValuations) else { return nil }
        self.model = model
        self.limits = limits
        parks = !storedWhole && TabIndependence(model: model).holds
        starts = valuations.compactMap { model.initialState(inputs: $0).state }
    }

    /// The parking a search with or without deep links uses.
    func parking(deepLinks: Bool) -> ParkedPaths? {
        var parking = parks ? ParkedPaths(model: model) : nil
        parking?.withDeepLinks = deepLinks
        return parking
    }

    /// The plain search's states; nil when it goes past the limits.
    func search(deepLinks: Bool) -> PlainExplorer.Search? {
        try? PlainExplorer(limits: limits).search(model, from: starts, deepLinks: deepLinks,
                                                  parking: parking(deepLinks: deepLinks))
    }
}
