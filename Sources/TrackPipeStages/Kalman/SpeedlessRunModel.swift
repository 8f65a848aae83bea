/// How `track-smoother` smooths a run whose fixes carry no usable Doppler speeds (see
/// ``TrackSmootherStage/hasUsableSpeeds(_:)``).
public enum SpeedlessRunModel: String, Sendable, Hashable, CaseIterable {
    /// The constant-velocity model of `kalman-smoother`, as that stage smooths the run (positions and
    /// accuracy; speed and course left as they were) — except that q and the σ scale come from the run's own
    /// positions: by their step noise when its fixes report an accuracy (`step-noise`, `PositionStepNoise`), as the
    /// most likely noise when none does (`estimate-noise`). The default: positions alone cannot tell a slowly
    /// wandering error from real motion, and on the simulated runs without speeds this model measured better
    /// (Kalman article).
    case constantVelocity = "constant-velocity"
    /// The Gauss–Markov model without velocity measurements (zero-velocity updates from positions only).
    case gaussMarkov = "gauss-markov"
}
