import TrackPipe

/// Why `accuracy-gate` rejects a fix: the rule and what it measured, ready to become a ``Drop``.
struct AccuracyVerdict: Sendable, Hashable {
    var rule: String
    /// The value the rule judged (metres for accuracies, dimensionless for HDOP); `nil` when there is none.
    var measured: Double?
    var threshold: Double?
    var unit: MeasurementUnit
    var detail: String?
}
