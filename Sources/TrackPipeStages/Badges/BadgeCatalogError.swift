import TrackPipe

/// Why a badge catalog could not be loaded at all (a bad entry is not an error: it is skipped and reported as a
/// ``BadgeCatalogProblem``).
public enum BadgeCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not JSON; the problem carries line and column.
    case notJSON(SpecProblem)
    /// The document is not an array of badges.
    case notAnArray(found: String)
    /// Two valid entries share a distance: which one a run at that distance is "next" for would be arbitrary.
    case duplicateDistance(distance: Double, first: Int, second: Int, names: [String])

    public var description: String {
        switch self {
        case .notJSON(let p): return "badge catalog: \(p.path): \(p.message)"
        case .notAnArray(let found): return "badge catalog: expected a JSON array of badges, found \(found)"
        case let .duplicateDistance(distance, first, second, names):
            return "badge catalog: badges [\(first)] and [\(second)] (\(names.map { "'\($0)'" }.joined(separator: " and "))) "
                + "are both at \(JSONValue.number(distance)) m; each badge needs its own distance"
        }
    }
}
