/// The part of a fix that stages change, as one side of a ``FixChange``: position, altitude, time,
/// horizontal accuracy, segment and paused — what smoothers, clock repair and auto-pause alter — and the
/// source index that identifies the fix.
///
/// A change records snapshots rather than two whole ``Fix`` values because the whole fix is already in
/// ``StageOutput/kept``, and a 2300-fix smoothed run would otherwise copy and keep about 1.2 MB of changes
/// (two 248-byte fixes each) to report how far each fix moved. A stage that changes a field outside the
/// snapshot (no built-in stage does) is still reported as changed, but its original value of that field is not
/// kept.
///
/// Storage: like ``Fix``, the three optional numbers are plain values plus a presence bit each rather than
/// `Double?` (whose 9 bytes pad to 16), so a snapshot is 64 bytes (stride; size 59), not 80, and a
/// ``FixChange`` 128, not 160: the smoother writes one change per fix, and those bytes were a measurable part
/// of its time. The properties read and write as optionals; an absent value's slot is kept at 0, so equality
/// and hashing are those of the optionals, and the JSON is the synthesized conformance's (same keys, absent
/// values omitted).
public struct FixSnapshot: Sendable, Hashable {
    /// The fix's record index in its source (``Fix/sourceIndex``).
    public var sourceIndex: Int
    /// WGS84 latitude and longitude, degrees.
    public var latitude: Double
    public var longitude: Double
    /// ``Fix/segment``.
    public var segment: Int

    // Storage of the optional numbers (see the type's documentation): value slots and presence bits.
    @usableFromInline var timeValue: Double
    @usableFromInline var horizontalAccuracyValue: Double
    @usableFromInline var altitudeValue: Double
    @usableFromInline var present: UInt8

    /// ``Fix/paused``.
    public var paused: Bool
    /// ``Fix/horizontalAccuracyIsEstimated``.
    public var horizontalAccuracyIsEstimated: Bool

    /// Presence bits of the optional numbers: ``Fix``'s own bits (derived from `Fix.Field`, one table for
    /// both; the three fit in a byte), so a snapshot copies them as they are. Inlinable computed constants, so
    /// they fold into the caller's code (stored `static let`s were read through a lazily initialised global's
    /// accessor on every use, across modules).
    @usableFromInline enum Field {
        @inlinable static var time: UInt8 { UInt8(Fix.Field.time) }
        @inlinable static var altitude: UInt8 { UInt8(Fix.Field.altitude) }
        @inlinable static var horizontalAccuracy: UInt8 { UInt8(Fix.Field.horizontalAccuracy) }
        @inlinable static var all: UInt8 { time | altitude | horizontalAccuracy }
    }

    /// UTC seconds since 1970 (``Fix/time``); `nil` when the source has none.
    @inlinable public var time: Double? {
        get { present & Field.time != 0 ? timeValue : nil }
        set { Self.store(newValue, in: &timeValue, &present, Field.time) }
    }
    /// Horizontal accuracy in metres (``Fix/horizontalAccuracy``: negative = invalid, `nil` = unknown).
    @inlinable public var horizontalAccuracy: Double? {
        get { present & Field.horizontalAccuracy != 0 ? horizontalAccuracyValue : nil }
        set { Self.store(newValue, in: &horizontalAccuracyValue, &present, Field.horizontalAccuracy) }
    }
    /// Altitude in metres (``Fix/altitude``).
    @inlinable public var altitude: Double? {
        get { present & Field.altitude != 0 ? altitudeValue : nil }
        set { Self.store(newValue, in: &altitudeValue, &present, Field.altitude) }
    }

    @inlinable static func store(_ value: Double?, in slot: inout Double, _ present: inout UInt8, _ bit: UInt8) {
        if let value {
            slot = value
            present |= bit
        } else {
            slot = 0
            present &= ~bit
        }
    }

    /// The snapshot of `fix`: its value slots and presence bits copied as they are (an absent value's slot is
    /// 0 in both types).
    @inlinable
    public init(_ fix: Fix) {
        sourceIndex = fix.sourceIndex
        latitude = fix.latitude
        longitude = fix.longitude
        segment = fix.segment
        timeValue = fix.timeValue
        horizontalAccuracyValue = fix.horizontalAccuracyValue
        altitudeValue = fix.altitudeValue
        present = UInt8(truncatingIfNeeded: fix.present) & Field.all
        paused = fix.paused
        horizontalAccuracyIsEstimated = fix.horizontalAccuracyIsEstimated
    }

    /// The position as a geodetic point.
    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

/// The JSON the synthesized conformance of the former plain optional fields wrote: the same keys in the same
/// order, absent values omitted.
extension FixSnapshot: Codable {
    enum CodingKeys: String, CodingKey {
        case sourceIndex, latitude, longitude, segment, time, paused, horizontalAccuracy, horizontalAccuracyIsEstimated, altitude
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sourceIndex = try c.decode(Int.self, forKey: .sourceIndex)
        latitude = try c.decode(Double.self, forKey: .latitude)
        longitude = try c.decode(Double.self, forKey: .longitude)
        segment = try c.decode(Int.self, forKey: .segment)
        timeValue = 0
        horizontalAccuracyValue = 0
        altitudeValue = 0
        present = 0
        paused = try c.decode(Bool.self, forKey: .paused)
        horizontalAccuracyIsEstimated = try c.decode(Bool.self, forKey: .horizontalAccuracyIsEstimated)
        time = try c.decodeIfPresent(Double.self, forKey: .time)
        horizontalAccuracy = try c.decodeIfPresent(Double.self, forKey: .horizontalAccuracy)
        altitude = try c.decodeIfPresent(Double.self, forKey: .altitude)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sourceIndex, forKey: .sourceIndex)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(segment, forKey: .segment)
        try c.encodeIfPresent(time, forKey: .time)
        try c.encode(paused, forKey: .paused)
        try c.encodeIfPresent(horizontalAccuracy, forKey: .horizontalAccuracy)
        try c.encode(horizontalAccuracyIsEstimated, forKey: .horizontalAccuracyIsEstimated)
        try c.encodeIfPresent(altitude, forKey: .altitude)
    }
}
