import CGSL

/// ``GaussMarkovProducts`` with Φ's structure written out: per axis Φ = [[1, Δt, 0], [0, 1, 0], [0, 0, decay]],
/// so Φ x and Φ P Φᵀ are a few multiply-adds per entry instead of dense 6×6 products, and the gain's products
/// are plain loops on the stack (no call, no view per product).
///
/// Each product's sum is formed in the order GSL's reference CBLAS forms it (terms in ascending index; a term with
/// a zero factor adds nothing), so the products agree with GSL's to the bit; the gain's solve
/// (``solveGain(_:_:)``) rounds differently from GSL's. The tests hold the two forms equal to 1e-9 m and 1e-9 m/s
/// on seeded runs of every measurement kind.
enum StructuredGaussMarkovProducts: GaussMarkovProducts {
    static let n = GaussMarkovSmootherCore.n

    @inline(__always)
    static func propagateMean(_ x: UnsafeMutablePointer<Double>, into y: UnsafeMutablePointer<Double>,
                              _ step: GaussMarkovStep) {
        for o in stride(from: 0, to: n, by: 3) {
            y[o] = x[o] + x[o + 1] * step.dt
            y[o + 1] = x[o + 1]
            y[o + 2] = x[o + 2] * step.decay
        }
    }

    @inline(__always)
    static func propagateCovariance(_ p: UnsafeMutablePointer<Double>, phiP: UnsafeMutablePointer<Double>,
                                    into out: UnsafeMutablePointer<Double>, _ step: GaussMarkovStep) {
        let dt = step.dt, decay = step.decay
        // Rows: (Φ P)[p] = P[p] + Δt·P[v]; [v] = P[v]; [b] = decay·P[b].
        for o in stride(from: 0, to: n, by: 3) {
            for j in 0..<n {
                phiP[o * n + j] = p[o * n + j] + dt * p[(o + 1) * n + j]
                phiP[(o + 1) * n + j] = p[(o + 1) * n + j]
                phiP[(o + 2) * n + j] = decay * p[(o + 2) * n + j]
            }
        }
        // Columns: (Φ P Φᵀ)[·, p] = A[·, p] + A[·, v]·Δt; [·, v] = A[·, v]; [·, b] = A[·, b]·decay; then + Q.
        for i in 0..<n {
            let row = phiP + i * n, target = out + i * n, q = step.q + i * n
            for o in stride(from: 0, to: n, by: 3) {
                target[o] = (row[o] + row[o + 1] * dt) + q[o]
                target[o + 1] = row[o + 1] + q[o + 1]
                target[o + 2] = row[o + 2] * decay + q[o + 2]
            }
        }
    }

    @inline(__always)
    static func gainTimes(_ ct: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>,
                          into y: UnsafeMutablePointer<Double>) {
        // y[i] = Σₖ Cᵀ[k, i]·v[k], k ascending.
        for i in 0..<n { y[i] = 0 }
        for k in 0..<n where v[k] != 0 {
            let vk = v[k], row = ct + k * n
            for i in 0..<n { y[i] += vk * row[i] }
        }
    }

    @inline(__always)
    static func gainSandwich(_ ct: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>,
                             scratch: UnsafeMutablePointer<Double>, into out: UnsafeMutablePointer<Double>) {
        multiply({ i, k in ct[k * n + i] }, d, into: scratch)       // C D, C[i, k] = Cᵀ[k, i]
        multiply({ i, k in scratch[i * n + k] }, ct, into: out)    // (C D) Cᵀ
    }

    /// The gain's solve by a Cholesky factorisation written out for 6×6 (M = L Lᵀ, then L Y = B and Lᵀ X = Y, a
    /// row of all six right-hand sides at a time): GSL's `gsl_linalg_cholesky_decomp1` and `_svx_mat` reach the same
    /// numbers through a recursive blocked algorithm and `cblas_dtrsm`, whose calls were about a third of the
    /// stage's time on 6×6 matrices. Not bit for bit GSL's: the tests hold the two forms to 1e-9 m. A pivot that is
    /// not positive (or NaN) throws `GSL_EDOM`, as GSL's factorisation does.
    @inline(__always)
    static func solveGain(_ m: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>) throws(GSLError) {
        // L in the lower triangle of m; the reciprocals of its diagonal aside.
        var inverse: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)
        try withUnsafeMutableBytes(of: &inverse) { raw throws(GSLError) in
            let inv = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            for j in 0..<n {
                var d = m[j * n + j]
                for k in 0..<j { d -= m[j * n + k] * m[j * n + k] }
                guard d > 0 else { throw GSLError(code: Int32(GSL_EDOM), call: "the 6×6 Cholesky factorisation (not positive definite)") }
                let l = d.squareRoot()
                m[j * n + j] = l
                inv[j] = 1 / l
                for i in (j + 1)..<n {
                    var v = m[i * n + j]
                    for k in 0..<j { v -= m[i * n + k] * m[j * n + k] }
                    m[i * n + j] = v * inv[j]
                }
            }
            // L Y = B, row by row.
            for i in 0..<n {
                let row = b + i * n
                for k in 0..<i {
                    let l = m[i * n + k], other = b + k * n
                    for c in 0..<n { row[c] -= l * other[c] }
                }
                for c in 0..<n { row[c] *= inv[i] }
            }
            // Lᵀ X = Y, from the last row up.
            for i in stride(from: n - 1, through: 0, by: -1) {
                let row = b + i * n
                for k in (i + 1)..<n {
                    let l = m[k * n + i], other = b + k * n
                    for c in 0..<n { row[c] -= l * other[c] }
                }
                for c in 0..<n { row[c] *= inv[i] }
            }
        }
    }

    /// `target` = A B for 6×6 matrices, A given entry by entry as `a(i, k)`: each target[i, j] = Σₖ A[i, k]·B[k, j]
    /// summed with k ascending, a zero A[i, k] adding nothing — the order GSL's reference `dgemm` sums in.
    @inline(__always)
    static func multiply(_ a: (Int, Int) -> Double, _ b: UnsafeMutablePointer<Double>,
                         into target: UnsafeMutablePointer<Double>) {
        for i in 0..<(n * n) { target[i] = 0 }
        for i in 0..<n {
            let row = target + i * n
            for k in 0..<n {
                let c = a(i, k)
                guard c != 0 else { continue }
                let bRow = b + k * n
                for j in 0..<n { row[j] += c * bRow[j] }
            }
        }
    }
}
