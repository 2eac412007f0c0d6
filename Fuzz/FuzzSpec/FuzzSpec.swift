import NavFlowCheck
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// Any bytes as a spec: the front end must end in a checked spec or in
/// located errors; a spec that checks is verified within small limits; a
/// spec the formatter takes is formatted to a fixed point (a second pass
/// changes nothing).
///
/// Exported as libFuzzer's own entry point too (FuzzDriver.h says why).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = data ?? UnsafePointer(bitPattern: 1)!
    let file = SourceFile(path: "fuzz.navflow", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var limits = Explorer.Limits.standard
    limits.maxStates = 5_000
    limits.maxBytes = 64 << 20
    limits.maxValuations = 64
    let result = Verifier.verify(file, options: Verifier.Options(limits: limits))
    if result.spec == nil && result.diagnostics.isEmpty && result.limit == nil {
        fatalError("a spec that does not check must say why")
    }
    if case .success(let formatted) = SpecFormatter.format(file),
       (try? SpecFormatter.format(SourceFile(path: "fuzz.navflow", text: formatted)).get()) != formatted {
        fatalError("formatting a formatted spec changed it")
    }
    return 0
}
