/// Numbers distinct values in the order they first appear, so a transition
/// can store a 32-bit id instead of its label or note.
struct Interner<Value: Hashable> {
    private(set) var values: [Value] = []
    private var ids: [Value: Int32] = [:]

    /// The id of a value, numbering it if it is new.
    mutating func id(_ value: Value) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(values.count)
        values.append(value)
        ids[value] = id
        return id
    }
}
