import CGSL

/// ``GaussMarkovProducts`` as dense products on GSL: `gsl_blas_dgemm`/`gsl_blas_dgemv` on 6×6 views of the
/// caller's storage, Φ as a full matrix. The general form, against which the structured one is tested.
enum GSLGaussMarkovProducts: GaussMarkovProducts {
    static let n = GaussMarkovSmootherCore.n

    static func propagateMean(_ x: UnsafeMutablePointer<Double>, into y: UnsafeMutablePointer<Double>,
                              _ step: GaussMarkovStep) throws(GSLError) {
        try gemv(step.phi, transpose: false, x, into: y)
    }

    static func propagateCovariance(_ p: UnsafeMutablePointer<Double>, phiP: UnsafeMutablePointer<Double>,
                                    into out: UnsafeMutablePointer<Double>, _ step: GaussMarkovStep) throws(GSLError) {
        try gemm(step.phi, false, p, false, into: phiP)
        try gemm(phiP, false, step.phi, true, into: out)
        for i in 0..<(n * n) { out[i] += step.q[i] }
    }

    static func gainTimes(_ ct: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>,
                          into y: UnsafeMutablePointer<Double>) throws(GSLError) {
        try gemv(ct, transpose: true, v, into: y)
    }

    static func gainSandwich(_ ct: UnsafeMutablePointer<Double>, _ d: UnsafeMutablePointer<Double>,
                             scratch: UnsafeMutablePointer<Double>, into out: UnsafeMutablePointer<Double>) throws(GSLError) {
        try gemm(ct, true, d, false, into: scratch)
        try gemm(scratch, false, ct, false, into: out)
    }

    static func solveGain(_ m: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>) throws(GSLError) {
        try GaussMarkovSmootherCore.choleskySolveColumns(m, b)
    }

    /// `c` = op(A)·op(B) (6×6, row-major; op = transpose where asked) with gsl_blas_dgemm on views of the storage.
    static func gemm(_ a: UnsafeMutablePointer<Double>, _ transA: Bool, _ b: UnsafeMutablePointer<Double>, _ transB: Bool,
                     into c: UnsafeMutablePointer<Double>) throws(GSLError) {
        var av = gsl_matrix_view_array(a, n, n)
        var bv = gsl_matrix_view_array(b, n, n)
        var cv = gsl_matrix_view_array(c, n, n)
        let status = gsl_blas_dgemm(transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans, 1,
                                    &av.matrix, &bv.matrix, 0, &cv.matrix)
        try GSL.check(status, "gsl_blas_dgemm")
    }

    /// `y` = op(A)·x with gsl_blas_dgemv on views of the storage.
    static func gemv(_ a: UnsafeMutablePointer<Double>, transpose: Bool, _ x: UnsafeMutablePointer<Double>,
                     into y: UnsafeMutablePointer<Double>) throws(GSLError) {
        var av = gsl_matrix_view_array(a, n, n)
        var xv = gsl_vector_view_array(x, n)
        var yv = gsl_vector_view_array(y, n)
        let status = gsl_blas_dgemv(transpose ? CblasTrans : CblasNoTrans, 1, &av.matrix, &xv.vector, 0, &yv.vector)
        try GSL.check(status, "gsl_blas_dgemv")
    }
}
