import TrackPipe

/// Why `superman-jump` judged a step impossible: the rule and what it measured, ready to become a ``Drop``.
struct JumpVerdict: Sendable, Hashable {
    /// `implied-speed`, `implied-acceleration` or `zero-time-step`.
    var rule: String
    var measured: Double
    var threshold: Double
    var unit: MeasurementUnit
    /// The fix the step was judged from.
    var fromSourceIndex: Int
}
