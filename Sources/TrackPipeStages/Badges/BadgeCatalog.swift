import Foundation
import TrackPipe

/// An ordered set of distance badges (ascending distance, distances unique).
///
/// Load one from MoonRunner-shaped JSON with ``load(json:)``: an array of
/// `{"name", "information", "distance", "imageName"}`, distance in metres as a number or a numeric string.
/// Each entry is validated on its own; a bad one is reported (index, field, reason) and skipped, so one typo
/// does not cost the whole catalog. The built-in catalog is ``BadgeCatalog/default``.
public struct BadgeCatalog: Sendable, Hashable {
    /// The badges, by ascending distance.
    public let badges: [Badge]

    /// A catalog of `badges`; throws ``BadgeCatalogError/duplicateDistance(distance:first:second:names:)``
    /// when two share a distance (indices are positions in `badges`).
    public init(badges: [Badge]) throws {
        let order = badges.indices.sorted { badges[$0].distance < badges[$1].distance || (badges[$0].distance == badges[$1].distance && $0 < $1) }
        for (a, b) in zip(order, order.dropFirst()) where badges[a].distance == badges[b].distance {
            throw BadgeCatalogError.duplicateDistance(distance: badges[a].distance, first: a, second: b,
                                                      names: [badges[a].name, badges[b].name])
        }
        self.badges = order.map { badges[$0] }
    }

    /// A loaded catalog and the entries skipped.
    public struct Loaded: Sendable {
        public var catalog: BadgeCatalog
        public var problems: [BadgeCatalogProblem]
    }

    /// Parses and validates a catalog. Throws only when nothing sensible can be loaded (not JSON, not an array,
    /// two valid badges at one distance); bad entries are skipped and listed in ``Loaded/problems``.
    public static func load(json data: Data) throws -> Loaded {
        let document: JSONValue
        switch JSONText.parse(data) {
        case .failure(let problem): throw BadgeCatalogError.notJSON(problem)
        case .success(let v): document = v
        }
        guard case .array(let items) = document else { throw BadgeCatalogError.notAnArray(found: document.typeName) }
        var badges: [Badge] = []
        var sourceIndex: [Int] = []
        var problems: [BadgeCatalogProblem] = []
        for (i, item) in items.enumerated() {
            switch validate(item, index: i) {
            case .success(let badge):
                badges.append(badge)
                sourceIndex.append(i)
            case .failure(let problem): problems.append(problem)
            }
        }
        do {
            return Loaded(catalog: try BadgeCatalog(badges: badges), problems: problems)
        } catch BadgeCatalogError.duplicateDistance(let d, let a, let b, let names) {
            // Report positions in the file, not among the valid entries.
            throw BadgeCatalogError.duplicateDistance(distance: d, first: sourceIndex[a], second: sourceIndex[b], names: names)
        }
    }

    /// Checks one entry; the first problem found is reported.
    static func validate(_ item: JSONValue, index: Int) -> Result<Badge, BadgeCatalogProblem> {
        guard case .object(let o) = item else {
            return .failure(BadgeCatalogProblem(index: index, field: nil, reason: "expected an object, found \(item.typeName)"))
        }
        func text(_ field: String, allowEmpty: Bool) -> Result<String, BadgeCatalogProblem> {
            switch o[field] {
            case nil: return .failure(BadgeCatalogProblem(index: index, field: field, reason: "missing"))
            case .string(let s)?:
                if !allowEmpty && s.trimmingCharacters(in: .whitespaces).isEmpty {
                    return .failure(BadgeCatalogProblem(index: index, field: field, reason: "is empty"))
                }
                return .success(s)
            case let other?:
                return .failure(BadgeCatalogProblem(index: index, field: field, reason: "expected a string, found \(other.typeName)"))
            }
        }
        let distance: Double
        switch o["distance"] {
        case nil: return .failure(BadgeCatalogProblem(index: index, field: "distance", reason: "missing"))
        case .number(let d)?: distance = d
        case .string(let s)?:
            guard let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite else {
                return .failure(BadgeCatalogProblem(index: index, field: "distance", reason: "\"\(s)\" is not a number of metres"))
            }
            distance = d
        case let other?:
            return .failure(BadgeCatalogProblem(index: index, field: "distance", reason: "expected metres as a number or numeric string, found \(other.typeName)"))
        }
        guard distance.isFinite, distance >= 0 else {
            return .failure(BadgeCatalogProblem(index: index, field: "distance", reason: "\(JSONValue.number(distance)) m is negative"))
        }
        return text("name", allowEmpty: false).flatMap { name in
            text("information", allowEmpty: true).flatMap { information in
                text("imageName", allowEmpty: true).map { image in
                    Badge(name: name, information: information, distance: distance, imageName: image)
                }
            }
        }
    }

    /// Badges a run of `distance` metres earns (strictly farther than theirs), ascending.
    public func earned(byDistance distance: Double) -> [Badge] { badges.filter { $0.isEarned(byDistance: distance) } }

    /// The farthest badge earned by a run of `distance` metres.
    public func best(forDistance distance: Double) -> Badge? { badges.last { $0.isEarned(byDistance: distance) } }

    /// The nearest badge not yet earned at `distance` metres.
    public func next(afterDistance distance: Double) -> Badge? { badges.first { !$0.isEarned(byDistance: distance) } }
}
