import Foundation

/// The model of `track-smoother`, with state x = [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ] in a local metre frame:
///
/// - p, v: position (m) and velocity (m/s), constant velocity driven by white acceleration of spectral density
///   q (m²/s³): per axis Φ = [[1, Δt], [0, 1]], Q = q·[[Δt³/3, Δt²/2], [Δt²/2, Δt]].
/// - b: the receiver's slowly wandering position error (m), first-order Gauss–Markov with stationary σ_b and
///   correlation time τ: b ← e^(−Δt/τ)·b + w, Var w = σ_b²(1 − e^(−2Δt/τ)).
/// - d (optional, ``Model/velocityErrorSigma`` > 0): the Doppler velocity's own slowly wandering error (m/s), first-order
///   Gauss–Markov with σ_d and τ_d as b is; the state is then [pₑ, vₑ, bₑ, dₑ, pₙ, vₙ, bₙ, dₙ].
/// - A position fix measures p + b with white noise σ (per axis, m).
/// - A velocity (Doppler speed and course) measures v (+ d) per axis with σ_v; a speed without a course measures ‖v‖
///   (linearised at the prediction); while the prediction is slower than 0.5 m/s the direction is unknown, and
///   the speed s says only that each axis is 0 on average with variance s²/2 (measured so, plus σ_v²: at a run's
///   start or a standstill a small speed without a course no longer leaves the velocity free); a detected stop
///   measures v = 0 with σ_stop.
///
/// Measurements are applied one scalar at a time (their noises are independent), so each update is a gain
/// vector and a rank-one correction of P (``measure(_:model:_:_:_:log:gains:)``). The smoother over a run is
/// ``GaussMarkovAdjointSmoother``; a step's products with Φ are ``GaussMarkovStep``'s.
struct GaussMarkovSmootherCore {
    /// One fix's measurements, in the run's frame.
    struct Measurement {
        var time: Double
        var east: Double
        var north: Double
        /// Per-axis white-noise variance of the position, m².
        var positionVariance: Double
        /// Measured velocity (m/s), when the fix has speed and course.
        var velocity: (east: Double, north: Double)?
        /// Measured speed (m/s) without a course.
        var speed: Double?
        /// True at a detected stop: a zero-velocity pseudo-measurement.
        var stopped: Bool
    }

    /// The model's constants.
    struct Model {
        var processNoise: Double
        var errorSigma: Double
        var errorTau: Double
        var velocityVariance: Double
        /// Stationary σ_d of the Doppler velocity's correlated error per axis, m/s; 0: none (white σ_v only).
        var velocityErrorSigma: Double = 0
        /// Correlation time τ_d of the Doppler velocity's correlated error, s.
        var velocityErrorTau: Double = 20
        var stopVariance: Double
        var initialPositionVariance: Double
        var initialVelocityVariance: Double
    }

    /// The smoothed estimate at each fix.
    struct Estimate {
        var east: Double
        var north: Double
        var velocityEast: Double
        var velocityNorth: Double
        /// Mean of the east and north position variances, m².
        var positionVariance: Double
    }

