/// One position report from a receiver, as read from its source, in SI units.
///
/// Semantics of the optional fields ("unknown" is always `nil`, never zero):
/// - ``horizontalAccuracy``: radius in metres (the iOS `horizontalAccuracy` convention). A **negative** value
///   means the source marked the fix invalid; `nil` means the source did not say.
/// - ``verticalAccuracy``: metres. A **negative** value means the fix has no GPS altitude — the typical
///   signature of a cell-tower or Wi-Fi fix, which Runkeeper rejected. `nil` means the source did not say.
/// - Sources that only give HDOP get an estimated horizontal accuracy of `hdop × Fix.hdopAccuracyFactor`
///   metres, with ``horizontalAccuracyIsEstimated`` set, so a gate can tell measured from estimated.
public struct Fix: Sendable, Hashable, Codable {
    /// UTC time in seconds since 1970-01-01T00:00:00Z, with sub-second precision; `nil` when the source has none.
    public var time: Double?
    /// WGS84 latitude in degrees, −90…90.
    public var latitude: Double
    /// WGS84 longitude in degrees, −180…180.
    public var longitude: Double
    /// Altitude in metres (above the geoid or ellipsoid, as the source gives it).
    public var altitude: Double?
    /// Horizontal accuracy radius in metres; negative = invalid, `nil` = unknown.
    public var horizontalAccuracy: Double?
    /// True when ``horizontalAccuracy`` was estimated from HDOP rather than reported.
    public var horizontalAccuracyIsEstimated: Bool
    /// Vertical accuracy in metres; negative = no GPS altitude (cell-tower or Wi-Fi fix), `nil` = unknown.
    public var verticalAccuracy: Double?
    /// Speed over ground reported by the device, m/s.
    public var speed: Double?
    /// Course over ground reported by the device, degrees clockwise from true north, 0…360.
    public var course: Double?
    /// Horizontal, vertical and position dilution of precision (dimensionless).
    public var hdop: Double?
    public var vdop: Double?
    public var pdop: Double?
    /// Satellites used in the solution.
    public var satellites: Int?
    /// The receiver's fix type.
    public var fixQuality: FixQuality?
    /// Heart rate in beats per minute, cadence in steps or revolutions per minute, temperature in °C.
    public var heartRate: Double?
    public var cadence: Double?
    public var temperature: Double?
    /// The segment this fix belongs to (0-based). A change of segment is a break: no distance is counted
    /// across it. Readers number `<trkseg>`s; auto-pause starts a new segment where a run resumes.
    public var segment: Int
    /// True when auto-pause judged the runner stopped at this fix; distance is not counted into a paused fix.
    public var paused: Bool
    /// The fix's record index in its source (0-based, counting every record, rejected ones included),
    /// so every report can point back at the input.
    public var sourceIndex: Int

    /// Metres of horizontal accuracy per unit of HDOP when only HDOP is known: a user-equivalent range error
    /// of 5 m, typical for a consumer single-frequency receiver. Documented, not measured per device.
    public static let hdopAccuracyFactor = 5.0

    public init(
        time: Double?, latitude: Double, longitude: Double, altitude: Double? = nil,
        horizontalAccuracy: Double? = nil, horizontalAccuracyIsEstimated: Bool = false,
        verticalAccuracy: Double? = nil, speed: Double? = nil, course: Double? = nil,
        hdop: Double? = nil, vdop: Double? = nil, pdop: Double? = nil, satellites: Int? = nil,
        fixQuality: FixQuality? = nil, heartRate: Double? = nil, cadence: Double? = nil,
        temperature: Double? = nil, segment: Int = 0, paused: Bool = false, sourceIndex: Int
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.horizontalAccuracyIsEstimated = horizontalAccuracyIsEstimated
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
        self.satellites = satellites
        self.fixQuality = fixQuality
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperature = temperature
        self.segment = segment
        self.paused = paused
        self.sourceIndex = sourceIndex
    }

    /// The position as a geodetic point.
    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }

    /// True when the horizontal accuracy is present and non-negative.
    public var hasValidHorizontalAccuracy: Bool { (horizontalAccuracy ?? -1) >= 0 }

    /// Fills ``horizontalAccuracy`` from ``hdop`` when the source gave no accuracy (see ``hdopAccuracyFactor``).
    public mutating func estimateAccuracyFromHDOPIfMissing() {
        if horizontalAccuracy == nil, let hdop, hdop >= 0 {
            horizontalAccuracy = hdop * Fix.hdopAccuracyFactor
            horizontalAccuracyIsEstimated = true
        }
    }
}
