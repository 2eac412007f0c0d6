#if SwiftSource
import NavFlowSource

/// The URLs an app declares it opens, read from its property lists: the
/// custom schemes of `CFBundleURLSchemes` and the hosts of
/// `applinks:` associated domains, each with its place. Binary property
/// lists are not read.
struct URLDeclarations {
    struct Declaration {
        enum Kind { case scheme, domain }
        var kind: Kind
        /// Lowercased; `*` for a value the build configuration sets (`$(SCHEME_PREFIX)`).
        var value: String
        var citation: DraftSpec.Citation
    }

    var declarations: [Declaration] = []

    init(_ files: [SourceFile]) {
        for file in files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            guard text.contains("<plist") else { continue }
            read(key: "CFBundleURLSchemes", in: file, text: text, as: .scheme)
            read(key: "com.apple.developer.associated-domains", in: file, text: text, as: .domain)
        }
    }

    /// The `<string>` values of the array after each `<key>KEY</key>`.
    private mutating func read(key: String, in file: SourceFile, text: String, as kind: Declaration.Kind) {
        let bytes = Array(text.utf8)
        let keyTag = Array("<key>\(key)</key>".utf8)
        var index = 0
        while let keyStart = Self.find(keyTag, in: bytes, from: index) {
            index = keyStart + keyTag.count
            guard let arrayStart = Self.find(Array("<array>".utf8), in: bytes, from: index),
                  let arrayEnd = Self.find(Array("</array>".utf8), in: bytes, from: arrayStart) else { continue }
            // The array must follow the key, with nothing but blanks between.
            guard bytes[index..<arrayStart].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) else { continue }
            var position = arrayStart
            let open = Array("<string>".utf8), close = Array("</string>".utf8)
            while let start = Self.find(open, in: bytes, from: position), start < arrayEnd,
                  let end = Self.find(close, in: bytes, from: start) {
                var value = String(decoding: bytes[(start + open.count)..<end], as: UTF8.self).lowercased()
                position = end + close.count
                // `$(SCHEME_PREFIX)`: set by the build configuration, not known here.
                if value.contains("$(") { value = "*" }
                if kind == .domain {
                    guard value.hasPrefix("applinks:") else { continue }
                    value = String(value.dropFirst("applinks:".count).prefix { $0 != "?" })
                }
                let line = file.location(ofOffset: start).line
                declarations.append(Declaration(kind: kind, value: value, citation: DraftSpec.Citation(file: file.path, line: line)))
            }
            index = arrayEnd
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
#endif
