import TrackPipe

/// The runner's true state at one second of a simulated run (the simulator advances in whole seconds,
/// including through signal gaps, so these samples are the complete true path).
public struct TruePathSample: Sendable, Hashable, Codable {
    /// Seconds since 1970 (UTC).
    public var time: Double
    /// The true position.
    public var point: GeoPoint
    /// True altitude, metres.
    public var altitude: Double
    /// Distance run since the start, metres: the sum of the geodesic steps between consecutive samples
    /// (`Geodesy/distance(_:_:formula:)` with the default formula, as the `distance` stage measures).
    public var cumulativeDistance: Double
    /// Speed at this second, m/s (0 while stopped).
    public var speed: Double
    /// Distance along the route (unwrapped, metres): what the position was computed from.
    public var routeDistance: Double

    public init(time: Double, point: GeoPoint, altitude: Double, cumulativeDistance: Double, speed: Double, routeDistance: Double) {
        self.time = time
        self.point = point
        self.altitude = altitude
        self.cumulativeDistance = cumulativeDistance
        self.speed = speed
        self.routeDistance = routeDistance
    }

    /// True when the runner is moving.
    public var moving: Bool { speed > 0 }
}
