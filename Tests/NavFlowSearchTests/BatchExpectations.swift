import Testing

/// Checks what a batch insert wrote: -1 and not new for each transition
/// without a target, and for each other one the number and newness that
/// `expected` gives for its position, asked in order.
func expectBatch(numbers: [Int32], isNew: [Bool], hasTarget: [Bool],
                 sourceLocation: SourceLocation = #_sourceLocation,
                 expected: (Int) -> (index: Int, inserted: Bool)) {
    for position in hasTarget.indices {
        guard hasTarget[position] else {
            #expect(numbers[position] == -1, sourceLocation: sourceLocation)
            #expect(!isNew[position], sourceLocation: sourceLocation)
            continue
        }
        let (index, inserted) = expected(position)
        #expect(Int(numbers[position]) == index, "position \(position)", sourceLocation: sourceLocation)
        #expect(isNew[position] == inserted, "position \(position)", sourceLocation: sourceLocation)
    }
}
