import TrackPipe

/// The ground truth of one observed fix: where and when it really was, how far the runner had really gone,
/// whether the runner was moving, and which anomaly (if any) was injected. Keyed by the fix's
/// `Fix/sourceIndex` (its record index in the observed file).
public struct FixTruth: Sendable, Hashable, Codable {
    /// The observed fix's record index in its file.
    public var sourceIndex: Int
    /// The timestamp the observed fix carries (seconds since 1970, UTC) — lines the truth up with the track;
    /// differs from ``trueTime`` where the clock was faulty.
    public var time: Double
    /// When the fix was really taken, seconds since 1970 (UTC).
    public var trueTime: Double
    /// The true position, WGS84 degrees.
    public var latitude: Double
    public var longitude: Double
    /// The true distance run from the start of the run to this fix, metres.
    public var cumulativeDistance: Double
    /// True when the runner was moving (speed above zero) at ``trueTime``.
    public var moving: Bool
    /// The anomaly injected into this fix, ``AnomalyKind/none`` for an ordinary fix.
    public var anomaly: AnomalyKind

    public init(sourceIndex: Int, time: Double, trueTime: Double, latitude: Double, longitude: Double,
                cumulativeDistance: Double, moving: Bool, anomaly: AnomalyKind) {
        self.sourceIndex = sourceIndex
        self.time = time
        self.trueTime = trueTime
        self.latitude = latitude
        self.longitude = longitude
        self.cumulativeDistance = cumulativeDistance
        self.moving = moving
        self.anomaly = anomaly
    }

    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}
