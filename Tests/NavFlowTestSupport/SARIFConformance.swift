import Foundation

/// The rules of SARIF 2.1.0 that a log navflow writes must follow, checked
/// by hand: no registry this project builds from ships the standard's JSON
/// schema (PyPI's sarif-om, sarif-tools, pysarif and sarif-pydantic, and
/// Debian's go-sarif, were looked at; npm is out of reach), so the
/// constraints the schema states for the objects navflow writes are
/// written out here: the required properties, the properties each object
/// may have (the schema forbids others), the enumerations, the minimums of
/// line and column numbers, the order of a region's ends, and that a
/// result's `ruleIndex` names the rule its `ruleId` does.
public enum SARIFConformance {
    /// Every departure from SARIF 2.1.0 in a log, each with its JSON path.
    public static func problems(in log: Any) -> [String] {
        var checker = Checker()
        checker.log(log)
        return checker.problems
    }

    static let levels: Set<String> = ["none", "note", "warning", "error"]

    private struct Checker {
        var problems: [String] = []

        mutating func fail(_ path: String, _ message: String) { problems.append("\(path): \(message)") }

        mutating func object(_ value: Any?, _ path: String, required: [String] = [], allowed: Set<String>) -> [String: Any]? {
            guard let object = value as? [String: Any] else {
                fail(path, "is not an object")
                return nil
            }
            for key in required where object[key] == nil { fail(path, "lacks the required property '\(key)'") }
            for key in object.keys.sorted() where !allowed.contains(key) { fail(path, "has the property '\(key)', which SARIF does not define there") }
            if let properties = object["properties"], !(properties is [String: Any]) { fail(path + ".properties", "is not an object") }
            return object
        }

        mutating func string(_ value: Any?, _ path: String, in values: Set<String>? = nil) {
            guard let value else { return }
            guard let text = value as? String else { return fail(path, "is not a string") }
            if let values, !values.contains(text) { fail(path, "is '\(text)', not one of \(values.sorted())") }
        }

        mutating func integer(_ value: Any?, _ path: String, minimum: Int) -> Int? {
            guard let value else { return nil }
            // JSON numbers arrive as NSNumber: an integer is one that is not
            // a Boolean (`c`) and has no fraction.
            guard let boxed = value as? NSNumber, String(cString: boxed.objCType) != "c",
                  boxed.doubleValue == Double(boxed.intValue) else {
                fail(path, "is not an integer")
                return nil
            }
            let number = boxed.intValue
            if number < minimum { fail(path, "is \(number), below its minimum \(minimum)") }
            return number
        }

        mutating func array(_ value: Any?, _ path: String) -> [Any] {
            guard let value else { return [] }
            guard let items = value as? [Any] else {
                fail(path, "is not an array")
                return []
            }
            return items
        }

        mutating func log(_ value: Any) {
            guard let log = object(value, "$", required: ["version", "runs"],
                                   allowed: ["$schema", "version", "runs", "inlineExternalProperties", "properties"]) else { return }
            string(log["version"], "$.version", in: ["2.1.0"])
            if let schema = log["$schema"] {
                if let text = schema as? String { if URL(string: text)?.scheme == nil { fail("$.$schema", "is not a URI") } } else { fail("$.$schema", "is not a string") }
            }
            for (index, run) in array(log["runs"], "$.runs").enumerated() { self.run(run, "$.runs[\(index)]") }
        }

        mutating func run(_ value: Any, _ path: String) {
            guard let run = object(value, path, required: ["tool"], allowed: [
                "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds", "artifacts",
                "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
                "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind", "externalPropertyFileReferences",
                "threadFlowLocations", "taxonomies", "addresses", "translations", "policies", "webRequests", "webResponses",
                "specialLocations", "properties",
            ]) else { return }
            string(run["columnKind"], path + ".columnKind", in: ["utf16CodeUnits", "unicodeCodePoints"])
            var ruleIDs: [String] = []
            if let tool = object(run["tool"], path + ".tool", required: ["driver"], allowed: ["driver", "extensions", "properties"]) {
                ruleIDs = driver(tool["driver"], path + ".tool.driver")
            }
            for (index, result) in array(run["results"], path + ".results").enumerated() {
                self.result(result, path + ".results[\(index)]", rules: ruleIDs)
            }
        }

        /// The driver; returns its rules' ids, in order.
        mutating func driver(_ value: Any?, _ path: String) -> [String] {
            guard let driver = object(value, path, required: ["name"], allowed: [
                "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
                "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri", "informationUri",
                "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents",
                "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
                "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties",
            ]) else { return [] }
            string(driver["name"], path + ".name")
            var ids: [String] = []
            for (index, rule) in array(driver["rules"], path + ".rules").enumerated() {
                let rulePath = path + ".rules[\(index)]"
                guard let descriptor = object(rule, rulePath, required: ["id"], allowed: [
                    "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
                    "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties",
                ]) else { continue }
                string(descriptor["id"], rulePath + ".id")
                ids.append(descriptor["id"] as? String ?? "")
                for key in ["shortDescription", "fullDescription", "help"] where descriptor[key] != nil {
                    if let text = object(descriptor[key], rulePath + "." + key, required: ["text"], allowed: ["text", "markdown", "properties"]) {
                        string(text["text"], rulePath + "." + key + ".text")
                    }
                }
                if let configuration = descriptor["defaultConfiguration"],
                   let defaults = object(configuration, rulePath + ".defaultConfiguration",
                                         allowed: ["enabled", "level", "rank", "parameters", "properties"]) {
                    string(defaults["level"], rulePath + ".defaultConfiguration.level", in: levels)
                }
            }
            if Set(ids).count != ids.count { fail(path + ".rules", "holds an id twice") }
            return ids
        }

