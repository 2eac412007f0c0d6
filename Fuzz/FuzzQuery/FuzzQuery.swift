import NavFlowCheck
import NavFlowModel
import NavFlowQuery
import NavFlowSearch
import NavFlowSource
import NavFlowSpec

/// A fixed spec with a tab view, a split view in a tab, stacks, sheets and
/// parameters; any bytes as the query and as the `--from` pattern.
let spec: FlowSpec = {
    let text = """
        app Fuzz
        scheme "fuzz"
        enum Color { red, blue }
        id Item: Int
        flag signedIn = false
        input beta
        stack HomeStack root Home { destination Detail destination Item }
        stack Compose root Draft { destination Item }
        split Browse { sidebar Colors detail ItemStack }
        stack ItemStack root Pick { destination Item }
        tabs Main {
          tab home "Home" HomeStack
          tab browse "Browse" Browse hidden if !beta
        }
        screen Home { push Detail; sheet Compose if signedIn; action "Sign in" { set signedIn = true } }
        screen Detail(color: Color) { push Item }
        screen Item(id: Item) { push Item }
        screen Draft { push Item; dismiss }
        screen Colors { select Item(_) }
        screen Pick
        deeplink "fuzz://item/{i: Item}" -> home / Detail(red) / Item(i)
        """
    guard let spec = Frontend.load(SourceFile(path: "fuzz.navflow", text: text)).spec else { fatalError("the fuzz spec must check") }
    return spec
}()
let model = try! FlowModel(spec)

/// Exported as libFuzzer's own entry point too (FuzzDriver.h says why).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = data ?? UnsafePointer(bitPattern: 1)!
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (target, diagnostics) = PatternResolver.resolveQuery(text, in: spec)
    let (start, _) = PatternResolver.resolvePattern(text, in: spec)
    if target == nil && diagnostics.isEmpty { fatalError("a query that does not resolve must say why") }
    if let target {
        var limits = Explorer.Limits.standard
        limits.maxStates = 20_000
        let query = ReachabilityQuery(target: target, from: start, deepLinks: size % 2 == 0)
        _ = try? ExplicitQueryEngine(limits: limits).answer(query, model: model)
    }
    return 0
}
