import TrackPipe

/// The everyday position error of a phone's fixes and the accuracy it reports.
///
/// Error: independent first-order Gauss–Markov processes east, north and up (``GaussMarkovProcess``), scaled
/// to ``sigma`` metres per horizontal axis (× ``buildingFactor`` near buildings) — correlated over
/// ``timeConstant`` seconds, as real GPS error is, so a track wanders smoothly rather than jittering.
///
/// Reported horizontal accuracy: ``accuracyScale`` × the per-axis standard deviation of everything the
/// receiver knows about (this error, warm-up, the reported part of multipath), times a log-normal factor with
/// relative spread ``accuracyNoise`` — consistent with the actual error, as a receiver's estimate is. With the
/// default scale 1 the accuracy is the per-axis 1-σ, the convention TrackPipe's Kalman stages assume
/// (R = accuracy² per axis); set 1.51 for the iOS convention (radius of 68 % confidence for a circular
/// Gaussian). Vertical accuracy is 1.5 × the horizontal (GPS altitude is worse than position).
public struct PositionErrorModel: Sendable, Hashable, Codable {
    /// Per-axis standard deviation of the position error under open sky, metres. Default 2.5 m (a modern
    /// phone in a park: 3.5 m RMS horizontal).
    public var sigma = 2.5
    /// Correlation time of the error, seconds. Default 30 s: satellite geometry and atmospheric delays change
    /// over tens of seconds.
    public var timeConstant = 30.0
    /// Error multiplier near buildings (blocked and reflected signals). Default 2.
    public var buildingFactor = 2.0
    /// Reported accuracy ÷ per-axis standard deviation. Default 1 (see the type's discussion).
    public var accuracyScale = 1.0
    /// Relative spread (log-normal σ) of the reported accuracy around the true value. Default 0.15.
    public var accuracyNoise = 0.15
    /// Altitude of the route, metres; the true altitude undulates ±5 m around it. Default 40 m.
    public var altitude = 40.0

    public init() {}
}
