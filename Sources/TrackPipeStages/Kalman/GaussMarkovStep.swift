/// One step of `track-smoother`'s model between two fixes: Q as an n×n row-major matrix (`State`: both axes,
/// [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ], or one, [p, v, b]) and the two numbers Φ is made of, Δt (s) and the error's decay
/// e^(−Δt/τ).
///
/// Its products with Φ are written out from that structure — per axis Φ = [[1, Δt, 0], [0, 1, 0], [0, 0, decay]]
/// — a few multiply-adds per entry instead of dense 6×6 products. The predictions form each sum in the order a
/// dense product does (terms in ascending index; a term with a zero factor adds nothing), so they agree with
/// `gsl_blas_dgemm`/`gsl_blas_dgemv` on the full Φ (``phi``) to the bit (the tests' reference smoother uses those).
struct GaussMarkovStep<State: GaussMarkovState> {
    /// Q: per axis q·[[Δt³/3, Δt²/2, 0], [Δt²/2, Δt, 0], [0, 0, 0]] plus σ_b²(1 − decay²) for the error.
    var q: UnsafeMutablePointer<Double>
    /// Δt, s.
    var dt: Double
    /// e^(−Δt/τ) (0 when τ is 0).
    var decay: Double

    static var n: Int { State.n }

    /// Φ as a dense n×n row-major matrix, for the general form of the products (the tests' reference).
    var phi: [Double] {
        let n = Self.n
        var phi = [Double](repeating: 0, count: n * n)
        for o in stride(from: 0, to: n, by: 3) {
            phi[o * n + o] = 1
            phi[o * n + o + 1] = dt
            phi[(o + 1) * n + o + 1] = 1
            phi[(o + 2) * n + o + 2] = decay
        }
        return phi
    }

    /// `y` = Φ x.
    @inline(__always)
    func predict(_ x: UnsafeMutablePointer<Double>, into y: UnsafeMutablePointer<Double>) {
        for o in stride(from: 0, to: Self.n, by: 3) {
            y[o] = x[o] + x[o + 1] * dt
            y[o + 1] = x[o + 1]
            y[o + 2] = x[o + 2] * decay
        }
    }

    /// `out` = Φ P Φᵀ + Q; `phiP` is scratch (it receives Φ P). `out` may be `p`.
    @inline(__always)
    func predict(covariance p: UnsafeMutablePointer<Double>, phiP: UnsafeMutablePointer<Double>,
                 into out: UnsafeMutablePointer<Double>) {
        let n = Self.n
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
            let row = phiP + i * n, target = out + i * n, q = self.q + i * n
            for o in stride(from: 0, to: n, by: 3) {
                target[o] = (row[o] + row[o + 1] * dt) + q[o]
                target[o + 1] = row[o + 1] + q[o + 1]
                target[o + 2] = row[o + 2] * decay + q[o + 2]
            }
        }
    }

    /// The adjoint step back across this one: λ ← Φᵀ λ and Λ ← Φᵀ Λ Φ (Λ symmetric, n×n row-major).
    @inline(__always)
    func pullBack(_ lambda: UnsafeMutablePointer<Double>, _ bigLambda: UnsafeMutablePointer<Double>) {
        let n = Self.n
        for o in stride(from: 0, to: n, by: 3) {
            lambda[o + 1] += dt * lambda[o]
            lambda[o + 2] *= decay
        }
        // Columns (Λ Φ), then rows (Φᵀ ·). The two halves round differently (a velocity row takes Λ's position
        // entries in another order than its column does), so the upper triangle is mirrored after: Λ stays exactly
        // symmetric.
        for i in 0..<n {
            let row = bigLambda + i * n
            for o in stride(from: 0, to: n, by: 3) {
                row[o + 1] += dt * row[o]
                row[o + 2] *= decay
            }
        }
        for o in stride(from: 0, to: n, by: 3) {
            let rp = bigLambda + o * n, rv = bigLambda + (o + 1) * n, rb = bigLambda + (o + 2) * n
            for j in 0..<n {
                rv[j] += dt * rp[j]
                rb[j] *= decay
            }
        }
        for i in 0..<n {
            for j in (i + 1)..<n { bigLambda[j * n + i] = bigLambda[i * n + j] }
        }
    }
}
