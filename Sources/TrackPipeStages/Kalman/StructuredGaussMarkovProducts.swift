/// ``GaussMarkovProducts`` with Φ's structure written out: per axis Φ = [[1, Δt, 0], [0, 1, 0], [0, 0, decay]],
/// so Φ x and Φ P Φᵀ are a few multiply-adds per entry instead of dense 6×6 products, and the gain's products
/// are plain loops on the stack (no call, no view per product).
///
/// Each sum is formed in the order GSL's reference CBLAS forms it (terms in ascending index; a term with a zero
/// factor adds nothing), so on this project's builds the two forms agree to the bit; the tests hold them equal to
/// 1e-9 m and 1e-9 m/s on seeded runs of every measurement kind.
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
