/// The forward Kalman filter's state for the ``ConstantVelocityModel``, with its predict and update in closed
/// form: both axes share the symmetric 2×2 covariance [[a, b], [b, c]] (position, velocity), so one step is a
/// few dozen flops and no calls — a GSL call on a 4×4 matrix alone costs more (~30 ns) than this whole step.
///
/// The update uses the covariance in the form (I − K H) P⁻, written for the scalar innovation variance
/// S = a⁻ + r as a = a⁻·r/S, b = b⁻·r/S, c = c⁻ − b⁻²/S. For a 2-state filter with a position measurement this
/// equals the Joseph form algebraically and stays positive definite: a > 0 because a⁻, r > 0, and
/// a·c − b² = (a⁻c⁻ − b⁻²)·r/S, so the determinant only shrinks by the factor r/S ∈ (0, 1). It matches the
/// reference's Joseph form to rounding (~1e-12 m on the reference track).
///
/// Used by ``KalmanCore`` (offline) and by the `kalman-filter` processor (live), so the two give identical
/// forward estimates by construction.
public struct ConstantVelocityFilterState: Sendable, Hashable {
    /// Position east/north (m) and velocity east/north (m/s) in the run's frame.
    public var east = 0.0, eastVelocity = 0.0, north = 0.0, northVelocity = 0.0
    /// Shared covariance per axis: a = var(position) m², b = cov(position, velocity) m²/s, c = var(velocity) m²/s².
    public var a: Double, b: Double, c: Double

    /// The initial state: at the frame's origin, at rest, with the model's initial covariance.
    @inlinable
    public init(model: ConstantVelocityModel) {
        a = model.initialPositionVariance
        b = 0
        c = model.initialVelocityVariance
    }

    /// Predicts over `dt` seconds (dt = 0 is the identity): x⁻ = F x, P⁻ = F P Fᵀ + Q.
    @inlinable
    public mutating func predict(dt: Double, q: Double) {
        let dt2 = dt * dt
        east += dt * eastVelocity
        north += dt * northVelocity
        a = a + dt * (2 * b + dt * c) + q * dt2 * dt / 3
        b = b + dt * c + q * dt2 / 2
        c = c + q * dt
    }

    /// Updates with a position measurement (`east`, `north` metres) of per-axis variance `r` m² (> 0).
    @inlinable
    public mutating func update(east zEast: Double, north zNorth: Double, variance r: Double) {
        let s = a + r
        let k0 = a / s, k1 = b / s
        let yEast = zEast - east, yNorth = zNorth - north
        east += k0 * yEast
        eastVelocity += k1 * yEast
        north += k0 * yNorth
        northVelocity += k1 * yNorth
        c -= k1 * b
        a = k0 * r
        b = k1 * r
    }

    /// True when the covariance is finite and positive definite.
    @inlinable
    public var isHealthy: Bool {
        a > 0 && c > 0 && a * c - b * b > 0 && (a + c).isFinite
            && (east + north + eastVelocity + northVelocity).isFinite
    }

    /// The state as an estimate.
    @inlinable
    public var estimate: KalmanEstimate {
        KalmanEstimate(east: east, eastVelocity: eastVelocity, north: north, northVelocity: northVelocity, positionVariance: a, velocityVariance: c)
    }
}
