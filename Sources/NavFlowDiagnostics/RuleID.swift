/// The stable identifier of a rule. Ids never change once released: tools
/// and CI configurations match on them. Each rule's id is declared next to
/// what reports it: the front end's in NavFlowSpec, each property's beside
/// the property in NavFlowCheck.
public struct RuleID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}
