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
///   (linearised at the prediction, skipped while the prediction is slower than 0.5 m/s, where the direction is
///   unknown); a detected stop measures v = 0 with σ_stop.
///
/// Measurements are applied one scalar at a time (their noises are independent), so each update is a gain
/// vector and a rank-one correction of P. The predictions (Φ x, Φ P Φᵀ) and the smoother's products are
/// `gsl_blas_dgemm`/`gsl_blas_dgemv` on 6×6 views of the state's own arrays, and the smoother gain solves
/// P⁻ₖ₊₁ Cₖᵀ = Φ Pₖ with GSL's Cholesky. Every GSL status becomes a thrown ``GSLError``.
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

    /// Smooths one run; `measurements` in time order (Δt ≥ 0).
    static func smooth(_ measurements: [Measurement], model: Model) throws(GSLError) -> [Estimate] {
        let count = measurements.count
        guard count > 0 else { return [] }
        GSL.prepare()
        let n = Self.n, nn = n * n
        // Filtered and predicted means and covariances for every fix (the prediction of fix 0 is the prior).
        var xf = [Double](repeating: 0, count: count * n), pf = [Double](repeating: 0, count: count * nn)
        var xp = [Double](repeating: 0, count: count * n), pp = [Double](repeating: 0, count: count * nn)
        var phi = [Double](repeating: 0, count: nn), q = [Double](repeating: 0, count: nn)
        var tmp = [Double](repeating: 0, count: nn)
        var x = [Double](repeating: 0, count: n), p = [Double](repeating: 0, count: nn)

        let first = measurements[0]
        x[0] = first.east
        x[3] = first.north
        for axis in 0..<2 {
            let o = axis * 3
            p[(o) * n + o] = model.initialPositionVariance
            p[(o + 1) * n + o + 1] = model.initialVelocityVariance
            p[(o + 2) * n + o + 2] = model.errorSigma * model.errorSigma
        }
        var previousTime = first.time
        for k in 0..<count {
            let m = measurements[k]
            if k > 0 {
                let dt = max(0, m.time - previousTime)
                transition(dt: dt, model: model, phi: &phi, q: &q)
                // x⁻ = Φ x; P⁻ = Φ P Φᵀ + Q.
                var next = [Double](repeating: 0, count: n)
                try gemv(phi, x, into: &next)
                x = next
                try gemm(phi, p, transB: false, into: &tmp)
                try gemm(tmp, phi, transB: true, into: &p)
                for i in 0..<nn { p[i] += q[i] }
            }
            previousTime = m.time
            xp.replaceSubrange(k * n..<(k + 1) * n, with: x)
            pp.replaceSubrange(k * nn..<(k + 1) * nn, with: p)
            // Position: p + b per axis.
            update(&x, &p, h: [(0, 1), (2, 1)], z: m.east, variance: m.positionVariance)
            update(&x, &p, h: [(3, 1), (5, 1)], z: m.north, variance: m.positionVariance)
            if m.stopped {
                update(&x, &p, h: [(1, 1)], z: 0, variance: model.stopVariance)
                update(&x, &p, h: [(4, 1)], z: 0, variance: model.stopVariance)
            } else if let v = m.velocity {
                update(&x, &p, h: [(1, 1)], z: v.east, variance: model.velocityVariance)
                update(&x, &p, h: [(4, 1)], z: v.north, variance: model.velocityVariance)
            } else if let s = m.speed {
                let ve = x[1], vn = x[4]
                let predicted = (ve * ve + vn * vn).squareRoot()
                if predicted >= 0.5 {
                    // ‖v‖ ≈ ‖v⁻‖ + (v⁻/‖v⁻‖)·(v − v⁻): the innovation is s − ‖v⁻‖.
                    update(&x, &p, h: [(1, ve / predicted), (4, vn / predicted)], z: s, variance: model.velocityVariance,
                           predicted: predicted)
                }
            }
            xf.replaceSubrange(k * n..<(k + 1) * n, with: x)
            pf.replaceSubrange(k * nn..<(k + 1) * nn, with: p)
        }

        // Rauch–Tung–Striebel, backwards: C = Pₖ Φᵀ (P⁻ₖ₊₁)⁻¹, from P⁻ₖ₊₁ Cᵀ = Φ Pₖ (Cholesky).
        var xs = x, ps = p
        var out = [Estimate](repeating: Estimate(east: 0, north: 0, velocityEast: 0, velocityNorth: 0, positionVariance: 0), count: count)
        out[count - 1] = estimate(xs, ps)
        var c = [Double](repeating: 0, count: nn), ct = [Double](repeating: 0, count: nn)
        var chol = [Double](repeating: 0, count: nn)
        for k in stride(from: count - 2, through: 0, by: -1) {
            let dt = max(0, measurements[k + 1].time - measurements[k].time)
            transition(dt: dt, model: model, phi: &phi, q: &q)
            let pk = Array(pf[k * nn..<(k + 1) * nn])
            chol = Array(pp[(k + 1) * nn..<(k + 2) * nn])
            try gemm(phi, pk, transB: false, into: &ct)  // Φ Pₖ = P⁻ Cᵀ
            try choleskySolveColumns(&chol, &ct)
            for i in 0..<n { for j in 0..<n { c[i * n + j] = ct[j * n + i] } }
            // xˢₖ = xₖ + C (xˢₖ₊₁ − x⁻ₖ₊₁)
            var dx = [Double](repeating: 0, count: n)
            for i in 0..<n { dx[i] = xs[i] - xp[(k + 1) * n + i] }
            var corr = [Double](repeating: 0, count: n)
            try gemv(c, dx, into: &corr)
            var xk = Array(xf[k * n..<(k + 1) * n])
            for i in 0..<n { xk[i] += corr[i] }
            // Pˢₖ = Pₖ + C (Pˢₖ₊₁ − P⁻ₖ₊₁) Cᵀ
            var dp = [Double](repeating: 0, count: nn)
            for i in 0..<nn { dp[i] = ps[i] - pp[(k + 1) * nn + i] }
            try gemm(c, dp, transB: false, into: &tmp)
            var pk2 = [Double](repeating: 0, count: nn)
            try gemm(tmp, c, transB: true, into: &pk2)
            for i in 0..<nn { pk2[i] += pk[i] }
            xs = xk
            ps = pk2
            out[k] = estimate(xs, ps)
        }
        return out
    }

    static func estimate(_ x: [Double], _ p: [Double]) -> Estimate {
        Estimate(east: x[0], north: x[3], velocityEast: x[1], velocityNorth: x[4],
                 positionVariance: (p[0] + p[3 * n + 3]) / 2)
    }

    /// Φ and Q for a step of `dt` seconds.
    static func transition(dt: Double, model: Model, phi: inout [Double], q: inout [Double]) {
        for i in 0..<(n * n) { phi[i] = 0; q[i] = 0 }
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
    }

    /// One scalar measurement z = h·x (+ noise of `variance`), h sparse as (index, coefficient);
    /// `predicted` is h(x⁻) for a linearised measurement (default h·x⁻).
    static func update(_ x: inout [Double], _ p: inout [Double], h: [(Int, Double)], z: Double, variance: Double,
                       predicted: Double? = nil) {
        // P hᵀ and s = h P hᵀ + r.
        var ph = [Double](repeating: 0, count: n)
        for i in 0..<n { for (j, w) in h { ph[i] += p[i * n + j] * w } }
        var s = variance
        var hx = 0.0
        for (j, w) in h { s += w * ph[j]; hx += w * x[j] }
        guard s > 0, s.isFinite else { return }
        let innovation = z - (predicted ?? hx)
        for i in 0..<n { x[i] += ph[i] / s * innovation }
        // P ← P − (P hᵀ)(P hᵀ)ᵀ / s, kept symmetric.
        for i in 0..<n { for j in 0..<n { p[i * n + j] -= ph[i] * ph[j] / s } }
        for i in 0..<n { for j in (i + 1)..<n { let a = (p[i * n + j] + p[j * n + i]) / 2; p[i * n + j] = a; p[j * n + i] = a } }
    }

    /// `c` = A·B or A·Bᵀ (n×n, row-major) with gsl_blas_dgemm.
    static func gemm(_ a: [Double], _ b: [Double], transB: Bool, into c: inout [Double]) throws(GSLError) {
        var a = a, b = b
        let status: Int32 = a.withUnsafeMutableBufferPointer { ap in
            b.withUnsafeMutableBufferPointer { bp in
                c.withUnsafeMutableBufferPointer { cp in
                    var av = gsl_matrix_view_array(ap.baseAddress, n, n)
                    var bv = gsl_matrix_view_array(bp.baseAddress, n, n)
                    var cv = gsl_matrix_view_array(cp.baseAddress, n, n)
                    return gsl_blas_dgemm(CblasNoTrans, transB ? CblasTrans : CblasNoTrans, 1, &av.matrix, &bv.matrix, 0, &cv.matrix)
                }
            }
        }
        try GSL.check(status, "gsl_blas_dgemm")
    }

    /// `y` = A·x with gsl_blas_dgemv.
    static func gemv(_ a: [Double], _ x: [Double], into y: inout [Double]) throws(GSLError) {
        var a = a, x = x
        let status: Int32 = a.withUnsafeMutableBufferPointer { ap in
            x.withUnsafeMutableBufferPointer { xp in
                y.withUnsafeMutableBufferPointer { yp in
                    var av = gsl_matrix_view_array(ap.baseAddress, n, n)
                    var xv = gsl_vector_view_array(xp.baseAddress, n)
                    var yv = gsl_vector_view_array(yp.baseAddress, n)
                    return gsl_blas_dgemv(CblasNoTrans, 1, &av.matrix, &xv.vector, 0, &yv.vector)
                }
            }
        }
        try GSL.check(status, "gsl_blas_dgemv")
    }

    /// Solves M·X = B for X in place of B (each column), M symmetric positive definite (destroyed: its
    /// Cholesky factor), with gsl_linalg_cholesky_decomp1 and gsl_linalg_cholesky_svx.
    static func choleskySolveColumns(_ m: inout [Double], _ b: inout [Double]) throws(GSLError) {
        let decomposed: Int32 = m.withUnsafeMutableBufferPointer { mp in
            var mv = gsl_matrix_view_array(mp.baseAddress, n, n)
            return gsl_linalg_cholesky_decomp1(&mv.matrix)
        }
        try GSL.check(decomposed, "gsl_linalg_cholesky_decomp1")
        var column = [Double](repeating: 0, count: n)
        for j in 0..<n {
            for i in 0..<n { column[i] = b[i * n + j] }
            let solved: Int32 = m.withUnsafeMutableBufferPointer { mp in
                column.withUnsafeMutableBufferPointer { cp in
                    var mv = gsl_matrix_view_array(mp.baseAddress, n, n)
                    var cv = gsl_vector_view_array(cp.baseAddress, n)
                    return gsl_linalg_cholesky_svx(&mv.matrix, &cv.vector)
                }
            }
            try GSL.check(solved, "gsl_linalg_cholesky_svx")
            for i in 0..<n { b[i * n + j] = column[i] }
        }
    }
}

