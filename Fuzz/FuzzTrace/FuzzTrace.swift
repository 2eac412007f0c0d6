import NavFlowCoverage
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// Any bytes as a trace, read and replayed on a fixed spec.
let model: FlowModel = {
    let text = """
        app Fuzz
        scheme "fuzz"
        enum Color { red, blue }
        id Item: Int
        flag signedIn = false
        input beta
        stack HomeStack root Home { destination Detail destination Item depth 3 }
        stack Compose root Draft { destination Item }
        tabs Main {
          tab home "Home" HomeStack
          tab labs "Labs" Labs hidden if !beta
        }
        screen Home { push Detail; sheet Compose if signedIn; action "Sign in" { set signedIn = true } }
        screen Detail(color: Color) { push Item; pop }
        screen Item(id: Item) { push Item }
        screen Draft { push Item; dismiss }
        screen Labs { tab home }
        deeplink "fuzz://item/{i: Item}" -> home / Detail(red) / Item(i)
        entry notification item(i: Item, c: Color) -> home / Detail(c) / Item(i) requires signedIn
        """
    guard let spec = Frontend.load(SourceFile(path: "fuzz.navflow", text: text)).spec, let model = try? FlowModel(spec) else {
        fatalError("the fuzz spec must check")
    }
    return model
}()
let universe = CoverageUniverse(model: model)

/// Exported as libFuzzer's own entry point too (FuzzDriver.h says why).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let data = data ?? UnsafePointer(bitPattern: 1)!
    var replayer = TraceReplayer(model: model)
    var collector = CoverageCollector(universe: universe)
    _ = TraceReader(maxLineBytes: 4096).read(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz.jsonl") {
        collector.record(replayer.replay($0, at: $1))
    }
    _ = collector.report(specPath: "fuzz.navflow", traceFiles: ["fuzz.jsonl"])
    return 0
}
