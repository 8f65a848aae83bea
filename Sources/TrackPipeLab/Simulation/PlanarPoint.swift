import TrackPipe

/// A point in a local east/north frame, metres (see `LocalProjection`).
public struct PlanarPoint: Sendable, Hashable, Codable {
    public var east: Double
    public var north: Double

    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }
}
