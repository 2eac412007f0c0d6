import Foundation
import NavFlowModel
import NavFlowSource
import NavFlowSpec

/// A spec that did not load, with its front end's messages.
public struct SpecError: Error {
    public var messages: [String]
}

/// The model of spec text held in memory.
public func model(_ text: String) throws -> FlowModel {
    try model(SourceFile(path: "test.navflow", text: text))
}

/// The model of a spec file of the repository.
public func model(ofFile relative: String) throws -> FlowModel {
    let data = FileManager.default.contents(atPath: Repository.path(relative)) ?? Data()
    return try model(SourceFile(path: relative, bytes: [UInt8](data)))
}

private func model(_ file: SourceFile) throws -> FlowModel {
    let output = Frontend.load(file)
    guard let spec = output.spec else {
        throw SpecError(messages: output.diagnostics.map { "\($0.range.start): \($0.message)" })
    }
    return try FlowModel(spec)
}
