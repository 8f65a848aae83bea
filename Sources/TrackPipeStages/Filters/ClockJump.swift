/// A step in a track's time stamps that is a clock jump rather than a sampling step or a signal gap: the time
/// step differs from the track's sampling interval by at least the stage's `min-jump`, while the position
/// moved only a normal step. Found by `ClockJumpDetector`.
struct ClockJump: Sendable, Hashable {
    /// Index (into the fixes examined) of the first fix after the jump.
    var index: Int
    /// That fix's `Fix/sourceIndex`.
    var sourceIndex: Int
    /// The jump in seconds: the time step minus the sampling interval (negative = the clock went back).
    var size: Double
    /// The time step as recorded, seconds.
    var step: Double
    /// The distance moved across the step, metres.
    var distance: Double
}
