@testable import NavFlowSearch
import Testing

/// `EdgeList` keeps each transition's label in two bytes while the search
/// has met at most 65,536 labels, and in four once it has met more.
@Suite struct EdgeListTests {
    private static let limits = Explorer.Limits(maxStates: 1_000_000, maxBytes: 1 << 30, maxValuations: 1)

    /// Rows appended narrow, then past the narrow range, read back the
    /// labels and targets they were given, in their rows.
    @Test func labelsReadBackAcrossTheWidening() throws {
        var list = EdgeList()
        var budget = ResourceBudget(Self.limits)
        let rows: [[Int32]] = [[0, 1, 65_535], [7], [], [65_535, 2], [65_536, 3, 1_000_000], [4]]
        var labelCount = 0
        for (index, row) in rows.enumerated() {
            labelCount = max(labelCount, Int(row.max() ?? -1) + 1)
            try list.reserve(row.count, labelCount: labelCount, budget: &budget, states: index)
            list.append(targets: row.map { $0 &+ 1 }, labels: row, count: row.count)
        }
        for (index, row) in rows.enumerated() {
            #expect(list.range(of: index).map { list.label(at: $0) } == row)
            #expect(list.range(of: index).map { list.target[$0] } == row.map { $0 &+ 1 })
        }
    }

    /// Narrow labels take two bytes a transition, wide ones four: with its
    /// four-byte target, a transition then takes six bytes or eight (arrays
    /// may hold a little more than they were asked for).
    @Test func narrowLabelsTakeTwoBytes() throws {
        var narrow = EdgeList()
        var wide = EdgeList()
        var budget = ResourceBudget(Self.limits)
        let labels = [Int32](repeating: 9, count: 1_000)
        try narrow.reserve(labels.count, labelCount: 10, budget: &budget, states: 0)
        narrow.append(targets: labels, labels: labels, count: labels.count)
        try wide.reserve(labels.count, labelCount: 70_000, budget: &budget, states: 0)
        wide.append(targets: labels, labels: labels, count: labels.count)
        #expect(narrow.bytes < 7 * labels.count)
        #expect(wide.bytes >= 8 * labels.count)
    }
}
