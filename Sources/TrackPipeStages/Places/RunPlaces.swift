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
}

public enum RunPlacesKey: AnnotationKey {
    public typealias Value = RunPlaces
    public static let name = "places"
}
