/// How `track-smoother` smooths a run whose fixes carry no usable Doppler speeds (see
/// ``TrackSmootherStage/hasUsableSpeeds(_:)``).
public enum SpeedlessRunModel: String, Sendable, Hashable, CaseIterable {
    /// The constant-velocity model of `kalman-smoother`, exactly as that stage smooths the run (positions and
    /// accuracy; speed and course left as they were) — except that a run reporting no accuracy at all is
    /// smoothed under its own most likely noise (`estimate-noise`). The default: positions alone cannot tell a slowly
    /// wandering error from real motion, and on the simulated runs without speeds this model measured better
    /// (Kalman article).
    case constantVelocity = "constant-velocity"
    /// The Gauss–Markov model without velocity measurements (zero-velocity updates from positions only).
    case gaussMarkov = "gauss-markov"
}
