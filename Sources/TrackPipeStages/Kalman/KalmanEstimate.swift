/// One state estimate of the constant-velocity model in a run's local east/north frame (see
/// ``ConstantVelocityModel``): positions in metres from the frame's origin, velocities in m/s.
public struct KalmanEstimate: Sendable, Hashable {
    public var east: Double
    public var eastVelocity: Double
    public var north: Double
    public var northVelocity: Double
    /// Variance of each position coordinate, m² (the same for east and north: both axes share one covariance).
    public var positionVariance: Double
    /// Variance of each velocity coordinate, m²/s².
    public var velocityVariance: Double

    public init(east: Double, eastVelocity: Double, north: Double, northVelocity: Double, positionVariance: Double, velocityVariance: Double) {
        self.east = east
        self.eastVelocity = eastVelocity
        self.north = north
        self.northVelocity = northVelocity
        self.positionVariance = positionVariance
        self.velocityVariance = velocityVariance
    }

    /// 1-sigma position uncertainty per axis, metres: √(mean of the east and north variances). With this model
    /// the two are equal, so this is the standard deviation of either coordinate — the same convention the
    /// input accuracy is read with (σ per axis), so a smoothed fix's accuracy compares directly with a raw one.
    public var accuracy: Double { positionVariance.squareRoot() }
}
