/// Finds the declared name a misspelling most likely meant, for "did you
/// mean" notes.
public enum NameSuggestion {
    /// The closest candidate within a small edit distance, or nil.
    /// Case differences count as half an edit, so `privacy` finds `Privacy`.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let limit = max(1, min(3, target.count / 3))
        var best: (String, Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.unicodeScalars))
            guard distance <= limit * 2 else { continue }
            if best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Levenshtein distance in half-edits: a change of case only costs 1, any
    /// other substitution, insertion or deletion costs 2.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count * 2 }
        if b.isEmpty { return a.count * 2 }
        var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i * 2
            for j in 1...b.count {
                let substitution: Int
                if a[i - 1] == b[j - 1] {
                    substitution = 0
                } else if a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping {
                    substitution = 1
                } else {
                    substitution = 2
                }
                current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
