#if Z3
import Z3Solver

/// Builds terms in one solver, folding what is decided as it goes: a
/// Boolean connective over constants, an `if` whose condition is a
/// constant or whose branches are the same term, an equality of two
/// numerals. Most of what a step's lowering builds is decided by the step
/// itself (the tab after `tab t`, the length after a push at a known
/// length), so the terms the solver sees stay small.
final class Terms {
    let solver: Z3Solver
    let yes: Z3Term
    let no: Z3Term
    /// The numerals made so far, per width and value, and back.
    private var numerals: [Int: [UInt64: Z3Term]] = [:]
    private var numeralValues: [UnsafeRawPointer: UInt64] = [:]

    init(solver: Z3Solver) throws(Z3Error) {
        self.solver = solver
        yes = try solver.constant(true)
        no = try solver.constant(false)
    }

    /// The bits a value up to `maximum` needs: at least one (Z3 has no
    /// bit-vectors of width 0).
    static func width(for maximum: Int) -> Int {
        maximum <= 1 ? 1 : Int.bitWidth - maximum.leadingZeroBitCount
    }

    func bool(_ value: Bool) -> Z3Term { value ? yes : no }

    func boolean(_ name: String) throws(Z3Error) -> Z3Term { try solver.boolean(name) }

    func bitVector(_ name: String, width: Int) throws(Z3Error) -> Z3Term { try solver.bitVector(name, width: width) }

    func value(_ value: Int, width: Int) throws(Z3Error) -> Z3Term {
        let bits = UInt64(value)
        if let term = numerals[width]?[bits] { return term }
        let term = try solver.bitVector(value: bits, width: width)
        numerals[width, default: [:]][bits] = term
        numeralValues[term.identity] = bits
        return term
    }

    /// The value of a numeral made here, nil for any other term.
    func numeral(_ term: Z3Term) -> UInt64? { numeralValues[term.identity] }

    func not(_ term: Z3Term) throws(Z3Error) -> Z3Term {
        if term == yes { return no }
        if term == no { return yes }
        return try solver.not(term)
    }

    func and(_ terms: [Z3Term]) throws(Z3Error) -> Z3Term {
        var kept: [Z3Term] = []
        for term in terms where term != yes {
            if term == no { return no }
            kept.append(term)
        }
        if kept.isEmpty { return yes }
        if kept.count == 1 { return kept[0] }
        return try solver.and(kept)
    }

    func or(_ terms: [Z3Term]) throws(Z3Error) -> Z3Term {
        var kept: [Z3Term] = []
        for term in terms where term != no {
            if term == yes { return yes }
            kept.append(term)
        }
        if kept.isEmpty { return no }
        if kept.count == 1 { return kept[0] }
        return try solver.or(kept)
    }

    func implies(_ premise: Z3Term, _ conclusion: Z3Term) throws(Z3Error) -> Z3Term {
        try or([not(premise), conclusion])
    }

    func equal(_ lhs: Z3Term, _ rhs: Z3Term) throws(Z3Error) -> Z3Term {
        if lhs == rhs { return yes }
        if let left = numeral(lhs), let right = numeral(rhs) { return bool(left == right) }
        if lhs == yes { return rhs }
        if rhs == yes { return lhs }
        if lhs == no { return try not(rhs) }
        if rhs == no { return try not(lhs) }
        return try solver.equal(lhs, rhs)
    }

    func equal(_ term: Z3Term, _ value: Int, width: Int) throws(Z3Error) -> Z3Term {
        try equal(term, self.value(value, width: width))
    }

    /// `lhs < rhs`, unsigned.
    func less(_ lhs: Z3Term, _ rhs: Z3Term) throws(Z3Error) -> Z3Term {
        if let left = numeral(lhs), let right = numeral(rhs) { return bool(left < right) }
        return try solver.lessThan(lhs, rhs)
    }

    func ifThenElse(_ condition: Z3Term, _ then: Z3Term, _ otherwise: Z3Term) throws(Z3Error) -> Z3Term {
        if then == otherwise || condition == yes { return then }
        if condition == no { return otherwise }
        return try solver.ifThenElse(condition, then, otherwise)
    }

    /// `term + amount` for a small constant amount, folded on numerals.
    func add(_ term: Z3Term, _ amount: Int, width: Int) throws(Z3Error) -> Z3Term {
        let modulus = UInt64(1) << UInt64(width)
        if let value = numeral(term) {
            return try self.value(Int((value &+ UInt64(bitPattern: Int64(amount))) % modulus), width: width)
        }
        let addend = UInt64(bitPattern: Int64(amount)) % modulus
        return try solver.add(term, self.value(Int(addend), width: width))
    }
}
#endif