    /// Applies fix `m`'s measurements to the state (`x`, `p`), one scalar update at a time, in the same order and
    /// with the same arithmetic on every call — the adjoint smoother replays them to find each update's gain again.
    /// When `log` is given, each applied update is recorded there (at most ``maximumUpdates``) with its gain in
    /// `gains` (2·`block` per update); returns how many were applied.
    /// `block`: the states per axis, 3 or 4 (``GaussMarkovErrors``). A speed without a course measures ‖v‖ with white
    /// noise even when the state has d: its row on v + d would have four terms, and a receiver that reports no course
    /// gives d nothing else to be measured by.
    @inline(__always) @discardableResult
    static func measure(_ m: Measurement, model: Model, _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>,
                        _ ph: UnsafeMutablePointer<Double>, log: UnsafeMutablePointer<AppliedUpdate>? = nil,
                        gains: UnsafeMutablePointer<Double>? = nil, block: Int = 3) -> Int {
        let n = 2 * block, b = block
        var applied = 0
        @inline(__always)
        func apply(_ i0: Int, _ w0: Double, _ i1: Int = -1, _ w1: Double = 0, z: Double, variance: Double,
                   predicted: Double? = nil) {
            let record = update(x, p, ph, i0, w0, i1, w1, z: z, variance: variance, predicted: predicted, n: n,
                                gain: gains.map { $0 + applied * n })
            if let record {
                log?[applied] = record
                applied += 1
            }
        }
        // Position: p + b per axis.
        apply(0, 1, 2, 1, z: m.east, variance: m.positionVariance)
        apply(b, 1, b + 2, 1, z: m.north, variance: m.positionVariance)
        if m.stopped {
            apply(1, 1, z: 0, variance: model.stopVariance)
            apply(b + 1, 1, z: 0, variance: model.stopVariance)
        } else if let v = m.velocity {
            if block == 4 {
                apply(1, 1, 3, 1, z: v.east, variance: model.velocityVariance)
                apply(b + 1, 1, b + 3, 1, z: v.north, variance: model.velocityVariance)
            } else {
                apply(1, 1, z: v.east, variance: model.velocityVariance)
                apply(b + 1, 1, z: v.north, variance: model.velocityVariance)
            }
        } else if let s = m.speed {
            let ve = x[1], vn = x[b + 1]
            let predicted = (ve * ve + vn * vn).squareRoot()
            if predicted >= 0.5 {
                // ‖v‖ ≈ ‖v⁻‖ + (v⁻/‖v⁻‖)·(v − v⁻): the innovation is s − ‖v⁻‖.
                apply(1, ve / predicted, b + 1, vn / predicted, z: s, variance: model.velocityVariance, predicted: predicted)
            } else {
                // The direction is unknown: each axis is 0 on average with variance s²/2 (+ the noise).
                apply(1, 1, z: 0, variance: s * s / 2 + model.velocityVariance)
                apply(b + 1, 1, z: 0, variance: s * s / 2 + model.velocityVariance)
            }
        }
        return applied
    }

    /// The most scalar updates one fix applies (two positions, two velocity components).
    static let maximumUpdates = 4

    /// True when some fix of `measurements` measures a speed without a course — the one measurement that joins the
    /// axes (``GaussMarkovState``).
    static func couplesAxes(_ measurements: [Measurement]) -> Bool {
        measurements.contains { !$0.stopped && $0.velocity == nil && $0.speed != nil }
    }

    /// One scalar update as applied: the measurement row h = w₀·e(i₀) + w₁·e(i₁) (i₁ = −1: one term), its
    /// innovation z − h(x⁻) and 1/s, s = h P hᵀ + r (its gain K = P hᵀ/s is kept beside it).
    struct AppliedUpdate {
        var i0: Int
        var w0: Double
        var i1: Int
        var w1: Double
        var innovation: Double
        var inverseVariance: Double
    }

    /// The state before the first fix's measurements: at its position, at rest, the errors at 0, with the model's
    /// initial variances (`x`: 2·block, `p`: its square, row-major; both written whole).
    static func start(at first: Measurement, model: Model, _ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>,
                      block: Int = 3) {
        let n = 2 * block
        x.update(repeating: 0, count: n)
        p.update(repeating: 0, count: n * n)
        x[0] = first.east
        x[block] = first.north
        startVariances(p, at: 0, n: n, block: block, model: model)
        startVariances(p, at: block, n: n, block: block, model: model)
    }

    /// Writes one axis's initial variances into the block at `o` of the n×n `p`: position, velocity, the position
    /// error's σ_b² and, in a block of 4, the velocity error's σ_d².
    @inline(__always)
    static func startVariances(_ p: UnsafeMutablePointer<Double>, at o: Int, n: Int, block: Int, model: Model) {
        p[o * n + o] = model.initialPositionVariance
        p[(o + 1) * n + o + 1] = model.initialVelocityVariance
        p[(o + 2) * n + o + 2] = model.errorSigma * model.errorSigma
        if block == 4 { p[(o + 3) * n + o + 3] = model.velocityErrorSigma * model.velocityErrorSigma }
    }

