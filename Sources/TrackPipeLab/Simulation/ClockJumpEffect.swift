import TrackPipe

/// A jump of the phone's system clock (a network time correction, a time-zone change): from one fix on,
/// every timestamp is off by ``offset`` seconds, for ``duration`` seconds or to the end. Positions are
/// unaffected. The first fix after each jump is labelled ``AnomalyKind/clockJump``.
public struct ClockJumpEffect: Sendable, Hashable, Codable {
    /// Off by default: most recordings have no clock jump.
    public var enabled = false
    /// Where the jump happens, as a fraction of the run's fixes (0…1). Default 0.5.
    public var at = 0.5
    /// The clock's error after the jump, seconds (negative = back in time). Default −90 s (a network time
    /// correction after the clock ran fast).
    public var offset = -90.0
    /// How long the clock stays wrong, seconds; 0 = to the end of the run. Default 0.
    public var duration = 0.0

    public init() {}
}
