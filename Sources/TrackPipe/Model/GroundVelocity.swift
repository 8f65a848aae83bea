import Foundation

/// A horizontal velocity in a local east/north frame, m/s — what a receiver reports as speed (m/s) and course
/// (degrees clockwise from true north), and what a smoother estimates. Converts between the two forms in one place.
public struct GroundVelocity: Sendable, Hashable {
    /// East and north components, m/s.
    public var east: Double
    public var north: Double

    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// The velocity of `speed` m/s towards `course` degrees; `nil` unless both are finite and the speed is not
    /// negative.
    public init?(speed: Double, course: Double) {
        guard speed.isFinite, course.isFinite, speed >= 0 else { return nil }
        let radians = course * .pi / 180
        self.init(east: speed * sin(radians), north: speed * cos(radians))
    }

    /// The fix's reported velocity, when it carries a usable speed and course.
    public init?(_ fix: Fix) {
        guard let speed = fix.speed, let course = fix.course else { return nil }
        self.init(speed: speed, course: course)
    }

    /// Speed, m/s.
    public var speed: Double { (east * east + north * north).squareRoot() }

    /// Course in degrees clockwise from north, in [0, 360); `nil` at zero speed, where there is no direction.
    public var course: Double? {
        guard east != 0 || north != 0 else { return nil }
        var degrees = atan2(east, north) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        if degrees >= 360 { degrees -= 360 }
        return degrees
    }
}
