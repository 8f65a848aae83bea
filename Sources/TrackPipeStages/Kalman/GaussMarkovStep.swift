/// One step of `track-smoother`'s model between two fixes: Q as an n×n row-major matrix (`State`: both axes,
/// [pₑ, vₑ, bₑ, pₙ, vₙ, bₙ], or one, [p, v, b]; with the velocity error d after each b when `State.block` is 4) and
/// the numbers Φ is made of, Δt (s) and the errors' decays e^(−Δt/τ) and e^(−Δt/τ_d).
///
/// Its products with Φ are written out from that structure — per axis Φ = [[1, Δt, 0], [0, 1, 0], [0, 0, decay]]
/// (and velocityDecay on d's diagonal) — a few multiply-adds per entry instead of dense products. The predictions form each sum in the order a
/// dense product does (terms in ascending index; a term with a zero factor adds nothing), so they agree with
/// `gsl_blas_dgemm`/`gsl_blas_dgemv` on the full Φ (``phi``) to the bit (the tests' reference smoother uses those).
struct GaussMarkovStep<State: GaussMarkovState> {
    /// Q: per axis q·[[Δt³/3, Δt²/2, 0], [Δt²/2, Δt, 0], [0, 0, 0]] plus σ_b²(1 − decay²) for the error (and
    /// σ_d²(1 − velocityDecay²) for d).
    var q: UnsafeMutablePointer<Double>
    /// Δt, s.
    var dt: Double
    /// e^(−Δt/τ) (0 when τ is 0).
    var decay: Double
    /// e^(−Δt/τ_d), the velocity error's (unused in blocks of 3).
    var velocityDecay: Double = 0

    static var n: Int { State.n }
    static var block: Int { State.block }

    /// Φ as a dense n×n row-major matrix, for the general form of the products (the tests' reference).
    var phi: [Double] {
        let n = Self.n
        var phi = [Double](repeating: 0, count: n * n)
        for o in stride(from: 0, to: n, by: Self.block) {
            phi[o * n + o] = 1
            phi[o * n + o + 1] = dt
            phi[(o + 1) * n + o + 1] = 1
            phi[(o + 2) * n + o + 2] = decay
            if Self.block == 4 { phi[(o + 3) * n + o + 3] = velocityDecay }
        }
        return phi
    }

    /// `y` = Φ x.
    @inline(__always)
    func predict(_ x: UnsafeMutablePointer<Double>, into y: UnsafeMutablePointer<Double>) {
        for o in stride(from: 0, to: Self.n, by: Self.block) {
            y[o] = x[o] + x[o + 1] * dt
            y[o + 1] = x[o + 1]
            y[o + 2] = x[o + 2] * decay
            if Self.block == 4 { y[o + 3] = x[o + 3] * velocityDecay }
        }
    }

    /// `out` = Φ P Φᵀ + Q; `phiP` is scratch (it receives Φ P). `out` may be `p`.
    @inline(__always)
    func predict(covariance p: UnsafeMutablePointer<Double>, phiP: UnsafeMutablePointer<Double>,
                 into out: UnsafeMutablePointer<Double>) {
        let n = Self.n, block = Self.block
        // Rows: (Φ P)[p] = P[p] + Δt·P[v]; [v] = P[v]; [b] = decay·P[b]; [d] = velocityDecay·P[d].
        for o in stride(from: 0, to: n, by: block) {
            for j in 0..<n {
                phiP[o * n + j] = p[o * n + j] + dt * p[(o + 1) * n + j]
                phiP[(o + 1) * n + j] = p[(o + 1) * n + j]
                phiP[(o + 2) * n + j] = decay * p[(o + 2) * n + j]
                if block == 4 { phiP[(o + 3) * n + j] = velocityDecay * p[(o + 3) * n + j] }
            }
        }
        // Columns: (Φ P Φᵀ)[·, p] = A[·, p] + A[·, v]·Δt; [·, v] = A[·, v]; [·, b] = A[·, b]·decay (d likewise);
        // then + Q.
        for i in 0..<n {
            let row = phiP + i * n, target = out + i * n, q = self.q + i * n
            for o in stride(from: 0, to: n, by: block) {
                target[o] = (row[o] + row[o + 1] * dt) + q[o]
                target[o + 1] = row[o + 1] + q[o + 1]
                target[o + 2] = row[o + 2] * decay + q[o + 2]
                if block == 4 { target[o + 3] = row[o + 3] * velocityDecay + q[o + 3] }
            }
        }
    }

    /// The adjoint step back across this one: λ ← Φᵀ λ and Λ ← Φᵀ Λ Φ (Λ symmetric, n×n row-major).
    @inline(__always)
    func pullBack(_ lambda: UnsafeMutablePointer<Double>, _ bigLambda: UnsafeMutablePointer<Double>) {
        let n = Self.n, block = Self.block
        for o in stride(from: 0, to: n, by: block) {
            lambda[o + 1] += dt * lambda[o]
            lambda[o + 2] *= decay
            if block == 4 { lambda[o + 3] *= velocityDecay }
        }
        // Columns (Λ Φ), then rows (Φᵀ ·). The two halves round differently (a velocity row takes Λ's position
        // entries in another order than its column does), so the upper triangle is mirrored after: Λ stays exactly
        // symmetric.
        for i in 0..<n {
            let row = bigLambda + i * n
            for o in stride(from: 0, to: n, by: block) {
                row[o + 1] += dt * row[o]
                row[o + 2] *= decay
                if block == 4 { row[o + 3] *= velocityDecay }
            }
        }
        for o in stride(from: 0, to: n, by: block) {
            let rp = bigLambda + o * n, rv = bigLambda + (o + 1) * n, rb = bigLambda + (o + 2) * n
            for j in 0..<n {
                rv[j] += dt * rp[j]
                rb[j] *= decay
            }
            if block == 4 {
                let rd = bigLambda + (o + 3) * n
                for j in 0..<n { rd[j] *= velocityDecay }
            }
        }
        for i in 0..<n {
            for j in (i + 1)..<n { bigLambda[j * n + i] = bigLambda[i * n + j] }
        }
    }
}
