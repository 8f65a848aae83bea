/// A catalog entry that was skipped while loading, and why.
public struct BadgeCatalogProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// 0-based index of the entry in the JSON array.
    public var index: Int
    /// The field at fault (`name`, `information`, `distance`, `imageName`), or `nil` when the entry itself is
    /// wrong (not an object).
    public var field: String?
    public var reason: String

    public init(index: Int, field: String?, reason: String) {
        self.index = index
        self.field = field
        self.reason = reason
    }

    public var description: String {
        "badge [\(index)]" + (field.map { ".\($0)" } ?? "") + ": \(reason); entry skipped"
    }
}
