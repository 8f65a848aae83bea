/// The part of a fix that stages change, as one side of a ``FixChange``: position, altitude, time,
/// horizontal accuracy, segment and paused — what smoothers, clock repair and auto-pause alter — and the
/// source index that identifies the fix.
///
/// A change records snapshots rather than two whole ``Fix`` values because the whole fix is already in
/// ``StageOutput/kept``, and a 2300-fix smoothed run would otherwise copy and keep about 1.2 MB of changes
/// (two 248-byte fixes each) to report how far each fix moved: a snapshot is 80 bytes. A stage that changes a
/// field outside the snapshot (no built-in stage does) is still reported as changed, but its original value
/// of that field is not kept.
public struct FixSnapshot: Sendable, Hashable, Codable {
    /// The fix's record index in its source (``Fix/sourceIndex``).
    public var sourceIndex: Int
    /// WGS84 latitude and longitude, degrees.
    public var latitude: Double
    public var longitude: Double
    /// ``Fix/segment``.
    public var segment: Int
    /// UTC seconds since 1970 (``Fix/time``); `nil` when the source has none.
    public var time: Double?
    /// ``Fix/paused``.
    public var paused: Bool
    /// Horizontal accuracy in metres (``Fix/horizontalAccuracy``: negative = invalid, `nil` = unknown).
    public var horizontalAccuracy: Double?
    /// ``Fix/horizontalAccuracyIsEstimated``.
    public var horizontalAccuracyIsEstimated: Bool
    /// Altitude in metres (``Fix/altitude``).
    public var altitude: Double?

    /// The snapshot of `fix`.
    @inlinable
    public init(_ fix: Fix) {
        sourceIndex = fix.sourceIndex
        latitude = fix.latitude
        longitude = fix.longitude
        segment = fix.segment
        time = fix.time
        paused = fix.paused
        horizontalAccuracy = fix.horizontalAccuracy
        horizontalAccuracyIsEstimated = fix.horizontalAccuracyIsEstimated
        altitude = fix.altitude
    }

    /// The position as a geodetic point.
    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}
