import TrackPipe

/// Where on a run a badge was earned: the point where the cumulative distance crossed the badge's distance,
/// interpolated between the two fixes either side, with the pace of the stretch since the previous checkpoint
/// (or the start, for the first).
public struct BadgeCheckpoint: Sendable, Hashable, Codable {
    public var badge: Badge
    /// Position, time (UTC s), moving time (s) and altitude at the crossing, and the fixes either side.
    public var crossing: TrackCrossing
    /// Cumulative distance where the stretch began (the previous checkpoint's badge distance, or 0), metres.
    public var stretchStartDistance: Double
    /// Moving time of the stretch, seconds.
    public var stretchMovingTime: Double
    /// Average moving pace of the stretch, seconds per metre; `nil` when the stretch has no length or no time.
    public var stretchPace: Double?

    public init(badge: Badge, crossing: TrackCrossing, stretchStartDistance: Double, stretchMovingTime: Double) {
        self.badge = badge
        self.crossing = crossing
        self.stretchStartDistance = stretchStartDistance
        self.stretchMovingTime = stretchMovingTime
        let length = crossing.distance - stretchStartDistance
        stretchPace = length > 0 && stretchMovingTime > 0 ? stretchMovingTime / length : nil
    }
}
