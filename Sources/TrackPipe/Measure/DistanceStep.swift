/// One step between consecutive fixes, as the distance rules count it (see ``DistanceAccumulator``).
///
/// Cumulative figures are given before and after the step so a stage can find where a threshold (a split
/// boundary, a badge's distance) was crossed inside it, with ``crossing(atDistance:)``.
public struct DistanceStep: Sendable, Hashable {
    /// The fix the step starts from; `nil` for the first fix of a run. For the step that leaves a pause it is the
    /// pause's anchor, which ``DistanceAccumulator`` measures it from, not the last paused fix.
    public var from: Fix?
    /// The fix the step ends at (the fix just added).
    public var to: Fix
    /// True when the step's length was added to the distance: same segment, `to` not paused, length finite.
    public var counted: Bool
    /// Metres added to the distance (0 when not counted).
    public var length: Double
    /// Seconds added to the moving time: the time between the fixes when the step is counted and both times
    /// are known and increasing; 0 otherwise.
    public var movingDuration: Double
    /// Cumulative distance (m) before and after the step.
    public var distanceBefore: Double
    public var distanceAfter: Double
    /// Cumulative moving time (s) before and after the step.
    public var movingTimeBefore: Double
    public var movingTimeAfter: Double

    public init(
        from: Fix?, to: Fix, counted: Bool, length: Double, movingDuration: Double, distanceBefore: Double,
        movingTimeBefore: Double
    ) {
        self.from = from
        self.to = to
        self.counted = counted
        self.length = length
        self.movingDuration = movingDuration
        self.distanceBefore = distanceBefore
        self.distanceAfter = distanceBefore + length
        self.movingTimeBefore = movingTimeBefore
        self.movingTimeAfter = movingTimeBefore + movingDuration
    }

    /// Where along this step the cumulative distance equals `distance`, interpolated linearly between the two
    /// fixes (position, time, altitude, moving time); `nil` unless the step is counted, has positive length
    /// and `distanceBefore ≤ distance < distanceAfter`. The half-open interval matches the "strictly greater"
    /// rule: a threshold is crossed by the step that takes the distance past it, never by one that only
    /// reaches it.
    ///
    /// Linear interpolation in latitude and longitude is exact to well under a millimetre for steps of GPS
    /// fixes (tens of metres), and exact along the equator or a meridian.
    public func crossing(atDistance distance: Double) -> TrackCrossing? {
        // The range first: binding `from` copies the fix, and most steps cross nothing.
        let figures = DistanceStepFigures(counted: counted, length: length, movingDuration: movingDuration,
                                          distanceBefore: distanceBefore, movingTimeBefore: movingTimeBefore)
        guard figures.crosses(distance), let from else { return nil }
        return TrackCrossing(figures, from: from, to: to, atDistance: distance)
    }
}

extension TrackCrossing {
    /// The crossing of `distance` inside the step `from` → `to` whose figures are `step`, interpolated linearly
    /// between the two fixes; `nil` unless ``DistanceStepFigures/crosses(_:)``.
    @usableFromInline
    init?(_ step: DistanceStepFigures, from: Fix, to: Fix, atDistance distance: Double) {
        guard step.crosses(distance) else { return nil }
        let f = min(1, max(0, (distance - step.distanceBefore) / step.length))
        let lat = from.latitude + f * (to.latitude - from.latitude)
        var lon = from.longitude + f * Geodesy.wrappedLongitudeDelta(from.longitude, to.longitude) * 180 / .pi
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        var time: Double?
        if let t0 = from.time, let t1 = to.time { time = t0 + f * (t1 - t0) }
        var altitude: Double?
        if let a0 = from.altitude, let a1 = to.altitude { altitude = a0 + f * (a1 - a0) }
        self.init(
            distance: distance, fraction: f, point: GeoPoint(latitude: lat, longitude: lon), time: time,
            movingTime: step.movingTimeBefore + f * step.movingDuration, altitude: altitude,
            fromSourceIndex: from.sourceIndex, toSourceIndex: to.sourceIndex)
    }
}

/// The point where a run's cumulative distance reached a given value, between two fixes.
public struct TrackCrossing: Sendable, Hashable, Codable {
    /// The cumulative distance crossed, metres.
    public var distance: Double
    /// Position of the crossing along the step, 0 (at the earlier fix) ..< 1.
    public var fraction: Double
    public var point: GeoPoint
    /// UTC seconds since 1970, when both fixes have a time.
    public var time: Double?
    /// Cumulative moving time at the crossing, seconds.
    public var movingTime: Double
    /// Altitude at the crossing, metres, when both fixes have one.
    public var altitude: Double?
    /// The fixes either side (``Fix/sourceIndex``).
    public var fromSourceIndex: Int
    public var toSourceIndex: Int

    public init(
        distance: Double, fraction: Double, point: GeoPoint, time: Double?, movingTime: Double, altitude: Double?,
        fromSourceIndex: Int, toSourceIndex: Int
    ) {
        self.distance = distance
        self.fraction = fraction
        self.point = point
        self.time = time
        self.movingTime = movingTime
        self.altitude = altitude
        self.fromSourceIndex = fromSourceIndex
        self.toSourceIndex = toSourceIndex
    }
}
