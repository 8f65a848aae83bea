/// The constant-velocity motion model the Kalman stages use, per horizontal axis of the local east/north frame:
/// state [position, velocity] (m, m/s), driven by continuous white-noise acceleration of spectral density
/// ``spectralDensity`` q. Over a step of `dt` seconds
///
///     F = [[1, dt], [0, 1]],   Q = q · [[dt³/3, dt²/2], [dt²/2, dt]]
///
/// East and north are independent with identical F, Q and (R = σ²·I) measurement noise, so both axes share one
/// covariance and one gain: the 4-state filter is two 2-state filters with a common covariance.
///
/// The initial state is the run's first fix (the origin of its frame) at rest, with covariance
/// diag(``initialPositionVariance``, ``initialVelocityVariance``) per axis.
public struct ConstantVelocityModel: Sendable, Hashable {
    /// q, m²/s³: how much the velocity may wander. The velocity's variance grows by q·dt over dt seconds,
    /// so √q is roughly the change of speed (m/s) expected over one second.
    public var spectralDensity: Double
    /// Initial position variance, m² (per axis). Large means "trust the first fix, not the prior".
    public var initialPositionVariance: Double
    /// Initial velocity variance, m²/s² (per axis). 100 m²/s² (σ 10 m/s) covers anything from standing to driving.
    public var initialVelocityVariance: Double

    public init(spectralDensity: Double, initialPositionVariance: Double = 1e6, initialVelocityVariance: Double = 100) {
        self.spectralDensity = spectralDensity
        self.initialPositionVariance = initialPositionVariance
        self.initialVelocityVariance = initialVelocityVariance
    }

    /// The model of the independent reference run (Tests/Data/reference/kalman/README.md):
    /// q = 0.25 m²/s³, P₀ = diag(1e6 m², 100 m²/s²).
    public static let reference = ConstantVelocityModel(spectralDensity: 0.25, initialPositionVariance: 1e6, initialVelocityVariance: 100)

    /// True when every parameter is finite and positive (the model is then well defined for any dt ≥ 0).
    public var isValid: Bool {
        spectralDensity.isFinite && spectralDensity > 0
            && initialPositionVariance.isFinite && initialPositionVariance > 0
            && initialVelocityVariance.isFinite && initialVelocityVariance > 0
    }
}
