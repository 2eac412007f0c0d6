import CZ3Shim

/// Why a Z3 call failed. Z3 never aborts the process: its errors, time-outs
/// and resource limits come back as these.
public enum Z3Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// Z3 could not create a context (out of memory, broken installation).
    case unavailable
    /// Z3 reported an error with this code and message.
    case failed(code: Int, message: String)
    /// A check gave up: `reason` is Z3's ("timeout", "max. resource limit exceeded", ...).
    case unknown(reason: String)

    /// Whether Z3 ran out of the memory `Z3Solver.setMemoryLimit` allows
    /// (or of all memory): its memory error, or a check that gave up for it.
    public var isMemoryLimit: Bool {
        switch self {
        case .unavailable: false
        case .failed(let code, let message): code == Self.memoryErrorCode || message.lowercased().contains("memory")
        case .unknown(let reason): reason.lowercased().contains("memory")
        }
    }

    /// Z3's `Z3_MEMOUT_FAIL`.
    static let memoryErrorCode = 7

    public var description: String {
        switch self {
        case .unavailable: "Z3 could not create a context"
        case .failed(let code, let message): "Z3 error \(code): \(message)"
        case .unknown(let reason): "Z3 gave up: \(reason)"
        }
    }
}

/// A Boolean or bit-vector term, owned by the solver that made it.
public struct Z3Term: @unchecked Sendable, Equatable {
    let raw: UnsafeRawPointer

    /// Whether two terms are the same term (Z3 shares structurally equal
    /// terms, so a term left unchanged keeps its identity).
    public static func == (lhs: Z3Term, rhs: Z3Term) -> Bool { lhs.raw == rhs.raw }

    /// The term's identity, for keying tables by term.
    public var identity: UnsafeRawPointer { raw }
}

/// The result of a satisfiability check.
public enum Z3Result: Equatable, Sendable {
    case satisfiable
    case unsatisfiable
}

/// A Z3 context and solver with the terms made in it. Not thread-safe:
/// use one solver per thread.
public final class Z3Solver {
    private let handle: OpaquePointer

    /// A solver whose checks give up after `timeout` seconds and, when
    /// `resourceLimit` is set, after that many of Z3's resource units.
    public init(timeout: Double? = nil, resourceLimit: UInt32? = nil) throws(Z3Error) {
        let milliseconds = timeout.map { UInt32(min(max($0 * 1000, 1), Double(UInt32.max))) } ?? 0
        guard let handle = nf_solver_new(milliseconds, resourceLimit ?? 0) else { throw .unavailable }
        self.handle = handle
    }

    deinit {
        nf_solver_free(handle)
    }

    /// The seconds each later check may take: what is left of a deadline
    /// when the check begins, so that building the problem first does not
    /// push the check past it.
    public func setTimeout(_ seconds: Double) throws(Z3Error) {
        nf_set_timeout(handle, UInt32(min(max(seconds * 1000, 1), Double(UInt32.max))))
        try throwIfFailed()
    }

    /// Stops the running check from another thread (it then throws
    /// `.unknown`). An interrupt that comes before Z3 has begun the check
    /// is lost: repeat it until the check returns. The caller keeps the
    /// solver alive while it may call this.
    public func interrupt() {
        nf_interrupt(handle)
    }

    /// The bytes Z3 holds now, all solvers together, as Z3 counts them
    /// (what `setMemoryLimit` caps).
    public static var allocatedBytes: Int { Int(clamping: nf_allocated_memory()) }

    /// Caps the memory Z3 allocates, all solvers together, at `bytes`
    /// (whole MiB, at least one); nil lifts the cap. A call that would
    /// allocate past it fails with Z3's memory error (`isMemoryLimit`).
    public static func setMemoryLimit(_ bytes: Int?) {
        nf_set_memory_limit(bytes.map { UInt32(min(max($0 >> 20, 1), Int(UInt32.max))) } ?? 0)
    }

    private func checked(_ raw: UnsafeRawPointer?) throws(Z3Error) -> Z3Term {
        try throwIfFailed()
        guard let raw else { throw .failed(code: -1, message: "Z3 returned no term") }
        return Z3Term(raw: raw)
    }

    private func throwIfFailed() throws(Z3Error) {
        var buffer = [CChar](repeating: 0, count: 256)
        let code = nf_error(handle, &buffer, buffer.count)
        if code != 0 {
            nf_clear_error(handle)
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .failed(code: Int(code), message: message)
        }
    }

