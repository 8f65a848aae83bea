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
        guard let reading = Reading(fix, maximumSpeed: maximumSpeed) else { return }
        add(reading)
    }

    /// Adds a fix's reading, worked out once by a caller that adds each fix to several means (the same sums as
    /// ``add(_:maximumSpeed:)``).
    mutating func add(_ reading: Reading) {
        speedSum += reading.speed
        count += 1
        if let v = reading.velocity {
            eastSum += v.east
            northSum += v.north
            hasCourse = true
        }
    }

    /// A fix's usable receiver speed (finite, not negative, at most the caller's maximum; m/s) and, when it
    /// carries a course, its velocity.
    struct Reading {
        var speed: Double
        var velocity: GroundVelocity?

        /// `nil` when `fix` has no usable speed.
        init?(_ fix: Fix, maximumSpeed: Double = .infinity) {
            guard let s = Self.speed(of: fix, maximumSpeed: maximumSpeed) else { return nil }
            speed = s
            velocity = fix.course.flatMap { GroundVelocity(speed: s, course: $0) }
        }

        /// Multiplies the speed and velocity by `factor` (a receiver's scale error, ``DopplerSpeedScale``).
        mutating func scale(by factor: Double) {
            speed *= factor
            if let v = velocity { velocity = GroundVelocity(east: v.east * factor, north: v.north * factor) }
        }

        /// `fix`'s usable speed alone (finite, not negative, at most `maximumSpeed`; m/s), for a caller that needs
        /// no velocity (a course's costs a sine and a cosine); `nil` without one.
        static func speed(of fix: Fix, maximumSpeed: Double = .infinity) -> Double? {
            guard let s = fix.speed, s.isFinite, s >= 0, s <= maximumSpeed else { return nil }
            return s
        }
    }

    /// Mean speed, m/s (0 without speeds).
    var speed: Double { count > 0 ? speedSum / Double(count) : 0 }

    /// Magnitude of the mean velocity, m/s (0 without speeds).
    var velocity: Double { count > 0 ? GroundVelocity(east: eastSum, north: northSum).speed / Double(count) : 0 }
}