        mutating func result(_ value: Any, _ path: String, rules: [String]) {
            guard let result = object(value, path, required: ["message"], allowed: [
                "ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
                "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
                "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
                "hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties",
            ]) else { return }
            string(result["ruleId"], path + ".ruleId")
            string(result["level"], path + ".level", in: levels)
            string(result["kind"], path + ".kind", in: ["notApplicable", "pass", "fail", "review", "open", "informational"])
            if let index = integer(result["ruleIndex"], path + ".ruleIndex", minimum: -1), index >= 0 {
                if index >= rules.count {
                    fail(path + ".ruleIndex", "is \(index), past the driver's \(rules.count) rules")
                } else if let id = result["ruleId"] as? String, rules[index] != id {
                    fail(path + ".ruleIndex", "names the rule '\(rules[index])', not '\(id)'")
                }
            }
            message(result["message"], path + ".message")
            for key in ["locations", "relatedLocations"] {
                for (index, location) in array(result[key], path + "." + key).enumerated() {
                    self.location(location, path + ".\(key)[\(index)]")
                }
            }
            for (index, suppression) in array(result["suppressions"], path + ".suppressions").enumerated() {
                let suppressionPath = path + ".suppressions[\(index)]"
                guard let object = object(suppression, suppressionPath, required: ["kind"],
                                          allowed: ["guid", "kind", "status", "justification", "location", "properties"]) else { continue }
                string(object["kind"], suppressionPath + ".kind", in: ["inSource", "external"])
                string(object["status"], suppressionPath + ".status", in: ["accepted", "underReview", "rejected"])
                string(object["justification"], suppressionPath + ".justification")
                if let location = object["location"] { self.location(location, suppressionPath + ".location") }
            }
        }

        mutating func message(_ value: Any?, _ path: String) {
            guard let message = object(value, path, allowed: ["text", "markdown", "id", "arguments", "properties"]) else { return }
            if message["text"] == nil && message["id"] == nil { fail(path, "has neither 'text' nor 'id'") }
            string(message["text"], path + ".text")
        }

        mutating func location(_ value: Any, _ path: String) {
            guard let location = object(value, path, allowed: [
                "id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties",
            ]) else { return }
            _ = integer(location["id"], path + ".id", minimum: -1)
            if let text = location["message"] { message(text, path + ".message") }
            guard let physical = location["physicalLocation"] else { return }
            let physicalPath = path + ".physicalLocation"
            guard let place = object(physical, physicalPath, allowed: ["address", "artifactLocation", "region", "contextRegion", "properties"]) else { return }
            if place["address"] == nil && place["artifactLocation"] == nil { fail(physicalPath, "has neither 'address' nor 'artifactLocation'") }
            if let artifact = object(place["artifactLocation"], physicalPath + ".artifactLocation",
                                     allowed: ["uri", "uriBaseId", "index", "description", "properties"]) {
                if let uri = artifact["uri"] as? String {
                    if uri.isEmpty || uri.contains(where: { $0 == " " || $0 == "\\" || !$0.isASCII }) || URL(string: uri) == nil {
                        fail(physicalPath + ".artifactLocation.uri", "'\(uri)' is not a URI reference")
                    }
                } else if artifact["uri"] != nil {
                    fail(physicalPath + ".artifactLocation.uri", "is not a string")
                }
            }
            if let value = place["region"], let region = object(value, physicalPath + ".region", allowed: [
                "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength",
                "snippet", "message", "sourceLanguage", "properties",
            ]) {
                let regionPath = physicalPath + ".region"
                let startLine = integer(region["startLine"], regionPath + ".startLine", minimum: 1)
                let startColumn = integer(region["startColumn"], regionPath + ".startColumn", minimum: 1)
                let endLine = integer(region["endLine"], regionPath + ".endLine", minimum: 1)
                let endColumn = integer(region["endColumn"], regionPath + ".endColumn", minimum: 1)
                if startLine == nil && region["charOffset"] == nil && region["byteOffset"] == nil {
                    fail(regionPath, "has no start (startLine, charOffset or byteOffset)")
                }
                if let startLine, let endLine, endLine < startLine { fail(regionPath, "ends on line \(endLine), before it starts (\(startLine))") }
                if let startLine, let endLine, endLine == startLine, let startColumn, let endColumn, endColumn < startColumn {
                    fail(regionPath, "ends at column \(endColumn), before it starts (\(startColumn))")
                }
            }
        }
    }
}