    /// The step of `dt` seconds, its Q written into 6×6 row-major `q`.
    static func transition(dt: Double, model: Model, q: UnsafeMutablePointer<Double>) -> GaussMarkovStep<GaussMarkovBothAxes<GaussMarkovPositionError>> {
        transition(dt: dt, model: model, q: q, state: GaussMarkovBothAxes<GaussMarkovPositionError>.self)
    }

    /// The step of `dt` seconds for `state`'s axes, its Q written into n×n row-major `q`.
    @inline(__always)
    static func transition<State: GaussMarkovState>(dt: Double, model: Model, q: UnsafeMutablePointer<Double>,
                                                    state: State.Type) -> GaussMarkovStep<State> {
        let n = State.n, block = State.block
        q.update(repeating: 0, count: n * n)
        let decay = model.errorTau > 0 ? Foundation.exp(-dt / model.errorTau) : 0
        let s2 = model.errorSigma * model.errorSigma
        let velocityDecay = block == 4 && model.velocityErrorTau > 0 ? Foundation.exp(-dt / model.velocityErrorTau) : 0
        let d2 = model.velocityErrorSigma * model.velocityErrorSigma
        for o in stride(from: 0, to: n, by: block) {
            let qd = model.processNoise
            q[o * n + o] = qd * dt * dt * dt / 3
            q[o * n + o + 1] = qd * dt * dt / 2
            q[(o + 1) * n + o] = qd * dt * dt / 2
            q[(o + 1) * n + o + 1] = qd * dt
            q[(o + 2) * n + o + 2] = s2 * (1 - decay * decay)
            if block == 4 { q[(o + 3) * n + o + 3] = d2 * (1 - velocityDecay * velocityDecay) }
        }
        return GaussMarkovStep(q: q, dt: dt, decay: decay, velocityDecay: velocityDecay)
    }

    /// One scalar measurement z = h·x (+ noise of `variance`), h = w₀·e(i₀) + w₁·e(i₁) (i₁ = −1: one term);
    /// `predicted` is h(x⁻) for a linearised measurement (default h·x⁻). `ph` is scratch for P hᵀ; the gain K is
    /// written to `gain` when given. Returns the update as applied, or `nil` when s is not positive and finite
    /// (nothing changes).
    /// `n` is the state's size (2·block for both axes, block for one: ``GaussMarkovOneAxis``).
    @inline(__always) @discardableResult
    static func update(_ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>, _ ph: UnsafeMutablePointer<Double>,
                       _ i0: Int, _ w0: Double, _ i1: Int = -1, _ w1: Double = 0, z: Double, variance: Double,
                       predicted: Double? = nil, n: Int,
                       gain: UnsafeMutablePointer<Double>? = nil) -> AppliedUpdate? {
        // P hᵀ and s = h P hᵀ + r.
        for i in 0..<n { ph[i] = p[i * n + i0] * w0 + (i1 >= 0 ? p[i * n + i1] * w1 : 0) }
        let s = variance + w0 * ph[i0] + (i1 >= 0 ? w1 * ph[i1] : 0)
        let hx = w0 * x[i0] + (i1 >= 0 ? w1 * x[i1] : 0)
        guard s > 0, s.isFinite else { return nil }
        let innovation = z - (predicted ?? hx)
        // The gain K = P hᵀ / s, with one division.
        let inverse = 1 / s
        for i in 0..<n { x[i] += ph[i] * inverse * innovation }
        if let gain { for i in 0..<n { gain[i] = ph[i] * inverse } }
        // P ← P − K (P hᵀ)ᵀ: worked out on and above the diagonal and mirrored, so P stays exactly symmetric.
        for i in 0..<n {
            let k = ph[i] * inverse
            for j in i..<n {
                let a = p[i * n + j] - k * ph[j]
                p[i * n + j] = a
                p[j * n + i] = a
            }
        }
        return AppliedUpdate(i0: i0, w0: w0, i1: i1, w1: w1, innovation: innovation, inverseVariance: inverse)
    }
}
