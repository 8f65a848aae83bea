/// The figures of one step between consecutive fixes — what ``DistanceStep`` holds but the two fixes — as
/// ``DistanceAccumulator/measureStep(to:)`` works them out.
///
/// A stage that measures every fix and needs the fixes of a step only where a threshold falls inside it (a split
/// boundary, a badge) measures with these and asks ``DistanceAccumulator/crossing(_:to:atDistance:)`` for the
/// point: a ``DistanceStep`` copies both fixes (144 bytes each) for every fix added, and `distance`, `splits` and
/// `badges` each added every fix of a run.
public struct DistanceStepFigures: Sendable, Hashable {
    /// True when the step's length is added to the distance: same segment, the later fix not paused, both fixes'
    /// coordinates valid, length finite.
    public var counted: Bool
    /// Metres added to the distance (0 when not counted).
    public var length: Double
    /// Seconds added to the moving time (0 when not counted, or without increasing times).
    public var movingDuration: Double
    /// Cumulative distance (m) and moving time (s) before the step.
    public var distanceBefore: Double
    public var movingTimeBefore: Double

    public init(counted: Bool, length: Double, movingDuration: Double, distanceBefore: Double, movingTimeBefore: Double) {
        self.counted = counted
        self.length = length
        self.movingDuration = movingDuration
        self.distanceBefore = distanceBefore
        self.movingTimeBefore = movingTimeBefore
    }

    /// Cumulative distance after the step, metres (``distanceBefore`` + ``length``, as ``DistanceStep`` adds them).
    public var distanceAfter: Double { distanceBefore + length }
    /// Cumulative moving time after the step, seconds.
    public var movingTimeAfter: Double { movingTimeBefore + movingDuration }

    /// True when the step is counted, has positive length and `distanceBefore ≤ distance < distanceAfter`: the
    /// steps ``TrackCrossing`` interpolates in.
    @inlinable
    public func crosses(_ distance: Double) -> Bool {
        counted && length > 0 && distance >= distanceBefore && distance < distanceAfter
    }
}
