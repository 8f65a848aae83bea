import CGSL
@testable import TrackPipeStages

/// The tests' reference for `track-smoother`'s smoother: the same model and the same forward filter
/// (``GaussMarkovSmootherCore/measure(_:model:_:_:_:log:gains:)``), then the Rauch–Tung–Striebel backward pass in
/// its textbook form on GSL — Φ as a full matrix in `gsl_blas_dgemm`/`gsl_blas_dgemv`, the gain
/// C = Pₖ Φᵀ (P⁻ₖ₊₁)⁻¹ from `gsl_linalg_cholesky_decomp1`/`_svx_mat`, and Pˢₖ = Pₖ + C (Pˢₖ₊₁ − P⁻ₖ₊₁) Cᵀ.
/// The stage's backward pass (``GaussMarkovAdjointSmoother``) shares none of that arithmetic.
enum ReferenceRTSSmoother {
    typealias Core = GaussMarkovSmootherCore

    /// With the Doppler velocity's error d in the state (8 states) when `model` has one, as the stage's smoother
    /// chooses; else 6.
    static func smooth(_ measurements: [Core.Measurement], model: Core.Model) throws(GSLError) -> [Core.Estimate] {
        let count = measurements.count
        guard count > 0 else { return [] }
        GSL.prepare()
        let block = model.velocityErrorSigma > 0 ? 4 : 3
        let n = 2 * block, nn = n * n
        var filteredX = [[Double]](), filteredP = [[Double]]()
        var q = [Double](repeating: 0, count: nn), phi = q, x = [Double](repeating: 0, count: n), p = q, ph = x
        x.withUnsafeMutableBufferPointer { xb in
            p.withUnsafeMutableBufferPointer { Core.start(at: measurements[0], model: model, xb.baseAddress!, $0.baseAddress!, block: block) }
        }
        func transition(_ dt: Double) {
            phi = q.withUnsafeMutableBufferPointer {
                block == 4
                    ? Core.transition(dt: dt, model: model, q: $0.baseAddress!, state: GaussMarkovBothAxes<GaussMarkovVelocityError>.self).phi
                    : Core.transition(dt: dt, model: model, q: $0.baseAddress!).phi
            }
        }
        /// x⁻ = Φ x and P⁻ = Φ P Φᵀ + Q, dense; also returns Φ P.
        func predict(_ x: [Double], _ p: [Double]) throws(GSLError) -> (x: [Double], p: [Double], phiP: [Double]) {
            let xp = try gemv(phi, transpose: false, x, n: n)
            let phiP = try gemm(phi, false, p, false, n: n)
            var pp = try gemm(phiP, false, phi, true, n: n)
            for i in 0..<nn { pp[i] += q[i] }
            return (xp, pp, phiP)
        }
        for k in 0..<count {
            let m = measurements[k]
            if k > 0 {
                transition(max(0, m.time - measurements[k - 1].time))
                (x, p, _) = try predict(x, p)
            }
            x.withUnsafeMutableBufferPointer { xb in
                p.withUnsafeMutableBufferPointer { pb in
                    ph.withUnsafeMutableBufferPointer {
                        _ = Core.measure(m, model: model, xb.baseAddress!, pb.baseAddress!, $0.baseAddress!, block: block)
                    }
                }
            }
            filteredX.append(x)
            filteredP.append(p)
        }
        var xs = x, ps = p
        var out = [Core.Estimate](repeating: estimate(xs, ps, block: block), count: count)
        for k in stride(from: count - 2, through: 0, by: -1) {
            transition(max(0, measurements[k + 1].time - measurements[k].time))
            let (xp, pp, phiP) = try predict(filteredX[k], filteredP[k])
            // P⁻ₖ₊₁ Cᵀ = Φ Pₖ, solved for Cᵀ.
            var chol = pp, ct = phiP
            try chol.withUnsafeMutableBufferPointer { (c: inout UnsafeMutableBufferPointer<Double>) throws(GSLError) in
                var mv = gsl_matrix_view_array(c.baseAddress!, n, n)
                try GSL.check(gsl_linalg_cholesky_decomp1(&mv.matrix), "gsl_linalg_cholesky_decomp1")
                try ct.withUnsafeMutableBufferPointer { (b: inout UnsafeMutableBufferPointer<Double>) throws(GSLError) in
                    var bv = gsl_matrix_view_array(b.baseAddress!, n, n)
                    try GSL.check(gsl_linalg_cholesky_svx_mat(&mv.matrix, &bv.matrix), "gsl_linalg_cholesky_svx_mat")
                }
            }
            let dx = (0..<n).map { xs[$0] - xp[$0] }
            let cdx = try gemv(ct, transpose: true, dx, n: n)
            xs = (0..<n).map { filteredX[k][$0] + cdx[$0] }
            let dp = (0..<nn).map { ps[$0] - pp[$0] }
            let sandwich = try gemm(try gemm(ct, true, dp, false, n: n), false, ct, false, n: n)
            ps = (0..<nn).map { filteredP[k][$0] + sandwich[$0] }
            out[k] = estimate(xs, ps, block: block)
        }
        return out
    }

    static func estimate(_ x: [Double], _ p: [Double], block: Int) -> Core.Estimate {
        let n = 2 * block
        return Core.Estimate(east: x[0], north: x[block], velocityEast: x[1], velocityNorth: x[block + 1],
                             positionVariance: (p[0] + p[block * n + block]) / 2)
    }

    /// op(A)·op(B), n×n row-major, with gsl_blas_dgemm.
    static func gemm(_ a: [Double], _ transA: Bool, _ b: [Double], _ transB: Bool, n: Int) throws(GSLError) -> [Double] {
        var a = a, b = b, c = [Double](repeating: 0, count: n * n)
        let status = a.withUnsafeMutableBufferPointer { ab in
            b.withUnsafeMutableBufferPointer { bb in
                c.withUnsafeMutableBufferPointer { cb in
                    var av = gsl_matrix_view_array(ab.baseAddress!, n, n)
                    var bv = gsl_matrix_view_array(bb.baseAddress!, n, n)
                    var cv = gsl_matrix_view_array(cb.baseAddress!, n, n)
                    return gsl_blas_dgemm(transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans, 1,
                                          &av.matrix, &bv.matrix, 0, &cv.matrix)
                }
            }
        }
        try GSL.check(status, "gsl_blas_dgemm")
        return c
    }

    /// op(A)·x with gsl_blas_dgemv.
    static func gemv(_ a: [Double], transpose: Bool, _ x: [Double], n: Int) throws(GSLError) -> [Double] {
        var a = a, x = x, y = [Double](repeating: 0, count: n)
        let status = a.withUnsafeMutableBufferPointer { ab in
            x.withUnsafeMutableBufferPointer { xb in
                y.withUnsafeMutableBufferPointer { yb in
                    var av = gsl_matrix_view_array(ab.baseAddress!, n, n)
                    var xv = gsl_vector_view_array(xb.baseAddress!, n)
                    var yv = gsl_vector_view_array(yb.baseAddress!, n)
                    return gsl_blas_dgemv(transpose ? CblasTrans : CblasNoTrans, 1, &av.matrix, &xv.vector, 0, &yv.vector)
                }
            }
        }
        try GSL.check(status, "gsl_blas_dgemv")
        return y
    }
}
