import TrackPipe

/// Where a run was: the places nearest to its start, its finish and its farthest point from the start.
/// Published by the `places` stage under ``RunPlacesKey``.
public struct RunPlaces: Sendable, Hashable, Codable {
    public var start: NearbyPlace?
    public var finish: NearbyPlace?
    /// The kept fix farthest from the start (great-circle), and the place nearest to it.
    public var farthest: NearbyPlace?

    public init(start: NearbyPlace? = nil, finish: NearbyPlace? = nil, farthest: NearbyPlace? = nil) {
        self.start = start
        self.finish = finish
        self.farthest = farthest
    }

    /// The places found, in order start, finish, farthest point, each with its role as a person reads it
    /// ("Start", "Finish", "Farthest point") and its summary figure's key: what the summary, the report's map and
    /// every other reader of this annotation list.
    public var named: [(role: String, summaryKey: String, nearby: NearbyPlace)] {
        [("Start", PlacesStage.SummaryKey.start, start), ("Finish", PlacesStage.SummaryKey.finish, finish),
         ("Farthest point", PlacesStage.SummaryKey.farthest, farthest)].compactMap { role, key, nearby in
            nearby.map { (role, key, $0) }
        }
    }
}

public enum RunPlacesKey: AnnotationKey {
    public typealias Value = RunPlaces
    public static let name = "places"
}
