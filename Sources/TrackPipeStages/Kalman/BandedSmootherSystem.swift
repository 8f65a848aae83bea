import CGSL

/// The smoothed means of a run as the solution of one banded linear system, solved by GSL's banded Cholesky.
///
/// The fixed-interval smoother's means minimise
///
///     Σₖ |zₖ − H sₖ|²/rₖ  +  s₀ᵀ P₀⁻¹ s₀  +  Σₖ (sₖ − Fₖ sₖ₋₁)ᵀ Qₖ⁻¹ (sₖ − Fₖ sₖ₋₁)
///
/// over the states sⱼ = [pⱼ, vⱼ] of one axis. Its normal equations A s = b are symmetric positive definite and,
/// with the unknowns ordered p₀, v₀, p₁, v₁, …, banded with 3 sub-diagonals. With τ the step and q the spectral
/// density, Q⁻¹ = (1/q)·[[12/τ³, −6/τ²], [−6/τ², 4/τ]], so each step adds Q⁻¹ to its own diagonal block,
/// Fᵀ Q⁻¹ F = (1/q)·[[12/τ³, 6/τ²], [6/τ², 4/τ]] to the previous one and −Q⁻¹F = (1/q)·[[−12/τ³, −6/τ²],
/// [6/τ², 2/τ]] below the diagonal. East and north share A (same R, Q and P₀), so A is factored once
/// (`gsl_linalg_cholesky_band_decomp`) and both right-hand sides are solved in one call
/// (`gsl_linalg_cholesky_band_svxm`).
///
/// Fixes with equal times share one state: their information adds (Σ 1/r on the diagonal, Σ z/r on the right).
/// Storage follows GSL's symmetric band format: row i of the N×4 matrix holds A(i, i), A(i+1, i), A(i+2, i),
/// A(i+3, i). Both matrices are Swift arrays viewed in place by `gsl_matrix_view_array` (no copies), kept
/// between runs so a reused workspace allocates nothing.
struct BandedSmootherSystem: Sendable {
    private var band: [Double] = []
    private var rhs: [Double] = []

    /// Solves for the smoothed means of the first `count` measurements in `storage` (``KalmanCore``'s record
    /// layout, starting at the run's first record; the forward pass has already validated them) and writes them
    /// into `storage`. Returns false, having written nothing, when the
    /// run has fewer than two distinct times (GSL needs at least as many unknowns as band columns).
    mutating func solve(storage: UnsafeMutableBufferPointer<Double>, count: Int, model: ConstantVelocityModel) throws(KalmanFailure) -> Bool {
        typealias F = KalmanCore.Field
        let needed = 2 * count
        if band.count < needed * 4 {
            band = [Double](repeating: 0, count: needed * 4)
            rhs = [Double](repeating: 0, count: needed * 2)
        }
        let q = model.spectralDensity
        // Build A and b (both axes) in one pass over the fixes.
        let s = storage
        let states: Int = band.withUnsafeMutableBufferPointer { ab in
            rhs.withUnsafeMutableBufferPointer { x in
                var j = -1
                var previousTime = 0.0
                for k in 0..<count {
                    let o = k * F.stride
                    let t = s[o + F.time]
                    if k == 0 || t > previousTime {
                        j += 1
                        let p = 2 * j
                        for i in (4 * p)..<(4 * p + 8) { ab[i] = 0 }
                        for i in (2 * p)..<(2 * p + 4) { x[i] = 0 }
                        if j > 0 {
                            let tau = t - previousTime
                            let w1 = 1 / (q * tau), w2 = w1 / tau, w3 = w2 / tau
                            let prev = p - 2
                            // Fᵀ Q⁻¹ F on the previous state's block.
                            ab[4 * prev] += 12 * w3
                            ab[4 * prev + 1] += 6 * w2
                            ab[4 * (prev + 1)] += 4 * w1
                            // −Q⁻¹ F below the diagonal: rows p, p+1 of columns prev, prev+1.
                            ab[4 * prev + 2] = -12 * w3  // A(p, prev)
                            ab[4 * prev + 3] = 6 * w2  // A(p+1, prev)
                            ab[4 * (prev + 1) + 1] = -6 * w2  // A(p, prev+1)
                            ab[4 * (prev + 1) + 2] = 2 * w1  // A(p+1, prev+1)
                            // Q⁻¹ on this state's block.
                            ab[4 * p] = 12 * w3
                            ab[4 * p + 1] = -6 * w2
                            ab[4 * (p + 1)] = 4 * w1
                        }
                        previousTime = t
                    }
                    let w = 1 / s[o + F.variance]
                    ab[8 * j] += w
                    x[4 * j] += s[o + F.zEast] * w
                    x[4 * j + 1] += s[o + F.zNorth] * w
                }
                // The prior on the first state (mean zero: the frame's origin, at rest).
                ab[0] += 1 / model.initialPositionVariance
                ab[4] += 1 / model.initialVelocityVariance
                return j + 1
            }
        }
        guard states >= 2 else { return false }
        let n = 2 * states
        try band.withUnsafeMutableBufferPointer { (ab) throws(KalmanFailure) in
            try rhs.withUnsafeMutableBufferPointer { (x) throws(KalmanFailure) in
                guard let abBase = ab.baseAddress, let xBase = x.baseAddress else { return }
                var a = gsl_matrix_view_array(abBase, n, 4)
                var b = gsl_matrix_view_array(xBase, n, 2)
                do throws(GSLError) {
                    try GSL.call("gsl_linalg_cholesky_band_decomp") { gsl_linalg_cholesky_band_decomp(&a.matrix) }
                    try GSL.call("gsl_linalg_cholesky_band_svxm") { gsl_linalg_cholesky_band_svxm(&a.matrix, &b.matrix) }
                } catch {
                    throw KalmanFailure.gsl(error)
                }
            }
        }
        // Scatter the solution back to the fixes (fixes with equal times share their state).
        rhs.withUnsafeBufferPointer { x in
            var j = -1
            var previousTime = 0.0
            for k in 0..<count {
                let o = k * F.stride
                let t = s[o + F.time]
                if k == 0 || t > previousTime { j += 1; previousTime = t }
                s[o + F.sEast] = x[4 * j]
                s[o + F.sNorth] = x[4 * j + 1]
                s[o + F.sEastVelocity] = x[4 * j + 2]
                s[o + F.sNorthVelocity] = x[4 * j + 3]
            }
        }
        return true
    }
}
