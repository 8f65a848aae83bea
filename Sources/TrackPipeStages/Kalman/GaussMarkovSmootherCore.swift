import CGSL
import Foundation

/// The numerics of `track-smoother`: a Kalman filter and Rauch–Tung–Striebel smoother over one run, on GSL
/// matrices, with state x = [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ] in a local metre frame:
///
/// - p, v: position (m) and velocity (m/s), constant velocity driven by white acceleration of spectral density
///   q (m²/s³): per axis Φ = [[1, Δt], [0, 1]], Q = q·[[Δt³/3, Δt²/2], [Δt²/2, Δt]].
/// - b: the receiver's slowly wandering position error (m), first-order Gauss–Markov with stationary σ_b and
///   correlation time τ: b ← e^(−Δt/τ)·b + w, Var w = σ_b²(1 − e^(−2Δt/τ)).
/// - A position fix measures p + b with white noise σ (per axis, m).
/// - A velocity (Doppler speed and course) measures v per axis with σ_v; a speed without a course measures ‖v‖
///   (linearised at the prediction); while the prediction is slower than 0.5 m/s the direction is unknown, and
///   the speed s says only that each axis is 0 on average with variance s²/2 (measured so, plus σ_v²: at a run's
///   start or a standstill a small speed without a course no longer leaves the velocity free); a detected stop
///   measures v = 0 with σ_stop.
///
/// Measurements are applied one scalar at a time (their noises are independent), so each update is a gain
/// vector and a rank-one correction of P. The smoother gain solves P⁻ₖ₊₁ Cₖᵀ = Φ Pₖ by a Cholesky factorisation
/// (all columns at once). The predictions (Φ x, Φ P Φᵀ), the smoother's products and that solve come in two forms
/// that give the same numbers (``GaussMarkovProducts``): the general one on GSL — `gsl_blas_dgemm`/`gsl_blas_dgemv`
/// on 6×6 views of the state's own contiguous storage and `gsl_linalg_cholesky_decomp1`/`_svx_mat`
/// (``GSLGaussMarkovProducts``) — and the one the stage uses, with Φ's zeros and the 6×6 factorisation written
/// out (``StructuredGaussMarkovProducts``; the stage with Doppler speeds 5.5 → 3.9 ms p0 per 2293 fixes for the
/// products), which the tests hold equal to the general one to 1e-9 m. Every GSL status, and a factorisation
/// that finds the matrix not positive definite, becomes a thrown ``GSLError``.
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

    static let n = 6

    /// Smooths one run; `measurements` in time order (Δt ≥ 0). The products in their structured form.
    static func smooth(_ measurements: [Measurement], model: Model) throws(GSLError) -> [Estimate] {
        try smooth(measurements, model: model, products: StructuredGaussMarkovProducts.self)
    }

    /// Smooths one run with the given form of the products (the general one on GSL for the tests).
    ///
    /// All state lives in one allocation made here: the filtered means and covariances of every fix and a few
    /// 6×6 and 6-vector scratch areas, which the GSL calls see as `gsl_matrix`/`gsl_vector` views (no allocation
    /// per fix).
    static func smooth<Products: GaussMarkovProducts>(
        _ measurements: [Measurement], model: Model, products: Products.Type
    ) throws(GSLError) -> [Estimate] {
        let count = measurements.count
        guard count > 0 else { return [] }
        GSL.prepare()
        let n = Self.n, nn = n * n
        // Layout of the one buffer: per fix xf, pf (filtered; 336 bytes a fix), then scratch. The predictions the
        // smoother needs (x⁻ₖ₊₁ = Φ xₖ, P⁻ₖ₊₁ = Φ Pₖ Φᵀ + Q) are recomputed from them by the same calls, so they
        // are the forward pass's to the bit and need not be kept.
        let oXF = 0, oPF = oXF + count * n
        let oPhi = oPF + count * nn, oQ = oPhi + nn, oTmp = oQ + nn, oCT = oTmp + nn, oChol = oCT + nn
        let oP = oChol + nn, oPS = oP + nn, oDP = oPS + nn, oPP = oDP + nn
        let oX = oPP + nn, oNext = oX + n, oDX = oNext + n, oXS = oDX + n, oPH = oXS + n, oXP = oPH + n
        let total = oXP + n
        let w = UnsafeMutablePointer<Double>.allocate(capacity: total)
        // Only the scratch starts at zero: each fix's xf and pf are written whole by the forward pass before they
        // are read (zeroing them too was a tenth of the stage, every page of them touched twice).
        (w + oPhi).initialize(repeating: 0, count: total - oPhi)
        defer { w.deallocate() }
        let phi = w + oPhi, q = w + oQ, tmp = w + oTmp, ct = w + oCT, chol = w + oChol
        let p = w + oP, ps = w + oPS, dp = w + oDP
        let x = w + oX, next = w + oNext, dx = w + oDX, xs = w + oXS, ph = w + oPH
        let xpNext = w + oXP, ppNext = w + oPP

        let first = measurements[0]
        x[0] = first.east
        x[3] = first.north
        for axis in 0..<2 {
            let o = axis * 3
            p[o * n + o] = model.initialPositionVariance
            p[(o + 1) * n + o + 1] = model.initialVelocityVariance
            p[(o + 2) * n + o + 2] = model.errorSigma * model.errorSigma
        }
        var previousTime = first.time
        // Φ and Q are rebuilt only when Δt changes (at 1 Hz almost never: an exponential and 72 entries a step).
        var step = GaussMarkovStep(phi: phi, q: q, dt: .nan, decay: 0)
        func prepare(_ dt: Double) {
            if dt != step.dt { step = transition(dt: dt, model: model, phi: phi, q: q) }
        }
        for k in 0..<count {
            let m = measurements[k]
            if k > 0 {
                prepare(max(0, m.time - previousTime))
                // x⁻ = Φ x; P⁻ = Φ P Φᵀ + Q.
                try Products.propagateMean(x, into: next, step)
                x.update(from: next, count: n)
                try Products.propagateCovariance(p, phiP: tmp, into: p, step)
            }
            previousTime = m.time
            // Position: p + b per axis.
            update(x, p, ph, 0, 1, 2, 1, z: m.east, variance: m.positionVariance)
            update(x, p, ph, 3, 1, 5, 1, z: m.north, variance: m.positionVariance)
            if m.stopped {
                update(x, p, ph, 1, 1, z: 0, variance: model.stopVariance)
                update(x, p, ph, 4, 1, z: 0, variance: model.stopVariance)
            } else if let v = m.velocity {
                update(x, p, ph, 1, 1, z: v.east, variance: model.velocityVariance)
                update(x, p, ph, 4, 1, z: v.north, variance: model.velocityVariance)
            } else if let s = m.speed {
                let ve = x[1], vn = x[4]
                let predicted = (ve * ve + vn * vn).squareRoot()
                if predicted >= 0.5 {
                    // ‖v‖ ≈ ‖v⁻‖ + (v⁻/‖v⁻‖)·(v − v⁻): the innovation is s − ‖v⁻‖.
                    update(x, p, ph, 1, ve / predicted, 4, vn / predicted, z: s, variance: model.velocityVariance,
                           predicted: predicted)
                } else {
                    // The direction is unknown: each axis is 0 on average with variance s²/2 (+ the noise).
                    update(x, p, ph, 1, 1, z: 0, variance: s * s / 2 + model.velocityVariance)
                    update(x, p, ph, 4, 1, z: 0, variance: s * s / 2 + model.velocityVariance)
                }
            }
            (w + oXF + k * n).initialize(from: x, count: n)
            (w + oPF + k * nn).initialize(from: p, count: nn)
        }

        // Rauch–Tung–Striebel, backwards: C = Pₖ Φᵀ (P⁻ₖ₊₁)⁻¹, from P⁻ₖ₊₁ Cᵀ = Φ Pₖ (Cholesky); Cᵀ is kept
        // (in `ct`) and the products use it transposed.
        xs.update(from: x, count: n)
        ps.update(from: p, count: nn)
        var out = [Estimate](repeating: Estimate(east: 0, north: 0, velocityEast: 0, velocityNorth: 0, positionVariance: 0), count: count)
        out[count - 1] = estimate(xs, ps)
        for k in stride(from: count - 2, through: 0, by: -1) {
            prepare(max(0, measurements[k + 1].time - measurements[k].time))
            let pk = w + oPF + k * nn, xk = w + oXF + k * n
            // The prediction of fix k + 1, as the forward pass made it; Φ Pₖ is also P⁻ₖ₊₁ Cᵀ, solved for Cᵀ in place.
            try Products.propagateMean(xk, into: xpNext, step)
            try Products.propagateCovariance(pk, phiP: ct, into: ppNext, step)
            chol.update(from: ppNext, count: nn)
            try Products.solveGain(chol, ct)
            // xˢₖ = xₖ + C (xˢₖ₊₁ − x⁻ₖ₊₁)
            for i in 0..<n { dx[i] = xs[i] - xpNext[i] }
            try Products.gainTimes(ct, dx, into: next)
            for i in 0..<n { xs[i] = xk[i] + next[i] }
            // Pˢₖ = Pₖ + C (Pˢₖ₊₁ − P⁻ₖ₊₁) Cᵀ
            for i in 0..<nn { dp[i] = ps[i] - ppNext[i] }
            try Products.gainSandwich(ct, dp, scratch: tmp, into: ps)
            for i in 0..<nn { ps[i] += pk[i] }
            out[k] = estimate(xs, ps)
        }
        return out
    }

    static func estimate(_ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>) -> Estimate {
        Estimate(east: x[0], north: x[3], velocityEast: x[1], velocityNorth: x[4],
                 positionVariance: (p[0] + p[3 * n + 3]) / 2)
    }

    /// Φ and Q for a step of `dt` seconds, into 6×6 row-major `phi` and `q`.
    @discardableResult
    static func transition(dt: Double, model: Model, phi: UnsafeMutablePointer<Double>, q: UnsafeMutablePointer<Double>) -> GaussMarkovStep {
        phi.update(repeating: 0, count: n * n)
        q.update(repeating: 0, count: n * n)
        let decay = model.errorTau > 0 ? Foundation.exp(-dt / model.errorTau) : 0
        let s2 = model.errorSigma * model.errorSigma
        for axis in 0..<2 {
            let o = axis * 3
            phi[o * n + o] = 1
            phi[o * n + o + 1] = dt
            phi[(o + 1) * n + o + 1] = 1
            phi[(o + 2) * n + o + 2] = decay
            let qd = model.processNoise
            q[o * n + o] = qd * dt * dt * dt / 3
            q[o * n + o + 1] = qd * dt * dt / 2
            q[(o + 1) * n + o] = qd * dt * dt / 2
            q[(o + 1) * n + o + 1] = qd * dt
            q[(o + 2) * n + o + 2] = s2 * (1 - decay * decay)
        }
        return GaussMarkovStep(phi: phi, q: q, dt: dt, decay: decay)
    }

    /// One scalar measurement z = h·x (+ noise of `variance`), h = w₀·e(i₀) + w₁·e(i₁) (i₁ = −1: one term);
    /// `predicted` is h(x⁻) for a linearised measurement (default h·x⁻). `ph` is scratch for P hᵀ.
    static func update(_ x: UnsafeMutablePointer<Double>, _ p: UnsafeMutablePointer<Double>, _ ph: UnsafeMutablePointer<Double>,
                       _ i0: Int, _ w0: Double, _ i1: Int = -1, _ w1: Double = 0, z: Double, variance: Double,
                       predicted: Double? = nil) {
        // P hᵀ and s = h P hᵀ + r.
        for i in 0..<n { ph[i] = p[i * n + i0] * w0 + (i1 >= 0 ? p[i * n + i1] * w1 : 0) }
        let s = variance + w0 * ph[i0] + (i1 >= 0 ? w1 * ph[i1] : 0)
        let hx = w0 * x[i0] + (i1 >= 0 ? w1 * x[i1] : 0)
        guard s > 0, s.isFinite else { return }
        let innovation = z - (predicted ?? hx)
        // The gain K = P hᵀ / s, with one division.
        let inverse = 1 / s
        for i in 0..<n { x[i] += ph[i] * inverse * innovation }
        // P ← P − K (P hᵀ)ᵀ: worked out on and above the diagonal and mirrored, so P stays exactly symmetric.
        for i in 0..<n {
            let k = ph[i] * inverse
            for j in i..<n {
                let a = p[i * n + j] - k * ph[j]
                p[i * n + j] = a
                p[j * n + i] = a
            }
        }
    }

    /// Solves M·X = B for X in place of B, M symmetric positive definite (destroyed: its Cholesky factor), with
    /// gsl_linalg_cholesky_decomp1 and gsl_linalg_cholesky_svx_mat (all columns in one call).
    static func choleskySolveColumns(_ m: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>) throws(GSLError) {
        GSL.prepare()  // a matrix that is not positive definite must come back as a status, not abort the process
        var mv = gsl_matrix_view_array(m, n, n)
        try GSL.check(gsl_linalg_cholesky_decomp1(&mv.matrix), "gsl_linalg_cholesky_decomp1")
        var bv = gsl_matrix_view_array(b, n, n)
        try GSL.check(gsl_linalg_cholesky_svx_mat(&mv.matrix, &bv.matrix), "gsl_linalg_cholesky_svx_mat")
    }
}