    public func boolean(_ name: String) throws(Z3Error) -> Z3Term {
        try checked(nf_bool_const(handle, name))
    }

    public func bitVector(_ name: String, width: Int) throws(Z3Error) -> Z3Term {
        try checked(nf_bv_const(handle, name, UInt32(width)))
    }

    public func bitVector(value: UInt64, width: Int) throws(Z3Error) -> Z3Term {
        try checked(nf_bv_value(handle, value, UInt32(width)))
    }

    public func constant(_ value: Bool) throws(Z3Error) -> Z3Term {
        try checked(nf_bool_value(handle, value ? 1 : 0))
    }

    public func not(_ term: Z3Term) throws(Z3Error) -> Z3Term {
        try checked(nf_not(handle, term.raw))
    }

    public func and(_ terms: [Z3Term]) throws(Z3Error) -> Z3Term {
        let raws: [UnsafeRawPointer?] = terms.map(\.raw)
        return try checked(raws.withUnsafeBufferPointer { nf_and(handle, UInt32($0.count), $0.baseAddress) })
    }

    public func or(_ terms: [Z3Term]) throws(Z3Error) -> Z3Term {
        let raws: [UnsafeRawPointer?] = terms.map(\.raw)
        return try checked(raws.withUnsafeBufferPointer { nf_or(handle, UInt32($0.count), $0.baseAddress) })
    }

    public func equal(_ lhs: Z3Term, _ rhs: Z3Term) throws(Z3Error) -> Z3Term {
        try checked(nf_eq(handle, lhs.raw, rhs.raw))
    }

    public func distinct(_ terms: [Z3Term]) throws(Z3Error) -> Z3Term {
        let raws: [UnsafeRawPointer?] = terms.map(\.raw)
        return try checked(raws.withUnsafeBufferPointer { nf_distinct(handle, UInt32($0.count), $0.baseAddress) })
    }

    /// Unsigned less-than of two bit-vectors of the same width.
    public func lessThan(_ lhs: Z3Term, _ rhs: Z3Term) throws(Z3Error) -> Z3Term {
        try checked(nf_bv_ult(handle, lhs.raw, rhs.raw))
    }

    /// `condition ? then : otherwise`, of two terms of the same sort.
    public func ifThenElse(_ condition: Z3Term, _ then: Z3Term, _ otherwise: Z3Term) throws(Z3Error) -> Z3Term {
        try checked(nf_ite(handle, condition.raw, then.raw, otherwise.raw))
    }

    /// The sum of two bit-vectors of the same width, modulo 2^width.
    public func add(_ lhs: Z3Term, _ rhs: Z3Term) throws(Z3Error) -> Z3Term {
        try checked(nf_bv_add(handle, lhs.raw, rhs.raw))
    }

    public func assert(_ term: Z3Term) throws(Z3Error) {
        nf_assert(handle, term.raw)
        try throwIfFailed()
    }

    public func push() throws(Z3Error) {
        nf_push(handle)
        try throwIfFailed()
    }

    public func pop() throws(Z3Error) {
        nf_pop(handle)
        try throwIfFailed()
    }

    /// Checks the assertions. A time-out or resource limit throws `.unknown`.
    public func check() throws(Z3Error) -> Z3Result {
        switch nf_check(handle) {
        case 1: return .satisfiable
        case 0: return .unsatisfiable
        case -1:
            var buffer = [CChar](repeating: 0, count: 256)
            nf_reason_unknown(handle, &buffer, buffer.count)
            throw .unknown(reason: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        default:
            try throwIfFailed()
            throw .failed(code: -1, message: "the check failed")
        }
    }

    /// A Boolean's value in the model of the last satisfiable check.
    public func value(of term: Z3Term) throws(Z3Error) -> Bool {
        var value: Int32 = 0
        guard nf_model_bool(handle, term.raw, &value) == 0 else {
            try throwIfFailed()
            throw .failed(code: -1, message: "no model value")
        }
        return value != 0
    }

    /// A bit-vector's value in the model of the last satisfiable check.
    public func bitVectorValue(of term: Z3Term) throws(Z3Error) -> UInt64 {
        var value: UInt64 = 0
        guard nf_model_bv(handle, term.raw, &value) == 0 else {
            try throwIfFailed()
            throw .failed(code: -1, message: "no model value")
        }
        return value
    }

    /// Makes Z3 report an error, to show it comes back as a thrown error.
    public func provokeError() throws(Z3Error) {
        nf_provoke_error(handle)
        try throwIfFailed()
    }
}
