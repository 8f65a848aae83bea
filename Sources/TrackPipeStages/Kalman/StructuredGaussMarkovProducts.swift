import CGSL

/// ``GaussMarkovProducts`` with Φ's structure written out: per axis Φ = [[1, Δt, 0], [0, 1, 0], [0, 0, decay]],
/// so Φ x and Φ P Φᵀ are a few multiply-adds per entry instead of dense 6×6 products, and the gain's products
/// are plain loops on the stack (no call, no view per product).
///
/// The predictions form each sum in the order GSL's reference CBLAS does (terms in ascending index; a term with a
/// zero factor adds nothing), so they agree with GSL's to the bit; the gain's products use the symmetry of their
/// result and its solve (``solveGain(_:_:)``) is a factorisation written out for 6×6, both rounding differently from
/// GSL's. The tests hold the two forms equal to 1e-9 m and 1e-9 m/s on seeded runs of every measurement kind.
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

    /// C D Cᵀ for a symmetric D (the smoother's Pˢₖ₊₁ − P⁻ₖ₊₁): C D in full, then the product with Cᵀ on and above
    /// the diagonal, mirrored — the result is symmetric, so half of the second product need not be formed.
    @inline(__always)
    static func gainSandwich(_ ct: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>,
                             scratch: UnsafeMutablePointer<Double>, into out: UnsafeMutablePointer<Double>) {
        // scratch = C D: row i is Σₖ C[i, k]·D[k, ·], C[i, k] = Cᵀ[k, i].
        for i in 0..<n {
            let row = scratch + i * n
            for j in 0..<n { row[j] = 0 }
            for k in 0..<n {
                let c = ct[k * n + i], dRow = d + k * n
                for j in 0..<n { row[j] += c * dRow[j] }
            }
        }
        // out[i, j] = Σₖ (C D)[i, k]·C[j, k] = Σₖ scratch[i, k]·Cᵀ[k, j], for j ≥ i.
        for i in 0..<n {
            let row = scratch + i * n
            for j in i..<n {
                var sum = 0.0
                for k in 0..<n { sum += row[k] * ct[k * n + j] }
                out[i * n + j] = sum
                out[j * n + i] = sum
            }
        }
    }

    /// The gain's solve by a Cholesky factorisation written out for 6×6 (M = L Lᵀ, then L Y = B and Lᵀ X = Y, a
    /// row of all six right-hand sides at a time): GSL's `gsl_linalg_cholesky_decomp1` and `_svx_mat` reach the same
    /// numbers through a recursive blocked algorithm and `cblas_dtrsm`, whose calls were about a third of the
    /// stage's time on 6×6 matrices. Not bit for bit GSL's: the tests hold the two forms to 1e-9 m. A pivot that is
    /// not positive (or NaN) throws `GSL_EDOM`, as GSL's factorisation does.
    @inline(__always)
    static func solveGain(_ m: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>) throws(GSLError) {
        // L below the diagonal of m, and on it 1 / L[j, j] (the solves divide by the diagonal, nothing else reads it).
        for j in 0..<n {
            var d = m[j * n + j]
            for k in 0..<j { d -= m[j * n + k] * m[j * n + k] }
            guard d > 0 else { throw GSLError(code: Int32(GSL_EDOM), call: "the 6×6 Cholesky factorisation (not positive definite)") }
            let inverse = 1 / d.squareRoot()
            m[j * n + j] = inverse
            for i in (j + 1)..<n {
                var v = m[i * n + j]
                for k in 0..<j { v -= m[i * n + k] * m[j * n + k] }
                m[i * n + j] = v * inverse
            }
        }
        // L Y = B, row by row.
        for i in 0..<n {
            let row = b + i * n
            for k in 0..<i {
                let l = m[i * n + k], other = b + k * n
                for c in 0..<n { row[c] -= l * other[c] }
            }
            let inverse = m[i * n + i]
            for c in 0..<n { row[c] *= inverse }
        }
        // Lᵀ X = Y, from the last row up.
        for i in stride(from: n - 1, through: 0, by: -1) {
            let row = b + i * n
            for k in (i + 1)..<n {
                let l = m[k * n + i], other = b + k * n
                for c in 0..<n { row[c] -= l * other[c] }
            }
            let inverse = m[i * n + i]
            for c in 0..<n { row[c] *= inverse }
        }
    }
}
