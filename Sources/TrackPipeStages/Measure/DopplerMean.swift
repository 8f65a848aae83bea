import TrackPipe

/// The mean of receiver (Doppler) speeds over a few fixes, as a stop detector asks it: the mean speed, and the
/// magnitude of the mean velocity, where a speed without a course counts as standing (receivers drop the course
/// near standstill). Standing still, the velocity noise averages out while the speeds' magnitudes do not; moving,
/// both are the runner's speed. Used by `auto-pause` and `track-smoother` so the two judge a stop alike.
struct DopplerMean {
    private var speedSum = 0.0, eastSum = 0.0, northSum = 0.0
    /// Fixes with a usable speed added.
    private(set) var count = 0
    /// True when at least one of them carried a course.
    private(set) var hasCourse = false

    /// Adds `fix`'s speed (ignored unless finite, not negative and at most `maximumSpeed`) and course.
    mutating func add(_ fix: Fix, maximumSpeed: Double = .infinity) {
        guard let s = fix.speed, s.isFinite, s >= 0, s <= maximumSpeed else { return }
        speedSum += s
        count += 1
        if let c = fix.course, let v = GroundVelocity(speed: s, course: c) {
            eastSum += v.east
            northSum += v.north
            hasCourse = true
        }
    }

    /// Mean speed, m/s (0 without speeds).
    var speed: Double { count > 0 ? speedSum / Double(count) : 0 }

    /// Magnitude of the mean velocity, m/s (0 without speeds).
    var velocity: Double { count > 0 ? GroundVelocity(east: eastSum, north: northSum).speed / Double(count) : 0 }
}
