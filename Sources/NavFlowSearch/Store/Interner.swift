/// Numbers distinct values in the order they first appear, so a transition
/// can store a 32-bit id instead of its label or note.
public struct Interner<Value: Hashable> {
    public private(set) var values: [Value] = []
    private var ids: [Value: Int32] = [:]

    public init() {}

    /// The id of a value, numbering it if it is new.
    public mutating func id(_ value: Value) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(values.count)
        values.append(value)
        ids[value] = id
        return id
    }
}
