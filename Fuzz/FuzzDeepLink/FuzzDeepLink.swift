import NavFlowSource
import NavFlowSpec

/// The first line of the input is a deep-link pattern, the rest a URL: the
/// pattern parser must accept or explain, and matching must not trap.
let base: FlowSpec = {
    let text = """
        app Fuzz
        scheme "fuzz"
        host "fuzz.example.com"
        enum Color { red, blue }
        id Number: Int
        id Name: String
        screen Home
        """
    guard let spec = Frontend.load(SourceFile(path: "fuzz.navflow", text: text)).spec else { fatalError("the fuzz spec must check") }
    return spec
}()
let types: [String: ValueType] = ["Color": .enumeration(0), "Number": .identifier(0), "Name": .identifier(1)]

/// Exported as libFuzzer's own entry point too (FuzzDriver.h says why).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = data ?? UnsafePointer(bitPattern: 1)!
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
    let url = cut < bytes.count ? String(decoding: bytes[(cut + 1)...], as: UTF8.self) : ""
    let source = SourceFile(path: "pattern", text: "\"" + pattern + "\"")
    let literal = StringLiteral(pattern, range: source.range(0, source.bytes.count))
    let result = DeepLinkPatternParser.parse(literal, file: source, spec: base, types: types)
    if result.pattern == nil && result.diagnostics.isEmpty { fatalError("a pattern that does not parse must say why") }
    if let parsed = result.pattern, let path = URLPath(url) {
        if let values = parsed.match(path, in: base), values.count != parsed.parameters.count {
            fatalError("a match binds every parameter")
        }
    }
    return 0
}
