import TrackPipe

/// One split of a run: the stretch between two whole multiples of the split length (1 km or 1 mile), with
/// its ends interpolated between fixes. Where one step between two fixes crosses several multiples (a gap in the
/// recording), the splits stage makes one split that spans all but the first of them, so its length is a whole
/// number of units.
public struct Split: Sendable, Hashable, Codable {
    /// 1-based number of the split's last unit (km or mile): consecutive, except after a split that spans several
    /// units; a partial last split follows the one before it.
    public var index: Int
    /// Cumulative distance at the split's start and end, metres.
    public var startDistance: Double
    public var endDistance: Double
    /// UTC seconds since 1970 at the start and end (interpolated), when the fixes have times.
    public var startTime: Double?
    public var endTime: Double?
    /// Moving time within the split, seconds (pauses and segment breaks excluded).
    public var movingTime: Double
    /// Clock time from start to end, seconds (includes pauses), when both times are known.
    public var elapsedTime: Double?
    /// Altitude at the end minus altitude at the start, metres, when both are known.
    public var altitudeChange: Double?
    /// Metres climbed and descended within the split, counted with the splits stage's `ascent-threshold` (as the
    /// `elevation` stage counts them); nil when no fix of the run so far carries altitude.
    public var ascent: Double?
    public var descent: Double?
    /// Average grade: altitude change ÷ length (0.05 = 5 % uphill); nil without altitude change or length.
    public var grade: Double?
    /// True for the last split when the run ended before completing it.
    public var isPartial: Bool

    public init(index: Int, startDistance: Double, endDistance: Double, startTime: Double?, endTime: Double?,
                movingTime: Double, altitudeChange: Double?, ascent: Double? = nil, descent: Double? = nil,
                isPartial: Bool) {
        self.index = index
        self.startDistance = startDistance
        self.endDistance = endDistance
        self.startTime = startTime
        self.endTime = endTime
        self.movingTime = movingTime
        if let startTime, let endTime { elapsedTime = endTime - startTime }
        self.altitudeChange = altitudeChange
        self.ascent = ascent
        self.descent = descent
        let length = endDistance - startDistance
        if let altitudeChange, length > 0 { grade = altitudeChange / length }
        self.isPartial = isPartial
    }

    /// Length in metres (the split length, or less for a partial split).
    public var length: Double { endDistance - startDistance }

    /// Moving pace, seconds per metre; `nil` when the length or the moving time is zero.
    public var pace: Double? { length > 0 && movingTime > 0 ? movingTime / length : nil }
}

/// The splits of a run (annotation `splits`).
public struct Splits: Sendable, Hashable, Codable {
    /// Split length in metres (1 000 or 1 609.344).
    public var splitLength: Double
    /// `metric` (per km) or `imperial` (per mile).
    public var units: UnitSystem
    public var splits: [Split]

    public init(splitLength: Double, units: UnitSystem, splits: [Split]) {
        self.splitLength = splitLength
        self.units = units
        self.splits = splits
    }
}

public enum SplitsKey: AnnotationKey {
    public typealias Value = Splits
    public static let name = "splits"
}
